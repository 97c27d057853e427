#pragma once
#include <cstdint>
#include <list>
#include <map>
#include <string>
#include <vector>

namespace ledger {

struct Entry {
    std::string account;
    std::int64_t cents;
    std::string memo;
};

class Account {
public:
    explicit Account(std::string name) : name_(std::move(name)) {}
    const std::string& name() const { return name_; }
    std::int64_t balance() const { return balance_; }
    void post(const Entry& e);

private:
    std::string name_;
    std::int64_t balance_ = 0;
    std::vector<Entry> history_;
};

class Journal {
public:
    void add(Entry e);
    std::list<Entry> entries() const { return entries_; }
    std::map<std::string, Account> accounts() const;
    std::vector<std::string> sortedMemos() const;

private:
    std::list<Entry> entries_;
};

std::string render(const Journal& j, int width);

} // namespace ledger
