package shape

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/bench/split"
)

// tuneCorpus returns the paths of the corpus samples matching pattern (a
// glob in testdata/corpus) that are in the tune set. The sniffer is
// developed against those; the check set only measures it, with headroom
// bench --set check.
func tuneCorpus(t testing.TB, pattern string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("../testdata/corpus", pattern))
	if err != nil {
		t.Fatal(err)
	}
	var tune []string
	for _, p := range paths {
		if split.Of(strings.TrimSuffix(filepath.Base(p), ".out")) == split.Tune {
			tune = append(tune, p)
		}
	}
	if len(tune) == 0 {
		t.Fatalf("no tune samples match %s", pattern)
	}
	return tune
}

// clipHead is how much of its input clip holds when it sniffs it at the
// default budget (1 MiB and a byte); Sniff looks at windows of it.
const clipHead = 1<<20 + 1

// clipSample reads a file and returns the part of it clip shows Sniff.
func clipSample(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b[:min(len(b), clipHead)]
}

// sniffsAs checks that Sniff takes a sample of testdata for kind.
func sniffsAs(t *testing.T, name string, want Kind) {
	t.Helper()
	if k, why := Sniff(clipSample(t, "testdata/"+name)); k != want {
		t.Errorf("%s: Sniff = %s (%s), want %s", name, k, why, want)
	}
}

// headWindow returns the window of a sample that Sniff looks at first, as
// the sniffers of one kind see it.
func headWindow(sample []byte) []byte { return sample[:min(len(sample), HeadWindow)] }

// TestSniffCorpus sniffs every sample of the tune set as clip would and
// checks that it is taken for the shape its name announces: the samples
// taken for another shape are what headroom bench counts as misclassified.
func TestSniffCorpus(t *testing.T) {
	n := 0
	for _, p := range tuneCorpus(t, "*.out") {
		name := strings.TrimSuffix(filepath.Base(p), ".out")
		want := split.Expected(name)
		if want == "" {
			continue
		}
		n++
		if kind, why := Sniff(clipSample(t, p)); string(kind) != want {
			t.Errorf("%s: sniffed as %s (%s), want %s", name, kind, why, want)
		}
	}
	if n < 150 {
		t.Errorf("only %d tune samples announce a shape", n)
	}
}

// TestSniffListingCorpus checks that every listing of the tune set, and no
// other sample, is taken for a listing, and that the listing sniffer
// alone recognises every listing.
func TestSniffListingCorpus(t *testing.T) {
	sniffCorpusKind(t, "listing-", Listing, sniffListing)
}

// TestSniffOutlineCorpus checks the same of source code and documentation,
// which one of two sniffers recognises: documents that name themselves on
// their first line before logs, the rest after.
func TestSniffOutlineCorpus(t *testing.T) {
	sniffCorpusKind(t, "outline-", Outline, func(sample []byte) (bool, string) {
		if ok, why := sniffDocument(sample); ok {
			return ok, why
		}
		return sniffOutline(sample)
	})
}

func sniffCorpusKind(t *testing.T, prefix string, kind Kind, sniff func([]byte) (bool, string)) {
	t.Helper()
	n := 0
	for _, p := range tuneCorpus(t, "*.out") {
		name := filepath.Base(p)
		sample := clipSample(t, p)
		want := strings.HasPrefix(name, prefix)
		if want {
			n++
			if ok, why := sniff(headWindow(sample)); !ok {
				t.Errorf("%s: not recognised (%s)", name, why)
			}
		}
		if k, why := Sniff(sample); (k == kind) != want {
			t.Errorf("%s: Sniff = %s (%s)", name, k, why)
		}
	}
	if n < 15 {
		t.Errorf("only %d %s samples in the tune set", n, kind)
	}
}

// FuzzSniff: any sample gets a known kind and a reason, the same one every
// time, a sample whose first window holds a NUL byte among other control
// bytes is binary, and one without a NUL byte is not.
func FuzzSniff(f *testing.F) {
	paths, _ := filepath.Glob("../testdata/corpus/*.out")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err == nil {
			f.Add(b[:min(len(b), 4096)])
		}
	}
	f.Add([]byte("a\x00b"))
	f.Add([]byte(""))
	f.Add([]byte("0000220   3  \\n   )  \\n  \\n   r   e   q   u   i   r   e       (  \\n  \\t\n"))
	f.Fuzz(func(t *testing.T, sample []byte) {
		k, why := Sniff(sample)
		if !slices.Contains(append(Kinds, Binary), k) || why == "" {
			t.Fatalf("Sniff = %q, %q", k, why)
		}
		if k2, why2 := Sniff(sample); k2 != k || why2 != why {
			t.Fatalf("Sniff not deterministic: %q then %q", k, k2)
		}
		if binary(headWindow(sample)) && k != Binary || k == Binary && !slices.Contains(sample, 0) {
			t.Fatalf("NUL byte %v, kind %s", slices.Contains(sample, 0), k)
		}
	})
}

// TestSniffPastPreamble checks that a log whose first window is of
// another shape is taken for a log from a later window, and that the
// first window alone is not: a build that unpacks its sources verbosely
// (a listing of 115 KB) before configure and make (captured by
// scripts/corpus/preamble.sh), and tests run after a source file was
// printed (an outline), whose log is only the last lines.
func TestSniffPastPreamble(t *testing.T) {
	for _, tc := range []struct {
		path  string
		first Kind
		where string
	}{
		{"testdata/log-tar-configure-make-bash-broken.out", Listing, "of what was read, after listing"},
		{"../testdata/corpus/log-cat-source-then-unittest.out", Outline, "in the last lines of what was read, after outline"},
	} {
		sample := clipSample(t, tc.path)
		if k, why := Sniff(headWindow(sample)); k != tc.first {
			t.Errorf("%s: the first window alone: %s (%s), want %s", tc.path, k, why, tc.first)
		}
		if k, why := Sniff(sample); k != Log || !strings.HasSuffix(why, tc.where) {
			t.Errorf("%s: Sniff = %s (%s), want log %s", tc.path, k, why, tc.where)
		}
	}
}

// TestSniffListingLogTail checks that a listing that ends in a short log
// stays a listing, whose reducer shows every line that is no entry: the
// real output of a CI-like step, run in /usr/local/go/src and
// testdata/corpus-src/govet:
//
//	ls -lR net crypto; go vet ./...    >listing-ls-lR-then-govet.out
func TestSniffListingLogTail(t *testing.T) {
	sample := clipSample(t, "testdata/listing-ls-lR-then-govet.out")
	if k, why := Sniff(sample); k != Listing {
		t.Errorf("Sniff = %s (%s), want listing", k, why)
	}
	// The log at the end is one all the same.
	if ok, why := sniffLog(lastLines(sample, 9)); !ok {
		t.Errorf("the last lines are no log (%s)", why)
	}
}

// TestSniffHelpText checks that help texts are outlines though they have
// no usage line (go help testflag), document their options at the left
// margin (python3 --help-all), list options without describing them
// (find --help) or list commands as "name - description" (apt-get
// --help), and that a style sheet's declarations are no options.
func TestSniffHelpText(t *testing.T) {
	for _, name := range []string{"outline-go-help-testflag.txt", "outline-python3-help-all.txt", "outline-find-help.txt", "outline-apt-get-help.txt"} {
		sample := clipSample(t, "testdata/"+name)
		if k, why := Sniff(sample); k != Outline || !strings.HasPrefix(why, "help text") {
			t.Errorf("%s: Sniff = %s (%s), want help text", name, k, why)
		}
	}
	// A short argparse help: two options, under its headings.
	short := "usage: tool [-h] [--n N] path [path ...]\n\nDo things.\n\npositional arguments:\n  path\n\noptions:\n  -h, --help  show this help message and exit\n  --n N       count\n"
	if k, why := Sniff([]byte(short)); k != Outline || !strings.HasPrefix(why, "help text") {
		t.Errorf("argparse help: Sniff = %s (%s), want help text", k, why)
	}
	// go help mod: a usage line, then commands after a tab, described in
	// small letters.
	goHelp := "Go mod provides access to operations on modules.\n\nUsage:\n\n\tgo mod <command> [arguments]\n\nThe commands are:\n\n\tdownload    download modules to local cache\n\tedit        edit go.mod from tools or scripts\n\tgraph       print module requirement graph\n\tinit        initialize new module in current directory\n\ttidy        add missing and remove unused modules\n\nUse \"go help mod <command>\" for more information about a command.\n"
	if k, why := Sniff([]byte(goHelp)); k != Outline || !strings.HasPrefix(why, "help text") {
		t.Errorf("go help mod: Sniff = %s (%s), want help text", k, why)
	}
	// kubectl's help (cobra's): options indented by blanks, each
	// described on the next line, indented by a tab; its usage line comes
	// after them, past where a usage line is looked for.
	kubectl := "Display one or many resources.\n\nExamples:\n  # List all pods in ps output format\n  kubectl get pods\n\n" +
		"Options:\n    -A, --all-namespaces=false:\n\tIf present, list the requested object(s) across all namespaces.\n\n" +
		"    -c, --chunk-size=500:\n\tReturn large lists in chunks rather than all at once.\n\n" +
		"    -f, --filename=[]:\n\tFilename, directory, or URL to files identifying the resource.\n\n" +
		"    -i, --ignore-not-found=false:\n\tIf the requested object does not exist the command will return exit code 0.\n\n" +
		"    -k, --kustomize='':\n\tProcess the kustomization directory.\n\n" +
		"    -n, --no-headers=false:\n\tWhen using the default output format, don't print headers.\n\n" +
		"    -o, --output='':\n\tOutput format. One of: (json, yaml, name, wide).\n\n" +
		"    -l, --selector='':\n\tSelector (label query) to filter on.\n\n" +
		"    -w, --watch=false:\n\tAfter listing/getting the requested object, watch for changes.\n"
	if k, why := Sniff([]byte(kubectl)); k != Outline || !strings.HasPrefix(why, "help text") {
		t.Errorf("kubectl get --help: Sniff = %s (%s), want help text", k, why)
	}
	// argparse's complaint under its usage line is a log.
	complaint := "usage: tool [-h] [--n N] path [path ...]\ntool: error: the following arguments are required: path\n"
	if k, why := Sniff([]byte(complaint)); k == Outline {
		t.Errorf("argparse error: Sniff = %s (%s), want no outline", k, why)
	}
	for _, tc := range []struct {
		line   string
		option bool
	}{
		// go help testflag, python3 --help-all, styles.css of golang.org/x/tools.
		{"\t-bench regexp", true},
		{"\t-count n", true},
		{"-b     : issue warnings about str(bytes_instance), str(bytearray_instance)", true},
		{"    -webkit-font-smoothing: antialiased;", false},
		{"    -moz-box-sizing: border-box;", false},
	} {
		if got := optionLine([]byte(tc.line)) || marginOption([]byte(tc.line)); got != tc.option {
			t.Errorf("%q: option %v, want %v", tc.line, got, tc.option)
		}
	}
}

// TestLastLines checks that lastLines counts lines that are not blank,
// from the end.
func TestLastLines(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"a\nb\nc\n", 2, "b\nc\n"},
		{"a\nb\n\n\nc\n\n", 2, "b\n\n\nc\n\n"},
		{"a\nb", 5, "a\nb"},
		{"", 3, ""},
	} {
		if got := string(lastLines([]byte(tc.in), tc.n)); got != tc.want {
			t.Errorf("lastLines(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

// TestSniffWindows checks which parts of a long sample Sniff looks at:
// whole lines only, within bounds.
func TestSniffWindows(t *testing.T) {
	sample := clipSample(t, "../testdata/corpus/log-configure-make-cpython313.out")
	for _, at := range []int{HeadWindow, len(sample) / 2, len(sample) - LaterWindow} {
		w := window(sample, at)
		if len(w) == 0 || len(w) > LaterWindow {
			t.Fatalf("window at %d: %d bytes", at, len(w))
		}
		start := len(sample) - len(sample[at:]) + bytes.Index(sample[at:], w)
		if sample[start-1] != '\n' || w[len(w)-1] != '\n' && start+len(w) != len(sample) {
			t.Errorf("window at %d does not hold whole lines: %q...%q", at, w[:20], w[len(w)-20:])
		}
	}
}

// TestSniffClosingBeforeOpening is a line of od -c's dump of Go's go.mod,
// where a closing parenthesis comes before an opening one after a number
// that reads as a commit's hash: Sniff panicked taking it for git blame's.
func TestSniffClosingBeforeOpening(t *testing.T) {
	line := "0000220   3  \\n   )  \\n  \\n   r   e   q   u   i   r   e       (  \\n  \\t"
	if blameLine([]byte(line)) {
		t.Errorf("%q taken for git blame's", line)
	}
	if k, _ := Sniff([]byte(line + "\n")); k != Text {
		t.Errorf("Sniff = %s, want text", k)
	}
}

// TestSniffGitGrepRevision checks that git grep of a revision, whose
// lines start with the revision and a colon before the path, reads as
// search output, not as source code:
//
//	git grep -n 'func ' 2b831ce -- shape/grep.go | head -12
func TestSniffGitGrepRevision(t *testing.T) {
	sniffsAs(t, "grep-git-grep-revision.txt", Grep)
}

// TestSniffMakefile checks that a makefile is an outline by its rules and
// their recipes, and that ldd's "binary:" lines over tab-indented
// libraries are not: Lua 5.4.4's src/Makefile, and
//
//	ldd /usr/bin/git /usr/bin/python3 /usr/bin/ssh    >text-ldd.txt
func TestSniffMakefile(t *testing.T) {
	mk := clipSample(t, "testdata/outline-lua-makefile.txt")
	if tl := tallyOutline(mk); tl.rules < 3 || tl.makeRefs < tl.rules {
		t.Errorf("Lua's makefile: %d rules, %d lines with variables", tl.rules, tl.makeRefs)
	}
	if k, why := Sniff(mk); k != Outline {
		t.Errorf("Lua's makefile: Sniff = %s (%s)", k, why)
	}
	for _, tc := range []struct {
		line string
		rule bool
	}{
		{"$(LUA_A): $(BASE_O)", true},
		{"lua.o: lua.c lprefix.h lua.h luaconf.h lauxlib.h lualib.h", true},
		{"CC= gcc -std=gnu99", false},
		{"# Makefile for building Lua", false},
	} {
		if got := makeRule([]byte(tc.line)); got != tc.rule {
			t.Errorf("makeRule(%q) = %v, want %v", tc.line, got, tc.rule)
		}
	}
	if ok, why := sniffOutline(clipSample(t, "testdata/text-ldd.txt")); ok {
		t.Errorf("ldd: sniffOutline = %v (%s)", ok, why)
	}
}

// TestSniffProseTripleQuote checks that a triple quote in prose opens no
// docstring, after which every line would read as code: git log of this
// repository, one of whose commit messages names a triple quote,
//
//	git log -20 0284a6a    >text-git-log-triple-quote.txt
func TestSniffProseTripleQuote(t *testing.T) {
	sniffsAs(t, "text-git-log-triple-quote.txt", Text)
	for _, tc := range []struct {
		line string
		open bool
	}{
		{`    tables mean. A policy's ''' string outside a rule is now read past,`, false},
		{`"""Bisection algorithms.`, true},
		{`    x = r'''`, true},
		{`    return f"""{a}`, true},
		{`    call(b"""`, true},
		{`"""One line."""`, false},
	} {
		if got := commentState([]byte(strings.TrimSpace(tc.line)), false); got != tc.open {
			t.Errorf("%q: open %v, want %v", tc.line, got, tc.open)
		}
	}
}

// TestSniffStrayNUL checks that text holding a NUL byte or two among
// thousands of others is read for what it is: a test that prints the
// input it fuzzed, a program that logs a raw byte string. Binary data
// holds control bytes throughout.
func TestSniffStrayNUL(t *testing.T) {
	var log bytes.Buffer
	for i := range 60 {
		fmt.Fprintf(&log, "=== RUN   TestParse/case-%02d\n--- PASS: TestParse/case-%02d (0.00s)\n", i, i)
	}
	log.WriteString("    parse_test.go:88: input \"a\x00b\" gave a panic\n--- FAIL: TestParse (0.01s)\nFAIL\nFAIL\texample.com/parse\t0.012s\nFAIL\n")
	elf := []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00>\x00\x01\x00\x00\x00")
	for _, tc := range []struct {
		name   string
		sample []byte
		want   Kind
	}{
		{"a test log with one NUL", log.Bytes(), Log},
		{"an ELF header", elf, Binary},
		{"an ELF header after text", append([]byte("hello\n"), elf...), Binary},
		{"a short line with a NUL", []byte("a\x00b\n"), Binary},
		{"grep -rnZ", []byte("net/a.go\x0012:\tmu sync.Mutex\nnet/b c/d.go\x003:var mu sync.Mutex\nnet/b c/d.go\x009:\tmu.Lock()\n"), Grep},
		{"rg -0 -c", []byte("net/a.go\x001\nnet/b.go\x0012\nnet/c.go\x003\n"), Grep},
		{"two NULs on a line", []byte("net/a.go\x0012:\tmu\x00\nnet/b.go\x003:var mu\n"), Binary},
		{"a NUL after no path", []byte("net/a.go\x0012:\tmu\nnet 3\x00var mu\n"), Binary},
		{"a gzip stream", []byte("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcbH\xcd\xc9\xc9W(\xcf/\xcaI\xe1\x02\x00"), Binary},
	} {
		if got, why := Sniff(tc.sample); got != tc.want {
			t.Errorf("%s: Sniff = %s (%s), want %s", tc.name, got, why, tc.want)
		}
	}
}
