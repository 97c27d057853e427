package reduce

import (
	"bytes"
)

// Priorities of the text reducer's pieces. Lines nearest the ends rank
// highest; error-looking lines from the middle rank above the rest of the
// head and tail.
const (
	prioEdge  = 3_000_000 // the first few and last few lines
	prioError = 2_000_000
	prioNear  = 1_000_000 // the rest of head and tail, less their distance
)

const (
	edgeHead = 5
	edgeTail = 10
	// LongLine is the length past which the text reducer cuts a line.
	LongLine = 1024
	// longKeep is how much of a cut line the text reducer keeps.
	longKeep = 400
	// maxErrors caps the error-looking lines held from the middle, so memory
	// stays bounded on a log that is all errors.
	maxErrors = 400
)

// Text is the reducer for output of no known shape: the head and the tail
// on line boundaries, error-looking lines from the middle, runs of identical
// lines shown once with their count, and overlong lines cut.
type Text struct {
	budgetBytes int // how much text to hold for each end

	run     unit   // the run of identical lines being read
	prev    []byte // the run's line, for comparing the next one
	spare   []byte // a buffer the tail no longer needs
	running bool

	head      []unit
	headBytes int
	tail      ring
	errors    []unit
	units     int // units seen, to number the tail's distance from the end
}

// unit is a line, or a run of identical lines, as the text reducer holds it.
type unit struct {
	n     int // unit number, from 0
	piece Piece
	len   int64 // length of the whole line
}

// NewText returns a text reducer for a view of about budget tokens.
func NewText(budget int) *Text {
	// A token is rarely more than 8 bytes of text; holding that much for
	// each end is enough to fill any budget from either one.
	b := max(budget*8, 4096)
	return &Text{budgetBytes: b, tail: ring{limit: b}}
}

// Add implements Reducer.
func (t *Text) Add(l Line) {
	if t.running && l.Len == t.run.len && bytes.Equal(l.Text, t.prev) {
		t.run.piece.Same++
		return
	}
	t.flush()
	t.running = true
	t.prev = append(t.prev[:0], l.Text...)
	t.run = unit{piece: Piece{Line: l.N}, len: l.Len}
}

// flush ends the run being read and files it as head, tail or error.
func (t *Text) flush() {
	if !t.running {
		return
	}
	t.running = false
	u := t.run
	u.n = t.units
	t.units++
	// The piece's text is made only now, once per run, in a buffer the
	// tail gave back when it could.
	keep := LongLine
	if u.len > LongLine {
		keep = longKeep
	}
	text, after := cutAt(Line{Text: t.prev, Len: u.len}, keep)
	u.piece.Text = append(t.spare[:0], text...)
	u.piece.After = after
	t.spare = nil
	size := len(u.piece.Text) + 1
	if t.headBytes < t.budgetBytes {
		t.head = append(t.head, u)
		t.headBytes += size
		return
	}
	evicted, ok := t.tail.push(u, size)
	if !ok {
		return
	}
	if len(t.errors) < maxErrors && errorLike(evicted.piece.Text) {
		t.errors = append(t.errors, evicted)
		return
	}
	t.spare = evicted.piece.Text
}

// Pieces implements Reducer.
func (t *Text) Pieces(lines, budget int, c Counter) []Piece {
	t.flush()
	var out []Piece
	for _, u := range t.head {
		out = append(out, withPrio(u.piece, t.prio(u)))
	}
	for _, u := range t.errors {
		out = append(out, withPrio(u.piece, prioError))
	}
	for _, u := range t.tail.items() {
		out = append(out, withPrio(u.piece, t.prio(u)))
	}
	return out
}

// prio ranks a unit by its distance from the nearer end, and error-looking
// lines above the rest of head and tail. A short input never reaches the
// tail ring, so head units are ranked by their distance from the end too.
func (t *Text) prio(u unit) int {
	// The tail of a log holds its outcome: lean towards it.
	fromEnd := (t.units - 1 - u.n) * 2 / 3
	p := max(edgePrio(u.n, edgeHead), edgePrio(fromEnd, edgeTail))
	if p < prioError && errorLike(u.piece.Text) {
		p = prioError
	}
	return p
}

func edgePrio(dist, edge int) int {
	if dist < edge {
		return prioEdge - dist
	}
	return prioNear - dist
}

func withPrio(p Piece, prio int) Piece {
	p.Prio = prio
	return p
}

// ring holds the last units up to a number of bytes.
type ring struct {
	limit int
	bytes int
	buf   []unit
	sizes []int
	start int
}

// push adds u and returns the unit it pushed out, if any.
func (r *ring) push(u unit, size int) (unit, bool) {
	r.buf = append(r.buf, u)
	r.sizes = append(r.sizes, size)
	r.bytes += size
	if r.bytes-r.sizes[r.start] < r.limit {
		return unit{}, false
	}
	out := r.buf[r.start]
	r.bytes -= r.sizes[r.start]
	r.buf[r.start] = unit{}
	r.start++
	// Reclaim the front of the slices now and then, not on every push.
	if r.start > 1024 && r.start > len(r.buf)/2 {
		r.buf = append(r.buf[:0], r.buf[r.start:]...)
		r.sizes = append(r.sizes[:0], r.sizes[r.start:]...)
		r.start = 0
	}
	return out, true
}

func (r *ring) items() []unit { return r.buf[r.start:] }

// errorWords are the words that make a line look like an error, in lower
// case.
var errorWords = []string{
	"error", "fail", "fatal", "panic", "exception", "traceback", "denied",
	"abort", "segmentation fault", "undefined", "cannot",
}

// errorWordsAt lists, for each byte, the error words starting with it in
// either case, so errorLike looks at each byte of a line once.
var errorWordsAt = func() (t [256][]string) {
	for _, w := range errorWords {
		t[w[0]] = append(t[w[0]], w)
		t[w[0]-'a'+'A'] = append(t[w[0]-'a'+'A'], w)
	}
	return t
}()

// errorLike reports whether a line looks like it reports an error. It runs
// on most lines of a large input, so it is one pass with no allocation.
func errorLike(b []byte) bool {
	for i, c := range b {
		for _, w := range errorWordsAt[c] {
			if hasPrefixFold(b[i:], w) {
				return true
			}
		}
	}
	return false
}

// hasPrefixFold reports whether b starts with the lower-case ASCII word w,
// in any case.
func hasPrefixFold(b []byte, w string) bool {
	if len(b) < len(w) {
		return false
	}
	for i := range len(w) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}
