package shape

import (
	"bytes"
	"fmt"
	"strconv"
)

// maxDiffPreamble is how many lines of free text (a patch's description, a
// command line) may come before the first file header of a diff. Commit
// headers and their messages do not count.
const maxDiffPreamble = 60

// maxDiffPlainPreamble is how many lines of free text may come before the
// first hunk of a normal or context diff, which lacks the file header a
// unified diff starts with: a test log quotes such diffs.
const maxDiffPlainPreamble = 2

// sniffDiff reports whether sample looks like diff output: a unified diff
// (`--- a` then `+++ b` then a hunk header), git diff, show or log -p output
// (commit headers first), diff -ruN output, a combined diff (diff --cc,
// @@@), diff -rq output, or diff's normal (3c3, < and >) and context (-c:
// ***, ---, ***************) forms. One `--- FAIL` line or a stray `+++` is
// not enough: a file header must be followed by what a diff puts after it,
// and the first file header must come before much other text does (a
// --stat's rows, one a file, are not text). Colours
// (git diff --color=always) and git log --graph's columns are read through.
func sniffDiff(sample []byte) (bool, string) {
	lines := bytes.Split(sample, []byte("\n"))
	graph, started := 0, false
	for i, l := range lines {
		if bytes.IndexByte(l, 0x1b) >= 0 {
			l = stripANSI(l)
		}
		if !started && len(bytes.TrimSpace(l)) > 0 {
			started, graph = true, GraphWidth(l)
		}
		if graph > 0 {
			if w := GraphWidth(l); w > 0 {
				graph = w
			}
			l = StripGraph(l, graph)
		}
		lines[i] = l
	}
	preamble, commits, brief := 0, 0, 0
	inCommit := false
	for i, l := range lines {
		l = bytes.TrimSuffix(l, []byte("\r"))
		switch {
		case isDiffCommit(l):
			inCommit = true
			commits++
			continue
		case inCommit && (len(l) == 0 || l[0] == ' ' || l[0] == '\t' || isDiffHeaderField(l)):
			continue
		}
		inCommit = false
		if why := diffPlainHunk(lines, i); why != "" && preamble <= maxDiffPlainPreamble {
			return true, why + fmt.Sprintf(" at line %d", i+1)
		}
		if why := diffFileHeader(lines, i); why != "" {
			if commits > 0 {
				why = fmt.Sprintf("%s after %d commit %s", why, commits, diffPlural(commits, "header", "headers"))
			}
			return true, why + fmt.Sprintf(" at line %d", i+1)
		}
		if isDiffBrief(l) {
			brief++
			continue
		}
		if len(bytes.TrimSpace(l)) == 0 || isDiffCommand(l) || bytes.HasPrefix(l, []byte("Common subdirectories: ")) {
			continue
		}
		if _, ok := parseDiffStatRow(l); ok {
			// git diff --stat -p and git show --stat list every file
			// before the first diff: no free text, however many.
			continue
		}
		preamble++
		if preamble > maxDiffPreamble {
			break
		}
	}
	if brief >= 2 && preamble == 0 {
		return true, fmt.Sprintf("%d lines of diff -rq output", brief)
	}
	return false, ""
}

// diffFileHeader returns what kind of file header starts at lines[i], or ""
// if none does.
func diffFileHeader(lines [][]byte, i int) string {
	next := func(k int) []byte { return diffLineAt(lines, i+k) }
	l := next(0)
	switch {
	case bytes.HasPrefix(l, []byte("diff --git ")):
		if isDiffGitExtended(next(1)) {
			return "a git diff header"
		}
	case bytes.HasPrefix(l, []byte("diff --cc ")) || bytes.HasPrefix(l, []byte("diff --combined ")):
		if isDiffGitExtended(next(1)) || isDiffHunkHeader(next(1)) {
			return "a combined diff header"
		}
	case bytes.HasPrefix(l, []byte("--- ")):
		if bytes.HasPrefix(next(1), []byte("+++ ")) && isDiffHunkHeader(next(2)) {
			return "a unified diff header (---, +++, @@)"
		}
	}
	return ""
}

// GraphWidth returns how wide the columns that git log --graph draws
// before a commit line are ("* ", "| * ", "*   "), or 0 if line is no
// commit line after such columns.
func GraphWidth(line []byte) int {
	i := 0
	for i < len(line) && bytes.IndexByte([]byte(graphChars), line[i]) >= 0 {
		i++
	}
	if i == 0 || bytes.IndexByte(line[:i], '*') < 0 || !isDiffCommit(line[i:]) {
		return 0
	}
	return i
}

// graphChars are what git log --graph draws its columns with.
const graphChars = "*|/\\_ "

// StripGraph returns line without the columns of git log --graph, width
// bytes wide after the last commit line: a row of the graph alone (|\,
// |/) is nothing.
func StripGraph(line []byte, width int) []byte {
	graphOnly := func(b []byte) bool { return len(bytes.Trim(b, graphChars)) == 0 }
	switch {
	case graphOnly(line):
		return line[:0]
	case len(line) >= width && graphOnly(line[:width]):
		return line[width:]
	}
	return line
}

// diffLineAt returns lines[i] without its carriage return, or nil past
// the last line.
func diffLineAt(lines [][]byte, i int) []byte {
	if i < len(lines) {
		return bytes.TrimSuffix(lines[i], []byte("\r"))
	}
	return nil
}

// diffGitExtended are the lines git writes after `diff --git`.
var diffGitExtended = [][]byte{
	[]byte("index "), []byte("old mode "), []byte("new mode "), []byte("deleted file mode "),
	[]byte("new file mode "), []byte("similarity index "), []byte("dissimilarity index "),
	[]byte("rename from "), []byte("copy from "), []byte("--- "), []byte("Binary files "),
	[]byte("mode "), []byte("GIT binary patch"),
}

func isDiffGitExtended(l []byte) bool {
	for _, p := range diffGitExtended {
		if bytes.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// isDiffHunkHeader reports whether l is a hunk header with line numbers:
// `@@ -1,3 +1,4 @@` or, in a combined diff, `@@@ -1,3 -1,3 +1,4 @@@`.
func isDiffHunkHeader(l []byte) bool {
	ats := 0
	for ats < len(l) && l[ats] == '@' {
		ats++
	}
	if ats < 2 || ats >= len(l) || l[ats] != ' ' {
		return false
	}
	fields := bytes.Fields(l[ats:])
	if len(fields) < ats+1 {
		return false
	}
	for k, f := range fields[:ats] {
		sign := byte('-')
		if k == ats-1 {
			sign = '+'
		}
		if !isDiffRange(f, sign) {
			return false
		}
	}
	return bytes.Equal(fields[ats], l[:ats])
}

// isDiffRange reports whether f is a hunk range such as -12,7 or +3.
func isDiffRange(f []byte, sign byte) bool {
	if len(f) < 2 || f[0] != sign {
		return false
	}
	start, count, comma := f[1:], []byte(nil), bytes.IndexByte(f, ',')
	if comma >= 0 {
		start, count = f[1:comma], f[comma+1:]
		if _, err := strconv.ParseUint(string(count), 10, 31); err != nil {
			return false
		}
	}
	_, err := strconv.ParseUint(string(start), 10, 31)
	return err == nil
}

// isDiffCommit reports whether l starts a commit in git log or git show
// output (`commit` and a hash) or in git format-patch output (`From` and a
// hash).
func isDiffCommit(l []byte) bool {
	var rest []byte
	switch {
	case bytes.HasPrefix(l, []byte("commit ")):
		rest = l[len("commit "):]
	case bytes.HasPrefix(l, []byte("From ")):
		rest = l[len("From "):]
	default:
		return false
	}
	n := 0
	for n < len(rest) && isDiffHex(rest[n]) {
		n++
	}
	return n >= 7 && (n == len(rest) || rest[n] == ' ')
}

func isDiffHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f'
}

// isDiffHeaderField reports whether l is a `Key: value` line of a commit
// header (Author:, Date:, Merge:, Subject: ...).
func isDiffHeaderField(l []byte) bool {
	colon := bytes.IndexByte(l, ':')
	if colon < 1 || colon > 20 || (colon+1 < len(l) && l[colon+1] != ' ') {
		return false
	}
	for _, c := range l[:colon] {
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || c == '-') {
			return false
		}
	}
	return true
}

// isDiffBrief reports whether l is a line of diff -rq or diff -r output
// that names files rather than showing their lines.
func isDiffBrief(l []byte) bool {
	if bytes.HasPrefix(l, []byte("Only in ")) && bytes.Contains(l, []byte(": ")) {
		return true
	}
	return (bytes.HasPrefix(l, []byte("Files ")) || bytes.HasPrefix(l, []byte("Binary files "))) &&
		bytes.HasSuffix(l, []byte(" differ"))
}

func diffPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// diffPlainHunk returns what kind of hunk of diff's normal or context form
// starts at lines[i], or "" if none does. A normal hunk's lines must be as
// many as its command says; a context diff starts with its file header.
func diffPlainHunk(lines [][]byte, i int) string {
	next := func(k int) []byte { return diffLineAt(lines, i+k) }
	l := next(0)
	if old, new, op, ok := ParseDiffCommand(l); ok {
		k := 1
		// side reads n lines of one side, and the "\ No newline at end
		// of file" after the last.
		side := func(n int, sign byte) bool {
			for end := k + n; k < end; k++ {
				if !DiffSide(next(k), sign) {
					return false
				}
			}
			if n > 0 && bytes.HasPrefix(next(k), []byte(`\ `)) {
				k++
			}
			return true
		}
		if !side(old, '<') {
			return ""
		}
		if op == 'c' {
			if string(next(k)) != "---" {
				return ""
			}
			k++
		}
		if !side(new, '>') {
			return ""
		}
		return "a normal diff hunk (" + string(l) + ")"
	}
	if bytes.HasPrefix(l, []byte("*** ")) && bytes.HasPrefix(next(1), []byte("--- ")) && DiffStars(next(2)) {
		return "a context diff header (***, ---, ***************)"
	}
	return ""
}

// ParseDiffCommand reads the command that starts a hunk of diff's normal
// form, `5,7c8`: lines 5 to 7 changed into line 8, `3a4,5` added, `9d8`
// deleted. It returns how many lines of each side follow, and the letter.
func ParseDiffCommand(l []byte) (old, new int, op byte, ok bool) {
	at := bytes.IndexAny(l, "acd")
	if at <= 0 || at == len(l)-1 {
		return 0, 0, 0, false
	}
	old, ok1 := DiffLineRange(l[:at])
	new, ok2 := DiffLineRange(l[at+1:])
	if !ok1 || !ok2 {
		return 0, 0, 0, false
	}
	op = l[at]
	switch op {
	case 'a':
		old = 0
	case 'd':
		new = 0
	}
	return old, new, op, true
}

// DiffLineRange returns how many lines a range of the normal form, 5 or
// 5,7, spans.
func DiffLineRange(r []byte) (int, bool) {
	first, last, comma := r, r, bytes.IndexByte(r, ',')
	if comma >= 0 {
		first, last = r[:comma], r[comma+1:]
	}
	a, err1 := strconv.ParseUint(string(first), 10, 31)
	b, err2 := strconv.ParseUint(string(last), 10, 31)
	if err1 != nil || err2 != nil || b < a {
		return 0, false
	}
	return int(b-a) + 1, true
}

// DiffSide reports whether l is a line of a hunk of diff's normal or
// context form that starts with sign: the sign, a space and the line, or
// the sign alone for an empty line (`< `, `> `; `! `, `+ `, `- `, `  `).
func DiffSide(l []byte, sign byte) bool {
	return len(l) > 0 && l[0] == sign && (len(l) == 1 || l[1] == ' ')
}

// DiffStars reports whether l is the line of stars that starts a hunk of
// a context diff.
func DiffStars(l []byte) bool {
	return len(l) >= 7 && len(bytes.Trim(l, "*")) == 0
}

// isDiffCommand reports whether l is the line diff -r writes before the
// lines of a pair of files it compared: `diff -r a/x b/x`.
func isDiffCommand(l []byte) bool {
	return bytes.HasPrefix(l, []byte("diff ")) && len(bytes.Fields(l)) >= 3
}
