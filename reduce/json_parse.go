package reduce

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
)

// record is one JSON value of the input, or a line of it that is not JSON.
type record struct {
	v           seg // the value, or the line's text without its indentation
	first, last int // its first and last line
	text        bool
}

// parsed is the input read as JSON values and lines of other text.
type parsed struct {
	recs                 []record
	values               int
	jsonBytes, textBytes int
	// errLine and errMsg say where the first value that was tried broke,
	// for the note of an input that is not JSON after all.
	errLine int
	errMsg  string
}

// parseRecords reads b as JSON values with, maybe, lines of other text
// among them, as when a tool's stderr is merged into its JSON. A value
// starts at the input's first byte that is not space, right after another
// value, or at the start of a line; a line that does not start a value
// that parses is text. Values are never looked for inside an indented
// line, so a document broken in its middle is not mistaken for the
// values nested in it.
func parseRecords(b []byte) parsed {
	var (
		p     parsed
		line  = 1
		pos   = 0
		after = true // pos is at the input's start or just past a value
		// A value that does not parse was scanned in vain; this caps that
		// work, so that many lines starting unclosed values cost no more
		// than a few passes over the input.
		spare = 4*len(b) + 4096
	)
	for pos < len(b) {
		if after {
			i := skipSpace(b, pos)
			line += bytes.Count(b[pos:i], newline)
			if pos = i; pos == len(b) {
				break
			}
		}
		end := lineEnd(b, pos)
		t := pos
		for t < end && (b[t] == ' ' || b[t] == '\t' || b[t] == '\r') {
			t++
		}
		if t == end {
			pos, line, after = end+1, line+1, false
			continue
		}
		if (after || t == pos) && startsValue(b[t], after) && spare > 0 {
			vend := valueEnd(b, t)
			if json.Valid(b[t:vend]) {
				last := line + bytes.Count(b[t:vend], newline)
				p.recs = append(p.recs, record{v: seg{t, vend}, first: line, last: last})
				p.values++
				p.jsonBytes += vend - t
				pos, line, after = vend, last, true
				continue
			}
			spare -= vend - t
			if p.errMsg == "" {
				off, msg := syntaxAt(b[t:vend])
				p.errLine, p.errMsg = line+bytes.Count(b[t:t+off], newline), msg
			}
		}
		text := bytes.TrimRight(b[t:end], " \t\r")
		p.recs = append(p.recs, record{v: seg{t, t + len(text)}, first: line, last: line, text: true})
		p.textBytes += len(text)
		pos, line, after = end+1, line+1, false
	}
	return p
}

// startsValue reports whether c may start a value: at the start of a line
// only an object or an array, right after another value anything.
func startsValue(c byte, after bool) bool {
	switch c {
	case '{', '[':
		return true
	case '"', '-', 't', 'f', 'n', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return after
	}
	return false
}

// noValue discards what it is given; unmarshalling into it only checks
// the syntax.
type noValue struct{}

func (*noValue) UnmarshalJSON([]byte) error { return nil }

// syntaxAt returns where in v, which is not valid JSON, the syntax breaks
// and how.
func syntaxAt(v []byte) (int, string) {
	var se *json.SyntaxError
	if errors.As(json.Unmarshal(v, &noValue{}), &se) {
		return min(max(int(se.Offset)-1, 0), len(v)), strings.TrimPrefix(se.Error(), "json: ")
	}
	return 0, "not a JSON value"
}
