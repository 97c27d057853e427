#include <algorithm>
#include <list>
#include <map>
#include <string>
#include <vector>

struct Account {
    explicit Account(std::string name) : name_(std::move(name)) {}
    std::string name_;
};

struct Entry {
    std::string account;
    int cents;
};

int total(const std::list<Entry>& entries) {
    std::list<Entry> copy = entries;
    std::sort(copy.begin(), copy.end(), [](const Entry& a, const Entry& b) { return a.cents < b.cents; });
    std::map<std::string, Account> out;
    for (const auto& e : copy) {
        out[e.account].name_ = e.account;
    }
    int sum = 0;
    for (const auto& e : copy) sum += e.cent;
    return sum;
}

int main() {
    std::vector<int> v{3, 1, 2};
    std::string s = v;
    return total({}) + s.size();
}
