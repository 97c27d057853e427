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
// which Fit counts too, and a note standing among such lines parts their
// run in two. A piece that overlaps one already chosen is skipped,
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

	gaps := &gapCoster{c: c}

	var (
		spans  []span // chosen line pieces, sorted by first line
		cuts   []int  // lines that chosen notes stand before, sorted
		chosen []int  // indices into pieces
		taken  = make([]bool, len(pieces))
		costs  = make([]int, len(pieces)) // of each piece's text, once counted
		left   = budget - gaps.parts(1, lines, nil)
	)
	partner, second := bonds(pieces)
	lone := loneLines(pieces, order, partner, second)
	cost := func(i int) int {
		if costs[i] == 0 {
			p := pieces[i]
			text := renderLine(p)
			if p.Note != "" {
				text = noteLine(p)
			}
			costs[i] = textCost(text, c) + 1 // 0 is for not counted yet
		}
		return costs[i] - 1
	}
	// Filling short gaps gives back what their gap lines cost, which may
	// pay for pieces passed over: one more pass takes them.
	for pass := 0; pass < 2; pass++ {
		for _, i := range order {
			if left <= 0 {
				break // every piece costs at least a token
			}
			if taken[i] {
				continue
			}
			p := pieces[i]
			if p.Note != "" && p.Stands == 0 {
				// A note among left-out lines parts their gap line in two.
				price := cost(i)
				if cutSplits(spans, cuts, p.Line, lines) > 0 {
					first, last := around(spans, p.Line, lines)
					at, _ := slices.BinarySearch(cuts, p.Line)
					withCut := slices.Insert(slices.Clone(cuts), at, p.Line)
					price += gaps.parts(first, last, withCut) - gaps.parts(first, last, cuts)
				}
				if price <= left {
					left -= price
					chosen, taken[i] = append(chosen, i), true
					if at, found := slices.BinarySearch(cuts, p.Line); !found {
						cuts = slices.Insert(cuts, at, p.Line)
					}
				}
				continue
			}
			if first, ok := second[p.Line]; ok && !covered(spans, first) {
				continue // taken with the line before, or not at all
			}
			s := span{p.Line, p.last()}
			j, pair := partner[p.Line]
			if pair && (s.last != p.Line || covered(spans, pieces[j].Line)) {
				pair = false // already kept for a reason of its own
			}
			if pair {
				s.last = pieces[j].last()
			}
			at, ok := insertAt(spans, s)
			if !ok {
				continue
			}
			price := cost(i) + gapDelta(spans, cuts, at, s, lines, gaps)
			if pair {
				price += cost(j)
			}
			// The lines of the one-line gaps it leaves come with it, where
			// there is room: without, it is kept beside their gap lines.
			fills, extra := lone.beside(spans, at, s, lines, taken, gaps, cost)
			if price+extra <= left {
				price += extra
			} else {
				fills = [2]int{-1, -1}
			}
			if price > left {
				continue
			}
			left -= price
			spans = slices.Insert(spans, at, s)
			chosen, taken[i] = append(chosen, i), true
			if pair {
				chosen, taken[j] = append(chosen, j), true
			}
			for _, f := range fills {
				if f >= 0 {
					fs := span{pieces[f].Line, pieces[f].Line}
					fat, _ := insertAt(spans, fs)
					spans = slices.Insert(spans, fat, fs)
					chosen, taken[f] = append(chosen, f), true
				}
			}
		}
		var saved int
		chosen, spans, saved = fillShortGaps(pieces, taken, chosen, spans, cuts, lines, gaps, cost)
		if saved == 0 {
			break
		}
		left += saved
	}
	out := make([]Piece, 0, len(chosen))
	for _, i := range chosen {
		if more, ok := emptyBesideGap(pieces[i], spans, cuts, lines, gaps, cost(i)); ok && more <= left {
			// Its gap line takes it in: the next blank is weighed
			// against the longer one.
			left -= more
			at, _ := slices.BinarySearchFunc(spans, pieces[i].Line, func(e span, first int) int { return cmp.Compare(e.first, first) })
			spans = slices.Delete(spans, at, at+1)
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

// bonds finds the lines that go only together: for each bonded line
// piece, the piece of the line after it with the same priority. partner
// maps the first line to that piece, and second maps the line after to the
// first line. Fit then keeps either line, by whichever of their pieces,
// only with the other.
func bonds(pieces []Piece) (partner map[int]int, second map[int]int) {
	var byLine map[[2]int]int // line and priority to index
	for _, p := range pieces {
		if !p.Bond || p.Note != "" {
			continue
		}
		if byLine == nil {
			byLine = map[[2]int]int{}
			for k, q := range pieces {
				if q.Note == "" && q.Same == 0 {
					byLine[[2]int{q.Line, q.Prio}] = k
				}
			}
			partner, second = map[int]int{}, map[int]int{}
		}
		if j, ok := byLine[[2]int{p.last() + 1, p.Prio}]; ok && p.Same == 0 {
			partner[p.Line] = j
			second[p.Line+1] = p.Line
		}
	}
	return partner, second
}

// loneLine maps a line to the piece that shows it alone, for the one-line
// gaps Fit may fill: of the pieces of the line, the first in order, if that
// is neither a note, nor a run of identical lines, nor bonded to another.
type loneLine map[int]int

// loneLines maps the lines of pieces, taken in order, to their lone pieces.
func loneLines(pieces []Piece, order []int, partner, second map[int]int) loneLine {
	lone := loneLine{}
	for _, i := range order {
		p := pieces[i]
		if _, ok := lone[p.Line]; ok || p.Note != "" {
			continue
		}
		_, first := partner[p.Line]
		_, after := second[p.Line]
		if p.Same > 0 || first || after {
			lone[p.Line] = -1
			continue
		}
		lone[p.Line] = i
	}
	return lone
}

// beside returns the pieces that show the lines of the one-line gaps that
// s, inserted at position at, leaves before and after it (-1 for none),
// and how much more they cost than their gap lines. A gap of one line
// costs its line, not a gap line, unless the gap line is clearly cheaper:
// two thirds of the line or less. A gap line for `+;; Key-Value pairs`
// hides a line for about what showing it costs. Not for lines dearer
// still: they would take the room of lines the reducer ranked above them.
func (lone loneLine) beside(spans []span, at int, s span, lines int, taken []bool, gaps *gapCoster, cost func(int) int) (fills [2]int, extra int) {
	prevLast, nextFirst := 0, lines+1
	if at > 0 {
		prevLast = spans[at-1].last
	}
	if at < len(spans) {
		nextFirst = spans[at].first
	}
	fills = [2]int{-1, -1}
	for k, l := range [2]int{s.first - 1, s.last + 1} {
		if k == 0 && l-1 != prevLast || k == 1 && l+1 != nextFirst {
			continue // no gap there, or one of more lines
		}
		f, ok := lone[l]
		if !ok || f < 0 || taken[f] {
			continue
		}
		gap := gaps.line(l, l)
		if c := cost(f); 2*c <= 3*gap {
			fills[k] = f
			extra += c - gap
		}
	}
	return fills, extra
}

// covered reports whether a chosen span holds line.
func covered(spans []span, line int) bool {
	at, _ := slices.BinarySearchFunc(spans, line, func(e span, l int) int { return cmp.Compare(e.first, l) })
	if at < len(spans) && spans[at].first == line {
		return true
	}
	return at > 0 && spans[at-1].last >= line
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

// gapCoster counts what gap lines cost. A gap line's tokens split its
// numbers into runs of up to three digits, in both encodings, and its text
// around them is fixed, so what it costs depends only on how many digits
// its numbers have: each such shape is counted once, for a range of that
// shape.
type gapCoster struct {
	c     Counter
	costs [21][21]int // by the digits of first and of last (0 if one line); 0 for not counted yet
}

// line returns the cost of the gap line for the lines from first to last.
func (g *gapCoster) line(first, last int) int {
	df, dl := digits(first), 0
	if last != first {
		dl = digits(last)
	}
	if g.costs[df][dl] == 0 {
		g.costs[df][dl] = g.c.Count([]byte(elision.GapLine(first, last))) + 1
	}
	return g.costs[df][dl] - 1
}

// digits returns how many decimal digits n, at least 1, has.
func digits(n int) int {
	d := 1
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

// parts returns the cost of the gap lines standing for the left-out lines
// from first to last, which the notes standing before some of them (cuts)
// part: none if there are no such lines.
func (g *gapCoster) parts(first, last int, cuts []int) int {
	if first > last {
		return 0
	}
	n := 0
	from, _ := slices.BinarySearch(cuts, first+1)
	for _, cut := range cuts[from:] {
		if cut > last {
			break
		}
		n += g.line(first, cut-1)
		first = cut
	}
	return n + g.line(first, last)
}

// around returns the first and last lines of the run of left-out lines
// that line falls in, between the chosen spans.
func around(spans []span, line, lines int) (first, last int) {
	at, _ := slices.BinarySearchFunc(spans, line, func(e span, l int) int { return cmp.Compare(e.first, l) })
	first, last = 1, lines
	if at > 0 {
		first = spans[at-1].last + 1
	}
	if at < len(spans) {
		last = spans[at].first - 1
	}
	return first, last
}

// joinAfter is a line that ends in punctuation, as every gap line does:
// what the view's text costs after it is what it costs after any line.
var joinAfter = []byte("]\n")

// textCost returns what text, one or more whole lines, adds to a view.
// Lines are counted one by one, but a view's count is of its lines
// together, and tokens may span a line end: in both encodings a run of
// punctuation takes the line feeds after it, and in o200k_base the slashes
// too, and white space that ends in a line feed takes the white space and
// line feeds after it. So a line starting with a slash (a path), a carriage
// return or white space up to a line feed (a blank line) may cost more
// after the line before it than alone, and is counted after a line that
// ends in punctuation; any other line starts a token of its own.
func textCost(text []byte, c Counter) int {
	n := c.Count(text)
	if head := joinHead(text); head != nil {
		// Only the tokens up to the end of the first word can change: a
		// word of letters starts a token of its own in both.
		b := make([]byte, 0, len(joinAfter)+len(head))
		b = append(append(b, joinAfter...), head...)
		n += max(0, c.Count(b)-c.Count(joinAfter)-c.Count(head))
	}
	return n
}

// joinHead returns the start of text that the last token of the line
// before it may take in, up to the end of the word after it, or nil if
// text starts a token of its own.
func joinHead(text []byte) []byte {
	i := 0
	switch {
	case len(text) > 0 && text[0] == '/':
		for i < len(text) && text[i] == '/' {
			i++
		}
	case len(text) > 0 && text[0] == '\r':
		i = 1
	default:
		for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\v' || text[i] == '\f') {
			i++
		}
		if i == len(text) || text[i] != '\n' && text[i] != '\r' {
			return nil
		}
	}
	// The head ends after a word of ASCII letters, where a token ends in
	// both counts; if none follows, the whole of text is the head.
	j := i
	for j < len(text) && (text[j] == '\n' || text[j] == '\r') {
		j++
	}
	k := j
	for k < len(text) && 'a' <= text[k]|0x20 && text[k]|0x20 <= 'z' {
		k++
	}
	if k == j || k < len(text) && (text[k] >= 0x80 || text[k] == '\'') {
		return text // a word of other letters, or a contraction, goes on
	}
	return text[:k]
}

// fillShortGaps shows the lines of gaps of up to three lines whose text
// costs no more than the gap lines standing for them: a gap line for a
// closing brace is all cost and no saving. It never raises the view's cost,
// and returns what it saves.
func fillShortGaps(pieces []Piece, taken []bool, chosen []int, spans []span, cuts []int, lines int, gaps *gapCoster, cost func(int) int) ([]int, []span, int) {
	// The pieces of the lines of short gaps, first of each line: most
	// views have few such gaps, and a reducer may propose many pieces.
	byLine := map[int]int{}
	prevLast := 0
	for k := 0; k <= len(spans); k++ {
		nextFirst := lines + 1
		if k < len(spans) {
			nextFirst = spans[k].first
		}
		if gap := nextFirst - prevLast - 1; gap >= 1 && gap <= 3 {
			for ln := prevLast + 1; ln < nextFirst; ln++ {
				byLine[ln] = -1
			}
		}
		if k < len(spans) {
			prevLast = spans[k].last
		}
	}
	if len(byLine) == 0 {
		return chosen, spans, 0
	}
	for i, p := range pieces {
		if j, ok := byLine[p.Line]; ok && j < 0 && p.Note == "" && !taken[i] {
			byLine[p.Line] = i
		}
	}
	var added []int
	saved := 0
	prevLast = 0
	for k := 0; k <= len(spans); k++ {
		nextFirst := lines + 1
		if k < len(spans) {
			nextFirst = spans[k].first
		}
		if gap := nextFirst - prevLast - 1; gap >= 1 && gap <= 3 {
			var idx []int
			fill := 0
			for ln := prevLast + 1; ln < nextFirst; {
				i := byLine[ln]
				if i < 0 || pieces[i].last() >= nextFirst {
					idx = nil
					break
				}
				idx = append(idx, i)
				fill += cost(i)
				ln = pieces[i].last() + 1
			}
			if gapCost := gaps.parts(prevLast+1, nextFirst-1, cuts); idx != nil && fill <= gapCost {
				added = append(added, idx...)
				saved += gapCost - fill
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
		chosen, taken[i] = append(chosen, i), true
	}
	return chosen, spans, saved
}

// emptyBesideGap reports whether p shows nothing beside a gap, which
// leaving it out lengthens: a blank line, or a run of them, with a gap on
// either side, or a hex dump's repeat mark ("*", rows the same as the one
// above it) or a line that only closes a comment (*/, -->) after a gap,
// which says nothing of a row or a comment the view hides. Room
// a view spends on such a line is room a line of words could have had. It
// returns how much more the gap lines would cost without it than they and
// p (cost tokens) do now, which may be less than nothing: a note may part
// it from one of them, and a longer range may take more digits.
func emptyBesideGap(p Piece, spans []span, cuts []int, lines int, gaps *gapCoster, cost int) (more int, ok bool) {
	mark := p.Same == 0 && (textRepeatMark(p.Text) || commentClose(p.Text))
	if p.Note != "" || len(bytes.TrimSpace(p.Text)) > 0 && !mark {
		return 0, false
	}
	at, own := slices.BinarySearchFunc(spans, p.Line, func(e span, first int) int { return cmp.Compare(e.first, first) })
	if !own || spans[at].last != p.last() {
		// Kept in one span with the line before or after it (a bonded
		// pair): a kept line stands beside it, not a gap.
		return 0, false
	}
	prevLast, nextFirst := 0, lines+1
	if at > 0 {
		prevLast = spans[at-1].last
	}
	if at+1 < len(spans) {
		nextFirst = spans[at+1].first
	}
	// A note standing before it, or after it, parts it from the gap
	// on that side: leaving it out would add a gap line of its own.
	_, noteBefore := slices.BinarySearch(cuts, p.Line)
	_, noteAfter := slices.BinarySearch(cuts, p.last()+1)
	if (prevLast == p.Line-1 || noteBefore) && (mark || nextFirst == p.last()+1 || noteAfter) {
		return 0, false
	}
	return gaps.parts(prevLast+1, nextFirst-1, cuts) - gaps.parts(prevLast+1, p.Line-1, cuts) - gaps.parts(p.last()+1, nextFirst-1, cuts) - cost, true
}

// commentClose reports whether a line only closes a block comment: */ or
// -->, with blanks around.
func commentClose(line []byte) bool {
	c := bytes.TrimSpace(line)
	return bytes.Equal(c, commentEnd) || bytes.Equal(c, markupCommentEnd)
}

// noteLine is a note as the view shows it, with the line end Render adds.
func noteLine(p Piece) []byte {
	text := noteText(p)
	if text[len(text)-1] != '\n' {
		text = append(bytes.Clone(text), '\n')
	}
	return text
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

// gapDelta returns how the cost of the gap lines changes when s is
// inserted at position at: it splits the gap it falls in, which the notes
// standing in it (cuts) may have split already, into the parts before and
// after it.
func gapDelta(spans []span, cuts []int, at int, s span, lines int, gaps *gapCoster) int {
	prevLast, nextFirst := 0, lines+1
	if at > 0 {
		prevLast = spans[at-1].last
	}
	if at < len(spans) {
		nextFirst = spans[at].first
	}
	return gaps.parts(prevLast+1, s.first-1, cuts) + gaps.parts(s.last+1, nextFirst-1, cuts) -
		gaps.parts(prevLast+1, nextFirst-1, cuts)
}

// cutSplits returns how many gap lines a note standing before line n adds:
// one if it falls between two left-out lines that no note parts yet.
func cutSplits(spans []span, cuts []int, n, lines int) int {
	if n <= 1 || n > lines {
		return 0
	}
	if _, found := slices.BinarySearch(cuts, n); found {
		return 0
	}
	// The first span that ends at n-1 or later must start after n.
	at, _ := slices.BinarySearchFunc(spans, n-1, func(e span, line int) int { return cmp.Compare(e.last, line) })
	if at < len(spans) && spans[at].first <= n {
		return 0
	}
	return 1
}
