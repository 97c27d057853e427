#include <iostream>

#include "ledger.h"

int main() {
    ledger::Journal j;
    j.add({"cash", 10000, "opening balance"});
    j.add({"rent", -4500, "march rent"});
    std::cout << ledger::render(j, 40);
    return 0;
}
