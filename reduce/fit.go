package reduce

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/headroom-cli/headroom/elision"
)

// Fit chooses, from the pieces a reducer proposed, those that fit in budget
// tokens, highest priority first (earlier lines first among equals), and
// returns them in input order. Each run of lines left out costs a gap line,
// which Fit counts too. A piece that overlaps one already chosen is skipped,
// so reducers may propose a line for more than one reason.
func Fit(pieces []Piece, lines, budget int, c Counter) []Piece {
	order := make([]int, len(pieces))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := pieces[a], pieces[b]
		if c := cmp.Compare(pb.Prio, pa.Prio); c != 0 {
			return c
		}
		return cmp.Compare(pa.Line, pb.Line)
	})

	gapCost := maxGapCost(lines, c)

	var (
		spans  []span // chosen line pieces, sorted by first line
		chosen []int  // indices into pieces
		left   = budget - gapCost*min(lines, 1)
	)
	for _, i := range order {
		if left <= 0 {
			break // every piece costs at least a token
		}
		p := pieces[i]
		if p.Note != "" && p.Stands == 0 {
			cost := c.Count(noteText(p)) + 1
			if cost <= left {
				left -= cost
				chosen = append(chosen, i)
			}
			continue
		}
		s := span{p.Line, p.last()}
		at, ok := insertAt(spans, s)
		if !ok {
			continue
		}
		text := renderLine(p)
		if p.Note != "" {
			text = append(noteText(p), '\n')
		}
		cost := c.Count(text) + gapCost*gapDelta(spans, at, s, lines)
		if cost > left {
			continue
		}
		left -= cost
		spans = slices.Insert(spans, at, s)
		chosen = append(chosen, i)
	}
	chosen, spans = fillShortGaps(pieces, chosen, spans, lines, gapCost, c)
	out := make([]Piece, 0, len(chosen))
	for _, i := range chosen {
		if isolatedBlank(pieces[i], spans) {
			continue
		}
		out = append(out, pieces[i])
	}
	// Notes stand before the line they name, so they sort first.
	slices.SortStableFunc(out, func(a, b Piece) int {
		if c := cmp.Compare(a.Line, b.Line); c != 0 {
			return c
		}
		return cmp.Compare(noteRank(b), noteRank(a))
	})
	return out
}

// maxGapCost returns the cost of the dearest gap line a text of lines lines
// can have, which Fit counts for every gap. A gap line's numbers are its
// length and its first and last lines; the dearest has the most digits in
// all, and ends at the last line, and for each number of digits its first
// line can have, the one starting at the smallest such line (1, 10, 100...)
// leaves out the most lines.
func maxGapCost(lines int, c Counter) int {
	lines = max(lines, 1)
	cost := 0
	for from := 1; from <= lines; from *= 10 {
		cost = max(cost, c.Count([]byte(elision.GapLine(from, lines))))
	}
	return cost
}

// fillShortGaps shows the lines of gaps of up to three lines whose text
// costs no more than the gap line standing for them: a gap line for a
// closing brace is all cost and no saving. It never raises the view's cost.
func fillShortGaps(pieces []Piece, chosen []int, spans []span, lines, gapCost int, c Counter) ([]int, []span) {
	taken := make(map[int]bool, len(chosen))
	for _, i := range chosen {
		taken[i] = true
	}
	byLine := map[int]int{}
	for i, p := range pieces {
		if p.Note == "" && !taken[i] {
			if _, ok := byLine[p.Line]; !ok {
				byLine[p.Line] = i
			}
		}
	}
	var added []int
	prevLast := 0
	for k := 0; k <= len(spans); k++ {
		nextFirst := lines + 1
		if k < len(spans) {
			nextFirst = spans[k].first
		}
		if gap := nextFirst - prevLast - 1; gap >= 1 && gap <= 3 {
			var idx []int
			cost := 0
			for ln := prevLast + 1; ln < nextFirst; {
				i, ok := byLine[ln]
				if !ok || pieces[i].last() >= nextFirst {
					idx = nil
					break
				}
				idx = append(idx, i)
				cost += c.Count(renderLine(pieces[i]))
				ln = pieces[i].last() + 1
			}
			if idx != nil && cost <= gapCost {
				added = append(added, idx...)
			}
		}
		if k < len(spans) {
			prevLast = spans[k].last
		}
	}
	for _, i := range added {
		s := span{pieces[i].Line, pieces[i].last()}
		at, _ := insertAt(spans, s)
		spans = slices.Insert(spans, at, s)
		chosen = append(chosen, i)
	}
	return chosen, spans
}

// isolatedBlank reports whether p is a blank line with gaps on both sides:
// it would show nothing but cost a gap line.
func isolatedBlank(p Piece, spans []span) bool {
	if p.Note != "" || p.Same > 0 || len(bytes.TrimSpace(p.Text)) > 0 {
		return false
	}
	at, _ := slices.BinarySearchFunc(spans, p.Line, func(e span, first int) int { return cmp.Compare(e.first, first) })
	before := at > 0 && spans[at-1].last == p.Line-1
	after := at+1 < len(spans) && spans[at+1].first == p.last()+1
	return !before && !after && p.Line > 1
}

func noteRank(p Piece) int {
	if p.Note != "" {
		return 1
	}
	return 0
}

type span struct{ first, last int }

// insertAt returns where s goes in the sorted spans, and false if it
// overlaps one of them.
func insertAt(spans []span, s span) (int, bool) {
	at, _ := slices.BinarySearchFunc(spans, s.first, func(e span, first int) int { return cmp.Compare(e.first, first) })
	if at > 0 && spans[at-1].last >= s.first {
		return at, false
	}
	if at < len(spans) && spans[at].first <= s.last {
		return at, false
	}
	return at, true
}

// gapDelta returns how the number of gap lines changes when s is inserted at
// position at: it splits the gap it falls in into up to two.
func gapDelta(spans []span, at int, s span, lines int) int {
	prevLast, nextFirst := 0, lines+1
	if at > 0 {
		prevLast = spans[at-1].last
	}
	if at < len(spans) {
		nextFirst = spans[at].first
	}
	d := -1 // the gap s falls in
	if s.first > prevLast+1 {
		d++
	}
	if s.last < nextFirst-1 {
		d++
	}
	return d
}
