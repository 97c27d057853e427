package token

import "unicode/utf8"

// The pre-tokenizers split text into the pieces that tiktoken-go's regular
// expressions would match, one piece per call: each returns the end of the
// piece that starts at s[i]. They mirror regexp2's backtracking semantics
// (leftmost alternative wins, greedy quantifiers give back one rune at a
// time), and every rune starts some alternative, so the pieces tile the
// text. Input must be valid UTF-8.

// splitCL100K matches cl100k_base's pattern:
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
//	 ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
func splitCL100K(s []byte, i int) int {
	// Fast path for the commonest pieces, ASCII words with or without a
	// leading space or punctuation; the apostrophe is excluded because a
	// contraction would come first.
	if b := s[i]; asciiClass[b]&cL != 0 {
		return run(s, i+1, cL)
	} else if b < utf8.RuneSelf && b != '\'' && asciiClass[b]&(cCRLF|cN) == 0 &&
		i+1 < len(s) && asciiClass[s[i+1]]&cL != 0 {
		return run(s, i+2, cL)
	}
	c, size := next(s, i)
	if s[i] == '\'' {
		if e := contraction(s, i); e > 0 {
			return e
		}
	}
	if c&cL != 0 {
		return run(s, i+size, cL)
	}
	j := i + size
	if c&(cCRLF|cN) == 0 && j < len(s) {
		if c2, size2 := next(s, j); c2&cL != 0 {
			return run(s, j+size2, cL)
		}
	}
	if c&cN != 0 {
		return digits(s, j)
	}
	if e := punct(s, i, c, false); e > 0 {
		return e
	}
	return spaces(s, i)
}

// splitO200K matches o200k_base's pattern:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
//	\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
func splitO200K(s []byte, i int) int {
	// Fast path for the commonest pieces, lower-case ASCII words with or
	// without a leading space or punctuation: the upper* run is empty and
	// lower+ starts right away. Upper case takes the general path because
	// of the backtracking between the two runs.
	if b := s[i]; asciiClass[b]&cLower != 0 {
		return suffix(s, run(s, i+1, cLower))
	} else if b < utf8.RuneSelf && asciiClass[b]&(cCRLF|cL|cN) == 0 &&
		i+1 < len(s) && asciiClass[s[i+1]]&cLower != 0 {
		return suffix(s, run(s, i+2, cLower))
	}
	c, size := next(s, i)
	// Both word alternatives need a cased rune either here or, after an
	// optional [^\r\n\p{L}\p{N}], next; checking that first skips them
	// cheaply for punctuation and whitespace.
	const cased = cUpper | cLower
	if c&cased != 0 || c&(cCRLF|cL|cN) == 0 && i+size < len(s) && classAt(s, i+size)&cased != 0 {
		if e := wordO200K(s, i, c, size); e > 0 {
			return e
		}
	}
	if c&cN != 0 {
		return digits(s, i+size)
	}
	if e := punct(s, i, c, true); e > 0 {
		return e
	}
	return spaces(s, i)
}

// wordO200K matches the first two alternatives of o200k_base's pattern at
// s[i], whose rune has class c and size size; it returns 0 if neither
// matches.
func wordO200K(s []byte, i int, c uint8, size int) int {
	// The optional leading [^\r\n\p{L}\p{N}] is tried first taken, then
	// skipped; skipping only matters when the rune is a mark, which is
	// both outside \p{L} and inside the case classes.
	starts := [2]int{i + size, i}
	first := 0
	if c&(cCRLF|cL|cN) != 0 {
		first = 1
	}
	// First alternative: upper* lower+. The greedy upper* run gives back
	// runes until a lower-class rune can start lower+; since Lm, Lo and M
	// are in both classes, that is either the rune after the run or the
	// last rune of the run that is also lower-class.
	for _, st := range starts[first:] {
		u, lastLower := upperRun(s, st)
		if u < len(s) {
			if classAt(s, u)&cLower != 0 {
				return suffix(s, run(s, u, cLower))
			}
		}
		if lastLower > 0 {
			return suffix(s, lastLower)
		}
	}
	// Second alternative: upper+ lower*.
	for _, st := range starts[first:] {
		if u, _ := upperRun(s, st); u > st {
			return suffix(s, run(s, u, cLower))
		}
	}
	return 0
}

// classAt returns the class of the rune at s[i].
func classAt(s []byte, i int) uint8 {
	c, _ := next(s, i)
	return c
}

// run returns the end of the run of runes in class from s[i].
func run(s []byte, i int, class uint8) int {
	for i < len(s) {
		// ASCII is tested inline because next does not inline and this
		// loop is where most of the pre-tokenizer's time goes.
		if b := s[i]; b < utf8.RuneSelf {
			if asciiClass[b]&class == 0 {
				break
			}
			i++
			continue
		}
		c, size := nextSlow(s, i)
		if c&class == 0 {
			break
		}
		i += size
	}
	return i
}

// upperRun returns the end of the run of upper-class runes from s[i], and the
// end of the last rune in that run that is also lower-class (0 if none).
func upperRun(s []byte, i int) (end, lastLower int) {
	for i < len(s) {
		if b := s[i]; b < utf8.RuneSelf {
			// No ASCII rune is in both classes.
			if asciiClass[b]&cUpper == 0 {
				break
			}
			i++
			continue
		}
		c, size := nextSlow(s, i)
		if c&cUpper == 0 {
			break
		}
		i += size
		if c&cLower != 0 {
			lastLower = i
		}
	}
	return i, lastLower
}

// digits returns the end of \p{N}{1,3} given the end j of its first rune.
func digits(s []byte, j int) int {
	for k := 1; k < 3 && j < len(s); k++ {
		c, size := next(s, j)
		if c&cN == 0 {
			break
		}
		j += size
	}
	return j
}

// punct matches " ?[^\s\p{L}\p{N}]+[\r\n]*" at s[i], whose rune has class
// c, or with slash set, o200k_base's " ?[^\s\p{L}\p{N}]+[\r\n/]*". It
// returns 0 if there is no match.
func punct(s []byte, i int, c uint8, slash bool) int {
	const notPunct = cSpace | cL | cN
	j := i
	if s[i] == ' ' && i+1 < len(s) {
		if c2, _ := next(s, i+1); c2&notPunct == 0 {
			j = i + 1
		}
	} else if c&notPunct != 0 {
		return 0
	}
	for j < len(s) {
		if b := s[j]; b < utf8.RuneSelf {
			if asciiClass[b]&notPunct != 0 {
				break
			}
			j++
			continue
		}
		c, size := nextSlow(s, j)
		if c&notPunct != 0 {
			break
		}
		j += size
	}
	if j == i {
		return 0
	}
	for j < len(s) && (s[j] == '\r' || s[j] == '\n' || (s[j] == '/' && slash)) {
		j++
	}
	return j
}

// spaces matches \s*[\r\n]+|\s+(?!\S)|\s+ at a whitespace rune s[i].
func spaces(s []byte, i int) int {
	j := i
	afterNL := 0
	n := 0
	for j < len(s) {
		c, size := next(s, j)
		if c&cSpace == 0 {
			break
		}
		j += size
		n++
		if c&cCRLF != 0 {
			afterNL = j
		}
	}
	switch {
	case afterNL > 0:
		// \s* backs off to the last newline, and [\r\n]+ takes just it.
		return afterNL
	case j == len(s) || n == 1:
		// At the end of the text (?!\S) holds; a lone whitespace rune
		// before a non-space one fails it and falls through to \s+.
		return j
	default:
		// (?!\S) fails before the following non-space rune, so \s+ gives
		// back one rune, after which the lookahead sees whitespace.
		return prev(s, j)
	}
}

// suffix extends a match ending at i by an optional contraction.
func suffix(s []byte, i int) int {
	if i < len(s) && s[i] == '\'' {
		if e := contraction(s, i); e > 0 {
			return e
		}
	}
	return i
}

// contraction matches (?i:'s|'t|'re|'ve|'m|'ll|'d) at the apostrophe s[i];
// it returns 0 if there is none.
func contraction(s []byte, i int) int {
	j := i + 1
	if j >= len(s) {
		return 0
	}
	r, size := lower(s, j)
	j += size
	var want rune
	switch r {
	case 's', 't', 'm', 'd':
		return j
	case 'r', 'v':
		want = 'e'
	case 'l':
		want = 'l'
	default:
		return 0
	}
	if j >= len(s) {
		return 0
	}
	if r, size := lower(s, j); r == want {
		return j + size
	}
	return 0
}
