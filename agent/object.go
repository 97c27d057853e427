package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// object is a JSON object that keeps its keys in order, so that a settings
// file or a tool's input comes back with only the intended change.
type object []member

type member struct {
	key   string
	value json.RawMessage
}

// parseObject reads a JSON object, keeping its members' order and their
// values as written.
func parseObject(b []byte) (object, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New("not a JSON object")
	}
	o := object{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		o = append(o, member{tok.(string), v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("text after the JSON object")
	}
	return o, nil
}

func (o object) get(key string) (json.RawMessage, bool) {
	for _, m := range o {
		if m.key == key {
			return m.value, true
		}
	}
	return nil, false
}

// is reports whether key holds the JSON value raw, as written.
func (o object) is(key, raw string) bool {
	v, ok := o.get(key)
	return ok && string(v) == raw
}

// count returns how many times key is in the object: JSON allows a key
// twice, and readers differ on which one counts.
func (o object) count(key string) int {
	n := 0
	for _, m := range o {
		if m.key == key {
			n++
		}
	}
	return n
}

// duplicate returns a key the object has more than once, or "".
func (o object) duplicate() string {
	seen := make(map[string]bool, len(o))
	for _, m := range o {
		if seen[m.key] {
			return m.key
		}
		seen[m.key] = true
	}
	return ""
}

// exactText reports whether the strings of a JSON text decode to exactly
// what they say: the bytes are valid UTF-8 and every \u escape of a
// surrogate is one half of a pair. Go's decoder, like JavaScript's
// encoder, turns anything else into U+FFFD.
func exactText(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		i++ // the escaped character
		if i >= len(b) || b[i] != 'u' {
			continue
		}
		r, ok := hex4(b[i+1:])
		if !ok {
			return false
		}
		i += 4
		switch {
		case r >= 0xdc00 && r <= 0xdfff:
			return false // a low half alone
		case r >= 0xd800 && r <= 0xdbff:
			if i+2 >= len(b) || b[i+1] != '\\' || b[i+2] != 'u' {
				return false
			}
			low, ok := hex4(b[i+3:])
			if !ok || low < 0xdc00 || low > 0xdfff {
				return false
			}
			i += 6
		}
	}
	return true
}

// hex4 reads the four hex digits that start b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(b[:4]), 16, 16)
	return rune(n), err == nil
}

// set replaces the value of key where it stands, or adds key at the end.
func (o *object) set(key string, v json.RawMessage) {
	for i := range *o {
		if (*o)[i].key == key {
			(*o)[i].value = v
			return
		}
	}
	*o = append(*o, member{key, v})
}

func (o *object) del(key string) {
	for i := range *o {
		if (*o)[i].key == key {
			*o = append((*o)[:i], (*o)[i+1:]...)
			return
		}
	}
}

// marshal writes the object compactly, leaving <, > and & as they are.
func (o object) marshal() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(jsonValue(m.key))
		b.WriteByte(':')
		if err := json.Compact(&b, m.value); err != nil {
			panic(fmt.Sprintf("object member %q: %v", m.key, err))
		}
	}
	b.WriteByte('}')
	return b.Bytes()
}

// jsonValue encodes v without escaping HTML characters, which settings
// files and commands are full of.
func jsonValue(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // only strings, slices and objects of them are encoded
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

// subObject returns the object under key, an empty one if key is absent,
// or an error if key holds something else.
func (o object) subObject(key string) (object, error) {
	v, ok := o.get(key)
	if !ok || string(v) == "null" {
		return object{}, nil
	}
	sub, err := parseObject(v)
	if err != nil {
		return nil, fmt.Errorf("has %q that is not an object", key)
	}
	return sub, nil
}

// array returns the elements of the array under key, none if key is
// absent, or an error if key holds something else.
func (o object) array(key string) ([]json.RawMessage, error) {
	v, ok := o.get(key)
	if !ok || string(v) == "null" {
		return nil, nil
	}
	var a []json.RawMessage
	if err := json.Unmarshal(v, &a); err != nil {
		return nil, fmt.Errorf("has %q that is not an array", key)
	}
	return a, nil
}

// arrayValue encodes elements as a JSON array.
func arrayValue(elems []json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('[')
	for i, e := range elems {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(e)
	}
	b.WriteByte(']')
	return b.Bytes()
}
