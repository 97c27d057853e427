package agent

import (
	"errors"
	"path"
	"strings"
)

// word is one shell word of a command line.
type word struct {
	raw   string // as written
	value string // with quotes and backslashes removed
	start int    // byte offset of raw in the line
	// plain is set when the word means what it says: no quotes, escapes,
	// expansions or glob characters.
	plain bool
	// assign is set when the word is a variable assignment (NAME=value).
	assign bool
}

// maxCommand bounds the command lines worth looking at; anything longer is
// a script, not a command.
const maxCommand = 4096

// splitSimple splits a command line into words if it is a single simple
// command: no pipes, lists, redirections, subshells, command substitutions
// or here-documents, and on one line. Such a command means the same when
// "headroom run --" is put before its first word after any assignments:
// the shell expands every word as before and headroom runs the result. A
// comment at the end is dropped. Anything else gets an error saying why it
// was refused.
func splitSimple(line string) ([]word, error) {
	if len(line) > maxCommand {
		return nil, errors.New("is too long")
	}
	if strings.ContainsAny(line, "\n\r") {
		return nil, errors.New("spans lines")
	}
	var (
		words []word
		cur   *word
		b     strings.Builder
	)
	end := func() {
		if cur != nil {
			cur.value = b.String()
			words = append(words, *cur)
			cur = nil
			b.Reset()
		}
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == ' ' || c == '\t' {
			if cur != nil {
				cur.raw = line[cur.start:i]
			}
			end()
			continue
		}
		if cur == nil {
			if c == '#' {
				break // a comment runs to the end of the line
			}
			cur = &word{start: i, plain: true}
		}
		switch c {
		case '|':
			return nil, errors.New("pipes its output to another program")
		case '<', '>':
			return nil, errors.New("redirects input or output")
		case '&', ';':
			return nil, errors.New("is a list of commands")
		case '(', ')':
			return nil, errors.New("has a subshell")
		case '`':
			return nil, errors.New("has a command substitution")
		case '$':
			if i+1 < len(line) && line[i+1] == '(' {
				return nil, errors.New("has a command substitution")
			}
			cur.plain = false
			b.WriteByte(c)
		case '\\':
			if i+1 == len(line) {
				return nil, errors.New("ends with a backslash")
			}
			i++
			cur.plain = false
			b.WriteByte(line[i])
		case '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("has an unterminated quote")
			}
			cur.plain = false
			b.WriteString(line[i+1 : i+1+j])
			i += 1 + j
		case '"':
			n, err := doubleQuoted(line[i+1:], &b)
			if err != nil {
				return nil, err
			}
			cur.plain = false
			i += n
		case '=':
			if cur.plain && isName(line[cur.start:i]) && !cur.assign {
				cur.assign = true
			}
			b.WriteByte(c)
		case '*', '?', '[', ']', '{', '}':
			cur.plain = false
			b.WriteByte(c)
		case '~':
			if i == cur.start {
				cur.plain = false
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	if cur != nil {
		cur.raw = line[cur.start:]
	}
	end()
	// An assignment is only one when it comes before the command's name.
	for i := range words {
		if !words[i].assign {
			for j := i + 1; j < len(words); j++ {
				words[j].assign = false
			}
			break
		}
	}
	return words, nil
}

// doubleQuoted reads the inside of a double-quoted string up to its closing
// quote, writing its value to b, and returns how many bytes it used, the
// closing quote included.
func doubleQuoted(s string, b *strings.Builder) (int, error) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			return i + 1, nil
		case '`':
			return 0, errors.New("has a command substitution")
		case '$':
			if i+1 < len(s) && s[i+1] == '(' {
				return 0, errors.New("has a command substitution")
			}
			b.WriteByte(c)
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
		default:
			b.WriteByte(c)
		}
	}
	return 0, errors.New("has an unterminated quote")
}

// isName reports whether s is a shell variable name.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range []byte(s) {
		letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// commandStart returns the index of the command's name among words: the
// first word that is not an assignment, or -1 when there is none.
func commandStart(words []word) int {
	for i, w := range words {
		if !w.assign {
			return i
		}
	}
	return -1
}

// values returns the unquoted values of words.
func values(words []word) []string {
	v := make([]string, len(words))
	for i, w := range words {
		v[i] = w.value
	}
	return v
}

// program returns the name a command word runs, without its directory:
// "./node_modules/.bin/jest" runs jest.
func program(name string) string {
	return path.Base(name)
}
