package reduce

import (
	"bytes"
	"slices"

	"github.com/headroom-cli/headroom/shape"
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
// the rest. The lines added keep records whole (see wholeRecords).
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
	return wholeRecords(filled, all, least)
}

// wholeRecords drops the lines Fill added that a gap would part from their
// record, at the edges where the lines added meet a gap. A record is a line
// and the lines after it more indented than it: so a gap that cuts into a
// line's indented lines (a section's flags, a test point's block) takes the
// line and its lines shown with it too, and the lines added after a gap
// that hides a record's own line start past that record. The record is the
// innermost one the gap cuts, and one longer than twice the lines shown
// beside the gap stays cut: the fill could not show it whole, and a part of
// it is better than room left empty. A blank line counts as indented like
// the line before it. all holds the input's lines, and pieces below least
// are the ones Fill added.
func wholeRecords(filled []Piece, all [][]byte, least int) []Piece {
	lines := len(all)
	shown := make([]bool, lines+2)
	added := make([]bool, lines+2)
	for _, p := range filled {
		for n := p.Line; n <= p.last() && n <= lines; n++ {
			shown[n] = true
			added[n] = p.Prio < least
		}
	}
	indent := make([]int, lines+1)
	for n := 1; n <= lines; n++ {
		if line := bytes.TrimRight(all[n-1], " \t\r\n"); len(line) > 0 {
			indent[n], _ = shape.IndentColumns(line)
		} else {
			indent[n] = indent[n-1]
		}
	}
	// parent returns the line whose record line n belongs to: the nearest
	// before it less indented, or 0 if none is within most lines (a record
	// longer than that is not one to keep whole).
	parent := func(n, most int) int {
		for m := n - 1; m >= max(1, n-most); m-- {
			if indent[m] < indent[n] {
				return m
			}
		}
		return 0
	}
	// short reports whether the record of line p is no longer than twice
	// the lines shown together, from first to last.
	short := func(p, first, last int) bool {
		most := 2 * (last - first + 1)
		n := p + 1
		for n <= lines && indent[n] > indent[p] && n-p < most {
			n++
		}
		return n > lines || indent[n] <= indent[p]
	}
	drop := make([]bool, lines+2)
	for first := 1; first <= lines; {
		if !shown[first] {
			first++
			continue
		}
		last := first
		for last < lines && shown[last+1] {
			last++
		}
		// Lines added after a gap that hides their record's own line: up
		// to the next line no more indented than that one.
		if first > 1 && !shown[first-1] {
			if p := parent(first, 2*(last-first+1)); p > 0 && !shown[p] && short(p, first, last) {
				for n := first; n <= last && added[n] && indent[n] > indent[p]; n++ {
					drop[n] = true
				}
			}
		}
		// Lines added before a gap that cuts their record: back to the
		// record's own line.
		if last < lines && !shown[last+1] {
			if p := parent(last+1, 2*(last-first+1)); p > 0 && short(p, first, last) {
				for n := last; n >= max(p, first) && added[n] && !drop[n]; n-- {
					drop[n] = true
				}
			}
		}
		first = last + 1
	}
	return slices.DeleteFunc(filled, func(p Piece) bool { return p.Prio < least && drop[p.Line] })
}
