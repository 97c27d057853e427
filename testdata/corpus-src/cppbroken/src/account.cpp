#include "ledger.h"

namespace ledger {

void Account::post(const Entry& e) {
    if (e.account != name_) {
        return;
    }
    balance_ += e.cents;
    history_.push_back(e);
}

} // namespace ledger
