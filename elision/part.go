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
	// Tail needs to know how many lines are selected before writing any.
	var selected int64
	if p.Tail > 0 {
		if err := p.scan(r, func(int64, []byte) error { selected++; return nil }); err != nil {
			return err
		}
		if _, err := r.Seek(0, io.SeekStart); err != nil {
			return err
		}
	}
	bw := bufio.NewWriter(w)
	var seen int64
	errStop := errors.New("stop")
	err := p.scan(r, func(n int64, line []byte) error {
		seen++
		if p.Head > 0 && seen > p.Head {
			return errStop
		}
		if p.Tail > 0 && seen <= selected-p.Tail {
			return nil
		}
		if p.Grep != nil {
			bw.WriteString(strconv.FormatInt(n, 10))
			bw.WriteByte(':')
		}
		_, err := bw.Write(line)
		return err
	})
	if err != nil && err != errStop {
		return err
	}
	return bw.Flush()
}

// scan calls f with the number and text (newline included) of each line
// that Lines and Grep select.
func (p Part) scan(r io.Reader, f func(n int64, line []byte) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var (
		n    int64
		long []byte
	)
	for {
		chunk, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long, chunk...)
			continue
		}
		line := chunk
		if long != nil {
			line = append(long, chunk...)
			long = nil
		}
		if len(line) > 0 {
			n++
			if p.Lines != nil && p.Lines.To != 0 && n > p.Lines.To {
				return nil
			}
			if (p.Lines == nil || n >= p.Lines.From) && (p.Grep == nil || p.Grep.Match(bytes.TrimSuffix(line, newline))) {
				if ferr := f(n, line); ferr != nil {
					return ferr
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
