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
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i >= 0 && !s.open {
			// A whole line within p: no copy.
			s.n++
			s.r.Add(Line{N: s.n, Text: p[:min(i, MaxLine)], Len: int64(i)})
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
		s.emit()
		p = p[i+1:]
	}
	return n, nil
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
		s.emit()
	}
	return s.n
}

func (s *Splitter) emit() {
	s.n++
	s.r.Add(Line{N: s.n, Text: s.buf, Len: s.len})
	s.buf, s.len, s.open = s.buf[:0], 0, false
}

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
