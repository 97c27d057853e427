package reduce

import "github.com/headroom-cli/headroom/shape"

// New returns the reducer for kind and the kind it really handles: kinds
// without a reducer of their own are reduced as text, and say so.
func New(kind shape.Kind, budget int) (Reducer, shape.Kind) {
	switch kind {
	default:
		return NewText(budget), shape.Text
	}
}
