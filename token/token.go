// Package token counts tokens the way the models that read headroom's output do.
//
// Counts are exact: they equal the length of tiktoken-go's EncodeOrdinary
// with the vocabularies that github.com/pkoukk/tiktoken-go-loader ships, so
// nothing is downloaded at run time. The vocabularies are embedded as hash
// tables generated ahead of time (see internal/vocab), which are used in
// place: a Counter is ready almost immediately, and counting does not go
// through a regular-expression engine.
package token

import (
	"bytes"
	_ "embed"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/headroom-cli/headroom/token/internal/vocab"
)

//go:generate go run ./internal/vocabgen -out data

var (
	//go:embed data/o200k_base.hrv
	o200kTable []byte
	//go:embed data/cl100k_base.hrv
	cl100kTable []byte
)

// DefaultEncoding is the encoding used when none is named.
const DefaultEncoding = "o200k_base"

// Encodings lists the encodings headroom can count with.
var Encodings = []string{"o200k_base", "cl100k_base"}

// ValidEncoding reports whether name is one of Encodings.
func ValidEncoding(name string) bool {
	return slices.Contains(Encodings, name)
}

// Counter counts tokens in one encoding. Its zero value is not usable; make
// one with New. A Counter is safe for concurrent use.
type Counter struct {
	name string
	once sync.Once
	enc  *encoding
	err  error
}

// New returns a Counter for the named encoding. The vocabulary is opened on
// the first call to Count, not here.
func New(name string) (*Counter, error) {
	if !ValidEncoding(name) {
		return nil, fmt.Errorf("unknown encoding %q (valid: %v)", name, Encodings)
	}
	return &Counter{name: name}, nil
}

// Name returns the encoding's name.
func (c *Counter) Name() string { return c.name }

// Load opens the vocabulary if it has not been opened yet. It only checks the
// embedded table's header, so it is cheap; it exists so that callers that
// must not panic can see an error before calling Count.
func (c *Counter) Load() error {
	c.once.Do(func() {
		data, o200k, cache := cl100kTable, false, &cl100kCaches
		if c.name == "o200k_base" {
			data, o200k, cache = o200kTable, true, &o200kCaches
		}
		t, err := vocab.Open(data)
		if err != nil {
			c.err = fmt.Errorf("load encoding %s: %w", c.name, err)
			return
		}
		c.enc = &encoding{table: t, o200k: o200k, cache: cache}
	})
	return c.err
}

// Count returns the number of tokens in b. Text that looks like a special
// token (such as "<|endoftext|>") is counted as ordinary text, as it is when
// it appears in a tool's output. Invalid UTF-8 is counted as tiktoken-go
// counts string(b): each invalid byte becomes U+FFFD.
//
// Count loads the vocabulary if needed and panics if that fails; callers that
// must not panic call Load first and handle its error.
//
// Input of splitMin bytes or more is counted in two halves at once, on two
// cores when there are.
func (c *Counter) Count(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	if err := c.Load(); err != nil {
		panic(err)
	}
	if len(b) < splitMin || runtime.GOMAXPROCS(0) < 2 {
		return c.enc.count(b)
	}
	i := boundary(b, len(b)/2)
	if i < 0 {
		return c.enc.count(b)
	}
	second := make(chan int, 1)
	go func() {
		defer func() {
			if recover() != nil {
				second <- -1
			}
		}()
		second <- c.enc.count(b[i:])
	}()
	n, m := c.enc.count(b[:i]), <-second
	if m < 0 {
		panic("token: counting failed")
	}
	return n + m
}

// splitMin is the size from which Count splits its input: below it, a
// goroutine costs more than it saves.
const splitMin = 256 << 10

// boundaryReach is how far past its starting point boundary looks.
const boundaryReach = 64 << 10

// boundary returns the first index i at or after from, and within
// boundaryReach of it, where b may be cut into b[:i] and b[i:] without
// changing the count, or -1 if there is none. Such an index is one just
// after a newline and before an ASCII letter: in both encodings' patterns a
// piece can hold a newline only at its end or among white space, and a
// piece that holds a letter starts with it or with one byte that is not a
// newline, so no piece crosses the cut.
func boundary(b []byte, from int) int {
	end := min(len(b), from+boundaryReach)
	for i := from; i < end; {
		j := bytes.IndexByte(b[i:end], '\n')
		if j < 0 {
			return -1
		}
		i += j + 1
		if i < len(b) && ('a' <= b[i]|0x20 && b[i]|0x20 <= 'z') {
			return i
		}
	}
	return -1
}

// Default returns a Counter for DefaultEncoding, which always exists.
func Default() *Counter { return &Counter{name: DefaultEncoding} }
