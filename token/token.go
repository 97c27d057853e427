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
	_ "embed"
	"fmt"
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
func (c *Counter) Count(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	if err := c.Load(); err != nil {
		panic(err)
	}
	return c.enc.count(b)
}

// Default returns a Counter for DefaultEncoding, which always exists.
func Default() *Counter { return &Counter{name: DefaultEncoding} }
