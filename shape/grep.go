package shape

import (
	"bytes"
	"fmt"
	"strconv"
)

// GrepForm is what a line of search output is.
type GrepForm uint8

// The forms of a line of search output.
const (
	// GrepOther is a line that is no search output: a tool's error, a
	// summary, anything else.
	GrepOther GrepForm = iota
	// GrepBlank is an empty line, which ends a --heading group.
	GrepBlank
	// GrepSeparator is the "--" between groups of context lines.
	GrepSeparator
	// GrepMatch is a matching line: path:line:text, path:line:col:text,
	// path:text, or line:text under a --heading.
	GrepMatch
	// GrepContext is a context line: path-line-text, or line-text under a
	// --heading.
	GrepContext
	// GrepCount is path:count, as grep -c prints.
	GrepCount
	// GrepPath is a bare path: an entry of a -l or find list, or a
	// --heading.
	GrepPath
	// GrepBinary is a notice that a binary file matches.
	GrepBinary
)

// GrepLine is one line of search output taken apart.
type GrepLine struct {
	Form GrepForm
	// Path is the file the line names, a slice of the line; nil when the
	// line names none (under a --heading, or grep -n on one file).
	Path []byte
	// Num is the line number from 1, or 0 when the line has none; for
	// GrepCount it is the count.
	Num int
	// Col is the column from 1, or 0 when the line has none.
	Col int
	// Text is the offset in the line where the matched or context text
	// starts.
	Text int
	// Strong is set when Path is clearly a path: it holds a separator or
	// ends in a file extension.
	Strong bool
}

// maxPath is the longest prefix taken for a path.
const maxPath = 4096

// ParseGrepLine takes a line of search output apart. prev is the path of the
// line before, if any: a line that starts with it is taken to name the same
// file, which settles paths holding spaces, dashes or digits.
func ParseGrepLine(line, prev []byte) GrepLine {
	line = bytes.TrimSuffix(line, []byte{'\r'})
	if g := parseGrepLine(line, prev); g.Form != GrepOther {
		return g
	}
	return parseRevision(line)
}

// parseGrepLine is ParseGrepLine but for git grep's search of a revision.
func parseGrepLine(line, prev []byte) GrepLine {
	switch {
	case len(line) == 0:
		return GrepLine{Form: GrepBlank}
	case string(line) == "--":
		return GrepLine{Form: GrepSeparator}
	}
	if i := bytes.IndexByte(line, 0); i >= 0 {
		return parseNULPath(line, i)
	}
	if g, ok := parseBinary(line); ok {
		return g
	}
	if len(prev) > 0 && len(line) > len(prev) && bytes.HasPrefix(line, prev) {
		if g, ok := afterPath(line, len(prev), true); ok && !ioError(line, g) {
			g.Strong = true
			return g
		}
	}
	if envAssignment(line) {
		// env, printenv, export: NAME=/a/path:/another is no path.
		return GrepLine{Form: GrepOther}
	}
	if g, ok := parsePrefixed(line); ok {
		if ioError(line, g) {
			return GrepLine{Form: GrepOther}
		}
		return g
	}
	if ok, strong := barePath(line); ok {
		return GrepLine{Form: GrepPath, Path: line, Strong: strong}
	}
	if g, ok := ParseGrepNumbered(line); ok {
		return g
	}
	return GrepLine{Form: GrepOther}
}

// parseRevision reads a line that is no search output as it stands as git
// grep's search of a revision prints it: the revision and a colon before
// the path, "v1.2:src/a.go:12:text". The revision is taken as part of the
// path, as git grep -l prints it alone; the path is relative, so a URL
// (https://host/a:8080) is none. A line that is not one is GrepOther.
func parseRevision(line []byte) GrepLine {
	i := bytes.IndexByte(line, ':')
	if i <= 0 || i > 256 || bytes.ContainsAny(line[:i], " \t\\") || i+1 < len(line) && line[i+1] == '/' {
		return GrepLine{Form: GrepOther}
	}
	sub := parseGrepLine(line[i+1:], nil)
	switch sub.Form {
	case GrepMatch, GrepContext, GrepCount:
		if sub.Num == 0 || !sub.Strong || len(sub.Path) == 0 {
			return GrepLine{Form: GrepOther}
		}
	default:
		return GrepLine{Form: GrepOther}
	}
	sub.Path = line[:i+1+len(sub.Path)]
	sub.Text += i + 1
	return sub
}

// ioError reports whether a line that reads as path:text is ripgrep's
// complaint about a path it could not read, which names the path the way
// a match without a line number does:
//
//	/nonexistent-dir: No such file or directory (os error 2)
//	/nonexistent-dir: IO error for operation on /nonexistent-dir: No such file or directory (os error 2)
//
// ripgrep 14 and later begin the line with "rg: ". A match is taken for
// one only if it has no line number, its text starts with a space and
// ends with Rust's "(os error N)".
func ioError(line []byte, g GrepLine) bool {
	if g.Form != GrepMatch || g.Num != 0 || g.Text >= len(line) || line[g.Text] != ' ' {
		return false
	}
	rest, ok := bytes.CutSuffix(line[g.Text:], []byte(")"))
	if !ok {
		return false
	}
	i := bytes.LastIndex(rest, []byte(" (os error "))
	if i < 0 {
		return false
	}
	code := rest[i+len(" (os error "):]
	return len(code) > 0 && allDigits(code)
}

// ParseGrepNumbered takes apart a line that starts with a line number, as
// lines under a --heading do: line:text, line:col:text or line-text, or
// line=text, git grep -p's line of the function a match is in, read as
// context.
func ParseGrepNumbered(line []byte) (GrepLine, bool) {
	line = bytes.TrimSuffix(line, []byte{'\r'})
	n, i := digits(line, 0)
	if i == 0 || i == len(line) || (line[i] != ':' && line[i] != '-' && line[i] != '=') || line[0] == '0' {
		// Line numbers start at 1 and have no leading zeros; offsets in a
		// hex dump (xxd's 00000010:) do.
		return GrepLine{}, false
	}
	g := GrepLine{Form: GrepMatch, Num: n, Text: i + 1}
	if line[i] == '=' {
		g.Form = GrepContext
		return g, true
	}
	if line[i] == '-' {
		// 2025-06-24 is a date, not line 2025 of a file.
		if _, j := digits(line, i+1); j > i+1 && j < len(line) && line[j] == '-' {
			return GrepLine{}, false
		}
		g.Form = GrepContext
		return g, true
	}
	if c, j := digits(line, i+1); j > i+1 && j < len(line) && line[j] == ':' {
		g.Col, g.Text = c, j+1
	}
	return g, true
}

// parseNULPath takes apart a line whose path ends at the NUL byte at i, as
// grep -Z and rg -0 print it: path\0line:text, path\0line-text,
// path\0count (with -c) or path\0text (without -n).
func parseNULPath(line []byte, i int) GrepLine {
	p := line[:i]
	ok, strong := pathPrefix(p)
	if !ok {
		return GrepLine{Form: GrepOther}
	}
	rest := line[i+1:]
	if g, ok := ParseGrepNumbered(rest); ok {
		g.Path, g.Text, g.Strong = p, g.Text+i+1, strong
		return g
	}
	if n, j := digits(rest, 0); j > 0 && j == len(rest) {
		return GrepLine{Form: GrepCount, Path: p, Num: n, Text: len(line), Strong: strong}
	}
	return GrepLine{Form: GrepMatch, Path: p, Text: i + 1, Strong: strong}
}

// nulPaths reports whether every NUL byte of w ends a clear path at the
// start of its line, one to a line, as in the output of grep -Z and rg -0:
// search output, not binary data.
func nulPaths(w []byte) bool {
	for len(w) > 0 {
		line := w
		if j := bytes.IndexByte(w, '\n'); j >= 0 {
			line, w = w[:j], w[j+1:]
		} else {
			w = nil
		}
		i := bytes.IndexByte(line, 0)
		if i < 0 {
			continue
		}
		if bytes.IndexByte(line[i+1:], 0) >= 0 {
			return false
		}
		if _, strong := pathPrefix(line[:i]); !strong {
			return false
		}
	}
	return true
}

// parseBinary recognises the notices grep and rg print for a binary file
// that matches.
func parseBinary(line []byte) (GrepLine, bool) {
	const rg = "binary file matches (found "
	if p, ok := between(line, "Binary file ", " matches"); ok {
		return GrepLine{Form: GrepBinary, Path: p, Strong: true}, true
	}
	if p, ok := between(line, "grep: ", ": binary file matches"); ok {
		return GrepLine{Form: GrepBinary, Path: p, Strong: true}, true
	}
	if bytes.HasPrefix(line, []byte(rg)) {
		return GrepLine{Form: GrepBinary}, true
	}
	if i := bytes.Index(line, []byte(": "+rg)); i > 0 {
		return GrepLine{Form: GrepBinary, Path: line[:i], Strong: true}, true
	}
	return GrepLine{}, false
}

// between returns what line holds between prefix and suffix, if it starts
// and ends with them and holds something between.
func between(line []byte, prefix, suffix string) ([]byte, bool) {
	if len(line) <= len(prefix)+len(suffix) || !bytes.HasPrefix(line, []byte(prefix)) || !bytes.HasSuffix(line, []byte(suffix)) {
		return nil, false
	}
	return line[len(prefix) : len(line)-len(suffix)], true
}

// parsePrefixed finds where a path ends in a line that starts with one: at
// the first ":line:", "-line-" or "=line=" whose prefix can be a path, or
// else at the first colon after a clear path (path:text, as grep -r prints
// without -n).
func parsePrefixed(line []byte) (GrepLine, bool) {
	start := 0
	if drive(line) {
		start = 2
	}
	sep := false // a separator before i
	tries := 0   // "-line-" and "=line=" read as a path's end, in vain
	for i := start; i < len(line) && i <= maxPath; i++ {
		c := line[i]
		if c == '\t' {
			return GrepLine{}, false
		}
		if c == '/' || c == '\\' {
			sep = true
		}
		if c != ':' && c != '-' && c != '=' {
			continue
		}
		at := numAt(line, i)
		_, j := digits(line, at)
		numbered := j > at && (j == len(line) && at == i+1 || j < len(line) && line[j] == c)
		// A context line's prefix must end in an extension, or hold a
		// separator before "=": tell so first, without reading the whole
		// prefix again at each "-2-" of a line that holds many, and read
		// it again at no more than maxContextTries of them.
		if numbered && (c == ':' || tries < maxContextTries && (endsInExt(line[:i]) || c == '=' && sep)) {
			ok, strong := numberedPathPrefix(line[:i])
			// Paths may hold "-2-" (v1-2-3/); a context line's path is
			// believed only if it ends in a file name with an extension.
			// git grep -p heads a match's function with path=line=text,
			// believed after a clear path.
			if ok && (c == ':' || hasExt(lastSegment(line[:i])) || c == '=' && strong) {
				if g, ok := afterPath(line, i, false); ok {
					g.Strong = strong
					return g, true
				}
			}
			tries++
		}
		if c == ':' {
			// A path holds no colon: this one ends it, numbered or not.
			// Without a line number, spaces are believed only in a path
			// with a separator: "INFO main.go: started" is a log line.
			// Two colons join names (pytest's test_m.py::test_ok), and
			// a match that starts with a colon is rare.
			p := line[:i]
			if i+1 < len(line) && line[i+1] == ':' {
				return GrepLine{}, false
			}
			if ok, strong := pathPrefix(p); ok && strong && (!bytes.ContainsRune(p, ' ') || bytes.ContainsAny(p, `/\`)) {
				return GrepLine{Form: GrepMatch, Path: p, Text: i + 1, Strong: true}, true
			}
			return GrepLine{}, false
		}
	}
	return GrepLine{}, false
}

// afterPath parses what follows a path that ends at i: ":line:text",
// ":line:col:text", "-line-text", "=line=text" (git grep -p's function
// line, read as context), ":count" or, if loose, ":text".
func afterPath(line []byte, i int, loose bool) (GrepLine, bool) {
	if i >= len(line) {
		return GrepLine{}, false
	}
	p := line[:i]
	c := line[i]
	at := numAt(line, i)
	n, j := digits(line, at)
	switch {
	case c == ':' && j > i+1 && j == len(line) && at == i+1:
		return GrepLine{Form: GrepCount, Path: p, Num: n, Text: j}, true
	case c == ':' && j > at && j < len(line) && line[j] == ':':
		g := GrepLine{Form: GrepMatch, Path: p, Num: n, Text: j + 1}
		if col, k := digits(line, j+1); k > j+1 && k < len(line) && line[k] == ':' {
			g.Col, g.Text = col, k+1
		}
		return g, true
	case (c == '-' || c == '=') && j > at && j < len(line) && line[j] == c:
		// git grep -p and -W mark the line that opens the function
		// around a match with "=": path=line=text.
		return GrepLine{Form: GrepContext, Path: p, Num: n, Text: j + 1}, true
	case c == ':' && loose:
		return GrepLine{Form: GrepMatch, Path: p, Text: i + 1}, true
	}
	return GrepLine{}, false
}

// MaybeContext reports whether line may be a context line of a file whose
// name has no extension (path-line-text, or path=line=text as git grep -p
// and -W head a function), which parsing alone does not believe: paths hold
// "-2-" (v1-2-3/). A match of the same path, which follows the context lines
// before it, tells (see ContextOf).
func MaybeContext(line []byte) bool {
	tries := 0
	for i := 1; i < len(line) && i <= maxPath; i++ {
		switch c := line[i]; c {
		case ':', '\t':
			return false
		case '-', '=':
			at := numAt(line, i)
			if _, j := digits(line, at); j > at && j < len(line) && line[j] == c {
				if ok, _ := pathPrefix(line[:i]); ok {
					return true
				}
				if tries++; tries == maxContextTries {
					return false
				}
			}
		}
	}
	return false
}

// maxContextTries is how many "-line-" in a line MaybeContext tries as the
// end of a path: a path holds few, and each try reads the path again.
const maxContextTries = 8

// ContextOf takes line apart as a context line of the file at path,
// path-line-text or path=line=text, and reports false if it is not one.
func ContextOf(line, path []byte) (GrepLine, bool) {
	if len(path) == 0 || !bytes.HasPrefix(line, path) {
		return GrepLine{}, false
	}
	g, ok := afterPath(line, len(path), false)
	if !ok || g.Form != GrepContext {
		return GrepLine{}, false
	}
	_, g.Strong = pathPrefix(path)
	return g, true
}

// numAt returns where the line number after the separator at i starts:
// past the spaces grep -T pads it with, if the number and the separator
// again follow them, then a tab or the end of the line (path:  29:\ttext,
// path-  30-). Logs pad no numbers so.
func numAt(line []byte, i int) int {
	k := i + 1
	for k < len(line) && line[k] == ' ' {
		k++
	}
	if k == i+1 {
		return k
	}
	if _, j := digits(line, k); j > k && j < len(line) && line[j] == line[i] && (j+1 == len(line) || line[j+1] == '\t') {
		return k
	}
	return i + 1
}

// digits reads a decimal number at b[i:] and returns it and the index after
// it; numbers too long to be line numbers are not read.
func digits(b []byte, i int) (int, int) {
	n, j := 0, i
	for j < len(b) && j-i < 10 && '0' <= b[j] && b[j] <= '9' {
		n = n*10 + int(b[j]-'0')
		j++
	}
	if j < len(b) && '0' <= b[j] && b[j] <= '9' {
		return 0, i
	}
	return n, j
}

// drive reports whether b starts with a Windows drive letter and a
// separator, as in C:\src or C:/src.
func drive(b []byte) bool {
	return len(b) >= 3 && isLetter(b[0]) && b[1] == ':' && (b[2] == '\\' || b[2] == '/')
}

// pathPrefix reports whether p, the part of a line before ":line:", can be a
// path, and whether it clearly is one.
func pathPrefix(p []byte) (ok, strong bool) {
	if len(p) == 0 || len(p) > maxPath || !pathStart(p[0]) {
		return false, false
	}
	rest := p
	if drive(p) {
		rest = p[2:]
	}
	sep := false
	for _, c := range rest {
		switch {
		case c < ' ' || c == 0x7f || c == ':':
			return false, false
		case c == '/' || c == '\\':
			sep = true
		}
	}
	strong = sep || hasExt(lastSegment(p))
	if i := bytes.LastIndexByte(p, ' '); i >= 0 {
		// "Jan 02 12:34:56" and "2024/01/02 12:34:56" end in a number
		// after a space; real paths with spaces end in a file name.
		if allDigits(p[i+1:]) || !strong {
			return false, false
		}
	}
	if strong {
		return !allDigits(p), true
	}
	return weakName(p) || variantName(p), false
}

// WeakMatch returns the name of a line that may be grep's path:text of a
// file whose name has no extension (grep X * in a directory of scripts:
// "pip3:import re"), and whether it may be one. Parsing alone does not
// believe such a line: "make: Entering", "hint: Updates" and Python's
// "INFO:root:msg" have the shape too. So the name must hold a lower-case
// letter, and the text must not start as a tool's message does (one space:
// "tar: /x: Cannot open") nor with a slash (git config's "file:/etc/x",
// a URL's rest); a line that follows with the same name tells.
func WeakMatch(line []byte) ([]byte, bool) {
	i := bytes.IndexByte(line, ':')
	if i <= 0 || i > maxPath || i+1 >= len(line) {
		return nil, false
	}
	name, text := line[:i], line[i+1:]
	if !weakName(name) || !bytes.ContainsFunc(name, func(r rune) bool { return 'a' <= r && r <= 'z' }) ||
		text[0] == ' ' && (len(text) == 1 || text[1] != ' ') || text[0] == '/' || text[0] == ':' {
		return nil, false
	}
	return name, true
}

// variantName reports whether p is a file name with no extension that names
// a variant after an at sign, as glibc's locale sources (ca_ES@valencia) and
// systemd's template units do.
func variantName(p []byte) bool {
	name, variant, ok := bytes.Cut(p, []byte("@"))
	return ok && len(name) > 0 && len(variant) > 0 && weakName(name) && weakName(variant)
}

// numberedPathPrefix is pathPrefix for the part of a line before
// ":line:", which may also start with an npm package's scope (@types/node/),
// as paths do in a search run in node_modules. Lines that start so without a
// line number are a monorepo tool's (@repo/ui:build: ...).
func numberedPathPrefix(p []byte) (ok, strong bool) {
	if len(p) < 3 || p[0] != '@' {
		return pathPrefix(p)
	}
	scope, _, found := bytes.Cut(p[1:], []byte("/"))
	if !found || len(scope) == 0 || !isLetter(scope[0]) && !isDigit(scope[0]) {
		return false, false
	}
	for _, c := range scope {
		if !isLetter(c) && !isDigit(c) && c != '-' && c != '.' && c != '_' {
			return false, false
		}
	}
	return pathPrefix(p[1:])
}

// envAssignment reports whether a line starts by setting an environment
// variable, as env and printenv print them: an upper-case name, '=' and
// its value ("HOME=/root", "PATH=/usr/bin:/bin").
func envAssignment(line []byte) bool {
	for i, c := range line {
		switch {
		case 'A' <= c && c <= 'Z' || c == '_' || i > 0 && isDigit(c):
		case c == '=':
			return i > 0
		default:
			return false
		}
	}
	return false
}

// barePath reports whether a whole line can be a path, as -l and find print
// them, and whether it clearly is one. A line with spaces clearly is one
// only if it starts like a path (/, ./, ../, ~/, C:\), as prose does not;
// it may still be a --heading, which the line after it tells.
func barePath(line []byte) (ok, strong bool) {
	ok, strong = pathPrefix(line)
	if !strong || !bytes.ContainsRune(line, ' ') {
		return ok, strong
	}
	for _, s := range []string{"/", "./", "../", "~/"} {
		if bytes.HasPrefix(line, []byte(s)) {
			return true, true
		}
	}
	return true, drive(line)
}

// pathStart reports whether a path may start with c: not with blanks or the
// punctuation that starts log, diff and test-runner lines.
func pathStart(c byte) bool {
	switch c {
	case ' ', '\t', '[', '(', '{', '<', '>', '"', '\'', '#', '=', '+', '-', '|', '*', '@', '$', '!', '%', '&', ';', ',':
		return false
	}
	return c >= ' '
}

// weakName reports whether p can be a file name with no extension, like
// Makefile or LICENSE.
func weakName(p []byte) bool {
	if !isLetter(p[0]) && p[0] != '_' && p[0] != '.' {
		return false
	}
	for _, c := range p {
		if !isLetter(c) && !isDigit(c) && c != '_' && c != '.' && c != '-' && c != '+' {
			return false
		}
	}
	return true
}

// lastSegment returns the part of a path after its last separator.
func lastSegment(p []byte) []byte {
	if i := bytes.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// endsInExt reports what hasExt(lastSegment(p)) does, reading no more of p
// than an extension and its dot: an extension holds no separator.
func endsInExt(p []byte) bool {
	i := len(p) - 1
	for i >= 0 && len(p)-i <= 11 && (isLetter(p[i]) || isDigit(p[i]) || p[i] == '_') {
		i--
	}
	return i >= 0 && p[i] == '.' && hasExt(p[i:])
}

// hasExt reports whether a file name ends in an extension: a dot and up to
// ten letters or digits, at least one a letter.
func hasExt(name []byte) bool {
	i := bytes.LastIndexByte(name, '.')
	if i < 0 || i == len(name)-1 || len(name)-i-1 > 10 {
		return false
	}
	letter := false
	for _, c := range name[i+1:] {
		switch {
		case isLetter(c):
			letter = true
		case isDigit(c) || c == '_':
		default:
			return false
		}
	}
	return letter
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// logStarts start lines of test runners, builds and compilers. Search output
// holds them only after a path, so one at the start of a line means a log
// whose lines merely look like matches (file.go:12: message).
var logStarts = []string{
	"=== RUN", "=== CONT", "=== PAUSE", "=== NAME", "--- FAIL", "--- PASS", "--- SKIP",
	"FAIL\t", "ok  \t", "panic: ", "goroutine ", "Traceback (most recent call last)",
	"=====", "_____", "npm ERR!", "make: ", "make[", "error[", "error: ", "warning: ",
	"In file included from ", "FAILED ", "PASSED ",
}

// startsLikeLog reports whether a line that is no search output marks a log.
func startsLikeLog(line []byte) bool {
	switch string(line) {
	case "PASS", "FAIL":
		return true
	}
	if len(line) > 2 && line[0] == '#' && line[1] == ' ' && line[2] != ' ' {
		// go build and go vet head each package's errors with "# pkg".
		return true
	}
	for _, m := range logStarts {
		if bytes.HasPrefix(line, []byte(m)) {
			return true
		}
	}
	return false
}

// diagWords start the text of a compiler's or linter's diagnostic, which is
// path:line:col: like a match but is a log.
var diagWords = []string{"error", "warning", "note", "fatal error", "info", "Error", "Warning"}

// diagnostic reports whether the text after path:line:col: is a
// diagnostic's: one space, then a word like "error". Source lines that match
// a search start with code or indentation instead.
func diagnostic(text []byte) bool {
	if !message(text) {
		return false
	}
	text = text[1:]
	for _, w := range diagWords {
		if bytes.HasPrefix(text, []byte(w)) && len(text) > len(w) && (text[len(w)] == ':' || text[len(w)] == ' ' || text[len(w)] == '[') {
			return true
		}
	}
	return false
}

// message reports whether the text after path:line: reads like a message
// (file.go:12: unreachable code): one space, then a word.
func message(text []byte) bool {
	return len(text) >= 2 && text[0] == ' ' && isLetter(text[1])
}

// grepTally counts the lines of a sample by what they look like.
type grepTally struct {
	pathLike, other int
	bare            int // of pathLike, bare paths, which list files rather than matches
	marks           int
	firstMark       string
	numbered        int // match lines with a path and a line number
	diags, messages int // of them, diagnostics and messages
	pairs, unsorted int // successive numbered lines of one file; out of order
	// unspelled counts the pairs whose numbers, read as text, are out of
	// order: none when the lines went through sort.
	unspelled int
	described int // of pathLike, rows of file(1)'s output
	covered   int // numbered lines that give a function's coverage
}

// sniffGrep reports whether sample looks like search output: a clear
// majority of its lines name a file (path:line:text, path-line-text,
// path:line:col:text, --heading groups, bare paths, binary notices), and no
// line marks it as a log or the diagnostics of a compiler.
func sniffGrep(sample []byte) (bool, string) {
	if bytes.IndexByte(sample, 0x1b) >= 0 {
		// grep --color=always: read through the colours.
		sample = stripANSI(sample)
	}
	t := tallyGrep(sample)
	total := t.pathLike + t.other
	switch {
	case t.pathLike == 0:
		return false, ""
	case t.marks > 0:
		return false, fmt.Sprintf("lines name files, but %q marks a log", t.firstMark)
	case t.bare*10 >= t.pathLike*9:
		return false, "lines are paths alone: a listing, not matches"
	case t.described*4 >= t.pathLike*3:
		return false, "lines describe files in a column, as file prints them: a listing, not matches"
	case t.numbered > 0 && (t.diags*3 >= t.numbered || t.messages*2 >= t.numbered):
		return false, "lines name files, but read as a compiler's diagnostics"
	case t.numbered > 0 && t.covered*2 >= t.numbered:
		return false, "lines give functions' coverage, as go tool cover -func prints them: a report, not matches"
	case t.unsorted > 0 && t.unsorted*10 >= t.pairs && t.unspelled > 0:
		// Search tools print the matches of a file in order; diagnostics
		// come in the order they were found. Matches piped through sort
		// are in the order of their numbers' digits (line 117 before
		// line 79), which diagnostics that jump back and forth are not.
		return false, "lines name files, but their line numbers are out of order"
	case t.pathLike*3 < total*2:
		return false, ""
	}
	return true, fmt.Sprintf("%d of %d lines name a file, as search output does", t.pathLike, total)
}

// order counts a numbered line g of a file, following one of path prev at
// line prevNum.
func (t *grepTally) order(g GrepLine, prev []byte, prevNum int) {
	if bytes.Equal(g.Path, prev) && prevNum > 0 {
		t.pairs++
		if g.Num < prevNum {
			t.unsorted++
		}
		if digitsBefore(g.Num, prevNum) {
			t.unspelled++
		}
	}
}

// matchText counts the text of a numbered match line.
func (t *grepTally) matchText(text []byte) {
	t.numbered++
	if diagnostic(text) {
		t.diags++
	}
	if message(text) {
		t.messages++
	}
	if coverage(text) {
		t.covered++
	}
}

// digitsBefore reports whether a's decimal digits sort before b's, as
// sort orders them: 79 before 8, 117 before 79.
func digitsBefore(a, b int) bool {
	var x, y [20]byte
	return bytes.Compare(strconv.AppendInt(x[:0], int64(a), 10), strconv.AppendInt(y[:0], int64(b), 10)) < 0
}

// coverage reports whether the text after path:line: is a row of go tool
// cover -func: tabs, a function's name, tabs and the share of its
// statements the tests ran ("\t\tWords\t\t100.0%").
func coverage(text []byte) bool {
	if len(text) < 4 || text[0] != '\t' || text[len(text)-1] != '%' {
		return false
	}
	name, share, ok := bytes.Cut(bytes.TrimLeft(text, "\t"), []byte("\t"))
	share = bytes.TrimLeft(share, "\t")
	return ok && len(name) > 0 && bytes.IndexByte(name, ' ') < 0 && percent(share)
}

func tallyGrep(sample []byte) grepTally {
	var (
		t       grepTally
		files   ListingParser // reads the lines as file's rows too
		prev    []byte        // the path of the line before
		heading bool          // inside a --heading group
		lastNum = -1          // line number of the path-less line before, -1 if none
		prevNum int           // line number of the line before
	)
	var matched map[string]uint8 // read when a line first needs it
	// A name alone (Makefile, a shell completion) heads a --heading group
	// if a numbered line follows it, and counts for neither side then.
	var weakHead []byte
	// A line that may be path:text of a file with no extension (see
	// WeakMatch) waits for the next: with the same name, both are.
	// Such lines name two files at least, or they are a tool's lines
	// tagged alike (git config --show-origin's "file:.git/config").
	var weak, weakPath, weakRun []byte
	weakLines, weakFiles := 0, 0
	for line := range sampleLines(sample) {
		if weak != nil {
			if bytes.HasPrefix(line, weakPath) && len(line) > len(weakPath) && line[len(weakPath)] == ':' {
				t.pathLike++
				weakLines++
				if !bytes.Equal(weakRun, weakPath) {
					weakFiles++
				}
				prev, lastNum, weakRun = weakPath, -1, weakPath
			} else {
				t.mark(weak)
			}
			weak = nil
		}
		if weakHead != nil {
			if _, ok := ParseGrepNumbered(line); !ok {
				t.mark(weakHead)
			}
			weakHead = nil
		}
		g := ParseGrepLine(line, prev)
		if n, ok := ParseGrepNumbered(line); ok && heading {
			g = n
		}
		switch {
		case g.Form == GrepBlank:
			heading, lastNum = false, -1
			continue
		case g.Form == GrepSeparator:
			continue
		case (g.Form == GrepOther || g.Form == GrepPath) && matchedContext(line, &matched, sample):
			// A bare path ("io/io.go-}", "locales/C-3-% text") or a
			// line of text, unless it starts with a path that names a
			// match and a dash.
			t.pathLike++
			lastNum, prev = -1, nil
			continue
		case g.Path == nil && (g.Form == GrepMatch || g.Form == GrepContext):
			// Line numbers increase, under a heading or in grep -n of
			// one file; timestamps (12:34:56) repeat their hour.
			if g.Num > lastNum && lastNum >= 0 {
				t.pathLike++
			} else {
				t.other++
			}
			lastNum = g.Num
			continue
		case g.Form == GrepPath:
			// A path with spaces, or Makefile, may be a heading; it
			// counts as a path only if it clearly is one.
			heading, lastNum = true, 0
			if g.Strong {
				t.pathLike++
				t.bare++
				continue
			}
			weakHead = line
			continue
		case g.Form == GrepOther && rgStats(line):
			// rg --stats closes its matches with eight lines of counts;
			// a search of a few files must not read as text for them.
			continue
		case g.Form == GrepOther:
			if name, ok := WeakMatch(line); ok {
				weak, weakPath = line, name
				lastNum, prev = -1, nil
				continue
			}
			t.mark(line)
		case g.Form == GrepMatch && TSCLocation(g.Path):
			// src/a.ts(12,5): error TS2322 is a diagnostic of tsc.
			t.other++
			if t.marks == 0 {
				t.firstMark = string(line[:min(len(line), 16)])
			}
			t.marks++
		case g.Form == GrepMatch && g.Num == 0 && !bytes.ContainsAny(g.Path, `/\`) && !bytes.Equal(g.Path, prev):
			// path:text with a bare file name reads like "name.go: message".
			t.other++
		default:
			t.pathLike++
			if g.Form == GrepMatch && g.Num == 0 && weakRun != nil && bytes.Equal(g.Path, weakRun) {
				weakLines++
			}
			if g.Form == GrepMatch && g.Num == 0 {
				if _, ok := files.parseDescribed(line); ok {
					t.described++
				}
			}
			if g.Num > 0 && g.Form != GrepCount {
				t.order(g, prev, prevNum)
				prevNum = g.Num
			}
			if g.Num > 0 && g.Form == GrepMatch {
				t.matchText(line[g.Text:])
			}
		}
		lastNum = -1
		prev = g.Path
	}
	if weakHead != nil {
		t.mark(weakHead)
	}
	if weak != nil {
		t.mark(weak)
	}
	if weakFiles < 2 {
		t.pathLike -= weakLines
		t.other += weakLines
	}
	return t
}

// The ways a path names a sample's matches, as bits.
const (
	matchedBare     = 1 << iota // path:text, without a line number
	matchedNumbered             // path:line:text
)

// sampleMatches returns the paths of a sample's matches, each with the ways
// it names them.
func sampleMatches(sample []byte) map[string]uint8 {
	paths := map[string]uint8{}
	for line := range sampleLines(sample) {
		g := ParseGrepLine(line, nil)
		switch {
		case g.Form != GrepMatch || len(g.Path) == 0:
		case g.Num > 0:
			paths[string(g.Path)] |= matchedNumbered
		case g.Strong:
			paths[string(g.Path)] |= matchedBare
		}
	}
	return paths
}

// matchedContext reports whether a line of sample is a context line of a
// file that has matches where parsing alone does not tell so: path-text,
// as grep -C and rg -C print it without -n, or path-line-text and
// path=line=text of a file whose name has no extension (Makefile, a shell
// completion, a locale's source). A path and a dash only tell so where the
// same path names a match. *matched holds the paths of the sample's
// matches, read at the first call.
func matchedContext(line []byte, matched *map[string]uint8, sample []byte) bool {
	if !bytes.ContainsAny(line, "-=") {
		return false
	}
	if *matched == nil {
		*matched = sampleMatches(sample)
	}
	if len(*matched) == 0 {
		return false
	}
	for i := 1; i < len(line) && i <= maxPath; i++ {
		if line[i] != '-' && line[i] != '=' {
			continue
		}
		how := (*matched)[string(line[:i])]
		if how&matchedBare != 0 && line[i] == '-' {
			return true
		}
		if how&matchedNumbered != 0 {
			if _, ok := ContextOf(line, line[:i]); ok {
				return true
			}
		}
	}
	return false
}

// rgStatsEnds are the ends of the lines rg --stats prints after the
// matches, each after a count ("2 matches", "0.018178 seconds").
var rgStatsEnds = []string{" matches", " match", " matched lines", " matched line",
	" files contained matches", " file contained matches", " files searched", " file searched",
	" bytes printed", " bytes searched", " seconds spent searching", " seconds"}

// rgStats reports whether a line is one of rg --stats's counts: a number,
// then one of rgStatsEnds and nothing more.
func rgStats(line []byte) bool {
	i := 0
	for i < len(line) && (isDigit(line[i]) || line[i] == '.') {
		i++
	}
	if i == 0 {
		return false
	}
	for _, end := range rgStatsEnds {
		if string(line[i:]) == end {
			return true
		}
	}
	return false
}

// mark counts a line that names no file, and whether it marks a log.
func (t *grepTally) mark(line []byte) {
	t.other++
	if startsLikeLog(line) {
		if t.marks == 0 {
			t.firstMark = string(line[:min(len(line), 16)])
		}
		t.marks++
	}
}
