package reduce

import (
	"cmp"
	"math/bits"
	"slices"
)

// A flat list of lines of one class, a help's options one a line, is a row
// of them. Ranked by runs of runShare spread over the class, a view that
// can show a part of such a list shows three lines, a gap line, three
// lines..., paying a gap line for every three, and shows fewer of them than
// a cut of its head and tail. A long row's runs are made longer once its
// length is known: rowRuns runs of it, spread over it as the runs were, so
// that a view shows a few stretches of the list, each read at a glance.

const (
	// rowRuns is how many runs a long row of a class is cut into.
	rowRuns = 8
	// maxEntryLines is the most lines under an entry (an option's
	// description) that leave it in a row with the entry after it.
	maxEntryLines = 2
	// maxRows is the most long rows the outline reducer remembers: past
	// that, rows keep their short runs.
	maxRows = 1 << 12
)

// classRow is a long row of lines of a class: the indexes of its first
// run and of the run after its last, how many lines of the class it has,
// and its first and last lines, the entries' lines under them included.
type classRow struct {
	start, end, lines, first, last int
}

// endRow notes the row that c, the class key's state, has read, if it is
// longer than rowRuns runs: a shorter one keeps its runs.
func (o *Outline) endRow(key int, c classRun) {
	if c.row <= runShare*rowRuns || o.rowCount >= maxRows {
		return
	}
	if o.rows == nil {
		o.rows = map[int][]classRow{}
	}
	o.rows[key] = append(o.rows[key], classRow{start: c.rowStart, end: c.i, lines: c.row, first: c.first, last: c.end})
	o.rowCount++
}

// lengthenRuns ranks the lines of the long rows of a class by runs of
// rowRuns to a row, each with the lines under its entries: each such run
// takes the rank of a run of runShare of the row, so that the runs are
// spread over the class as before, fewer and longer.
//
// The first blanks pieces are blank lines.
func (o *Outline) lengthenRuns(pieces []Piece, blanks, lines, budget int, c Counter) {
	if o.rowCount == 0 {
		return
	}
	byLine := make([]int, len(pieces))
	for k := range byLine {
		byLine[k] = k
	}
	slices.SortStableFunc(byLine, func(a, b int) int { return cmp.Compare(pieces[a].Line, pieces[b].Line) })
	keys := make([]int, 0, len(o.rows))
	for key := range o.rows {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	for _, key := range keys {
		for _, row := range o.rows[key] {
			from, _ := slices.BinarySearchFunc(byLine, row.first, func(k, line int) int { return cmp.Compare(pieces[k].Line, line) })
			to := from
			for to < len(byLine) && pieces[byLine[to]].Line <= row.last {
				to++
			}
			if held(pieces, byLine[from:to], row) {
				in := byLine[from:to]
				lengthenRow(pieces, in, blanks, key, row, indexed(pieces, in, blanks, key, row, lines, budget, c))
			}
		}
	}
}

// lengthenRow ranks the pieces of a long row of class key, in the order
// of their lines, by runs of rowRuns to the row: its lines by their
// place in it, the lines under them with the line they are under, and
// blank lines, the first blanks pieces, just below them.
func lengthenRow(pieces []Piece, in []int, blanks, key int, row classRow, index bool) {
	member := rowMember(pieces, blanks, key, row)
	run := (row.lines + rowRuns - 1) / rowRuns
	var ranks []int // the rank of the first line of each run
	t := 0
	for _, k := range in {
		if p := pieces[k]; member(k) {
			if t%run == 0 {
				ranks = append(ranks, tierRank(p.Prio))
			}
			t++
		}
	}
	runs := len(ranks)
	// The runs take the ranks their first lines had in the order that
	// shows the row's ends, as a cut of head and tail would, then the
	// runs between them.
	slices.Sort(ranks)
	order := make([]int, runs)
	for r := range order {
		order[r] = r
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(runOrder(a, runs), runOrder(b, runs)) })
	rank := make([]int, runs)
	for at, r := range order {
		rank[r] = ranks[at]
	}
	t = -1
	was, prio := 0, 0 // the priority of the last line of the row, before and after
	last := -1        // that line's piece, until the line under it is read
	for _, k := range in {
		p := &pieces[k]
		if member(k) {
			t++
			was = p.Prio
			prio = classTier(p.Prio) - rank[t/run]
			p.Prio = prio
			last = k
			continue
		}
		if t < 0 {
			continue
		}
		if k < blanks {
			continue
		}
		if p.Prio == was {
			p.Prio = prio // the rest of its header, kept only with it
		} else if index {
			last = -1
			continue
		} else {
			p.Prio = max(p.Prio, prio)
		}
		if last >= 0 && p.Prio == prio && p.Line == pieces[last].Line+1 {
			// Where the view's room ends, a line of a class is not
			// kept without the first line of its entry, nor that line,
			// short (a bar of pydoc's), without it.
			pieces[last].Bond = true
		}
		last = -1
	}
	// A blank line ranks just below the line on either side of it less
	// likely kept, as proposeBlanks ranks it.
	for j, k := range in {
		if k >= blanks || pieces[k].Line <= row.first {
			continue
		}
		around := pieces[k].Prio + 1 // the line after the row, as it ranked the blank line
		for _, step := range []int{-1, 1} {
			a := j + step
			for a >= 0 && a < len(in) && in[a] < blanks {
				a += step
			}
			if a >= 0 && a < len(in) {
				around = min(around, pieces[in[a]].Prio)
			}
		}
		pieces[k].Prio = around - 1
	}
}

// rowMember returns whether a piece is a line of the row of class key.
func rowMember(pieces []Piece, blanks, key int, row classRow) func(k int) bool {
	return func(k int) bool {
		pk, i, ok := classOf(pieces[k].Prio)
		return k >= blanks && ok && pk == key && i >= row.start && i < row.end
	}
}

// indexed reports whether a row of entries is shown as an index: most
// of its lines have lines under them (an option's description), and the
// lines alone, each with a gap line for what is under it, fit in the
// budget. A reader would have every option named, and expand the ones
// that matter, over a part of them described.
func indexed(pieces []Piece, in []int, blanks, key int, row classRow, lines, budget int, c Counter) bool {
	member := rowMember(pieces, blanks, key, row)
	gap := maxGapCost(lines, c) + 1
	cost, entries, members := 0, 0, 0
	was := 0
	under := false // the last line of the row has lines under it
	for _, k := range in {
		p := pieces[k]
		switch {
		case member(k):
			members++
			was, under = p.Prio, false
			cost += textCost(p.Text, c) + 1
		case k < blanks || members == 0:
		case p.Prio == was:
			cost += textCost(p.Text, c) + 1
		case !under:
			under = true
			entries++
			cost += gap
		}
	}
	return 2*entries > members && cost <= budget
}

// tierRank returns how far below its tier a priority that class gave is.
func tierRank(prio int) int { return classTier(prio) - prio }

// classTiers are the tiers whose lines rank by class and spread.
var classTiers = []int{prioOutlineHeading, prioOutlineDecl, prioOutlineDoc}

// classTier returns the tier of a priority that class gave.
func classTier(prio int) int {
	for _, t := range classTiers {
		if prio <= t && t-prio < 1<<48 {
			return t
		}
	}
	return 0
}

// classOf returns the class key and the run index of a priority that
// class gave, and false for any other.
func classOf(prio int) (key, i int, ok bool) {
	t := classTier(prio)
	if t == 0 {
		return 0, 0, false
	}
	d := t - prio
	class := d >> classShift
	i = int(bits.Reverse32(uint32(d&(1<<spreadBits-1)) << (32 - spreadBits)))
	return t>>56<<8 | class, i, true
}

// runOrder returns the place of run r of a row of runs in the order its
// runs are shown: the last, then the first, filled from its start where
// the view has room for a part of it, then the others spread between.
func runOrder(r, runs int) int {
	switch r {
	case runs - 1:
		return -2
	case 0:
		return -1
	}
	return spread(r)
}

// held reports whether the pieces in, in the order of their lines, hold
// every line of a row: where the reducer let some go to stay within its
// memory, the row's runs would have holes, and it keeps its short runs.
func held(pieces []Piece, in []int, row classRow) bool {
	next := row.first
	for _, k := range in {
		if l := pieces[k].Line; l == next {
			next++
		} else if l > next {
			return false
		}
	}
	return next > row.last
}
