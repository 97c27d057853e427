package stock

import (
	"errors"
	"fmt"
	"testing"
)

func TestReserve(t *testing.T) {
	for onHand := 0; onHand < 12; onHand++ {
		for n := 0; n < 12; n++ {
			t.Run(fmt.Sprintf("onhand=%d/n=%d", onHand, n), func(t *testing.T) {
				l := Level{OnHand: onHand}
				err := l.Reserve(n)
				if n > onHand {
					if !errors.Is(err, ErrShort) {
						t.Fatalf("Reserve(%d) with %d on hand: err = %v, want ErrShort", n, onHand, err)
					}
					return
				}
				if err != nil || l.Reserved != n {
					t.Fatalf("Reserve(%d) = %v, reserved %d", n, err, l.Reserved)
				}
			})
		}
	}
}
