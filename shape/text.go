package shape

import (
	"bytes"
	"fmt"
	"unicode"
)

// Some outputs have forms of their own that no reducer reads, and would be
// misread by the sniffers of forms they resemble: diff's side-by-side
// output (diff -y) holds source code as an outline does, and its ed
// scripts (diff -e) hold it between commands. They are text.

// minGutter is the least column diff -y's gutter is at: the left column of
// the narrowest output anyone reads. Borders drawn at the left edge, as
// pydoc's " |  ", are no gutter.
const minGutter = 16

// sideMark reports whether the expanded line b holds a gutter's mark at
// column i (| for a changed line, < for a line only on the left, > for
// one only on the right), with spaces around it and what the mark says on
// either side: text on the left alone for <, on the right alone for >.
// first and last are the columns of b's first and last byte that is not
// white space, found once for the line, as each of its columns is asked.
func sideMark(b []byte, i, first, last int) bool {
	c := b[i]
	if c != '|' && c != '<' && c != '>' || b[i-1] != ' ' || i+1 < len(b) && b[i+1] != ' ' {
		return false
	}
	left, right := first < i, last > i
	switch c {
	case '<':
		return left && !right
	case '>':
		return !left && right
	}
	return left || right
}

// SideBySideRow reports whether a line, read alone, is a row that diff -y
// (or sdiff) marks as changed: a '|', '<' or '>' after a blank at column
// minGutter or further (tabs every 8), padded as diff pads it, with tabs
// or with -t's spaces. Without other rows to agree on the gutter's column,
// it asks more of the mark than sideMark does: a tab or two spaces after a
// '|', then text that is no --stat count; nothing after a '<'; nothing
// before a '>'. A '|' with nothing after it, the line changed to a
// blank one, takes a tab or two blanks before it and no bar between
// blanks before those, as a table's last bar has. It reads the line as it
// is, with no copy, as a reducer does every line of a text.
func SideBySideRow(b []byte) bool { return SideBySideMark(b) != 0 }

// SideBySideMark returns the mark of a row SideBySideRow reads as one
// that diff -y marks as changed, or 0.
func SideBySideMark(b []byte) byte {
	col, blanks, text := 0, 0, false
	bar := false // a bar between blanks so far
	for i, c := range b {
		switch c {
		case '\t':
			col = col/8*8 + 8
			blanks += 2
			continue
		case ' ':
			col++
			blanks++
			continue
		case '|', '<', '>':
			if blanks == 0 || col < minGutter {
				break
			}
			rest := b[i+1:]
			end := len(bytes.TrimSpace(rest)) == 0
			apart := len(rest) > 0 && rest[0] == '\t' || bytes.HasPrefix(rest, []byte("  "))
			switch {
			case c == '<' && end && !sameSides(b[:i+1]),
				c == '|' && apart && !end && !diffStatCount(bytes.TrimSpace(rest)),
				c == '|' && end && text && blanks >= 2 && !bar,
				c == '>' && !text && (apart || end):
				return c
			}
		}
		if c == '|' && (blanks > 0 || i == 0) && (i+1 == len(b) || b[i+1] == ' ') {
			bar = true
		}
		col++
		blanks = 0
		text = true
	}
	return 0
}

// sameSides reports whether a row of diff -y is its right column's text
// after the same text on the left, as an unchanged row is: both columns
// are cut at the same width, so a line of code cut after its "<" ends as
// a row marked '<' does, but shows the same text twice.
func sameSides(b []byte) bool {
	// Each column's indentation runs into the padding before it, so the
	// texts compared start at their first non-blank.
	left := bytes.TrimLeft(b, " \t")
	start := len(b) - len(left)
	pad := start // where the run of blanks before b[j] starts
	for j := start + 1; j < len(b); j++ {
		if !isBlank(b[j-1]) {
			continue
		}
		if !isBlank(b[j-2]) {
			pad = j - 1
		}
		if isBlank(b[j]) {
			continue
		}
		// The left copy must end in the padding: what lies between
		// the copies is blank.
		end := start + len(b) - j
		if pad <= end && end <= j && bytes.HasPrefix(left, b[j:]) {
			return true
		}
	}
	return false
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// sniffSideBySide reports whether sample is diff -y's output: the two files
// in columns, with a gutter between them at one column that marks changed
// lines, and unchanged lines that show the same text on either side. A
// row of git diff --stat holds no mark. Tabs
// are read at eight columns, as diff lays the columns out with them.
func sniffSideBySide(sample []byte) (bool, string) {
	var (
		buf   []byte
		marks = map[int]int{} // lines by the column of a mark in them
	)
	lines := 0
	for line := range sampleLines(sample) {
		buf = expandTabs(buf[:0], line)
		if len(bytes.TrimSpace(buf)) == 0 {
			continue
		}
		lines++
		if _, ok := parseDiffStatRow(line); ok {
			// git diff --stat pads its paths to one bar, as diff -y
			// pads its left column to the gutter; a count after the
			// bar makes the row a file's, with no mark.
			continue
		}
		first := len(buf) - len(bytes.TrimLeftFunc(buf, unicode.IsSpace))
		last := len(bytes.TrimRightFunc(buf, unicode.IsSpace)) - 1
		for i := minGutter; i < len(buf); i++ {
			if sideMark(buf, i, first, last) {
				marks[i]++
			}
		}
	}
	gutter, marked := 0, 0
	for col, n := range marks {
		if n > marked || n == marked && col < gutter {
			gutter, marked = col, n
		}
	}
	if marked < 2 || lines < 3 {
		return false, ""
	}
	same := 0
	for line := range sampleLines(sample) {
		buf = expandTabs(buf[:0], line)
		if len(buf) <= gutter+1 || buf[gutter] != ' ' || buf[gutter-1] != ' ' {
			continue
		}
		l := bytes.TrimSpace(buf[:gutter])
		r := bytes.TrimSpace(buf[gutter+1:])
		if len(l) > 0 && len(r) > 0 && (bytes.HasPrefix(l, r) || bytes.HasPrefix(r, l)) {
			same++
		}
	}
	if (marked+same)*4 < lines*3 {
		return false, ""
	}
	ruled := 0 // lines with two bars or more between blanks
	for line := range sampleLines(sample) {
		if bytes.Count(line, []byte(" | ")) >= 2 {
			ruled++
		}
	}
	if ruled*4 >= lines*3 {
		// A table ruled into columns by bars (apt-cache madison, python
		// -X importtime) has two rules or more on a line; diff -y has
		// one gutter.
		return false, ""
	}
	return true, fmt.Sprintf("%d of %d lines are two files side by side with a gutter at column %d, as diff -y prints them", marked+same, lines, gutter+1)
}

// expandTabs appends line to buf with its tabs expanded to stops eight
// columns apart.
func expandTabs(buf, line []byte) []byte {
	start := len(buf)
	for _, c := range line {
		if c != '\t' {
			buf = append(buf, c)
			continue
		}
		buf = append(buf, ' ')
		for (len(buf)-start)%8 != 0 {
			buf = append(buf, ' ')
		}
	}
	return buf
}

// sniffEdScript reports whether sample is an ed script as diff -e prints
// one: commands (5c, 12,14d, 7a) from the last line of the file up, each
// a or c followed by the new lines and a line holding a dot.
func sniffEdScript(sample []byte) (bool, string) {
	cmds, last := 0, -1
	text := false
	for line := range sampleLines(sample) {
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if text {
			text = string(line) != "."
			continue
		}
		n, c, ok := edCommand(line)
		if !ok || last >= 0 && n >= last {
			return false, ""
		}
		last = n
		cmds++
		text = c != 'd'
	}
	if cmds < 2 {
		return false, ""
	}
	return true, fmt.Sprintf("%d commands of an ed script, from the end of the file up, as diff -e prints them", cmds)
}

// edCommand takes apart a command of an ed script: a line number, perhaps
// a second one after a comma, and a, c or d.
func edCommand(line []byte) (int, byte, bool) {
	n, i := digits(line, 0)
	if i == 0 || line[0] == '0' && n > 0 {
		return 0, 0, false
	}
	if i < len(line) && line[i] == ',' {
		if _, j := digits(line, i+1); j > i+1 {
			i = j
		} else {
			return 0, 0, false
		}
	}
	if i != len(line)-1 || bytes.IndexByte([]byte("acd"), line[i]) < 0 {
		return 0, 0, false
	}
	return n, line[i], true
}
