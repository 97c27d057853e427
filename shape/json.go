package shape

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// sniffJSON reports whether sample looks like json output: one document,
// a run of values (JSON Lines, go test -json, go list -json), or either
// with a few lines of other text around, as when a tool's stderr is merged
// into its JSON. JSON must make up two thirds of the sample's text.
func sniffJSON(sample []byte) (bool, string) {
	if bytes.IndexByte(sample, 0x1b) >= 0 {
		// jq -C: read through the colours.
		sample = stripANSI(sample)
	}
	s := jsonScan(bytes.TrimPrefix(sample, []byte("\ufeff")))
	if s.values == 0 || s.jsonBytes < 2*s.textBytes {
		return false, ""
	}
	var why string
	switch {
	case s.values == 1 && s.cut:
		why = "the input starts a JSON " + s.kind + " longer than the sample"
	case s.values == 1:
		why = "the input is one JSON " + s.kind
	default:
		why = fmt.Sprintf("the input is a run of JSON values (%d in the sample)", s.values)
	}
	if s.textLines > 0 {
		why += fmt.Sprintf(" with %d other %s", s.textLines, jsonPlural(s.textLines, "line", "lines"))
	}
	return true, why
}

// jsonSample is what jsonScan finds in a sample.
type jsonSample struct {
	values               int
	kind                 string // of the first value: object or array
	cut                  bool   // the last value runs past the sample's end
	jsonBytes, textBytes int
	textLines            int
}

// jsonScan reads a sample as JSON values and lines of other text. A value
// starts at the sample's first byte that is not space, right after another
// value, or at the start of a line with { or [; anything else is text, line
// by line. A value that the sample cuts off counts if it is valid so far.
func jsonScan(b []byte) jsonSample {
	var s jsonSample
	pos, after := 0, true
	for pos < len(b) {
		if after {
			pos += len(b[pos:]) - len(bytes.TrimLeft(b[pos:], " \t\r\n"))
			if pos == len(b) {
				break
			}
		}
		end := bytes.IndexByte(b[pos:], '\n')
		if end < 0 {
			end = len(b)
		} else {
			end += pos
		}
		line := bytes.TrimSpace(b[pos:end])
		if len(line) == 0 {
			pos, after = end+1, false
			continue
		}
		if (after || b[pos] == '{' || b[pos] == '[') && (line[0] == '{' || line[0] == '[') {
			start := pos + bytes.IndexByte(b[pos:end], line[0])
			if n, ok := valueAt(b[start:]); ok {
				if s.values == 0 {
					s.kind = jsonKind(line[0])
				}
				s.values++
				s.jsonBytes += n
				if start+n >= len(b) && !json.Valid(b[start:]) {
					s.cut = true
				}
				pos, after = start+n, true
				continue
			}
		}
		s.textBytes += len(line)
		s.textLines++
		pos, after = end+1, false
	}
	return s
}

// valueAt returns the length of the JSON value at the start of b, or of
// all of b if b ends inside a value that is valid so far.
func valueAt(b []byte) (int, bool) {
	d := json.NewDecoder(bytes.NewReader(b))
	var v json.RawMessage
	switch err := d.Decode(&v); {
	case err == nil:
		return int(d.InputOffset()), true
	case errors.Is(err, io.ErrUnexpectedEOF):
		return len(b), true
	}
	return 0, false
}

func jsonKind(open byte) string {
	if open == '{' {
		return "object"
	}
	return "array"
}

func jsonPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
