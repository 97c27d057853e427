package reduce

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/shape"
)

// TestListingGolden pins the views of the listings of the tune set at the
// default budget and at a tight one, and checks what every view must be:
// within the budget, shorter than the input, the same every time, and
// true to the input: each line as it is, each fold standing for the lines
// it names.
func TestListingGolden(t *testing.T) {
	c := counter()
	for _, path := range corpus(t, "listing-") {
		name := strings.TrimSuffix(filepath.Base(path), ".out")
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if c.Count(input) <= 600 {
			continue // clip passes it through
		}
		if c.Count(input) > 2000 {
			lost := goldenCorpus(t, name, shape.Listing, 2000)[name]
			t.Logf("%s: lost %d of %d needles: %q", name, len(lost), len(needles(t, path)), lost)
			checkListingView(t, name, input, 2000)
		}
		got := body(t, shape.Listing, input, 600)
		if n := c.Count(got); n > 600 || len(got) >= len(input) {
			t.Errorf("%s@600: view of %d tokens, %d bytes, of %d bytes of input", name, n, len(got), len(input))
		}
		checkListingView(t, name+"-600", input, 600)
		checkGolden(t, name+"-600", got)
	}
}

// checkListingView reduces input and checks that every piece of the view is
// true to it and that the view is deterministic.
func checkListingView(t *testing.T, name string, input []byte, budget int) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(string(input), "\n"), "\n")
	pieces := listingPieces(input, budget, counter())
	for _, p := range pieces {
		if err := listingTrue(p, lines); err != "" {
			t.Errorf("%s: %s", name, err)
		}
	}
	if a, b := body(t, shape.Listing, input, budget), body(t, shape.Listing, input, budget); !bytes.Equal(a, b) {
		t.Errorf("%s: two views of the same input differ", name)
	}
}

// listingPieces returns the pieces Fit chooses of a listing view.
func listingPieces(input []byte, budget int, c Counter) []Piece {
	r := NewListing(budget)
	s := NewSplitter(r)
	s.Write(input)
	n := s.Close()
	return Fit(r.Pieces(n, budget, c), n, budget, c)
}

// listingTrue checks a piece of a listing view against the input lines: a
// kept line is the input line (or its start, if cut), a fold expands to the
// lines it stands for, and notes standing for no lines are the census.
func listingTrue(p Piece, lines []string) string {
	switch {
	case p.Note != "" && p.Stands == 0:
		if !strings.HasPrefix(p.Note, "[headroom: ") || !strings.HasSuffix(p.Note, "]") {
			return "note " + p.Note + " is no census"
		}
	case strings.HasPrefix(p.Note, "  [names of "),
		strings.HasPrefix(p.Note, "  [... ") && strings.HasSuffix(p.Note, " not installed]"):
		return namesTrue(p, lines)
	case p.Note != "":
		want := lines[p.Line-1 : p.Line-1+p.Stands]
		if got := expandFold(p.Note); strings.Join(got, "\n") != strings.Join(want, "\n") {
			return "fold " + p.Note + " stands for " + strings.Join(want, " ") + ", not " + strings.Join(got, " ")
		}
	case p.Before > 0:
		return "a listing line cut at its start"
	case p.After > 0:
		if !strings.HasPrefix(lines[p.Line-1], string(p.Text)) {
			return "cut line " + string(p.Text) + " is not the start of line " + lines[p.Line-1]
		}
	default:
		if l := strings.TrimSuffix(lines[p.Line-1], "\r"); string(p.Text) != lines[p.Line-1] && string(p.Text) != l {
			return "line " + string(p.Text) + " is not line " + lines[p.Line-1]
		}
	}
	return ""
}

// namesTrue checks a note that shows rows by their names alone: it names
// the lines it stands for, and each name is a field of its row.
func namesTrue(p Piece, lines []string) string {
	note := strings.TrimPrefix(strings.TrimPrefix(p.Note, "  [names of "), "  [... ")
	head, names, ok := strings.Cut(strings.TrimSuffix(note, "]"), ": ")
	if !ok || head != elision.LineRange(p.Line, p.Line+p.Stands-1) {
		return "note " + p.Note + " does not name the lines it stands for"
	}
	// Rows of packages not installed are counted after the names.
	absent := 0
	if i := strings.LastIndex(names, " not installed"); i >= 0 {
		before, count, _ := strings.Cut(names[:i], "; ")
		if count == "" {
			before, count = "", before
		}
		n, err := strconv.Atoi(strings.Fields(count)[0])
		if err != nil {
			return "note " + p.Note + " does not count its rows not installed"
		}
		absent, names = n, before
	}
	rows := make([]int, 0, p.Stands)
	for i := range p.Stands {
		if absent == 0 || !notInstalled([]byte(lines[p.Line-1+i])) {
			rows = append(rows, p.Line-1+i)
		}
	}
	if p.Stands-len(rows) != absent {
		return "note " + p.Note + " miscounts its rows not installed"
	}
	var fields []string
	if names != "" {
		fields = strings.Split(names, " ")
	}
	if len(fields) == 1 && strings.Contains(names, "{") {
		// Names under one directory, folded.
		fields = expandFold(names)
	}
	if len(fields) != len(rows) {
		return "note " + p.Note + " does not name each of its rows"
	}
	for i, name := range fields {
		row := " " + strings.Join(strings.Fields(lines[rows[i]]), " ")
		if modeRow([]byte(lines[rows[i]])) && lines[rows[i]][0] == 'd' {
			// ls -l's directories show by name with a slash.
			if !strings.HasSuffix(name, "/") {
				return "name " + name + " of a directory has no slash"
			}
			name = strings.TrimSuffix(name, "/")
		}
		if !strings.Contains(row, " "+name) {
			return "name " + name + " starts no field of line " + lines[rows[i]]
		}
	}
	return ""
}

// expandFold writes out a fold, prefix{a,b}suffix, as the lines it stands
// for, as a reader would.
func expandFold(fold string) []string {
	open := strings.LastIndexByte(fold, '{')
	end := strings.LastIndexByte(fold, '}')
	if open < 0 || end < open {
		return []string{fold}
	}
	var out []string
	for _, name := range strings.Split(fold[open+1:end], ",") {
		out = append(out, fold[:open]+name+fold[end+1:])
	}
	return out
}

// TestListingFolds checks the form of folds on real names: one extension
// written once when all share it, directories' slashes too, the words all
// start with once where asked, and names that would read as a fold's
// punctuation never folded.
func TestListingFolds(t *testing.T) {
	// With stem, as the listing's own folds are written, the words the
	// names start with once too.
	for _, tc := range []struct {
		names []string
		stem  bool
		want  string
	}{
		{[]string{"dirent_test.go", "env_unix_test.go"}, false, "{dirent_test,env_unix_test}.go"},
		{[]string{"tar/", "zip/"}, false, "{tar,zip}/"},
		{[]string{"a.go", "a.s"}, false, "{a.go,a.s}"},
		{[]string{"ld-linux-x86-64.so.2", "libc.so.6"}, false, "{ld-linux-x86-64.so.2,libc.so.6}"},
		{[]string{"__init__.cpython-311.pyc", "base.cpython-311.pyc"}, false, "{__init__.cpython-311,base.cpython-311}.pyc"},
		{[]string{".gitignore", "a.gitignore"}, false, "{.gitignore,a.gitignore}"},
		{[]string{"Makefile", "README"}, false, "{Makefile,README}"},
		{[]string{"dpkg-deb.1.gz", "dpkg-query.1.gz"}, false, "{dpkg-deb.1,dpkg-query.1}.gz"},
		{[]string{"dpkg-deb.1.gz", "dpkg-query.1.gz"}, true, "dpkg-{deb.1,query.1}.gz"},
		{[]string{"cgo_unix.go", "cgo_unix_cgo.go"}, true, "cgo_{unix,unix_cgo}.go"},
		{[]string{"bash.1", "bc.1"}, true, "{bash,bc}.1"},
		{[]string{"ab-c", "ab-c-d"}, true, "ab-{c,c-d}"},
		{[]string{"_parseaddr.py", "_policybase.py"}, true, "{_parseaddr,_policybase}.py"},
		{[]string{"net-y.go", "net-y.go.orig"}, true, "net-{y.go,y.go.orig}"},
		{[]string{"lib/", "lib/x/"}, true, "{lib,lib/x}/"},
		{[]string{"net/a.go", "net/b.go"}, true, "net/{a,b}.go"},
	} {
		got := braces(tc.names, tc.stem)
		if got != tc.want {
			t.Errorf("braces(%q, %v) = %q, want %q", tc.names, tc.stem, got, tc.want)
		}
		if names := expandFold(got); !slices.Equal(names, tc.names) {
			t.Errorf("the fold of %q stands for %q", tc.names, names)
		}
	}
	for _, name := range []string{"a,b.go", "{x}.go", "My Docs", "a\tb", "\x1b[31mred", "\xff"} {
		if foldable([]byte(name)) {
			t.Errorf("foldable(%q) = true", name)
		}
	}
}

// TestListingSizes reads sizes as ls -l, ls -lh and du print them.
func TestListingSizes(t *testing.T) {
	for in, want := range map[string]int64{"4096": 4096, "4.0K": 4096, "112M": 112 << 20, "1.5G": 3 << 29, "0": 0} {
		if got, ok := parseSize([]byte(in)); !ok || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "K", "12x", "rw-r"} {
		if _, ok := parseSize([]byte(in)); ok {
			t.Errorf("parseSize(%q) ok", in)
		}
	} // A row's size, as ls -l, ls -sh and du print it; git diff --stat's lines changed.
	var p shape.ListingParser
	for row, want := range map[string]int64{
		"-rw-r--r-- 1 root root 3080 Aug 28 16:20 a.go": 3080,
		"105M libLLVM-14.so.1":                          105 << 20,
		" 12K README.md":                                12 << 10,
		"4.0K\t/usr/share/doc":                          4096,
		" quic/conn_id.go             |  458 +++++++":   458,
	} {
		if got, ok := rowSize([]byte(row), p.Parse([]byte(row))); !ok || got != want {
			t.Errorf("rowSize(%q) = %d, %v; want %d", row, got, ok, want)
		}
	}
}

// TestListingRowKeys checks the statuses that set rows apart, on real rows
// of dpkg -l, apt list, ls -l and ps aux.
func TestListingRowKeys(t *testing.T) {
	for row, want := range map[string]string{
		"ii  adduser                                    3.134                          all          add and remove users and groups": "ii",
		"adduser/oldstable,now 3.134 all [installed,automatic]":                                                                      "[installed,automatic]",
		"apt/oldstable,now 2.6.1 amd64 [installed,upgradable to: 2.6.2]":                                                             "[installed,upgradable to",
		"-rw-r--r--  1 root root   3080 Aug 28 16:20 alpn_test.go":                                                                   "",
		"root         2  0.0  0.0      0     0 ?        S    02:01   0:00 [kthreadd]":                                                "",
	} {
		if got := rowKey([]byte(row)); got != want {
			t.Errorf("rowKey(%q) = %q, want %q", row, got, want)
		}
	}
}

// TestListingFieldCount checks that rows are split into fields as
// bytes.Fields splits them, Unicode spaces and broken UTF-8 included.
func TestListingFieldCount(t *testing.T) {
	for _, in := range []string{"", "   ", "a", " a  b\t c\n", "a\u00a0b", "a\u2003 b", "\xffa b\xc2", "4.0K\t"} {
		if got, want := fieldCount([]byte(in)), len(bytes.Fields([]byte(in))); got != want {
			t.Errorf("fieldCount(%q) = %d, want %d", in, got, want)
		}
	}
}

// TestListingRowsAllocateNothing checks that reading a row's fields, its
// size and its status makes no garbage: they are read on every row.
func TestListingRowsAllocateNothing(t *testing.T) {
	var p shape.ListingParser
	for _, row := range []string{
		"-rw-r--r-- 1 root root 3080 Aug 28 16:20 a.go",
		"12 README.md",
		"4.0K\t/usr/share/doc",
	} {
		b := []byte(row)
		ll := p.Parse(b)
		if n := testing.AllocsPerRun(10, func() {
			rowSize(b, ll)
			rowKey(b)
			onlyNumbers(b[:ll.Start])
			fieldCount(b[:ll.Start])
		}); n != 0 {
			t.Errorf("%q: %v allocations a row", row, n)
		}
	}
}

// TestListingStandsOut checks, on real ls -lhS output sorted by size, that
// the directories, which rank last by size, are shown before the rest: a
// view of a library directory names its subdirectories.
func TestListingStandsOut(t *testing.T) {
	checkShows(t, filepath.Join(corpusDir, "listing-ls-lhS-libs.out"), 2000, 10, "directory row",
		func(l string) bool { return strings.HasPrefix(l, "d") })
}

// checkShows checks that the view of the sample at path at budget shows
// every line that want picks as it is, and that want picks least or more.
func checkShows(t *testing.T, path string, budget, least int, what string, want func(string) bool) {
	t.Helper()
	input, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	view := "\n" + string(body(t, shape.Listing, input, budget))
	n := 0
	for _, l := range strings.Split(string(input), "\n") {
		if want(l) {
			n++
			if !strings.Contains(view, "\n"+l+"\n") {
				t.Errorf("%s %q not in the view", what, l)
			}
		}
	}
	if n < least {
		t.Fatalf("only %d of %s in the sample", n, what)
	}
	checkListingView(t, filepath.Base(path), input, budget)
}

// TestListingMostlyNoEntries checks that input most of whose lines are no
// entries, as a forced --tool listing may bring, is reduced as text: a go
// test log has a few lines (PASS, ok) that read as names.
func TestListingMostlyNoEntries(t *testing.T) {
	input, err := os.ReadFile(filepath.Join(corpusDir, "log-gotest-v-pass.out"))
	if err != nil {
		t.Fatal(err)
	}
	got := body(t, shape.Listing, input, 600)
	want := func() []byte {
		r := NewText(600)
		s := NewSplitter(r)
		s.Write(input)
		n := s.Close()
		c := counter()
		return Render(Fit(r.Pieces(n, 600, c), n, 600, c), n)
	}()
	if !bytes.Equal(got, want) {
		t.Errorf("view of a log as a listing differs from its view as text:\n%s", got)
	}
}

// TestListingFoldsAll checks that a list of paths whose folded form fits,
// and whose lines would not show a third of it, shows every path, some as
// they are and the others in folds that span directories. The sample is
// the real output of
//
//	find /usr/local/go/src/cmd/vendor/golang.org/x/tools/go/analysis/passes -name '*.go'
//
// 2,235 tokens, 93 paths in 41 directories, at a budget of 700.
func TestListingFoldsAll(t *testing.T) {
	input := listingSample(t, "find-analysis-passes.out")
	view := string(body(t, shape.Listing, input, 700))
	shown := map[string]bool{}
	for _, l := range strings.Split(view, "\n") {
		for _, p := range expandFold(l) {
			shown[p] = true
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(string(input)), "\n") {
		if !shown[l] {
			t.Errorf("%s is neither shown nor in a fold", l)
		}
	}
	if !strings.Contains(view, "[headroom: 93 paths in 41 directories · all below, ") || !strings.Contains(view, "/passes/{") {
		t.Errorf("not a view of every path, some folded:\n%s", view)
	}
	checkListingView(t, "find-analysis-passes", input, 700)
}

// TestListingNames checks that rows whose other columns cost most of their
// tokens (git ls-tree's modes, object ids and sizes, jar tvf's sizes and
// dates) show by name where they do not fit as they are, several times as
// many as show whole; and that lines that are names alone (ls -R's), which
// a note would not make cheaper, and rows in order of size (ls -lhS's),
// whose sizes were asked for, show as they are.
func TestListingNames(t *testing.T) {
	for _, tc := range []struct {
		sample string
		names  bool
	}{
		{"listing-git-ls-tree", true},
		{"listing-jar-tvf-guice", true},
		{"listing-ls-R-net", false},
		{"listing-ls-lhS-libs", false},
	} {
		input, err := os.ReadFile(filepath.Join(corpusDir, tc.sample+".out"))
		if err != nil {
			t.Fatal(err)
		}
		byName, whole := 0, 0
		for _, p := range listingPieces(input, 2000, counter()) {
			switch {
			case strings.HasPrefix(p.Note, "  [names of "):
				byName += p.Stands
			case p.Note == "":
				whole++
			}
		}
		if tc.names && byName < 4*whole || !tc.names && byName > 0 {
			t.Errorf("%s: %d rows by name, %d whole", tc.sample, byName, whole)
		}
	}
}

// TestListingBeatsHeadTail compares the views of the listings of the tune
// set with a cut of head and tail at the same budget. Past three times the
// budget, where folds and the census do their work, every view must keep
// at least as many needles. Nearer the budget the view is much the same
// cut plus a census of what it leaves out, whose few lines may cost a
// needle of a sample; there, the views together must keep at least as
// many as the cuts.
func TestListingBeatsHeadTail(t *testing.T) {
	c := counter()
	var near, nearBase int
	for _, path := range corpus(t, "listing-") {
		name := strings.TrimSuffix(filepath.Base(path), ".out")
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		in := c.Count(input)
		if in <= 2000 {
			continue
		}
		view := body(t, shape.Listing, input, 2000)
		base := headTail(input, 2000, c)
		kept, baseKept := 0, 0
		ns := needles(t, path)
		unfolded := Unfolded(view) // a name in a fold is shown, as bench counts it
		for _, n := range ns {
			if bytes.Contains(view, []byte(n)) || bytes.Contains(unfolded, []byte(n)) {
				kept++
			}
			if bytes.Contains(base, []byte(n)) {
				baseKept++
			}
		}
		t.Logf("%-32s in %7d | listing %4d tok %2d/%d needles | head+tail %4d tok %2d/%d needles",
			name, in, c.Count(view), kept, len(ns), c.Count(base), baseKept, len(ns))
		if in > 3*2000 {
			if kept < baseKept {
				t.Errorf("%s: view keeps %d needles, head and tail %d", name, kept, baseKept)
			}
			continue
		}
		near += kept
		nearBase += baseKept
	}
	if near < nearBase {
		t.Errorf("views of samples near the budget keep %d needles, head and tail %d", near, nearBase)
	}
}

// FuzzListing checks that any input reduces without panic to a view within
// the budget, shorter than the input if the input is over the budget, true
// to the input and the same every time. It counts a token a byte, as
// FuzzGrep does.
func FuzzListing(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(corpusDir, "listing-*.out"))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[:min(len(b), 4<<10)], 600)
	}
	f.Add([]byte("a/b\na/c\na/{d}\na/e,f\n"), 0)
	f.Add([]byte("x\n\n/a/b.go\n/a/c.go\r\n/a/d.go"), 0)
	f.Fuzz(func(t *testing.T, input []byte, budget int) {
		budget = 100 + int(uint(budget)%2000)
		reduce := func() ([]byte, []Piece) {
			r := NewListing(budget)
			s := NewSplitter(r)
			s.Write(input)
			n := s.Close()
			pieces := Fit(r.Pieces(n, budget, byteCounter{}), n, budget, byteCounter{})
			return Render(pieces, n), pieces
		}
		got, pieces := reduce()
		if len(got) > budget {
			t.Errorf("view has %d tokens, budget %d", len(got), budget)
		}
		if len(input) > budget && len(got) >= len(input) {
			t.Errorf("view (%d bytes) is not shorter than the input (%d bytes)", len(got), len(input))
		}
		if again, _ := reduce(); !bytes.Equal(got, again) {
			t.Errorf("two views of the same input differ")
		}
		lines := strings.Split(string(input), "\n")
		for _, p := range pieces {
			if p.Note != "" && p.Stands > 0 {
				if err := listingTrue(p, lines); err != "" {
					t.Error(err)
				}
			}
		}
	})
}

// BenchmarkListing reduces the largest listing of the tune set, and the
// same repeated to 16 MiB, as find over a large tree prints.
func BenchmarkListing(b *testing.B) {
	var largest []byte
	for _, p := range corpus(b, "listing-") {
		if in, err := os.ReadFile(p); err == nil && len(in) > len(largest) {
			largest = in
		}
	}
	for _, in := range [][]byte{largest, bytes.Repeat(largest, 16<<20/len(largest))} {
		b.Run(strconv.Itoa(len(in)>>10)+"KiB", func(b *testing.B) {
			c := counter()
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				r := NewListing(2000)
				s := NewSplitter(r)
				s.Write(in)
				n := s.Close()
				Render(Fit(r.Pieces(n, 2000, c), n, 2000, c), n)
			}
		})
	}
}

// TestListingLogTail checks that a listing that ends in a short log shows
// every line of it, as the sniffer counts on: ls -lR of two trees of
// 1,700 entries, then go vet's complaints (shape/testdata's sample).
func TestListingLogTail(t *testing.T) {
	input, err := os.ReadFile("../shape/testdata/listing-ls-lR-then-govet.out")
	if err != nil {
		t.Fatal(err)
	}
	got := body(t, shape.Listing, input, 2000)
	var p shape.ListingParser
	others := 0
	for _, line := range strings.Split(strings.TrimSuffix(string(input), "\n"), "\n") {
		if p.Parse([]byte(line)).Form != shape.ListingOther {
			continue
		}
		others++
		if !bytes.Contains(got, []byte(line+"\n")) {
			t.Errorf("the view lost %q", line)
		}
	}
	if others < 9 {
		t.Errorf("only %d lines are no entries", others)
	}
}

// Unfold gives back the names a fold stands for, and nothing for a line
// that is not a fold.
func TestUnfold(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string
	}{
		{"/usr/lib/git-core/mergetools/{araxis,bc}", []string{"/usr/lib/git-core/mergetools/araxis", "/usr/lib/git-core/mergetools/bc"}},
		{"src/net/{dial,dial_test}.go", []string{"src/net/dial.go", "src/net/dial_test.go"}},
		{" M reduce/{a/x,b/y}.go", []string{" M reduce/a/x.go", " M reduce/b/y.go"}},
		{"share/{doc,man}/", []string{"share/doc/", "share/man/"}},
		{"src/net/{dial}.go", nil},
		{"no fold here", nil},
		{`{"a": {"b": 1, "c": 2}}`, nil},
		{"x}{y,z", nil},
	} {
		var got []string
		for _, l := range Unfold([]byte(tc.line)) {
			got = append(got, string(l))
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("Unfold(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

// Every fold a listing view shows unfolds to lines of its input, in order.
func TestFoldsUnfoldToInput(t *testing.T) {
	folds := 0
	for _, path := range corpus(t, "listing-") {
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		view := body(t, shape.Listing, input, 2000)
		if !bytes.Contains(view, []byte(FoldLegend)) {
			continue
		}
		lines := map[string]bool{}
		for l := range bytes.Lines(input) {
			lines[string(bytes.TrimRight(l, "\n"))] = true
		}
		for l := range bytes.Lines(view) {
			if bytes.HasPrefix(l, []byte("  [names of ")) {
				continue // rows by name, each a field of its row: namesTrue checks them
			}
			names := Unfold(bytes.TrimRight(l, "\n"))
			folds += min(len(names), 1)
			for _, name := range names {
				if !lines[string(name)] {
					t.Errorf("%s: fold %q stands for %q, which is not a line of the input", filepath.Base(path), bytes.TrimSpace(l), name)
				}
			}
		}
	}
	if folds == 0 {
		t.Error("no view of the corpus shows a fold")
	}
}

// TestListingCensusNote checks the census's note: with no room for a single
// directory's line it says in one phrase what is not shown, rather than
// head a list that has nothing but its last line; and it lists no
// directory with fewer than three entries not below, which would take
// about the room of the entries, but counts them together.
func TestListingCensusNote(t *testing.T) {
	for _, tc := range []struct {
		paths []string
		room  int
		want  string
	}{
		{[]string{"a/x.go", "a/y.go", "b/x.go", "b/y.go", "c/z.go"}, 0,
			"[headroom: 5 paths in 3 directories · none below · not below: 5 paths in 3 directories]"},
		{[]string{"a/w.go", "a/x.go", "a/y.go", "a/z.go", "b/x.go", "b/y.go", "b/z.go", "c/y.go", "c/z.go", "d/z.go"}, 1000,
			"[headroom: 10 paths in 4 directories · none below · not below, per directory:\n  4 a/\n  3 b/\n  and 2 more directories with 3 paths]"},
	} {
		c := newListCensus()
		for _, p := range tc.paths {
			c.add(nil, []byte(p))
		}
		if got := c.note(listShown{dirs: map[int]int{}, exts: map[string]int{}}, true, tc.room); got != tc.want {
			t.Errorf("note = %q, want %q", got, tc.want)
		}
	}
}

// TestListingNamesNotNumbers checks that a table whose rows have only
// numbers besides their names (du's sizes, wc -l's counts) shows by name
// only when every name fits in nine tenths of the room, and tables with
// other columns may whatever the room.
func TestListingNamesNotNumbers(t *testing.T) {
	for _, tc := range []struct {
		rows  []string
		room  int
		worth bool
	}{
		{[]string{"4.0K\tcmd/go", "12M\tcmd/compile", "1.0\tx"}, 2000, true},
		{[]string{"4.0K\tcmd/go", "12M\tcmd/compile", "1.0\tx"}, 6, false},
		{[]string{"4.0K\tcmd/go", "12M\tcmd/compile", "1.0\tx"}, 20, true},
		{[]string{"  1234 reduce/listing.go", "   56 reduce/fit.go"}, 2000, true},
		{[]string{"  1234 reduce/listing.go", "   56 reduce/fit.go"}, 6, false},
		{[]string{"100644 blob 7dbb7cd5a83f58e33e1c0f09485f7e62c21d884d\t.ci/run", "100644 blob 1c0a34af272dc24aaa54d42be5bc52d20f441549\t.gitignore"}, 6, true},
		{[]string{"libacl1:amd64\t2.3.1-3+deb12u1", "libz3-4:amd64\t4.8.12-3.1", "libfoo\t1.0"}, 6, true},
	} {
		r := NewListing(2000)
		var held []listCand
		for i, row := range tc.rows {
			name := strings.Fields(row)[len(strings.Fields(row))-1]
			if strings.Contains(row, ":amd64") || strings.HasPrefix(row, "libfoo") {
				name = strings.Fields(row)[0]
			}
			start := strings.Index(row, name)
			l := Line{N: i + 1, Text: []byte(row), Len: int64(len(row))}
			r.names.add(l, start, start+len(name), -1, "")
			held = append(held, listCand{piece: Piece{Line: i + 1, Text: []byte(row)}})
		}
		r.names.close()
		if got := r.names.worth(held, tc.room, counter()); got != tc.worth {
			t.Errorf("%q: worth %v, want %v", tc.rows, got, tc.worth)
		}
	}
}

// A path list up to a few times the budget names every path in folds by
// directory, when they fit, rather than a census and the paths at its
// ends; and folds of a few lines' width come before folds of whole runs.
func TestListingFoldsEveryPath(t *testing.T) {
	for _, name := range []string{"listing-find-maxdepth-dirs", "listing-find-type-f-email", "listing-rg-l-files"} {
		input, err := os.ReadFile(filepath.Join(corpusDir, name+".out"))
		if err != nil {
			t.Fatal(err)
		}
		view := body(t, shape.Listing, input, 2000)
		if !bytes.Contains(view, []byte("· all below")) {
			t.Errorf("%s: the view does not name every path:\n%.600s", name, view)
		}
		shown := map[string]bool{}
		for l := range bytes.Lines(append(view, Unfolded(view)...)) {
			shown[string(bytes.TrimRight(l, "\n"))] = true
		}
		for l := range bytes.Lines(input) {
			if !shown[string(bytes.TrimRight(l, "\n"))] {
				t.Errorf("%s: %q is not named", name, bytes.TrimSpace(l))
				break
			}
		}
		for l := range bytes.Lines(view) {
			if len(l) > 2*listFoldWide && !bytes.HasPrefix(l, []byte("[headroom: ")) {
				t.Errorf("%s: a line of %d bytes: %.120s...", name, len(l), l)
			}
		}
	}
}

// A census that cannot list every directory says where the rest lie, by
// the parents holding several of them.
func TestListingCensusParents(t *testing.T) {
	c := newListCensus()
	for i := range 30 {
		c.add(nil, []byte(fmt.Sprintf("/usr/share/locale/l%02d/LC_MESSAGES.mo", i)))
	}
	for i := range 40 {
		c.add(nil, []byte(fmt.Sprintf("/usr/bin/tool%02d", i)))
	}
	c.add(nil, []byte("/etc/one.conf"))
	got := c.note(listShown{dirs: map[int]int{}, exts: map[string]int{}}, true, 120)
	if !strings.Contains(got, "more directories with") || !strings.Contains(got, " in /usr/share/locale/)") {
		t.Errorf("note = %q, want the rest placed under /usr/share/locale/", got)
	}
}

// TestListingRHeadings checks that ls -lR's headings, which name each
// directory in full, show where the rows do not fit: ahead of the rows of
// the directories above them, which name each only by its last part. The
// sample is the real output of
//
//	cd /usr/local/go/src && ls -lR image
//
// 4,967 tokens, 180 entries under 12 headings, at a budget of 1,000.
func TestListingRHeadings(t *testing.T) {
	checkShows(t, filepath.Join("testdata", "listing", "ls-lR-image.out"), 1000, 10, "heading",
		func(l string) bool { return strings.HasSuffix(l, ":") })
}

// TestListingRareKeys checks that rows whose status is rare (apt list's
// [installed] among [installed,automatic]) stand out, and rows whose status
// a fifth of them share ([installed,upgradable to: ...]) rank as the others
// do: all of them would take the room of every other row.
func TestListingRareKeys(t *testing.T) {
	r := NewListing(2000)
	s := NewSplitter(r)
	for i := range 200 {
		status := "[installed,automatic]"
		switch {
		case i%5 == 2:
			status = "[installed,upgradable to: 1.1]"
		case i%50 == 7:
			status = "[installed]"
		}
		fmt.Fprintf(s, "pkg%d/stable,now 1.0 amd64 %s\n", i, status)
	}
	n := s.Close()
	for _, p := range r.ranked(n) {
		line := string(p.Text)
		d := min(p.Line-1, n-p.Line)
		switch {
		case d < listEdge:
			// the ends rank high in any case
		case strings.HasSuffix(line, "[installed]") && p.Prio < prioListBoost-listMaxRank/4:
			t.Errorf("rare row %q ranks %d, below the rows that stand out", line, p.Prio)
		case strings.Contains(line, "upgradable") && p.Prio >= prioListBoost-listMaxRank:
			t.Errorf("row %q of a common status ranks %d, with the rows that stand out", line, p.Prio)
		}
	}
}

// TestListingNamesDistinct checks that a table whose first column most
// rows share (df's filesystem types) shows no notes of names, which would
// repeat that column, and that a table of processes (ps) shows rows by the
// programs they run.
func TestListingNamesDistinct(t *testing.T) {
	var df, ps strings.Builder
	df.WriteString("Filesystem      Size  Used Avail Use% Mounted on\n")
	ps.WriteString("USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n")
	for i := range 300 {
		fmt.Fprintf(&df, "tmpfs            64M     0   64M   0%% /run/user/%d/some/mount/point\n", i)
		fmt.Fprintf(&ps, "root      %6d  0.0  0.0      0     0 ?        I<   19:26   0:00 [kworker/R-queue%d] --with some --arguments %d\n", i+100, i, i)
	}
	c := counter()
	for _, p := range listingPieces([]byte(df.String()), 2000, c) {
		if strings.HasPrefix(p.Note, "  [names of ") {
			t.Errorf("df: note of names %.80q", p.Note)
		}
	}
	byName := 0
	for _, p := range listingPieces([]byte(ps.String()), 2000, c) {
		if strings.HasPrefix(p.Note, "  [names of ") {
			byName += p.Stands
			if !strings.Contains(p.Note, " [kworker/R-queue") || strings.Contains(p.Note, " root") {
				t.Errorf("ps: note of names %.80q", p.Note)
			}
		}
	}
	if byName < 100 {
		t.Errorf("ps: %d rows by name", byName)
	}
}

// TestListingFoldMin checks that a fold of the view that shows the first
// names of each directory takes four names at least, however long: its
// directory, written once, is what it saves.
func TestListingFoldMin(t *testing.T) {
	f := listFolder{limit: 1 << 20}
	for i := range 10 {
		name := fmt.Sprintf("/root/.pyenv/versions/3.11.7/lib/python3.11/asyncio/__pycache__/module_%d.cpython-311.opt-1.pyc", i)
		f.add(Line{N: i + 1, Text: []byte(name), Len: int64(len(name))}, nil, []byte(name), 0)
	}
	for _, d := range f.folds(listFoldNarrow) {
		if d.n < 4 && d.i+d.n < len(f.runs[d.run].names) {
			t.Errorf("fold of names %d to %d: %d names", d.i, d.i+d.n-1, d.n)
		}
	}
}

// TestListingTreeDirs checks that a drawn tree's entries that hold others,
// its directories, show before the files at any depth below the top: the
// view of a tree is its shape first. The sample is the real output of
//
//	cd /usr/local/go/src && tree encoding
//
// 1,850 tokens, 187 entries, 21 of them directories, at a budget of 800.
func TestListingTreeDirs(t *testing.T) {
	input := listingSample(t, "tree-encoding.out")
	view := string(body(t, shape.Listing, input, 800))
	lines := strings.Split(strings.TrimSuffix(string(input), "\n"), "\n")
	var p shape.ListingParser
	depth := make([]int, len(lines))
	for i, l := range lines {
		ll := p.Parse([]byte(l))
		depth[i] = -1
		if ll.Form == shape.ListingTree {
			depth[i] = ll.Depth
		}
	}
	dirs := 0
	for i := 0; i+1 < len(lines); i++ {
		if depth[i] >= 0 && depth[i+1] > depth[i] {
			dirs++
			if !strings.Contains(view, "\n"+lines[i]+"\n") {
				t.Errorf("directory %q not in the view", lines[i])
			}
		}
	}
	if dirs < 15 {
		t.Fatalf("only %d directories in the sample", dirs)
	}
	checkListingView(t, "tree-encoding", input, 800)
}

// drawnTree draws a tree as tree does: under root, each of dirs with 40
// entries named by name, then last.
func drawnTree(root string, dirs []string, last string, name func(dir string, i int) string) []byte {
	var b strings.Builder
	b.WriteString(root + "\n")
	for _, dir := range dirs {
		fmt.Fprintf(&b, "├── %s\n", dir)
		for i := range 40 {
			fmt.Fprintf(&b, "│   ├── %s\n", name(dir, i))
		}
	}
	fmt.Fprintf(&b, "└── %s\n\n%d directories, %d files\n", last, len(dirs), len(dirs)*40+1)
	return []byte(b.String())
}

// TestListingTreeFirstKids checks that the directories of a drawn tree
// show their first entries before any shows more than its first few: the
// first directories do not take the room with all their files while a
// later one shows none.
func TestListingTreeFirstKids(t *testing.T) {
	input := drawnTree("src", []string{"alpha", "beta", "gamma"}, "main.go", func(dir string, i int) string {
		return fmt.Sprintf("%s_%02d.go", dir, i)
	})
	view := string(body(t, shape.Listing, input, 300))
	for _, dir := range []string{"alpha", "beta", "gamma"} {
		if first := "│   ├── " + dir + "_00.go\n"; !strings.Contains(view, first) {
			t.Errorf("the first entry of %s/ is not in the view:\n%s", dir, view)
		}
	}
	if strings.Contains(view, "alpha_39.go") {
		t.Errorf("all of alpha/ shown at a budget that cannot show all:\n%s", view)
	}
	checkListingView(t, "tree-first-kids", input, 300)
}

// TestListingTreeRepeatedNames checks that a tree whose directories hold
// the same names (builds of one library side by side) shows the names it
// has not shown yet, deeper into the first directory, before the names a
// later directory repeats.
func TestListingTreeRepeatedNames(t *testing.T) {
	input := drawnTree("lib", []string{"amd/", "cjs/", "esm/"}, "package.json", func(_ string, i int) string {
		return fmt.Sprintf("name%02d.js", i)
	})
	view := string(body(t, shape.Listing, input, 300))
	if !strings.Contains(view, "name20.js") {
		t.Errorf("name20.js is not in the view:\n%s", view)
	}
	if n := strings.Count(view, "name00.js"); n > 1 {
		t.Errorf("name00.js shown %d times before every name shown once:\n%s", n, view)
	}
	checkListingView(t, "tree-repeated-names", input, 300)
}

// TestListingCrowdedDirs checks that ls -la of a directory with more
// subdirectories than a view shows whole shows them by name with the
// other rows, each directory's name with a slash, rather than whole rows
// of directories and gaps between them. The sample is the real output of
//
//	ls -la /etc
//
// 3,700 tokens, 141 entries, 71 of them directories, at a budget of 2,000.
func TestListingCrowdedDirs(t *testing.T) {
	input := listingSample(t, "ls-la-etc.out")
	lines := strings.Split(strings.TrimSuffix(string(input), "\n"), "\n")
	pieces := listingPieces(input, 2000, counter())
	shown := map[int]bool{}
	for _, p := range pieces {
		if err := listingTrue(p, lines); err != "" {
			t.Error(err)
		}
		for l := p.Line; l <= p.last(); l++ {
			shown[l] = true
		}
	}
	for i, l := range lines {
		if strings.HasPrefix(l, "d") && !shown[i+1] {
			t.Errorf("directory %q neither whole nor by name", l)
		}
	}
	checkListingView(t, "ls-la-etc", input, 2000)
}

// TestListingNamesFolded checks that rows named by paths under one
// directory (git ls-tree's, unzip -l's) show by name folded under it, and
// that the view's note then says how to read a fold.
func TestListingNamesFolded(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		fmt.Fprintf(&b, "100644 blob %040x\tplugins/python-build/share/python-build/%d.%d.%d\n", i*7919, 2+i/100, i/10%10, i%10)
	}
	input := []byte(b.String())
	view := string(body(t, shape.Listing, input, 2000))
	if !strings.Contains(view, "  [names of L") || !strings.Contains(view, ": plugins/python-build/share/python-build/{") {
		t.Errorf("no names folded under their directory:\n%.600s", view)
	}
	if !strings.Contains(view, FoldLegend) {
		t.Errorf("no legend of folds in the note:\n%.300s", view)
	}
	checkListingView(t, "ls-tree-names", input, 2000)
}

// TestListingFoldsSpread checks that a path list with one large directory
// among many small ones shows names of the large one in proportion, not
// only its first fold next to one of each small directory: sampled names
// fall mostly in the large one.
func TestListingFoldsSpread(t *testing.T) {
	var b strings.Builder
	for i := range 800 {
		fmt.Fprintf(&b, "share/python-build/definition-%03d-with-a-long-name\n", i)
	}
	for i := range 120 {
		for j := range 4 {
			fmt.Fprintf(&b, "share/python-build/patches/%d.%d/Python-%d.%d/%03d_patch-setup.py\n", i/10, i%10, i/10, i%10, j)
		}
	}
	input := []byte(b.String())
	view := body(t, shape.Listing, input, 2000)
	large, small := 0, 0
	for l := range bytes.Lines(Unfolded(view)) {
		if bytes.Contains(l, []byte("/patches/")) {
			small++
		} else if bytes.Contains(l, []byte("/definition-")) {
			large++
		}
	}
	t.Logf("names shown: %d of the large directory, %d of the small ones", large, small)
	if large < small {
		t.Errorf("%d names of the large directory in folds, %d of the small ones", large, small)
	}
	checkListingView(t, "folds-spread", input, 2000)
}

// TestListingFoldsBareNames checks that names with no directory, as ls and
// ls -1 print them, fold as paths do, dpkg-{deb,query}.1.gz, so that a view
// names more of them than one whose folder takes paths alone; but not under
// an ls -R heading, whose entries take turns by section, nor after an
// indentation, where names alone in notes show them.
func TestListingFoldsBareNames(t *testing.T) {
	input := listingSample(t, "ls-man1.out")
	lines := map[string]bool{}
	for l := range bytes.Lines(input) {
		lines[string(bytes.TrimRight(l, "\n"))] = true
	}
	const budget = 1000
	view := func(bare bool) ([]byte, int) {
		r := NewListing(budget)
		r.fold.bare = bare
		s := NewSplitter(r)
		s.Write(input)
		n := s.Close()
		c := counter()
		v := Render(Fit(r.Pieces(n, budget, c), n, budget, c), n)
		named := 0
		for l := range bytes.Lines(append(v, Unfolded(v)...)) {
			if lines[string(bytes.TrimRight(l, "\n"))] {
				named++
			}
		}
		return v, named
	}
	folded, named := view(true)
	_, plain := view(false)
	if !bytes.Contains(folded, []byte("}.gz\n")) || named <= plain {
		t.Errorf("the view names %d names, %d without folds of bare names:\n%s", named, plain, folded)
	}
	checkListingView(t, "ls-man1", input, budget)

	var section, indented bytes.Buffer
	section.WriteString("/usr/share/man/man1:\n")
	for l := range bytes.Lines(input) {
		section.Write(l)
		indented.WriteString("  ")
		indented.Write(l)
	}
	for name, in := range map[string][]byte{"ls -R": section.Bytes(), "indented": indented.Bytes()} {
		if v := body(t, shape.Listing, in, budget); bytes.Contains(v, []byte("}.gz\n")) {
			t.Errorf("%s: names folded:\n%s", name, v)
		}
	}
}

// TestListingFoldsJoined checks that folds of one directory that a view
// shows one after another are one fold, up to listFoldWide bytes of names:
// a directory that takes turns for its folds would write itself again on
// every line.
func TestListingFoldsJoined(t *testing.T) {
	input := listingSample(t, "find-i18n.out")
	view := body(t, shape.Listing, input, 2000)
	folds := 0
	var prev, prevEnd string
	var prevNames int
	for l := range strings.Lines(string(view)) {
		open, end := strings.LastIndexByte(l, '{'), strings.LastIndexByte(l, '}')
		if open < 0 || end < open {
			prev = ""
			continue
		}
		folds++
		names := 0
		for _, u := range Unfold([]byte(strings.TrimSuffix(l, "\n"))) {
			names += len(u) - open + 1
		}
		if l[:open] == prev && l[end:] == prevEnd && prevNames+names <= listFoldWide {
			t.Errorf("folds one after another of %s not joined:\n%s", prev, view)
		}
		prev, prevEnd, prevNames = l[:open], l[end:], names
	}
	if folds == 0 {
		t.Fatalf("no folds in the view:\n%s", view)
	}
	checkListingView(t, "find-i18n", input, 2000)
}

// TestListingPathDirRows checks that the rows of directories named by their
// paths, as tar tv and zipinfo list them ahead of the paths under them,
// rank as those do rather than stand out as ls -l's do: the names under
// them show the directory, at a fraction of the cost of its row.
func TestListingPathDirRows(t *testing.T) {
	input := listingSample(t, "tar-tvf-encoding.out")
	rows := strings.Split(strings.TrimSuffix(string(input), "\n"), "\n")
	inner := map[string]bool{}
	for _, l := range rows[listEnds : len(rows)-listEnds] {
		if strings.HasPrefix(l, "d") {
			inner[l] = true
		}
	}
	if len(inner) < 10 {
		t.Fatalf("only %d directory rows in the sample", len(inner))
	}
	const budget = 1500
	view := body(t, shape.Listing, input, budget)
	whole := 0
	for l := range strings.Lines(string(view)) {
		if inner[strings.TrimSuffix(l, "\n")] {
			whole++
		}
	}
	if whole*4 > len(inner) {
		t.Errorf("%d of %d directory rows shown whole:\n%s", whole, len(inner), view)
	}
	checkListingView(t, "tar-tvf-encoding", input, budget)
}

// TestListingStatLargest checks, on real git diff --stat output, that the
// rows of the files changed most show whole: the count is what a --stat
// row tells besides the path, and its largest say where a change weighs.
func TestListingStatLargest(t *testing.T) {
	input := listingSample(t, "git-diff-stat-xnet.out")
	var rows []string
	for l := range strings.Lines(string(input)) {
		if strings.Contains(l, " | ") {
			rows = append(rows, strings.TrimSuffix(l, "\n"))
		}
	}
	count := func(row string) int {
		f := strings.Fields(row[strings.LastIndex(row, " | ")+3:])
		n, _ := strconv.Atoi(f[0])
		return n
	}
	slices.SortStableFunc(rows, func(a, b string) int { return count(b) - count(a) })
	const budget = 800
	view := "\n" + string(body(t, shape.Listing, input, budget))
	for _, row := range rows[:5] {
		if !strings.Contains(view, "\n"+row+"\n") {
			t.Errorf("row %q, of the largest, not in the view:%s", row, view)
		}
	}
	checkListingView(t, "git-diff-stat-xnet", input, budget)
}

// TestListingRawRowsNamed checks, on real rows of git diff --raw, that
// every path is named: the modes and object ids before each differ from
// row to row, and rows as they are would show a third of the paths.
func TestListingRawRowsNamed(t *testing.T) {
	view, input := namedView(t, "git-diff-raw-xnet.out", 700)
	for l := range strings.Lines(input) {
		_, path, _ := strings.Cut(strings.TrimSuffix(l, "\n"), "\t")
		if !strings.Contains(view, path) {
			t.Errorf("path %q not named in the view:\n%s", path, view)
		}
	}
}

// namedView returns the view of the real output held in testdata/listing
// under name at budget, with the lines its folds stand for after it, and
// the output; it checks the view is true to the output.
func namedView(t *testing.T, name string, budget int) (view, input string) {
	t.Helper()
	in := listingSample(t, name)
	v := body(t, shape.Listing, in, budget)
	checkListingView(t, name, in, budget)
	return string(v) + string(Unfolded(v)), string(in)
}

// TestListingFoldsBeforeLines checks, on a real find of a tree too long
// to name whole, that the view names a third of the paths or more: a fold
// names a dozen paths for the tokens two or three of them take as they
// are, so folds go before paths as they are, but for the ends.
func TestListingFoldsBeforeLines(t *testing.T) {
	view, input := namedView(t, "find-i18n.out", 1200)
	n, k := 0, 0
	for l := range strings.Lines(input) {
		n++
		if strings.Contains(view, strings.TrimSuffix(l, "\n")) {
			k++
		}
	}
	if k*3 < n {
		t.Errorf("%d of %d paths named:\n%s", k, n, view)
	}
}

// listingSample returns the real output held in testdata/listing under name.
func listingSample(t *testing.T, name string) []byte {
	t.Helper()
	input, err := os.ReadFile(filepath.Join("testdata", "listing", name))
	if err != nil {
		t.Fatal(err)
	}
	return input
}

// TestListingSizedNamesUnder checks that a table of sizes and paths in
// order of size (find -printf '%s\t%p' | sort -rn), each path a directory
// of its own with one name at its end (node_modules/*/package.json), names
// every path: the largest and the ends as rows, the rest by name alone,
// folded under the directory they share as {a,b}/package.json.
func TestListingSizedNamesUnder(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "%d\t/home/user/project/node_modules/package-%03d/package.json\n", 9000-i*29, (i*37)%300)
	}
	input := []byte(b.String())
	view := string(body(t, shape.Listing, input, 2000))
	if !strings.Contains(view, "/home/user/project/node_modules/{") || !strings.Contains(view, "}/package.json]") {
		t.Errorf("no names folded under their shared directory:\n%.800s", view)
	}
	if !strings.Contains(view, "9000\t/home/user/project/node_modules/package-000/package.json\n") {
		t.Errorf("the largest row is not shown as it is:\n%.800s", view)
	}
	unfolded := string(Unfolded([]byte(view)))
	for i := range 300 {
		name := fmt.Sprintf("/package-%03d/package.json", i)
		if !strings.Contains(view, name) && !strings.Contains(unfolded, name) {
			t.Errorf("%s not shown", name)
		}
	}
	checkListingView(t, "sized-names", input, 2000)
}

// dpkg -l's legend names no package: the census counts the rows of the
// table alone.
func TestListingCensusSkipsDpkgLegend(t *testing.T) {
	input, err := os.ReadFile(filepath.Join("testdata", "listing", "dpkg-l-legend.out"))
	if err != nil {
		t.Fatal(err)
	}
	view := string(body(t, shape.Listing, input, 400))
	if !strings.Contains(view, "[headroom: 60 entries · ") {
		t.Errorf("the census does not count the table's 60 rows:\n%s", view)
	}
}

// ls -a's rows of . and .. name the directory and its parent, no entry of
// it: the census counts neither, in all, by directory or by type. The
// sample is the real output of ls -la /etc: 139 entries, 69 of them
// directories.
func TestListingCensusSkipsDotRows(t *testing.T) {
	view := string(body(t, shape.Listing, listingSample(t, "ls-la-etc.out"), 900))
	if !strings.Contains(view, "[headroom: 139 entries · all below") {
		t.Errorf("the census counts . and .. as entries:\n%s", view)
	}
	if strings.Contains(view, "71 directories") {
		t.Errorf("the census counts . and .. as directories:\n%s", view)
	}
}

// A drawn tree hangs from its root (tree's directory, npm ls's package),
// which is none of its entries: the census counts the 186 entries below
// encoding/ in the real output of tree, not the root with them.
func TestListingCensusSkipsTreeRoot(t *testing.T) {
	view := string(body(t, shape.Listing, listingSample(t, "tree-encoding.out"), 900))
	if !strings.Contains(view, "[headroom: 186 entries · ") {
		t.Errorf("the census counts the tree's root as an entry:\n%s", view)
	}
}

// A listing a little over the budget shows most of its paths as they are:
// when the lines opened from folds cost more together than the margin kept
// for it, fewer open, rather than none. find's 286 directories, 2,331
// tokens, folded whole would take little more than half of 2,000.
func TestListingUnfoldsWithinAShortMargin(t *testing.T) {
	input, err := os.ReadFile(filepath.Join(corpusDir, "listing-find-maxdepth-dirs.out"))
	if err != nil {
		t.Fatal(err)
	}
	got := body(t, shape.Listing, input, 2000)
	asIs := 0
	for _, l := range strings.Split(string(got), "\n") {
		if strings.HasPrefix(l, "/usr/local/go/src/") && !strings.Contains(l, "{") {
			asIs++
		}
	}
	if asIs < 100 {
		t.Errorf("%d of 286 paths shown as they are, want at least 100:\n%s", asIs, got)
	}
	if n := counter().Count(got); n < 1500 {
		t.Errorf("view of %d tokens, of 2,331 at a budget of 2,000", n)
	}
}

// TestListingTreeSoleEntries checks that a drawn tree's directory shown in
// the view shows its only entry under it, rather than a gap line that
// costs about as much: tree -d's packages, each holding a __pycache__.
func TestListingTreeSoleEntries(t *testing.T) {
	for _, budget := range []int{2000, 1000} {
		input, err := os.ReadFile(filepath.Join(corpusDir, "listing-tree-d-python.out"))
		if err != nil {
			t.Fatal(err)
		}
		view := "\n" + string(body(t, shape.Listing, input, budget))
		lines := strings.Split(strings.TrimSuffix(string(input), "\n"), "\n")
		var p shape.ListingParser
		depth := make([]int, len(lines))
		for i, l := range lines {
			depth[i] = -1
			if ll := p.Parse([]byte(l)); ll.Form == shape.ListingTree {
				depth[i] = ll.Depth
			}
		}
		shown, sole := 0, 0
		for i := 0; i+1 < len(lines); i++ {
			if depth[i] < 0 || depth[i+1] != depth[i]+1 {
				continue
			}
			kids := 0
			for j := i + 1; j < len(lines) && depth[j] > depth[i]; j++ {
				if depth[j] == depth[i]+1 {
					kids++
				}
			}
			if kids != 1 {
				continue
			}
			sole++
			if strings.Contains(view, "\n"+lines[i]+"\n") {
				shown++
				if !strings.Contains(view, "\n"+lines[i]+"\n"+lines[i+1]+"\n") {
					t.Errorf("budget %d: %q shown without its only entry %q", budget, lines[i], lines[i+1])
				}
			}
		}
		if shown < 10 {
			t.Fatalf("budget %d: only %d of %d directories with one entry shown", budget, shown, sole)
		}
		checkListingView(t, "tree-d-python", input, budget)
	}
}

// dpkg -l names the packages its patterns matched that are not installed
// (un): a note of names counts those rows and names only the installed
// packages beside them. The sample is the real output of dpkg -l 'git*'
// 'perl*' 'libperl*'.
func TestListingNamesCountNotInstalled(t *testing.T) {
	input := listingSample(t, "dpkg-l-not-installed.out")
	view := string(body(t, shape.Listing, input, 400))
	notes := 0
	for line := range strings.Lines(view) {
		if !strings.HasPrefix(line, "  [names of ") {
			continue
		}
		notes++
		if !strings.Contains(line, " not installed]") {
			t.Errorf("a note of names does not count the rows not installed: %s", line)
		}
		for _, name := range []string{"git-cvs ", "git-svn ", "perl-doc "} {
			if strings.Contains(line, " "+name) {
				t.Errorf("a note names %s, which is not installed: %s", name, line)
			}
		}
	}
	if notes == 0 {
		t.Fatalf("no note of names:\n%s", view)
	}
	if !strings.Contains(view, " perl-base") {
		t.Errorf("perl-base, installed, is not named:\n%s", view)
	}
	checkListingView(t, "dpkg-l-not-installed", input, 400)
}

// A one-line gap costs more than a short line it stands for: where a census
// leaves such a gap between the entries it shows (apt-cache depends --recurse's
// "  Depends: libc6" between two packages), the line shows instead, however
// far from the ends it is.
func TestListingShortLineForOneLineGap(t *testing.T) {
	var b strings.Builder
	for i := range 1200 {
		fmt.Fprintf(&b, "libpkg%d\n", i)
		for k := range 1 + i%4/3 {
			fmt.Fprintf(&b, "  Depends: lib%d\n", k)
		}
	}
	input := []byte(b.String())
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	view := string(body(t, shape.Listing, input, 2000))
	for row := range strings.Lines(view) {
		from, to, ok := elision.ParseGapLine(row)
		if ok && from == to && len(lines[from-1])+1 < len(row) {
			t.Errorf("%q stands for %q", strings.TrimSuffix(row, "\n"), lines[from-1])
		}
	}
}

// The census counts the rows a note names apart from those it only counts
// as not installed, and a note that would name none of its rows is no note
// of names.
func TestListingCensusCountsNamesApartFromNotInstalled(t *testing.T) {
	input := listingSample(t, "dpkg-l-not-installed.out")
	for _, budget := range []int{300, 400, 700} {
		view := string(body(t, shape.Listing, input, budget))
		named, absent := 0, 0
		for line := range strings.Lines(view) {
			if !strings.HasPrefix(line, "  [") || !strings.Contains(line, " not installed]") {
				if strings.HasPrefix(line, "  [names of ") {
					_, names, _ := strings.Cut(strings.TrimSuffix(line, "]\n"), ": ")
					named += len(strings.Fields(names))
				}
				continue
			}
			_, rest, _ := strings.Cut(strings.TrimSuffix(line, " not installed]\n"), ": ")
			names, count, ok := strings.Cut(rest, "; ")
			if !ok {
				names, count = "", names
			}
			if strings.HasPrefix(line, "  [names of ") {
				if names == "" {
					t.Errorf("budget %d: a note of names names nothing: %s", budget, line)
				}
				named += len(strings.Fields(names))
			}
			n, _ := strconv.Atoi(strings.Fields(count)[0])
			absent += n
		}
		if named == 0 && absent == 0 {
			continue
		}
		want := ""
		if named > 0 {
			want = fmt.Sprintf(", %d by name alone", named)
		}
		if absent > 0 {
			want += fmt.Sprintf(", %d counted as not installed", absent)
		}
		if head, _, _ := strings.Cut(view, "\n"); !strings.Contains(view, want+"]") && !strings.Contains(view, want+" ") {
			t.Errorf("budget %d: the census does not say %q:\n%s\n%s", budget, want, head, view)
		}
	}
}
