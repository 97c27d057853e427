package reduce

import (
	"bytes"
	"slices"
)

// FillReach is how many bytes of text Fill offers from each end, per token
// of the budget: a token is rarely more than 8 bytes, so that much fills any
// room a view leaves, and what Fill counts stays bounded by the budget.
const FillReach = 8

// Fill returns the pieces Fit chose for a view with the lines they leave out
// added, nearest the input's ends first, as far as the budget allows: a view
// that drops more than its budget asks, because its reducer proposed too
// little, drops only what the room requires, as a cut of head and tail
// would. text is the whole input, of the given number of lines. The lines
// added are whole and verbatim; one whose carriage returns redraw it, or
// too long to hold, is left to the gap line. A view with a note of its own
// (a census, a count of what is shown or of what gaps hold) is left as it
// is: lines added would belie the note, and where it stands does not bound
// what it speaks of (the goroutines a dump's note counts lie in more than
// one gap). A note that stands for lines, rewriting them, says nothing of
// the rest.
func Fill(chosen []Piece, text []byte, lines, budget int, c Counter) []Piece {
	for _, p := range chosen {
		if p.Note != "" && p.Stands == 0 {
			return chosen
		}
	}
	all := bytes.SplitAfter(text, newline)
	if len(all[len(all)-1]) == 0 {
		all = all[:len(all)-1]
	}
	if len(all) != lines || lines == 0 {
		return chosen
	}
	covered := make([]bool, lines+1)
	least := 0
	for i, p := range chosen {
		if i == 0 || p.Prio < least {
			least = p.Prio
		}
		for n := p.Line; n <= p.last() && n <= lines; n++ {
			covered[n] = true
		}
	}
	reach := budget * FillReach
	var fillers []Piece
	add := func(n int) {
		line := bytes.TrimSuffix(all[n-1], newline)
		if covered[n] || len(line) > MaxLine || bytes.IndexByte(bytes.TrimSuffix(line, []byte{'\r'}), '\r') >= 0 {
			return
		}
		covered[n] = true
		// Nearer an end ranks higher; the head first, as Fit takes
		// earlier lines first among equals.
		rank := min(n-1, lines-n)
		fillers = append(fillers, Piece{Line: n, Text: line, Prio: least - 1 - rank})
	}
	// Lines from the start and from the end, each end up to its reach.
	for n, held := 1, 0; n <= lines && held < reach; n++ {
		held += len(all[n-1])
		add(n)
	}
	for n, held := lines, 0; n >= 1 && held < reach; n-- {
		held += len(all[n-1])
		add(n)
	}
	if len(fillers) == 0 {
		return chosen
	}
	filled := Fit(append(slices.Clone(chosen), fillers...), lines, budget, c)
	// Fit takes what it took before first, but a piece it took only once
	// filling short gaps had paid for could find no room this time: the
	// fill adds, or it is not done.
	kept := 0
	for _, p := range filled {
		if p.Prio >= least {
			kept++
		}
	}
	if kept < len(chosen) {
		return chosen
	}
	return filled
}
