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

// sniffDiff reports whether sample looks like diff output: a unified diff
// (`--- a` then `+++ b` then a hunk header), git diff, show or log -p output
// (commit headers first), diff -ruN output, a combined diff (diff --cc,
// @@@) or diff -rq output. One `--- FAIL` line or a stray `+++` is not
// enough: a file header must be followed by what a diff puts after it, and
// the first file header must come before much other text does.
func sniffDiff(sample []byte) (bool, string) {
	lines := bytes.Split(sample, []byte("\n"))
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
		if len(bytes.TrimSpace(l)) == 0 {
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
	next := func(k int) []byte {
		if i+k < len(lines) {
			return bytes.TrimSuffix(lines[i+k], []byte("\r"))
		}
		return nil
	}
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
