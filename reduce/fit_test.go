package reduce

import (
	"strings"
	"testing"
)

// byteCounter counts a token per byte, so costs are easy to reason about.
type byteCounter struct{}

func (byteCounter) Count(b []byte) int { return len(b) }

func TestFitOrderAndGaps(t *testing.T) {
	pieces := []Piece{
		{Line: 1, Text: []byte("first"), Prio: 10},
		{Line: 5, Text: []byte("error"), Prio: 30},
		{Line: 9, Text: []byte("last"), Prio: 20},
		{Line: 5, Text: []byte("error again"), Prio: 5}, // the same line, proposed twice
		{Line: 1, Note: "[note]", Prio: 40},
	}
	got := string(Render(Fit(pieces, 9, 1000, byteCounter{}), 9))
	want := "[note]\nfirst\n  [... 3 lines elided: L2-4 ...]\nerror\n  [... 3 lines elided: L6-8 ...]\nlast\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestFitRespectsBudget(t *testing.T) {
	var pieces []Piece
	for i := 1; i <= 100; i++ {
		pieces = append(pieces, Piece{Line: i, Text: []byte(strings.Repeat("x", 20)), Prio: -i})
	}
	for _, budget := range []int{0, 50, 200, 1000} {
		out := Render(Fit(pieces, 100, budget, byteCounter{}), 100)
		if len(out) > budget && budget > 0 {
			// The one gap line standing for everything is always there.
			gapOnly := len("  [... 100 lines elided: L1-100 ...]\n")
			if len(out) > max(budget, gapOnly) {
				t.Errorf("budget %d: %d bytes:\n%s", budget, len(out), out)
			}
		}
	}
}

// A note that stands for lines replaces their gap line.
func TestNoteStandsForLines(t *testing.T) {
	pieces := []Piece{
		{Line: 1, Text: []byte("header"), Prio: 10},
		{Line: 2, Note: "[headroom: lock file, 40 lines: +20 -20]", Stands: 40, Prio: 9},
		{Line: 42, Text: []byte("after"), Prio: 8},
	}
	got := string(Render(Fit(pieces, 42, 1000, byteCounter{}), 42))
	want := "header\n[headroom: lock file, 40 lines: +20 -20]\nafter\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
