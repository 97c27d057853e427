package reduce

import "bytes"

// seg is the span of a value in the input: b[start:end].
type seg struct{ start, end int }

// The functions below walk JSON text that encoding/json has validated, so
// they look only at what they need to find where values start and end, and
// report no errors. skipSpace, valueEnd and stringEnd are also safe on text
// that is not JSON: they never index past its end, which lets them split a
// run of values before each value is validated. Leaves are kept as the
// input's own bytes: numbers and strings are never decoded and written
// again.

// skipSpace returns the index of the first byte at or after i that is not
// JSON whitespace.
func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// valueEnd returns the index just past the value that starts at i.
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				i = stringEnd(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	default:
		for i < len(b) {
			switch b[i] {
			case ',', ']', '}', ' ', '\t', '\n', '\r':
				return i
			}
			i++
		}
		return i
	}
}

// stringEnd returns the index just past the string literal that starts at i.
func stringEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		q := bytes.IndexByte(b[i:], '"')
		if q < 0 {
			break
		}
		i += q
		// The quote ends the string unless an odd run of backslashes
		// escapes it.
		n := 0
		for j := i - 1; j >= 0 && b[j] == '\\'; j-- {
			n++
		}
		if n%2 == 0 {
			return i + 1
		}
	}
	return len(b)
}

// eachItem calls f with the span of each item of the array that starts at
// i, in order, until f returns false.
func eachItem(b []byte, i int, f func(start, end int) bool) { scan{b: b}.eachItem(i, f) }

// eachMember calls f with the spans of the key (quotes included) and the
// value of each member of the object that starts at i, in order, until f
// returns false.
func eachMember(b []byte, i int, f func(key, value seg) bool) { scan{b: b}.eachMember(i, f) }

// memberValue returns the value of the member named key (quoted) of the
// object at v, or an empty seg.
func memberValue(b []byte, v seg, key []byte) seg { return scan{b: b}.memberValue(v, key) }

// scan walks the values of b. If ends is set, it holds where containers
// end, by where they start, as they are found: the views of one document
// walk the same containers again and again, and scanning each to its end
// every time costs the size of the document a view.
type scan struct {
	b    []byte
	ends map[int]int
}

// valueEnd returns the index just past the value that starts at i.
func (s scan) valueEnd(i int) int {
	if s.ends == nil || s.b[i] != '{' && s.b[i] != '[' {
		return valueEnd(s.b, i)
	}
	end, ok := s.ends[i]
	if !ok {
		end = valueEnd(s.b, i)
		s.ends[i] = end
	}
	return end
}

func (s scan) eachItem(i int, f func(start, end int) bool) {
	b := s.b
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return
	}
	for i < len(b) {
		end := s.valueEnd(i)
		if !f(i, end) {
			return
		}
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ',' {
			return
		}
		i = skipSpace(b, i+1)
	}
}

func (s scan) eachMember(i int, f func(key, value seg) bool) {
	b := s.b
	i = skipSpace(b, i+1)
	for i < len(b) && b[i] == '"' {
		kend := stringEnd(b, i)
		v := skipSpace(b, kend)
		v = skipSpace(b, v+1) // past the colon
		vend := s.valueEnd(v)
		if !f(seg{i, kend}, seg{v, vend}) {
			return
		}
		i = skipSpace(b, vend)
		if i >= len(b) || b[i] != ',' {
			return
		}
		i = skipSpace(b, i+1)
	}
}

func (s scan) memberValue(v seg, key []byte) seg {
	var out seg
	s.eachMember(v.start, func(k, val seg) bool {
		if bytes.Equal(s.b[k.start:k.end], key) {
			out = val
			return false
		}
		return true
	})
	return out
}
