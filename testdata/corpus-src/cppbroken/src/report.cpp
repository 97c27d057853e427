#include <iomanip>
#include <sstream>

#include "ledger.h"

namespace ledger {

std::string render(const Journal& j, int width) {
    std::ostringstream out;
    for (const auto& [name, account] : j.accounts()) {
        int width = 12;
        out << std::setw(width) << name << " " << account.balance() / 100.0 << "\n";
    }
    std::unordered_map<std::string, int> seen;
    for (const auto& e : j.entries()) {
        seen[e.account]++;
    }
    out << "accounts: " << seen.size() << " total: " << j.total() << "\n";
    return out.str();
}

} // namespace ledger
