// Package reduce turns a tool's output into a short view of it.
//
// A reducer reads the input line by line, in one pass and in memory bounded
// by the budget rather than by the input, and proposes pieces: lines or parts
// of lines to keep verbatim, and notes of its own, each with a priority. Fit
// chooses the pieces that fill the budget, and Render writes them with the
// same gap lines for every reducer, so no reducer formats a marker itself.
package reduce

import "bytes"

// MaxLine is how many bytes of a line a reducer is shown. Longer lines are
// cut in any view, so the rest is not needed and not held in memory.
const MaxLine = 16 << 10

// Line is one line of input.
type Line struct {
	// N is the line's number, from 1.
	N int
	// Text is the line without its newline, at most MaxLine bytes of it. It
	// is valid only during the call it is passed to: copy what you keep.
	Text []byte
	// Len is the length of the whole line without its newline.
	Len int64
}

// Piece is something a view may show.
type Piece struct {
	// Line is the number of the input line this piece keeps; for a note, the
	// line it stands before (one past the last line for a note at the end).
	Line int
	// Text is the kept text: the whole line or a window of it.
	Text []byte
	// Before and After count the bytes of the line left out before and after
	// Text, when the line was too long to keep whole.
	Before, After int64
	// Mid counts the bytes of the line left out inside Text, MidAt bytes
	// into it: a line whose middle says again what the view said before
	// (the roots of two trees a diff compares) shows its start and its end.
	Mid   int64
	MidAt int
	// Same counts the lines after Line that are identical to it and are
	// shown as one.
	Same int
	// Note, if set, makes this piece a note of headroom's own, one or more
	// lines standing before Line; Text and the rest are unused.
	Note string
	// Stands, for a note, is how many input lines from Line on the note
	// stands for: a summary of them that replaces their gap line (a lock
	// file's hunks, a JSON document rewritten as a shorter document).
	Stands int
	// Prio orders pieces for Fit: higher is kept first.
	Prio int
	// Bond, for a line, makes Fit keep it only together with the piece of
	// the line after it that has the same priority, and that piece only
	// with it: a failing test's name and its message, which alone would
	// say less than nothing.
	Bond bool
}

// last returns the number of the last input line the piece covers; for a
// note that stands for no lines, the one before Line.
func (p Piece) last() int {
	if p.Note != "" {
		return p.Line + p.Stands - 1
	}
	return p.Line + p.Same
}

// Counter counts tokens.
type Counter interface {
	Count(b []byte) int
}

// Reducer proposes the pieces of a view of one input.
type Reducer interface {
	// Add is called with each line of the input, in order.
	Add(l Line)
	// Pieces is called once after the last line with the number of lines,
	// the budget in tokens for the pieces and a counter, for reducers that
	// choose the form of their notes by their cost.
	Pieces(lines, budget int, c Counter) []Piece
}

// ByteReducer is a Reducer that reads the input's bytes rather than its
// lines, for shapes whose units are not lines (a JSON document may be one
// line of megabytes). Its Add is never called.
type ByteReducer interface {
	Reducer
	// Write is called with the input's bytes, in order, in chunks that end
	// anywhere.
	Write(p []byte) (int, error)
}

// Splitter cuts a byte stream into Lines for a Reducer, or passes the bytes
// on to a ByteReducer and only counts lines.
type Splitter struct {
	r   Reducer
	n   int
	buf []byte
	len int64
	// open is set while a line has been started but not ended.
	open bool
}

// NewSplitter returns a Splitter feeding r.
func NewSplitter(r Reducer) *Splitter { return &Splitter{r: r} }

// Write splits p into lines; a line may span calls.
func (s *Splitter) Write(p []byte) (int, error) {
	n := len(p)
	if br, ok := s.r.(ByteReducer); ok {
		if n > 0 {
			s.n += bytes.Count(p, newline)
			s.open = p[n-1] != '\n'
		}
		return br.Write(p)
	}
	s.split(p, s.add)
	return n, nil
}

func (s *Splitter) add(l Line, _ bool) { s.r.Add(l) }

// split cuts p into lines and passes each to emit, with carried set for a
// line begun in an earlier p, whose text is in s.buf.
func (s *Splitter) split(p []byte, emit func(l Line, carried bool)) {
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i >= 0 && !s.open {
			// A whole line within p: no copy.
			s.n++
			emit(Line{N: s.n, Text: p[:min(i, MaxLine)], Len: int64(i)}, false)
			p = p[i+1:]
			continue
		}
		chunk := p
		if i >= 0 {
			chunk = p[:i]
		}
		s.open = true
		s.len += int64(len(chunk))
		if room := MaxLine - len(s.buf); room > 0 {
			s.buf = append(s.buf, chunk[:min(room, len(chunk))]...)
		}
		if i < 0 {
			break
		}
		s.emitCarried(emit)
		p = p[i+1:]
	}
}

// Close passes on a last line that has no newline and returns the number of
// lines seen.
func (s *Splitter) Close() int {
	if _, ok := s.r.(ByteReducer); ok {
		if s.open {
			s.n++
			s.open = false
		}
		return s.n
	}
	if s.open {
		s.emitCarried(s.add)
	}
	return s.n
}

func (s *Splitter) emitCarried(emit func(Line, bool)) {
	s.n++
	emit(Line{N: s.n, Text: s.buf, Len: s.len}, true)
	s.buf, s.len, s.open = s.buf[:0], 0, false
}

// Prep is what a Preparer works out about a line from the line alone,
// ahead of adding it. What its fields hold is the reducer's own business;
// the zero Prep means nothing was worked out.
type Prep struct {
	Ready bool
	Class uint8
	A, B  uint64
}

// A Preparer is a Reducer that can do part of each line's work from the line
// alone, in Prepare, which must not touch the reducer's state: a pipeline
// may prepare later lines on one goroutine while AddPrepared takes earlier
// ones on another. Add(l) does what AddPrepared(l, Prepare(l)) does.
type Preparer interface {
	Reducer
	Prepare(l Line) Prep
	AddPrepared(l Line, p Prep)
}

// Batch holds the lines split from a chunk of input, with what a Preparer
// made of each, until they are added to the reducer. Its lines may point
// into the chunk.
type Batch struct {
	lines []Line
	preps []Prep
	own   []byte // the text of a line begun in an earlier chunk
}

// Staged reports whether the reducer takes lines, so that SplitBatch and
// AddBatch may be used instead of Write and Close.
func (s *Splitter) Staged() bool {
	_, ok := s.r.(ByteReducer)
	return !ok
}

// SplitBatch cuts p into lines as Write does, into b, preparing each if the
// reducer is a Preparer, and touches no state of the reducer: AddBatch then
// passes them on, perhaps on another goroutine. p must be left unchanged
// until b has been added. A nil p passes on a last line without a newline,
// as Close does.
func (s *Splitter) SplitBatch(p []byte, b *Batch) {
	b.lines, b.preps, b.own = b.lines[:0], b.preps[:0], b.own[:0]
	prep, _ := s.r.(Preparer)
	emit := func(l Line, carried bool) {
		if carried {
			// At most one such line per batch: b.own is not appended
			// to again while l points into it.
			b.own = append(b.own, l.Text...)
			l.Text = b.own
		}
		b.lines = append(b.lines, l)
		if prep != nil {
			b.preps = append(b.preps, prep.Prepare(l))
		}
	}
	if p == nil {
		if s.open {
			s.emitCarried(emit)
		}
		return
	}
	s.split(p, emit)
}

// AddBatch passes the lines of b to the reducer, in order.
func (s *Splitter) AddBatch(b *Batch) {
	prep, ok := s.r.(Preparer)
	for i, l := range b.lines {
		if ok {
			prep.AddPrepared(l, b.preps[i])
		} else {
			s.r.Add(l)
		}
	}
}

// Lines returns the number of lines split so far.
func (s *Splitter) Lines() int { return s.n }

// Cut returns a piece keeping the first keep bytes of a line that is too
// long to keep whole, ending on a UTF-8 character boundary.
func Cut(l Line, keep int, prio int) Piece {
	text, after := cutAt(l, keep)
	return Piece{Line: l.N, Text: bytes.Clone(text), After: after, Prio: prio}
}

// cutAt returns the first keep bytes of l, ending on a character boundary,
// and how many bytes of the line are left after them; it does not copy.
func cutAt(l Line, keep int) ([]byte, int64) {
	if int64(keep) >= l.Len && len(l.Text) == int(l.Len) {
		return l.Text, 0
	}
	keep = min(keep, len(l.Text))
	for keep > 0 && keep < len(l.Text) && !startsRune(l.Text[keep]) {
		keep--
	}
	return l.Text[:keep], l.Len - int64(keep)
}

var newline = []byte{'\n'}

func startsRune(b byte) bool { return b&0xC0 != 0x80 }
