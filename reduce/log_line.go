package reduce

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// logClean returns a log line as a terminal shows it: the state after its
// last carriage return (a progress line redrawn in place shows only its
// last drawing), without colours, and with every other terminal control
// made visible, as every view shows them (see visible). An erase or a move
// to a column at the start of that state is part of the redraw and erases
// nothing the view shows, so it goes with the carriage return. It returns
// text itself when there is nothing to clean, else text cleaned into buf;
// buf is returned for reuse.
func logClean(text, buf []byte) (clean, newBuf []byte) {
	hasCR := bytes.IndexByte(text, '\r') >= 0
	hasEsc := bytes.IndexByte(text, 0x1b) >= 0
	if !hasCR && !hasEsc {
		return text, buf
	}
	if hasCR {
		text = bytes.TrimRight(text, "\r")
		if i := bytes.LastIndexByte(text, '\r'); i >= 0 {
			text = text[i+1:]
		}
	}
	if !hasEsc {
		return text, buf
	}
	buf = appendVisible(buf[:0], logRedrawn(text))
	return buf, buf
}

// logRedrawn returns text without the erases in line (ESC [ K) and moves
// to a column (ESC [ G) it starts with.
func logRedrawn(text []byte) []byte {
	for len(text) >= 3 && text[0] == 0x1b && text[1] == '[' {
		j := 2
		for j < len(text) && logDigit(text[j]) {
			j++
		}
		if j == len(text) || text[j] != 'K' && text[j] != 'G' {
			break
		}
		text = text[j+1:]
	}
	return text
}

func logDigit(c byte) bool { return '0' <= c && c <= '9' }

func logLower(c byte) bool { return 'a' <= c && c <= 'z' }

// logAlnum classes bytes for logMask and the word scans: 0 for the
// rest, 1 for letters, 2 for digits.
var logAlnum = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = 1, 1
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = 2
	}
	return t
}()

// logAlikeKey hashes a line so that lines that differ only in words that
// hold digits (counters, durations, ids, addresses) hash alike: it hashes
// the stretches between such words, each with its length, so two keys are
// equal when the lines have the same stretches, and (but for a collision of
// 64-bit hashes) only then. A line is compared with up to logMaxPeriod
// lines before it; comparing keys takes one pass over each line rather
// than one per pair. It looks for digits eight bytes at a time.
func logAlikeKey(t []byte) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	start := 0 // of the stretch being read
	for i := 0; ; {
		d := logNextDigit(t, i)
		if d == len(t) {
			break
		}
		ws, we := d, d+1 // the word around the digit
		for ws > start && logAlnum[t[ws-1]] != 0 {
			ws--
		}
		for we < len(t) && logAlnum[t[we]] != 0 {
			we++
		}
		h = logMixStretch(h, t[start:ws])
		start, i = we, we
	}
	return logMixStretch(h, t[start:])
}

// logNextDigit returns the index of the first ASCII digit in t from i, or
// len(t).
func logNextDigit(t []byte, i int) int {
	const (
		ones = 0x0101010101010101
		high = 0x8080808080808080
		low7 = ones * 127
	)
	for ; i+8 <= len(t); i += 8 {
		// The bytes b of x with '0'-1 < b < '9'+1 get their high bit set.
		x := binary.LittleEndian.Uint64(t[i:])
		if m := (ones*(127+'9'+1) - x&low7) &^ x & (x&low7 + ones*(127-('0'-1))) & high; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(t); i++ {
		if logDigit(t[i]) {
			return i
		}
	}
	return len(t)
}

// logMixStretch mixes b, with its length, into the hash h.
func logMixStretch(h uint64, b []byte) uint64 {
	h = (h ^ uint64(len(b))) * 0xff51afd7ed558ccd
	var last uint64
	if len(b) >= 8 {
		// The last eight bytes are read whole, overlapping those mixed
		// before them.
		last = binary.LittleEndian.Uint64(b[len(b)-8:])
		for ; len(b) > 8; b = b[8:] {
			h = (h ^ binary.LittleEndian.Uint64(b)) * 0xc4ceb9fe1a85ec53
			h ^= h >> 32
		}
	} else {
		for i, c := range b {
			last |= uint64(c) << (8 * i)
		}
	}
	h = (h ^ last) * 0xff51afd7ed558ccd
	return h ^ h>>29
}

// logWordEnd returns where the word of letters and digits at t[i] ends,
// and whether it holds a digit.
func logWordEnd(t []byte, i int) (int, bool) {
	digit := false
	for ; i < len(t) && logAlnum[t[i]] != 0; i++ {
		digit = digit || logAlnum[t[i]] == 2
	}
	return i, digit
}

// logMask appends to dst the line with every word that holds a digit
// replaced by #, so that lines differing only in counters, durations, ids,
// hashes or addresses mask alike: "item-0042 (0.01s)" and
// "item-0043 (0.02s)" both give "item-# (#.#)". It copies stretches free
// of digits eight bytes at a time.
func logMask(dst, t []byte) []byte {
	const (
		ones = 0x0101010101010101
		high = 0x8080808080808080
		low7 = ones * 127
	)
	if cap(dst) < len(t)+8 {
		dst = make([]byte, 0, len(t)+64)
	}
	out := dst[:cap(dst)] // w <= i: a masked line is never longer
	w, i := 0, 0
	for i < len(t) {
		if i+8 <= len(t) {
			// The bytes b of x with '0'-1 < b < '9'+1 get their high bit set.
			x := binary.LittleEndian.Uint64(t[i:])
			if (ones*(127+'9'+1)-x&low7)&^x&(x&low7+ones*(127-('0'-1)))&high == 0 {
				binary.LittleEndian.PutUint64(out[w:], x)
				w, i = w+8, i+8
				continue
			}
		}
		if !logDigit(t[i]) {
			out[w] = t[i]
			w, i = w+1, i+1
			continue
		}
		// The word's letters before the digit are copied already: take
		// them back, and skip the rest of the word.
		for w > 0 && logAlnum[out[w-1]] != 0 {
			w--
		}
		out[w] = '#'
		w++
		for i < len(t) && logAlnum[t[i]] != 0 {
			i++
		}
	}
	return out[:w]
}

// logHash hashes bytes eight at a time: a fast, fixed hash for telling
// masked lines apart.
func logHash(b []byte) uint64 {
	h := uint64(len(b)) * 0x9e3779b97f4a7c15
	for ; len(b) >= 8; b = b[8:] {
		h = (h ^ binary.LittleEndian.Uint64(b)) * 0xff51afd7ed558ccd
		h ^= h >> 32
	}
	var last uint64
	for i, c := range b {
		last |= uint64(c) << (8 * i)
	}
	h = (h ^ last) * 0xc4ceb9fe1a85ec53
	return h ^ h>>29
}

// logSimilar hashes a line masked by logMask, using buf, which it returns
// for reuse.
func logSimilar(t, buf []byte) (uint64, []byte) {
	buf = logMask(buf[:0], t)
	return logHash(buf), buf
}

// logLead hashes the indentation and the first word of a line that has
// more after it, or returns 0 if it starts with no word of letters.
func logLead(t []byte) uint64 {
	i := 0
	for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	start := i
	for i < len(t) && logAlnum[t[i]] == 1 {
		i++
	}
	if i-start < 2 || i+1 >= len(t) || t[i] != ' ' && t[i] != ':' {
		return 0
	}
	return logHash(t[:i]) | 1
}

// logIndent returns the width of a line's leading white space, a tab
// counting as four, and the number of bytes it takes.
func logIndent(t []byte) (width, n int) {
	for n < len(t) {
		switch t[n] {
		case ' ':
			width++
		case '\t':
			width += 4
		default:
			return width, n
		}
		n++
	}
	return width, n
}

// logFold reports whether t starts with word, ignoring the case of ASCII
// letters; word must be lower case.
func logFold(t []byte, word string) bool {
	if len(t) < len(word) {
		return false
	}
	for i := range len(word) {
		if t[i]|0x20 != word[i] && t[i] != word[i] {
			return false
		}
	}
	return true
}

func logHas(t []byte, p string) bool {
	return len(t) >= len(p) && string(t[:len(p)]) == p
}

// logAllOf reports whether t is a run of at least n bytes c, as separator
// lines are.
func logAllOf(t []byte, c byte, n int) bool {
	if len(t) < n {
		return false
	}
	for _, b := range t {
		if b != c {
			return false
		}
	}
	return true
}

// logStampLen returns the length of the date and time a line starts with,
// with the one space or tab after it, as CI runners, container logs and
// the tools that stamp each line write it: 2026-11-27T03:00:01.1234567Z,
// 2026-11-27 03:00:01,123 or with an offset, Go's log package's
// 2026/11/27 03:00:01.123456, or the time alone, as loggers configured
// for short lines write it: 03:00:01; 0 if the line starts otherwise. The
// rest of the line is what the program printed, so it is what the line is
// classified by.
func logStampLen(t []byte) int {
	const clock = len("15:04:05")
	i := logDateLen(t)
	if len(t) <= i+clock || !logAllDigits(t[i:i+2]) || t[i+2] != ':' || !logAllDigits(t[i+3:i+5]) ||
		t[i+5] != ':' || !logAllDigits(t[i+6:i+8]) {
		return 0
	}
	i += clock
	if i+1 < len(t) && (t[i] == '.' || t[i] == ',') && logDigit(t[i+1]) {
		for i++; i < len(t) && logDigit(t[i]); i++ {
		}
	}
	switch {
	case i < len(t) && t[i] == 'Z':
		i++
	case i+5 <= len(t) && (t[i] == '+' || t[i] == '-') && logAllDigits(t[i+1:i+3]):
		// +00:00 or +0000
		j := i + 3
		if t[j] == ':' {
			j++
		}
		if j+2 > len(t) || !logAllDigits(t[j:j+2]) {
			return 0
		}
		i = j + 2
	}
	if i == len(t) || t[i] != ' ' && t[i] != '\t' {
		return 0
	}
	return i + 1
}

// logDateLen returns the length of the date a line starts with and the
// T or space after it, 2026-11-27T or 2026/11/27 with a space, or 0.
func logDateLen(t []byte) int {
	const date = len("2006-01-02 ")
	if len(t) < date || !logAllDigits(t[:4]) || !logAllDigits(t[5:7]) || !logAllDigits(t[8:10]) {
		return 0
	}
	switch {
	case t[4] == '-' && t[7] == '-' && (t[10] == 'T' || t[10] == ' '):
	case t[4] == '/' && t[7] == '/' && t[10] == ' ':
	default:
		return 0
	}
	return date
}

// logUnstamped returns a line without the date and time it starts with.
func logUnstamped(t []byte) []byte { return t[logStampLen(t):] }
