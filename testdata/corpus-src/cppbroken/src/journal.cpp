#include <algorithm>
#include <unordered_map>

#include "ledger.h"

namespace ledger {

void Journal::add(Entry e) {
    entries_.push_back(std::move(e));
}

std::map<std::string, Account> Journal::accounts() const {
    std::map<std::string, Account> out;
    for (const auto& e : entries_) {
        // Account has no default constructor: operator[] cannot make one.
        out[e.account].post(e);
    }
    return out;
}

std::vector<std::string> Journal::sortedMemos() const {
    std::list<Entry> copy = entries_;
    // std::sort needs random-access iterators; a list has bidirectional ones.
    std::sort(copy.begin(), copy.end(), [](const Entry& a, const Entry& b) {
        return a.memo < b.memo;
    });
    std::vector<std::string> memos;
    for (const auto& e : copy) {
        memos.push_back(e.memo);
    }
    return memos;
}

} // namespace ledger
