package pricing

import (
	"fmt"
	"testing"
)

func TestString(t *testing.T) {
	cases := map[Cents]string{0: "$0.00", 5: "$0.05", 100: "$1.00", -250: "-$2.50", 123456: "$1234.56"}
	for c, want := range cases {
		if got := c.String(); got != want {
			t.Errorf("Cents(%d).String() = %q, want %q", int64(c), got, want)
		}
	}
}

func TestDiscount(t *testing.T) {
	for pct := 0; pct <= 100; pct += 5 {
		t.Run(fmt.Sprintf("pct=%d", pct), func(t *testing.T) {
			got := Discount(10000, pct)
			if want := Cents(10000 - 100*pct); got != want {
				t.Errorf("Discount(10000, %d) = %v, want %v", pct, got, want)
			}
		})
	}
}
