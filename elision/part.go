package elision

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// Range is an inclusive range of line or byte numbers counted from 1, as
// gap lines name them. To is 0 for a range open at the end.
type Range struct{ From, To int64 }

// ParseRange parses "A:B", "A:", ":B" or "A" (just A). "A-B" is accepted too,
// since gap lines write ranges that way.
func ParseRange(s string) (Range, error) {
	sep := strings.IndexAny(s, ":-")
	var a, b string
	if sep < 0 {
		a, b = s, s
	} else {
		a, b = s[:sep], s[sep+1:]
		a = strings.TrimPrefix(a, "L")
		b = strings.TrimPrefix(b, "L")
	}
	a = strings.TrimPrefix(a, "L")
	r := Range{From: 1}
	var err error
	if a != "" {
		if r.From, err = strconv.ParseInt(a, 10, 64); err != nil || r.From < 1 {
			return Range{}, fmt.Errorf("bad range %q: want A:B with 1 <= A <= B", s)
		}
	}
	if b != "" {
		if r.To, err = strconv.ParseInt(b, 10, 64); err != nil || r.To < 1 {
			return Range{}, fmt.Errorf("bad range %q: want A:B with 1 <= A <= B", s)
		}
		if r.To < r.From {
			return Range{}, fmt.Errorf("bad range %q: %d comes after %d", s, r.From, r.To)
		}
	}
	if a == "" && b == "" {
		return Range{}, fmt.Errorf("bad range %q: want A:B with 1 <= A <= B", s)
	}
	return r, nil
}

// String writes r as ParseRange reads it.
func (r Range) String() string {
	if r.To == 0 {
		return strconv.FormatInt(r.From, 10) + ":"
	}
	return strconv.FormatInt(r.From, 10) + ":" + strconv.FormatInt(r.To, 10)
}

// Part selects some of an original, so that an agent can page in what a
// view left out without flooding its context again.
type Part struct {
	// Bytes, if set, selects a byte range and excludes the rest.
	Bytes *Range
	// Lines selects a range of lines.
	Lines *Range
	// Grep keeps the lines it matches, written with their line numbers.
	Grep *regexp.Regexp
	// Head and Tail keep the first or last so many of the lines selected.
	Head, Tail int64
}

// ErrOutOfRange is reported for a range that starts past the end.
var ErrOutOfRange = errors.New("out of range")

// Whole reports whether p selects all of the original.
func (p Part) Whole() bool { return p == Part{} }

// Write writes the part of the original in r that p selects.
func (p Part) Write(w io.Writer, r io.ReadSeeker) error {
	if p.Whole() {
		// Copied as it is: going line by line would hold the longest line
		// in memory, and a minified file is one line.
		_, err := io.Copy(w, r)
		return err
	}
	if p.Bytes != nil {
		size, err := r.Seek(0, io.SeekEnd)
		if err != nil {
			return err
		}
		if p.Bytes.From > size {
			return fmt.Errorf("bytes %s: %w: the original has %s bytes", p.Bytes, ErrOutOfRange, Thousands(size))
		}
		if _, err := r.Seek(p.Bytes.From-1, io.SeekStart); err != nil {
			return err
		}
		n := size - p.Bytes.From + 1
		if p.Bytes.To != 0 {
			n = min(n, p.Bytes.To-p.Bytes.From+1)
		}
		_, err = io.CopyN(w, r, n)
		return err
	}
	// A line longer than scan's buffer is matched and copied from the
	// original in pieces where it can be read at an offset, as an open
	// file can: a minified file is one line, and holding it would take
	// memory in proportion.
	ra, _ := r.(io.ReaderAt)
	// Tail needs to know how many lines are selected before writing any.
	var selected int64
	if p.Tail > 0 {
		if err := p.scan(r, ra, func(foundLine) error { selected++; return nil }); err != nil {
			return err
		}
		if _, err := r.Seek(0, io.SeekStart); err != nil {
			return err
		}
	}
	bw := bufio.NewWriter(w)
	var seen int64
	errStop := errors.New("stop")
	err := p.scan(r, ra, func(l foundLine) error {
		seen++
		if p.Head > 0 && seen > p.Head {
			return errStop
		}
		if p.Tail > 0 && seen <= selected-p.Tail {
			return nil
		}
		if p.Grep != nil {
			bw.WriteString(strconv.FormatInt(l.n, 10))
			bw.WriteByte(':')
		}
		return l.writeTo(bw, ra)
	})
	if err != nil && err != errStop {
		return err
	}
	return bw.Flush()
}

// foundLine is a line scan selected: its number, and its text or, for a
// line longer than scan's buffer, where it lies in the original. Both
// include the newline, if the line has one.
type foundLine struct {
	n         int64
	text      []byte // nil for a line that lies in the original
	off, size int64
}

func (l foundLine) writeTo(w io.Writer, ra io.ReaderAt) error {
	if l.text != nil {
		_, err := w.Write(l.text)
		return err
	}
	_, err := io.Copy(w, io.NewSectionReader(ra, l.off, l.size))
	return err
}

// partBuffer is how much of a line scan reads at once.
var partBuffer = 64 << 10

// scan calls f with each line that Lines and Grep select. A line longer
// than its buffer is not held when ra can read the original at an offset:
// f gets its place, and Grep reads it from there.
func (p Part) scan(r io.Reader, ra io.ReaderAt, f func(foundLine) error) error {
	br := bufio.NewReaderSize(r, partBuffer)
	var (
		n, off int64
		long   []byte // a long line's text so far, where ra is nil
		start  int64  // where a long line starts
		inLong bool
	)
	for {
		chunk, err := br.ReadSlice('\n')
		off += int64(len(chunk))
		if err == bufio.ErrBufferFull {
			if !inLong {
				inLong, start = true, off-int64(len(chunk))
			}
			if ra == nil {
				long = append(long, chunk...)
			}
			continue
		}
		l := foundLine{n: n + 1, text: chunk}
		if inLong {
			l.text, l.off, l.size = nil, start, off-start
			if ra == nil {
				l.text = append(long, chunk...)
				long = nil
			}
			inLong = false
		}
		if len(l.text) > 0 || l.size > 0 {
			n++
			if p.Lines != nil && p.Lines.To != 0 && n > p.Lines.To {
				return nil
			}
			if p.Lines == nil || n >= p.Lines.From {
				ok, merr := p.matches(l, ra)
				if merr != nil {
					return merr
				}
				if ok {
					if ferr := f(l); ferr != nil {
						return ferr
					}
				}
			}
		}
		if err == io.EOF {
			if p.Lines != nil && p.Lines.From > n {
				return fmt.Errorf("lines %s: %w: the original has %s lines", p.Lines, ErrOutOfRange, Thousands(n))
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// matches reports whether Grep, if set, matches l without its newline.
func (p Part) matches(l foundLine, ra io.ReaderAt) (bool, error) {
	if p.Grep == nil {
		return true, nil
	}
	if l.text != nil {
		return p.Grep.Match(bytes.TrimSuffix(l.text, newline)), nil
	}
	size := l.size
	var last [1]byte
	if _, err := ra.ReadAt(last[:], l.off+size-1); err != nil {
		return false, err
	}
	if last[0] == '\n' {
		size--
	}
	return p.Grep.MatchReader(bufio.NewReaderSize(io.NewSectionReader(ra, l.off, size), partBuffer)), nil
}
