package reduce

import "github.com/headroom-cli/headroom/shape"

// New returns the reducer for kind and the kind it really handles: kinds
// without a reducer of their own are reduced as text, and say so.
func New(kind shape.Kind, budget int) (Reducer, shape.Kind) {
	var r Reducer
	switch kind {
	case shape.Grep:
		r = newGrep(budget)
	case shape.Log:
		r = newLog(budget)
	case shape.Diff:
		r = newDiff(budget)
	case shape.JSON:
		r = newJSON(budget)
	case shape.Listing:
		r = newListing(budget)
	case shape.Outline:
		r = newOutline(budget)
	}
	if r == nil {
		return NewText(budget), shape.Text
	}
	return r, kind
}
