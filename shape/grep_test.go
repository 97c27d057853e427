package shape

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseGrepLine(t *testing.T) {
	for _, tc := range []struct {
		line, prev string
		form       GrepForm
		path       string
		num, col   int
		text       string // the line from GrepLine.Text on
		strong     bool
	}{
		{"src/a.go:12:\tx := 1", "", GrepMatch, "src/a.go", 12, 0, "\tx := 1", true},
		{"src/a.go:12:5:x := 1", "", GrepMatch, "src/a.go", 12, 5, "x := 1", true},
		// env's lines set variables, to paths among other values.
		{"PATH=/usr/local/go/bin:/usr/bin:/bin", "", GrepOther, "", 0, 0, "PATH=/usr/local/go/bin:/usr/bin:/bin", false},
		{"HOME=/root", "", GrepOther, "", 0, 0, "HOME=/root", false},
		// pytest's test ids join a file and its tests with "::".
		{"tests/test_m.py::test_eq[2-3]", "", GrepOther, "", 0, 0, "tests/test_m.py::test_eq[2-3]", false},
		{"test_m.py::TestA::test_b", "", GrepOther, "", 0, 0, "test_m.py::TestA::test_b", false},
		// git grep -p: the function around the match.
		{"shape/shape.go=140=var laterWindows = []struct {", "", GrepContext, "shape/shape.go", 140, 0, "var laterWindows = []struct {", true},
		{"LIMIT=10=20", "", GrepOther, "", 0, 0, "LIMIT=10=20", false},
		{"src/a.go-11-\t// note: 12:30", "", GrepContext, "src/a.go", 11, 0, "\t// note: 12:30", true},
		{"src/a.go:x-12-y", "", GrepMatch, "src/a.go", 0, 0, "x-12-y", true},
		{"./a b.txt:3:foo z", "", GrepMatch, "./a b.txt", 3, 0, "foo z", true},
		{"a b.txt:1:x foo", "", GrepMatch, "a b.txt", 1, 0, "x foo", true},
		{"lib/My Docs/bytes.go:// text", "", GrepMatch, "lib/My Docs/bytes.go", 0, 0, "// text", true},
		{"src/v1-2-3/a.go:7:v", "", GrepMatch, "src/v1-2-3/a.go", 7, 0, "v", true},
		{"my-file-2-x.go-12-ctx", "", GrepContext, "my-file-2-x.go", 12, 0, "ctx", true},
		{"Makefile:12:all: build", "", GrepMatch, "Makefile", 12, 0, "all: build", false},
		// glibc's locale sources name a variant after an at sign; a search
		// run in node_modules starts paths with a package's scope, which a
		// monorepo tool's lines start with too, but with no line number.
		{"ca_ES@valencia:67:LC_TIME", "", GrepMatch, "ca_ES@valencia", 67, 0, "LC_TIME", false},
		{"@npmcli/agent/lib/agents.js:3:const net = require('net')", "", GrepMatch, "@npmcli/agent/lib/agents.js", 3, 0, "const net = require('net')", true},
		{"@repo/ui:build: cache miss, executing 5f1e", "", GrepOther, "", 0, 0, "", false},
		{"@@:12:x", "", GrepOther, "", 0, 0, "", false},
		{"user@:12:x", "", GrepOther, "", 0, 0, "", false},
		{`C:\src\app\main.go:12:5:	x := 1`, "", GrepMatch, `C:\src\app\main.go`, 12, 5, "\tx := 1", true},
		{`C:\My Project\main.go:3:func main() {`, "", GrepMatch, `C:\My Project\main.go`, 3, 0, "func main() {", true},
		{"./net/dial_test.go:18", "", GrepCount, "./net/dial_test.go", 18, 0, "", true},
		// git grep of a revision: the revision is part of the path.
		{"HEAD:cobra/args.go:128:// Deprecated: use MatchAll", "", GrepMatch, "HEAD:cobra/args.go", 128, 0, "// Deprecated: use MatchAll", true},
		{"v1.2:src/a.go-11-\tctx", "", GrepContext, "v1.2:src/a.go", 11, 0, "\tctx", true},
		{"2b831ce:shape/grep.go:3", "", GrepCount, "2b831ce:shape/grep.go", 3, 0, "", true},
		{"ERROR: src/a.go:12: bad", "", GrepOther, "", 0, 0, "ERROR: src/a.go:12: bad", false},
		// One revision only: a line of many colons is not read again
		// and again, each time a revision shorter.
		{"a:b:src/a.go:3:x", "", GrepOther, "", 0, 0, "a:b:src/a.go:3:x", false},
		{"a b.txt-2-y", "a b.txt", GrepContext, "a b.txt", 2, 0, "y", true},
		{"a b.txt:quote: here", "a b.txt", GrepMatch, "a b.txt", 0, 0, "quote: here", true},
		{"/usr/local/go/src/net/", "", GrepPath, "/usr/local/go/src/net/", 0, 0, "", true},
		{"./My Docs/report.txt", "", GrepPath, "./My Docs/report.txt", 0, 0, "", true},
		{"lib/My Docs/bytes.go", "", GrepPath, "lib/My Docs/bytes.go", 0, 0, "", false},
		{"Makefile", "", GrepPath, "Makefile", 0, 0, "", false},
		{"Binary file img/a.png matches", "", GrepBinary, "img/a.png", 0, 0, "", true},
		{"grep: img/a.png: binary file matches", "", GrepBinary, "img/a.png", 0, 0, "", true},
		{`bin/gofmt: binary file matches (found "\0" byte around offset 7)`, "", GrepBinary, "bin/gofmt", 0, 0, "", true},
		{`binary file matches (found "\0" byte around offset 7)`, "", GrepBinary, "", 0, 0, "", false},
		// git grep -p and -W head a match with its function's line.
		{"libexec/pyenv=15=abort() {", "", GrepContext, "libexec/pyenv", 15, 0, "abort() {", true},
		{"src/a.go=7=func (t *T) Run() {", "src/a.go", GrepContext, "src/a.go", 7, 0, "func (t *T) Run() {", true},
		{"CFLAGS=12=x", "", GrepOther, "", 0, 0, "", false},
		{"15=abort() {", "", GrepContext, "", 15, 0, "abort() {", false},
		// grep -T pads line numbers and puts a tab before the text.
		{"sys/stat.h:  206:\t\t\t struct stat *__buf);", "", GrepMatch, "sys/stat.h", 206, 0, "\t\t\t struct stat *__buf);", true},
		{"sys/stat.h-  207-\t", "", GrepContext, "sys/stat.h", 207, 0, "\t", true},
		{"sys/stat.h-  207-", "", GrepContext, "sys/stat.h", 207, 0, "", true},
		{"sys/stat.h-   17-\t#include <bits/types.h>", "sys/stat.h", GrepContext, "sys/stat.h", 17, 0, "\t#include <bits/types.h>", true},
		{"main.go: 12:30 started", "", GrepMatch, "main.go", 0, 0, " 12:30 started", true},
		{"INFO main.go: 12:30:\tstarted", "", GrepOther, "", 0, 0, "", false},
		// grep -Z and rg -0 end the path with a NUL byte.
		{"src/a.go\x0012:\tx := 1", "", GrepMatch, "src/a.go", 12, 0, "\tx := 1", true},
		{"src/a.go\x0011-\t// note", "", GrepContext, "src/a.go", 11, 0, "\t// note", true},
		{"src/a.go\x00\tx := 1", "", GrepMatch, "src/a.go", 0, 0, "\tx := 1", true},
		{"src/a.go\x003", "", GrepCount, "src/a.go", 3, 0, "", true},
		{"My Docs/a b.txt\x002:x", "", GrepMatch, "My Docs/a b.txt", 2, 0, "x", true},
		{"\x00\x01\x02", "", GrepOther, "", 0, 0, "", false},
		{"12:\treturn nil", "", GrepMatch, "", 12, 0, "\treturn nil", false},
		{"12-\treturn nil", "", GrepContext, "", 12, 0, "\treturn nil", false},
		{"--", "", GrepSeparator, "", 0, 0, "", false},
		{"", "", GrepBlank, "", 0, 0, "", false},
		// Not search output.
		{"2024/01/02 12:34:56 main.go:12: started", "", GrepOther, "", 0, 0, "", false},
		{"Jan 02 12:34:56 host sshd[42]: accepted", "", GrepOther, "", 0, 0, "", false},
		{"2025-06-24 14:36:25 status installed", "", GrepOther, "", 0, 0, "", false},
		{"INFO main.go: started", "", GrepOther, "", 0, 0, "", false},
		{"    foo_test.go:12: got 1, want 2", "", GrepOther, "", 0, 0, "", false},
		{"--- FAIL: TestFoo (0.00s)", "", GrepOther, "", 0, 0, "", false},
		{"=== RUN   TestFoo", "", GrepOther, "", 0, 0, "", false},
		{"ok  \texample.com/x\t0.01s", "", GrepOther, "", 0, 0, "", false},
		{"+++ b/src/a.go", "", GrepOther, "", 0, 0, "", false},
		{"@@ -1,3 +1,4 @@", "", GrepOther, "", 0, 0, "", false},
		{"https://example.com/a:8080", "", GrepOther, "", 0, 0, "", false},
		{"see the notes in docs/intro.md", "", GrepPath, "see the notes in docs/intro.md", 0, 0, "", false},
		// ripgrep 13's complaints about paths it cannot read, as Debian
		// ships it (rg -n func /nonexistent-dir; with --sort path).
		{"/nonexistent-dir: No such file or directory (os error 2)", "", GrepOther, "", 0, 0, "", false},
		{"/nonexistent-dir: IO error for operation on /nonexistent-dir: No such file or directory (os error 2)", "", GrepOther, "", 0, 0, "", false},
		{"/nonexistent-dir: No such file or directory (os error 2)", "/nonexistent-dir", GrepOther, "", 0, 0, "", false},
		// A match about such an error is still a match.
		{"src/io.rs:12: No such file or directory (os error 2)", "", GrepMatch, "src/io.rs", 12, 0, " No such file or directory (os error 2)", true},
		{"src/io.rs:// No such file or directory (os error 2)", "", GrepMatch, "src/io.rs", 0, 0, "// No such file or directory (os error 2)", true},
	} {
		g := ParseGrepLine([]byte(tc.line), []byte(tc.prev))
		if g.Form != tc.form || string(g.Path) != tc.path || g.Num != tc.num || g.Col != tc.col || g.Strong != tc.strong {
			t.Errorf("ParseGrepLine(%q) = form %d path %q num %d col %d strong %v, want %d %q %d %d %v",
				tc.line, g.Form, g.Path, g.Num, g.Col, g.Strong, tc.form, tc.path, tc.num, tc.col, tc.strong)
			continue
		}
		if (g.Form == GrepMatch || g.Form == GrepContext) && tc.line[g.Text:] != tc.text {
			t.Errorf("ParseGrepLine(%q) text %q, want %q", tc.line, tc.line[g.Text:], tc.text)
		}
	}
}

// TestSniffGrepCorpus checks that every grep sample of the corpus's tune
// set, and no other, reads as grep output.
func TestSniffGrepCorpus(t *testing.T) {
	for _, p := range tuneCorpus(t, "*.out") {
		name := filepath.Base(p)
		sample := clipSample(t, p)
		want := strings.HasPrefix(name, "grep-")
		if ok, why := sniffGrep(headWindow(sample)); ok != want {
			t.Errorf("%s: sniffGrep = %v (%s), want %v", name, ok, why, want)
		}
		if kind, why := Sniff(sample); (kind == Grep) != want {
			t.Errorf("%s: Sniff = %s (%s)", name, kind, why)
		}
	}
}

// The samples in testdata are real output. grep-neg-* must not read as
// search output:
//
//	go run . (log.LstdFlags|log.Lshortfile)       >grep-neg-golog-run.out
//	go test -v . (log.Lshortfile, unindented)      >grep-neg-golog-test.out
//	head -150 /var/log/dpkg.log                    >grep-neg-dpkg-log.out
//	xxd image/png/testdata/pngsuite/basn0g01.png   >grep-neg-xxd-png.out (offsets are no line numbers)
//
// and the others must, run in a tree holding copies of Go's strings package
// in lib/text and of bytes in "lib/My Docs":
//
//	rg -n -C1 --sort path 'utf8\.RuneLen|utf8\.RuneError' >grep-rg-spaces-context.out
//	grep -rc 'utf8.RuneError' . | sort                      >grep-grep-c-zeros.out
//	rg --sort path 'unicode\.'                              >grep-rg-nonumbers.out
//	grep -n 'func ' lib/text/strings.go                     >grep-grep-n-onefile.out
//
// and, in Go's source tree, matches piped through sort, which puts line
// 1202 of a file before its line 404:
//
//	grep -rn 'sync\.Mutex' --include='*.go' net/http | sort | head -40 >grep-grep-rn-sort.out
//
// and a search of two files whose eight lines of
// --stats outnumber its matches:
//
//	rg -n --sort path --stats 'unsafe\.String\(' strings bytes >grep-rg-stats-few.out
//
// and, in a clone of pyenv, their first 16 lines:
//
//	git grep -n -p 'exit 1' -- libexec                     >grep-git-grep-p.out
//	git grep --heading --break -n -p 'exit 1' -- libexec   >grep-git-grep-heading-p.out
//
// rg --heading without -n, whose headings have spaces, is left to --tool:
//
//	rg --heading --sort path 'func (Index|Last|Trim|Cut)'   >grep-rg-heading-plain.out
func TestSniffGrepOwn(t *testing.T) {
	paths, err := filepath.Glob("testdata/grep-*.out")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no samples: %v", err)
	}
	for _, p := range paths {
		name := filepath.Base(p)
		want := !strings.HasPrefix(name, "grep-neg-") && name != "grep-rg-heading-plain.out"
		if ok, why := sniffGrep(clipSample(t, p)); ok != want {
			t.Errorf("%s: sniffGrep = %v (%s), want %v", name, ok, why, want)
		}
	}
}

// grep --color=always output (the reducer's sample of terminal controls)
// is search output under its colours.
func TestSniffGrepColour(t *testing.T) {
	if ok, why := sniffGrep(clipSample(t, "../reduce/testdata/escapes/grep-color.out")); !ok {
		t.Errorf("sniffGrep of grep --color=always output = false (%s)", why)
	}
}

// TestSniffGrepCut checks that a sample cut inside a line is judged by its
// whole lines.
func TestSniffGrepCut(t *testing.T) {
	b := clipSample(t, "testdata/grep-rg-spaces-context.out")
	cut := b[:bytes.LastIndexByte(b, '\n')-5]
	if ok, why := sniffGrep(cut); !ok {
		t.Errorf("sniffGrep of a cut sample = false (%s)", why)
	}
}

// FuzzParseGrepLine checks that any line parses without panic into a path
// that starts the line and a text offset within it.
func FuzzParseGrepLine(f *testing.F) {
	for _, s := range []string{"src/a.go:12:5:x", "a b.txt-2-y", `C:\x\y.go:1:z`, "Binary file a matches", "12:34:56 x",
		"Binary file matches", "grep: binary file matches"} {
		f.Add([]byte(s), []byte("a b.txt"))
	}
	f.Fuzz(func(t *testing.T, line, prev []byte) {
		g := ParseGrepLine(line, prev)
		if !bytes.HasPrefix(line, g.Path) && g.Form != GrepBinary {
			t.Errorf("path %q does not start the line %q", g.Path, line)
		}
		if g.Text < 0 || g.Text > len(line) {
			t.Errorf("text offset %d outside the line %q", g.Text, line)
		}
		if n, ok := ParseGrepNumbered(line); ok && (n.Text < 0 || n.Text > len(line)) {
			t.Errorf("numbered text offset %d outside the line %q", n.Text, line)
		}
		sniffGrep(line)
	})
}

// TestSniffGrepContextNoNumbers checks that search output with context but
// no line numbers is grep's: its context lines are path-text, which reads
// as a bare path or as text unless the same path names a match. Run in
// /usr/local/go/src:
//
//	rg -C3 ErrUnexpectedEOF io bufio              >grep-rg-C3-nonumbers.txt
//	grep -r -C2 ErrShortWrite io bufio            >grep-r-C2-nonumbers.txt
func TestSniffGrepContextNoNumbers(t *testing.T) {
	sniffsAs(t, "grep-rg-C3-nonumbers.txt", Grep)
	sniffsAs(t, "grep-r-C2-nonumbers.txt", Grep)
	checkMatchedContext(t, "io/io.go:// the appropriate error is either [ErrUnexpectedEOF] or some other error\n", []contextCase{
		{"io/io.go-// giving more detail.", true},
		{"io/io.go-", true},
		{"io/pipe.go-\tvar result string", false},
		{"io/io.go:12:x", false},
	})
}

type contextCase struct {
	line string
	want bool
}

// checkMatchedContext checks whether matchedContext takes each case's line
// of sample for a context line.
func checkMatchedContext(t *testing.T, sample string, cases []contextCase) {
	t.Helper()
	var matched map[string]uint8
	for _, tc := range cases {
		if got := matchedContext([]byte(tc.line), &matched, []byte(sample)); got != tc.want {
			t.Errorf("%q: context %v, want %v", tc.line, got, tc.want)
		}
	}
}

// TestSniffGrepContextNoExtension checks that search output with context
// lines of files whose names have no extension is grep's: the lines before
// a file's first match (path-line-text, path=line=text) read as text unless
// the same path names a numbered match. Run in a git work tree of
// /usr/share/bash-completion/completions:
//
//	git grep -n -W '_filedir' -- cpack   >grep-git-grep-W-noext.txt
func TestSniffGrepContextNoExtension(t *testing.T) {
	sniffsAs(t, "grep-git-grep-W-noext.txt", Grep)
	checkMatchedContext(t, "cpack:24:            _filedir\nlocales/C:5:LC_IDENTIFICATION\n", []contextCase{
		{"cpack=3=_cpack()", true},
		{"cpack-4-{", true},
		{"locales/C-3-% Locale for C locale in UTF-8", true},
		{"locales/C-4-", true},
		{"lscpu-2-{", false},
		{"cpack-x-{", false},
		{"cpack-", false},
	})
}

// TestSniffGrepHeadingNoExtension checks that --heading groups headed by
// names without an extension are grep's: a name alone followed by a
// numbered line heads a group. Run in a git work tree of
// /usr/share/bash-completion/completions:
//
//	git grep --heading --break -n -e '_init_completion' -e '_get_comp_words_by_ref' -- a* c* d*   >grep-git-grep-heading-noext.txt
func TestSniffGrepHeadingNoExtension(t *testing.T) {
	sniffsAs(t, "grep-git-grep-heading-noext.txt", Grep)
}

// TestMaybeContext checks which lines may be context lines of a file whose
// name has no extension, left for the match after them to tell.
func TestMaybeContext(t *testing.T) {
	for _, tc := range []contextCase{
		{"/usr/share/i18n/locales/C-3-% Locale for C locale in UTF-8", true},
		{"cpack=3=_cpack()", true},
		{"apt-4-{", true},
		{"src/a.go:12:x-3-y", false},
		{"see item 3-4-5", false},
		{"x\ty-3-z", false},
		{strings.Repeat("a b-1-", 40) + "c", false},
	} {
		if got := MaybeContext([]byte(tc.line)); got != tc.want {
			t.Errorf("MaybeContext(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// TestSniffGrepNpmScope checks that a search run in node_modules, whose
// paths start with a package's scope, is grep's. Run in npm's node_modules:
//
//	rg -n --sort path 'require\(' @npmcli/agent @npmcli/fs   >grep-rg-npm-scope.txt
func TestSniffGrepNpmScope(t *testing.T) {
	sniffsAs(t, "grep-rg-npm-scope.txt", Grep)
}

// TestSniffGrepCoverage checks that go tool cover -func's rows, which name
// a file and a line, are no matches, while matches of tab-indented code
// that ends in a percent sign still are.
func TestSniffGrepCoverage(t *testing.T) {
	cover := "example.com/gm/gm.go:6:\t\tWords\t\t100.0%\nexample.com/gm/gm.go:8:\t\tSum\t\t100.0%\nexample.com/gm/gm.go:18:\tNewBig\t\t0.0%\ntotal:\t\t\t\t(statements)\t71.4%\n"
	if ok, why := sniffGrep([]byte(cover)); ok {
		t.Errorf("go tool cover -func: sniffGrep = true (%s), want false", why)
	}
	matches := "fmt/print.go:12:\t\tp.fmt.fmtFloat(v, 64, verb, 100%)\nfmt/print.go:40:\t\tfmt.Printf(\"%d%%\")\nfmt/scan.go:7:\tx := 5 % 2\n"
	if ok, why := sniffGrep([]byte(matches)); !ok {
		t.Errorf("matches: sniffGrep = false (%s), want true", why)
	}
}

// Lines of grep X * over files with no extension (path:text, no line
// number) are search output when names repeat on lines that follow one
// another; a tool's messages and lines tagged alike are not.
func TestSniffGrepWeakNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want bool
	}{
		{"scripts", "pip:import re\npip:import sys\npip:from pip import main\npip3:import re\npip3:import sys\nwheel:import re\nwheel:import sys\n", true},
		{"tool messages", "tar: /a.tar: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now\nmake: Entering directory\nmake: Leaving directory\n", false},
		{"log levels", "INFO:root:started\nINFO:root:listening\nWARNING:root:slow\nINFO:root:done\n", false},
		{"one tag", "file:.git/config\tcore.bare=false\nfile:.git/config\tcore.filemode=true\nfile:.git/config\tuser.name=Dev\n", false},
		{"origins", "file:/etc/gitconfig\tcore.pager=less\nfile:/root/.gitconfig\tuser.name=Dev\nfile:/root/.gitconfig\tuser.email=a@b.c\n", false},
	} {
		if ok, why := sniffGrep([]byte(tc.in)); ok != tc.want {
			t.Errorf("%s: sniffGrep = %v (%s), want %v", tc.name, ok, why, tc.want)
		}
	}
}

// endsInExt must answer as hasExt(lastSegment(p)) does: parsePrefixed
// asks it first, to read each "-2-" of a line without reading the whole
// prefix again.
func TestEndsInExt(t *testing.T) {
	const alphabet = "a1_./\\-Z "
	var check func(p []byte)
	check = func(p []byte) {
		if got, want := endsInExt(p), hasExt(lastSegment(p)); got != want {
			t.Errorf("endsInExt(%q) = %v, hasExt(lastSegment) = %v", p, got, want)
		}
		if len(p) >= 6 {
			return
		}
		for i := range len(alphabet) {
			check(append(p, alphabet[i]))
		}
	}
	check(nil)
	for _, p := range []string{"a.abcdefghij", "a.abcdefghijk", "x/y.go", "x.go/y", ".c", "a.", "dir.d/Makefile", "v1.2"} {
		check([]byte(p))
	}
}

// A line that holds many "=line=" after a separator, each ending a prefix
// that is no path (it ends in a number after a space), reads each prefix
// again at no more than maxContextTries of them: past them, a context
// line's path is not looked for (a match's, before ":line:", still is).
func TestParsePrefixedTriesBounded(t *testing.T) {
	vain := strings.Repeat("a/b 1=2=", maxContextTries)
	for _, tc := range []struct {
		line string
		want GrepForm
	}{
		{strings.Repeat("a/b 1=2=", maxContextTries-1) + "x.go=3=text", GrepContext},
		{vain + "x.go=3=text", GrepPath},
		{vain + "x.go:3:text", GrepMatch},
	} {
		if g := ParseGrepLine([]byte(tc.line), nil); g.Form != tc.want {
			t.Errorf("ParseGrepLine(%q).Form = %v, want %v", tc.line, g.Form, tc.want)
		}
	}
}
