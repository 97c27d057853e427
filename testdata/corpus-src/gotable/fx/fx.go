// Package fx converts between currencies with fixed-point rates.
package fx

// Rate is a conversion rate scaled by 1e6.
type Rate int64

// Convert converts cents at rate r, rounding half away from zero.
func Convert(cents int64, r Rate) int64 {
	v := cents * int64(r)
	if v >= 0 {
		return (v + 500000) / 1000000
	}
	return (v - 500000) / 1000000
}
