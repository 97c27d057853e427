package agent

import (
	"errors"
	"strconv"
	"strings"
)

// tomlLine is a line of the TOML that agents' settings and policies hold:
// a table's header, or a key and its value, which may span lines.
type tomlLine struct {
	header     string // "[table]" or "[[table]]" as written, for a header
	key, value string
}

// tomlLines splits src into table headers and key = value lines, leaving
// out blank lines and comments, and gathers an array or a string over the
// lines it spans. It fails on a line that is neither.
func tomlLines(src string) ([]tomlLine, error) {
	var out []tomlLine
	lines := strings.Split(src, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			out = append(out, tomlLine{header: line})
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			return nil, errors.New("not a key = value line")
		}
		value = strings.TrimSpace(value)
		if strings.HasPrefix(value, `"""`) || strings.HasPrefix(value, `'''`) {
			// A string over several lines, which may hold anything.
			quote := value[:3]
			for rest := value[3:]; !strings.Contains(rest, quote) && i+1 < len(lines); {
				i++
				rest = lines[i]
				value += "\n" + rest
			}
		}
		// An array may span lines: gather until its brackets balance.
		for strings.HasPrefix(value, "[") && !balanced(value) && i+1 < len(lines) {
			i++
			value += "\n" + lines[i]
		}
		out = append(out, tomlLine{key: strings.TrimSpace(key), value: value})
	}
	return out, nil
}

// balanced reports whether the brackets of a TOML array close, outside
// strings and comments.
func balanced(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '\'':
			q := s[i]
			for i++; i < len(s) && s[i] != q; i++ {
				if q == '"' && s[i] == '\\' {
					i++
				}
			}
		case '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case '[':
			depth++
		case ']':
			depth--
		}
	}
	return depth == 0
}

// tomlStrings returns the strings of a TOML value: one for a string, each
// for an array of strings, none for a number, boolean or inline table.
func tomlStrings(v string) ([]string, error) {
	var out []string
	inArray := strings.HasPrefix(v, "[")
	if inArray {
		v = v[1:]
	}
	for {
		v = strings.TrimLeft(v, " \t\r\n,")
		if strings.HasPrefix(v, "#") {
			_, v, _ = strings.Cut(v, "\n")
			continue
		}
		if v == "" || v[0] == ']' {
			return out, nil
		}
		switch {
		case strings.HasPrefix(v, `"""`) || strings.HasPrefix(v, `'''`):
			return nil, errors.New("policy: multi-line strings are not supported")
		case v[0] == '"':
			end := 1
			for end < len(v) && v[end] != '"' {
				if v[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(v) {
				return nil, errors.New("policy: unterminated string")
			}
			s, err := strconv.Unquote(v[:end+1])
			if err != nil {
				return nil, err
			}
			out = append(out, s)
			v = v[end+1:]
		case v[0] == '\'':
			end := strings.IndexByte(v[1:], '\'')
			if end < 0 {
				return nil, errors.New("policy: unterminated string")
			}
			out = append(out, v[1:1+end])
			v = v[end+2:]
		case !inArray:
			return out, nil // a number, boolean or inline table
		default:
			return nil, errors.New("policy: arrays of other than strings are not supported")
		}
		if !inArray {
			return out, nil
		}
	}
}
