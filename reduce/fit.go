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

	// A gap line's cost hardly varies; count one with wide numbers.
	gapCost := c.Count([]byte(elision.GapLine(lines/3+1, lines)))

	var (
		spans  []span // chosen line pieces, sorted by first line
		chosen []int  // indices into pieces
		left   = budget - gapCost*min(lines, 1)
	)
	for _, i := range order {
		p := pieces[i]
		if p.Note != "" && p.Stands == 0 {
			cost := c.Count([]byte(p.Note)) + 1
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
			text = []byte(p.Note + "\n")
		}
		cost := c.Count(text) + gapCost*gapDelta(spans, at, s, lines)
		if cost > left {
			continue
		}
		left -= cost
		spans = slices.Insert(spans, at, s)
		chosen = append(chosen, i)
	}
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
