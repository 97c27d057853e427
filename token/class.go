package token

import (
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// Character classes used by the pre-tokenizer patterns. They are computed
// with the same unicode tables that regexp2 consults for \s, \p{L}, \p{N}
// and friends, so the split points agree with tiktoken-go's regex whatever
// Unicode version the toolchain ships.
const (
	cL     = 1 << iota // \p{L}
	cN                 // \p{N}
	cSpace             // \s, which regexp2 defines as unicode.IsSpace
	cUpper             // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}] (o200k_base)
	cLower             // [\p{Ll}\p{Lm}\p{Lo}\p{M}] (o200k_base)
	cCRLF              // \r or \n

	// cKnown marks an entry of bmpClass as filled in, so that the table's
	// zero value means "not computed yet" even for runes whose class is 0.
	cKnown = 1 << 7
)

// asciiClass holds the classes of ASCII runes. It has 256 entries (the
// upper half zero) so that indexing it with any byte needs no bounds check
// and the hot loops can test a byte's class before knowing it is ASCII.
var asciiClass = func() (t [256]uint8) {
	for r := range rune(utf8.RuneSelf) {
		t[r] = computeClass(r)
	}
	return t
}()

// bmpClass caches the classes of BMP runes, four to a word. Computing a
// class takes several binary searches over unicode tables, which would
// dominate the cost of non-ASCII text; building the whole table eagerly
// would cost milliseconds at start-up. Entries are filled on first use with
// atomic OR, so concurrent Counters can share the cache without locks (two
// goroutines racing to fill an entry store the same value).
var bmpClass [0x10000 / 4]atomic.Uint32

// computeClass classifies r from the unicode tables, as regexp2 does.
func computeClass(r rune) uint8 {
	var c uint8
	if unicode.Is(unicode.L, r) {
		c |= cL
	}
	if unicode.Is(unicode.N, r) {
		c |= cN
	}
	if unicode.IsSpace(r) {
		c |= cSpace
	}
	lmo := unicode.Is(unicode.Lm, r) || unicode.Is(unicode.Lo, r) || unicode.Is(unicode.M, r)
	if lmo || unicode.Is(unicode.Lu, r) || unicode.Is(unicode.Lt, r) {
		c |= cUpper
	}
	if lmo || unicode.Is(unicode.Ll, r) {
		c |= cLower
	}
	if r == '\r' || r == '\n' {
		c |= cCRLF
	}
	return c
}

// classOf returns r's class, through the caches.
func classOf(r rune) uint8 {
	if r < utf8.RuneSelf {
		return asciiClass[r]
	}
	if r > 0xFFFF {
		return computeClass(r)
	}
	w := &bmpClass[r>>2]
	shift := uint(r&3) * 8
	if c := uint8(w.Load() >> shift); c != 0 {
		return c &^ cKnown
	}
	c := computeClass(r)
	w.Or(uint32(c|cKnown) << shift)
	return c
}

// next decodes the rune at s[i:], which must be valid UTF-8, and returns its
// class and size.
func next(s []byte, i int) (class uint8, size int) {
	if b := s[i]; b < utf8.RuneSelf {
		return asciiClass[b], 1
	}
	return nextSlow(s, i)
}

// nextSlow is next for non-ASCII runes. The hot loops test for ASCII
// themselves and call it only for the rest.
func nextSlow(s []byte, i int) (class uint8, size int) {
	r, size := utf8.DecodeRune(s[i:])
	return classOf(r), size
}

// prev returns the start of the rune that ends at s[i].
func prev(s []byte, i int) int {
	if s[i-1] < utf8.RuneSelf {
		return i - 1
	}
	_, size := utf8.DecodeLastRune(s[:i])
	return i - size
}

// lower is regexp2's case folding for (?i:...): unicode.ToLower of the rune.
func lower(s []byte, i int) (r rune, size int) {
	if b := s[i]; b < utf8.RuneSelf {
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		return rune(b), 1
	}
	r, size = utf8.DecodeRune(s[i:])
	return unicode.ToLower(r), size
}
