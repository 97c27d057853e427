// Package ledger computes account balances from transfers.
package ledger

import "fmt"

// FeeThreshold is the transfer amount, in cents, from which a flat fee is charged.
const FeeThreshold = 50000

// Fee is the flat fee, in cents, on large transfers.
const Fee = 100

// Txn is one outgoing transfer, in cents.
type Txn struct {
	Amount int64
}

// Account holds an opening balance and its transfers.
type Account struct {
	ID      string
	Opening int64
	Txns    []Txn
}

// Balance returns the closing balance in cents.
func (a Account) Balance() int64 {
	b := a.Opening
	for _, t := range a.Txns {
		b -= t.Amount
		if t.Amount > FeeThreshold {
			b -= Fee
		}
	}
	return b
}

// Format renders cents as a decimal amount.
func Format(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)
}
