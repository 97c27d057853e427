// Package token counts tokens the way the models that read headroom's output do.
//
// Counts are exact: they come from the BPE vocabularies that
// github.com/pkoukk/tiktoken-go-loader ships inside the binary, so nothing is
// downloaded at run time. Loading a vocabulary is expensive (a few hundred
// milliseconds), so a Counter loads it on first use, and callers that can
// decide something from byte lengths alone should do so before asking.
package token

import (
	"fmt"
	"slices"
	"sync"

	"github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
)

// DefaultEncoding is the encoding used when none is named.
const DefaultEncoding = "o200k_base"

// Encodings lists the encodings headroom can count with.
var Encodings = []string{"o200k_base", "cl100k_base"}

// ValidEncoding reports whether name is one of Encodings.
func ValidEncoding(name string) bool {
	return slices.Contains(Encodings, name)
}

var setLoader sync.Once

// Counter counts tokens in one encoding. Its zero value is not usable; make
// one with New. A Counter is safe for concurrent use.
type Counter struct {
	name string
	once sync.Once
	enc  *tiktoken.Tiktoken
	err  error
}

// New returns a Counter for the named encoding. The vocabulary is loaded on
// the first call to Count, not here.
func New(name string) (*Counter, error) {
	if !ValidEncoding(name) {
		return nil, fmt.Errorf("unknown encoding %q (valid: %v)", name, Encodings)
	}
	return &Counter{name: name}, nil
}

// Name returns the encoding's name.
func (c *Counter) Name() string { return c.name }

// Load loads the vocabulary if it has not been loaded yet.
func (c *Counter) Load() error {
	c.once.Do(func() {
		setLoader.Do(func() { tiktoken.SetBpeLoader(loader.NewOfflineLoader()) })
		c.enc, c.err = tiktoken.GetEncoding(c.name)
		if c.err != nil {
			c.err = fmt.Errorf("load encoding %s: %w", c.name, c.err)
		}
	})
	return c.err
}

// Count returns the number of tokens in b. Text that looks like a special
// token (such as "<|endoftext|>") is counted as ordinary text, as it is when
// it appears in a tool's output.
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
	return len(c.enc.EncodeOrdinary(string(b)))
}
