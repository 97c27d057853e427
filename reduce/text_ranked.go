package reduce

import (
	"bytes"
	"math"
	"slices"
)

const (
	// textRankedRank is the rank of the rows of a table ranked by a
	// number, largest first (cProfile's functions by time, sizes sorted
	// down, counts from uniq -c | sort -rn): after the first lines of
	// records, and spread by their place in the table, so that its top
	// rows, which are what it was sorted for, show before its bottom.
	textRankedRank = 1
	// textRankedCols is how many of a row's first fields are read as the
	// columns a table may be ranked by.
	textRankedCols = 6
	// textRankedRows is how many rows in a row a column must not rise
	// over, falling in textRankedFalls of them at least and in half of
	// them, for the table to read as ranked by it: fewer fall so by
	// chance, and a column mostly the same (zeros) ranks nothing. In
	// half as many the column must stay or fall by other than one: one
	// that falls by one at each row numbers the rows (a version's needs,
	// 14 down to 2), as one that rises does.
	textRankedRows  = 8
	textRankedFalls = 4
)

// textRanked follows the columns of numbers of the rows being read, to
// tell a table ranked by one of them.
type textRanked struct {
	cols [textRankedCols]textColumn
	// by is the column, from 1, that the table being read is ranked
	// by; 0 for none.
	by int
}

// textColumn follows a column of numbers down the rows.
type textColumn struct {
	prev  float64
	none  bool // the line before has no number in the column
	rows  int  // rows so far in which the column has not risen
	falls int  // of those, rows in which it fell
	// uneven counts the rows in which it stayed or fell by other than one.
	uneven int
	start  int // the unit number of the first of those rows
	// headed is set when the line before that row has no number in the
	// column: the table's header, not the last row of a group before.
	headed bool
}

// ranked reads u's columns, and if u is a row of a table ranked by one
// of them, ranks it by its place in the table; once a table turns out
// to be ranked, its rows before u and the line over them, its header,
// are ranked so too.
func (t *Text) ranked(u *unit) {
	r := &t.order
	var vals [textRankedCols]float64
	n := 0
	if !textHexRow(u.piece.Text) {
		// A hex dump's columns are bytes, not numbers.
		n = textNumbers(u.piece.Text, &vals)
	}
	for i := range r.cols {
		c := &r.cols[i]
		v := math.NaN()
		if i < n {
			v = vals[i]
		}
		switch {
		case math.IsNaN(v):
			c.rows, c.none = 0, true
			continue
		case c.rows > 0 && v <= c.prev:
			c.rows++
			if v < c.prev {
				c.falls++
			}
			if v != c.prev-1 {
				c.uneven++
			}
		default:
			*c = textColumn{rows: 1, start: u.n, headed: c.none}
		}
		c.prev, c.none = v, false
	}
	if r.by > 0 && r.cols[r.by-1].rows < 2 {
		r.by = 0 // the table ends
	}
	if r.by == 0 {
		for i, c := range r.cols {
			if c.rows >= textRankedRows && c.falls >= max(textRankedFalls, c.rows/2) && c.uneven >= textRankedFalls/2 {
				r.by = i + 1
				top := c.start
				if c.headed {
					top--
				}
				t.markRanked(top, c.start-1, u.n)
				break
			}
		}
	}
	if r.by > 0 {
		rankRow(u, r.cols[r.by-1].start-1)
	}
}

// endRanked ends the table being read, if any, at a blank line.
func (t *Text) endRanked() {
	t.order = textRanked{}
	t.bars, t.barRows = t.bars[:0], false
}

// markRanked ranks the units numbered from top up to before end, the
// rows of a ranked table and the line over them if it heads them, by
// their place after the unit numbered from, wherever they are held still;
// a blank line heads nothing. Units the middle holds already keep their
// ranks: they are in its heap's order.
func (t *Text) markRanked(top, from, end int) {
	mark := func(u *unit) {
		if u.n >= top && u.n < end && !textBlank(u.piece.Text) {
			rankRow(u, from)
		}
	}
	for _, units := range [][]unit{t.para, t.tail.items(), t.head} {
		for i := len(units) - 1; i >= 0 && units[i].n >= top; i-- {
			mark(&units[i])
		}
	}
	if t.hasHeld {
		// The held line, the row before the one that tells the table
		// ranked, is marked where it is held, not in a copy: else the
		// view keeps the rows around it and leaves it out.
		mark(&t.held)
	}
	if top == from {
		t.markOver(top)
	}
}

// textRankedOver is how many lines over a ranked table's header, in its
// paragraph, rank before its rows.
const textRankedOver = 3

// markOver ranks the lines right over a ranked table's header, the unit
// numbered top, before its rows, the nearest last, up to a blank line:
// they say what the table covers (go tool pprof's "Showing nodes
// accounting for 3.73s, 90.10% of 4.14s total", the nodes it dropped).
func (t *Text) markOver(top int) {
	over := [textRankedOver]*unit{}
	for _, units := range [][]unit{t.para, t.tail.items(), t.head} {
		for i := len(units) - 1; i >= 0 && units[i].n >= top-textRankedOver; i-- {
			if k := top - 1 - units[i].n; k >= 0 {
				over[k] = &units[i]
			}
		}
	}
	for _, u := range over {
		if u == nil || textBlank(u.piece.Text) || u.ranked {
			return
		}
		rankRow(u, top)
	}
}

// rankRow ranks u as a row of a ranked table whose first row follows
// the unit numbered from: by its place, as what else would rank it (a
// count of calls "6/3" read as a key) tells less, unless it starts a
// group of the table (a region, then its zones by size), which shows
// before the rows of any.
func rankRow(u *unit, from int) {
	if u.group {
		return
	}
	u.rank, u.keyRank = textRankedRank, textRankedRank
	u.ranked, u.along = true, u.n-from
}

// textNumbers reads the first fields of line, parted by blanks, as
// decimal numbers into vals, a NaN for a field that is none, and returns
// how many fields it read.
func textNumbers(line []byte, vals *[textRankedCols]float64) int {
	n, i := 0, 0
	for n < textRankedCols {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i == len(line) {
			break
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		vals[n] = textNumber(line[i:j])
		n, i = n+1, j
	}
	return n
}

// textNumber returns the decimal number b spells, or a NaN. A number may
// have a sign, a fraction and a percent sign after it: "-3", "0.389",
// "12.5%".
func textNumber(b []byte) float64 {
	sign := 1.0
	if len(b) > 1 && b[0] == '-' {
		sign, b = -1, b[1:]
	}
	if len(b) > 1 && b[len(b)-1] == '%' {
		b = b[:len(b)-1]
	}
	v, scale, digits, dot := 0.0, 1.0, 0, false
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9':
			v = v*10 + float64(c-'0')
			if dot {
				scale *= 10
			}
			digits++
		case c == '.' && !dot:
			dot = true
		default:
			return math.NaN()
		}
	}
	if digits == 0 {
		return math.NaN()
	}
	return sign * v / scale
}

// barRow reads line as a table whose columns bars part: a header, whose
// cells end in no number, starts one, and rows with their bars at the
// header's places, one cell at least ending in a number, follow it
// (python -X importtime's "import time:   615 |   575403 | asyncio").
// It reports whether line is such a row, and the largest number its
// cells end in.
func (t *Text) barRow(line []byte) (bool, float64) {
	var at [textRankedCols]int
	bars := 0
	for i := 1; i+1 < len(line) && bars < len(at); i++ {
		if line[i] == '|' && line[i-1] == ' ' && line[i+1] == ' ' {
			at[bars] = i
			bars++
		}
	}
	largest := math.NaN()
	start := 0
	for k := 0; k <= bars; k++ {
		end := len(line)
		if k < bars {
			end = at[k]
		}
		cell := bytes.TrimRight(line[start:end], " \t")
		if v := textNumber(cell[bytes.LastIndexAny(cell, " \t")+1:]); !math.IsNaN(v) && !(v <= largest) {
			largest = v
		}
		start = end + 1
	}
	switch {
	case bars < 2:
		t.bars, t.barRows = t.bars[:0], false
		return false, largest
	case len(t.bars) > 0 && slices.Equal(t.bars, at[:bars]):
		return true, largest
	case math.IsNaN(largest):
		t.bars = append(t.bars[:0], at[:bars]...) // a header
	default:
		t.bars = t.bars[:0]
	}
	t.barRows = false
	return false, largest
}

// textBarAlong is the place in the spread of a row of a table whose
// columns bars part, by the largest number in it: the larger, the
// earlier, so that the view shows the rows a person reads such a table
// for, the slowest imports of python -X importtime.
func textBarAlong(v float64) int { return int(float64(1<<32) / (1 + max(v, 0))) }

// rankBarRow ranks u, a row of numbers of a table whose columns bars
// part, by the largest of them; the first row ranks the header over it
// with the rows, before any.
func (t *Text) rankBarRow(u *unit, largest float64) {
	if !t.barRows {
		t.barRows = true
		t.markRanked(u.n-1, u.n-1, u.n)
	}
	u.rank, u.keyRank = textRankedRank, textRankedRank
	u.ranked, u.along = true, textBarAlong(largest)
}
