// Package stock tracks on-hand and reserved quantities.
package stock

import "errors"

// ErrShort is returned when a reservation exceeds what is on hand.
var ErrShort = errors.New("stock: not enough on hand")

// Level is the stock of one SKU.
type Level struct {
	OnHand   int
	Reserved int
}

// Reserve moves n units from on hand to reserved.
func (l *Level) Reserve(n int) error {
	if n > l.OnHand-l.Reserved {
		return ErrShort
	}
	l.Reserved += n
	return nil
}
