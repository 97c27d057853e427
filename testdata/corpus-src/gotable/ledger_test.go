package ledger

import (
	"fmt"
	"testing"
)

// accounts builds a deterministic table of test accounts.
func accounts() []Account {
	var out []Account
	for i := 0; i < 480; i++ {
		a := Account{ID: fmt.Sprintf("acct-%04d", i), Opening: 1000000}
		for k := 0; k < 4; k++ {
			a.Txns = append(a.Txns, Txn{Amount: int64((i*7919 + k*104729 + 325) % 100000)})
		}
		out = append(out, a)
	}
	return out
}

// expected recomputes a balance the slow way, straight from the fee schedule.
func expected(a Account) int64 {
	b := a.Opening
	for _, t := range a.Txns {
		fee := int64(0)
		if t.Amount >= FeeThreshold {
			fee = Fee
		}
		b = b - t.Amount - fee
	}
	return b
}

func TestBalance(t *testing.T) {
	for _, a := range accounts() {
		a := a
		t.Run(a.ID, func(t *testing.T) {
			got, want := a.Balance(), expected(a)
			if got != want {
				t.Errorf("balance mismatch for %s after %d transfers: got %s, want %s", a.ID, len(a.Txns), Format(got), Format(want))
			}
		})
	}
}

func TestFormat(t *testing.T) {
	for c := int64(-300); c <= 300; c += 25 {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			s := Format(c)
			var whole, frac int64
			neg := false
			if len(s) > 0 && s[0] == '-' {
				neg = true
				s = s[1:]
			}
			if _, err := fmt.Sscanf(s, "%d.%d", &whole, &frac); err != nil {
				t.Fatalf("Format(%d) = %q: %v", c, s, err)
			}
			v := whole*100 + frac
			if neg {
				v = -v
			}
			if v != c {
				t.Errorf("Format(%d) reads back as %d", c, v)
			}
		})
	}
}
