// Package pricing does money arithmetic in integer cents.
package pricing

import "fmt"

// Cents is an amount of money.
type Cents int64

// String formats c as dollars.
func (c Cents) String() string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s$%d.%02d", sign, c/100, c%100)
}

// Discount applies a percentage discount, rounding half up.
func Discount(c Cents, pct int) Cents {
	return c - (c*Cents(pct)+50)/100
}
