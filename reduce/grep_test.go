package reduce

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/shape"
)

// grepNeedlesKept is how many needles of a corpus sample the view at budget
// 2000 keeps where it cannot keep them all. These samples are lists and
// floods whose needles include paths sampled evenly from hundreds of files:
// the view names every directory and the files with the most matches, but
// 2000 tokens cannot name 206 to 2,488 files, nor 93 files whose paths take
// 1,976 tokens on their own.
var grepNeedlesKept = map[string]int{
	"grep-rg-flood-errnil":   29, // of 40: 2,488 files; the 28 with most matches are named
	"grep-rn-binary-matches": 21, // of 30: 93 files; binary files are named after those with text
	// 155 matches of one file take 2,763 tokens: the view shows its
	// first and last 108; the needles are spread over all of them.
	"grep-rg-onefile-funcs": 18, // of 24
	// 194 files, each needed path sampled from all of them: the view
	// counts them by directory, names the files with most matches, and
	// keeps rg --stats's summary.
	"grep-rg-stats-sync-once": 26, // of 33
	// The same for searches whose files take more than the budget to
	// name, even in folds: 370 files under Python's library (each path
	// about 20 tokens), 677 counts of rg -c.
	"grep-rg-B1-python-yield": 23, // of 30
	"grep-rg-c-many-files":    26, // of 35
}

// TestGrepGolden pins the views of the corpus samples at the default budget
// and a tight one, and checks that they fit, are shorter than the input,
// and keep the needles.
func TestGrepGolden(t *testing.T) {
	c := counter()
	for _, path := range corpus(t, "grep-") {
		name := strings.TrimSuffix(filepath.Base(path), ".out")
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if c.Count(input) <= 2000 {
			// clip passes such input through; the reducer, asked
			// anyway, keeps it whole, which goldenCorpus would take for
			// a view no shorter than its input.
			got := body(t, shape.Grep, input, 2000)
			if !bytes.Equal(got, input) {
				t.Errorf("%s: input within the budget is not kept whole", name)
			}
			checkGolden(t, name, got)
		} else {
			lost := goldenCorpus(t, name, shape.Grep, 2000)[name]
			n := len(needles(t, path))
			if want, ok := grepNeedlesKept[name]; ok {
				if n-len(lost) < want {
					t.Errorf("%s: view keeps %d of %d needles, want at least %d; lost %q", name, n-len(lost), n, want, lost)
				}
			} else if len(lost) > 0 {
				t.Errorf("%s: view lost needles %q", name, lost)
			}
		}
		got := body(t, shape.Grep, input, 600)
		checkView(t, name+"@600", input, got, 600)
		checkGolden(t, name+"-600", got)
	}
}

// The samples in testdata/grep are real output of these commands, run in a
// tree holding copies of Go's strings package in lib/text and of its bytes
// package in "lib/My Docs", to have paths with spaces:
//
//	rg -n -C1 --sort path 'utf8\.RuneLen|utf8\.RuneError' >rg-spaces-context.out
//	rg --heading --sort path 'func (Index|Last|Trim|Cut)' >rg-heading-plain.out
//	grep -rc 'utf8.RuneError' . | sort >grep-c-zeros.out
//	rg --sort path 'unicode\.' >rg-nonumbers.out
//	grep -n 'func ' lib/text/strings.go >grep-n-onefile.out
//
// and, with Debian's ripgrep 13, whose complaint about a path it cannot read
// reads like a match without a line number:
//
//	rg -n --sort path func /usr/local/go/src/net/http/httputil /nonexistent-dir >rg-io-error.out 2>&1
//
// and in a git repository holding copies of the strings package in
// lib/text and of the bytes package in lib/bytes, committed and tagged v1:
//
//	git grep -n -C1 'utf8\.RuneError' v1 >git-grep-rev-C1.out
var grepOwn = []struct {
	name   string
	budget int
	// want are fragments the view must show.
	want []string
}{
	{"rg-spaces-context", 400, []string{
		"27 matches and 52 context lines in 6 files",
		"  10 lib/My Docs/bytes.go\n", "lib/My Docs/bytes.go:137:",
	}},
	{"rg-heading-plain", 150, []string{
		"42 matches in 2 files", "lib/My Docs/bytes.go\nfunc IndexByte", "lib/text/strings.go\nfunc LastIndex",
	}},
	{"grep-c-zeros", 250, []string{"24 matches in 6 files; 26 files have none", "./lib/My Docs/bytes.go:10"}},
	{"rg-nonumbers", 500, []string{"lib/My Docs/bytes.go:", "lib/text/strings.go:"}},
	{"grep-n-onefile", 300, []string{"23:func explode"}}, // the header counts its 61 lines, all matches
	{"rg-io-error", 400, []string{"[headroom: 312 matches in 7 files",
		"\n/nonexistent-dir: IO error for operation on /nonexistent-dir: No such file or directory (os error 2)\n"}},
	// git grep of a revision: the revision is part of each path.
	{"git-grep-rev-C1", 300, []string{
		"[headroom: 24 matches and 46 context lines in 6 files", "  10 v1:lib/bytes/bytes.go\n",
		"v1:lib/bytes/buffer_test.go:438:", "v1:lib/text/strings.go:125:",
	}},
	// rg -n -B2 over glibc's locale sources, whose names have no
	// extension: the lines before each file's first match are its
	// context, not paths listed.
	{"rg-B2-noext", 400, []string{
		"[headroom: 23 matches and 46 context lines in 23 files",
		"/usr/share/i18n/locales/{C,aa_DJ,", "/usr/share/i18n/locales/C:5:LC_IDENTIFICATION\n",
	}},
}

// TestGrepOwn pins the views of the forms the corpus lacks: paths with
// spaces, --heading without line numbers, counts, path:text, one file, a
// search's failure.
func TestGrepOwn(t *testing.T) {
	for _, tc := range grepOwn {
		input, err := os.ReadFile(filepath.Join("testdata", "grep", tc.name+".out"))
		if err != nil {
			t.Fatal(err)
		}
		got := body(t, shape.Grep, input, tc.budget)
		checkView(t, tc.name, input, got, tc.budget)
		for _, w := range tc.want {
			if !bytes.Contains(got, []byte(w)) {
				t.Errorf("%s: view lacks %q", tc.name, w)
			}
		}
		checkGolden(t, fmt.Sprintf("grep-own-%s-%d", tc.name, tc.budget), got)
	}
}

// checkView checks what every view must be: within the budget, shorter
// than the input, every kept line verbatim, and the same when made again.
func checkView(t *testing.T, name string, input, got []byte, budget int) {
	t.Helper()
	if n := counter().Count(got); n > budget {
		t.Errorf("%s: view has %d tokens, budget %d", name, n, budget)
	}
	if len(got) >= len(input) {
		t.Errorf("%s: view (%d bytes) is not shorter than the input (%d bytes)", name, len(got), len(input))
	}
	if again := body(t, shape.Grep, input, budget); !bytes.Equal(got, again) {
		t.Errorf("%s: two views of the same input differ", name)
	}
	lines := strings.Split(string(input), "\n")
	for _, l := range strings.Split(string(got), "\n") {
		if l == "" || grepOurs(l) {
			continue
		}
		if names := grepFoldNames(l); names != nil {
			for _, n := range names {
				if !grepVerbatim(n, lines) {
					t.Errorf("%s: fold line %q names %q, which is not in the input", name, l, n)
				}
			}
			continue
		}
		if !grepVerbatim(l, lines) {
			t.Errorf("%s: view line %q is not in the input", name, l)
		}
	}
}

// grepOurs reports whether a view line is headroom's own: a gap line, a
// cut note, or a line of the summary note.
func grepOurs(l string) bool {
	return strings.HasPrefix(l, "  [... ") || strings.HasPrefix(l, "[headroom: ") ||
		strings.HasPrefix(l, "  ") && grepSummaryLine(l) || strings.HasPrefix(l, " and ") ||
		strings.HasPrefix(l, " every ") ||
		strings.HasPrefix(l, "narrow the ") || l == "]"
}

// grepFoldNames returns the paths an indented line of the summary's folds
// names (itself, for a path that has no fold), or nil for another line.
func grepFoldNames(l string) []string {
	path, ok := strings.CutPrefix(l, "  ")
	if !ok || strings.HasPrefix(path, " ") {
		return nil
	}
	if names := Unfold([]byte(path)); names != nil {
		out := make([]string, len(names))
		for i, n := range names {
			out[i] = string(n)
		}
		return out
	}
	return []string{path}
}

// grepSummaryLine reports whether an indented line reads as an entry of the
// summary: counts then a path, or "and N more".
func grepSummaryLine(l string) bool {
	f := strings.Fields(l)
	if len(f) < 2 {
		return false
	}
	return f[0] == "and" || f[0] == "binary" || strings.Trim(f[0], "0123456789,") == ""
}

// grepVerbatim reports whether a view line is an input line, or a part of
// one between cut marks.
func grepVerbatim(l string, lines []string) bool {
	if i := strings.Index(l, " bytes cut] "); strings.HasPrefix(l, "[... ") && i > 0 {
		l = l[i+len(" bytes cut] "):]
	}
	if i := strings.LastIndex(l, " [... "); i >= 0 && strings.HasSuffix(l, " bytes cut]") {
		l = l[:i]
	}
	for _, in := range lines {
		if strings.Contains(in, l) {
			return true
		}
	}
	return false
}

// TestGrepPlanKept checks at many budgets that Fit keeps every piece the
// reducer planned, so that the counts its summary gives of what the view
// shows are exact, and that the view fits.
func TestGrepPlanKept(t *testing.T) {
	c := counter()
	eachGrepSample(t, []int{150, 300, 1000, 3000, 8000}, func(name string, budget int, g *Grep, n int) {
		pieces := g.Pieces(n, budget, c)
		chosen := Fit(pieces, n, budget, c)
		if len(chosen) != len(pieces) {
			t.Errorf("%s@%d: Fit kept %d of the %d pieces planned", name, budget, len(chosen), len(pieces))
		}
		if got := c.Count(Render(chosen, n)); got > budget {
			t.Errorf("%s@%d: view has %d tokens", name, budget, got)
		}
	})
}

// TestGrepSharedAsFresh checks that what the plans of a view share is,
// after each plan has used it, what a plan that shares nothing works out:
// no plan changes it for the next. It tries the summary with each share of
// the room and ranks the candidates for it, as Pieces does.
func TestGrepSharedAsFresh(t *testing.T) {
	c := counter()
	eachGrepSample(t, []int{300, 2000}, func(name string, budget int, g *Grep, n int) {
		if len(g.files) == 0 {
			return
		}
		g.flush()
		shared := &grepShared{}
		for _, more := range append([]int{0}, grepMoreFolds...) {
			g.shared = shared
			sum, depth, named := g.summary(budget, c, more)
			cands := g.candidates(depth, n, named, sum)
			g.plan(sum, cands, n, budget, c)
			g.shared = nil
			freshSum, freshDepth, freshNamed := g.summary(budget, c, more)
			if !reflect.DeepEqual(sum, freshSum) || depth != freshDepth || !slices.Equal(named, freshNamed) {
				t.Errorf("%s@%d, %d%% more: the summary differs from one that shares nothing", name, budget, more)
			}
			if fresh := g.candidates(depth, n, named, sum); !reflect.DeepEqual(cands, fresh) {
				t.Errorf("%s@%d, %d%% more: the candidates differ from those of a plan that shares nothing", name, budget, more)
			}
		}
	})
}

// eachGrepSample calls f with a grep reducer that has read each grep sample
// of the tune set and of testdata/grep, for each budget, and the sample's
// lines.
func eachGrepSample(t *testing.T, budgets []int, f func(name string, budget int, g *Grep, n int)) {
	t.Helper()
	own, _ := filepath.Glob(filepath.Join("testdata", "grep", "*.out"))
	for _, path := range append(corpus(t, "grep-"), own...) {
		name := strings.TrimSuffix(filepath.Base(path), ".out")
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, budget := range budgets {
			g := NewGrep(budget)
			s := NewSplitter(g)
			s.Write(input)
			f(name, budget, g, s.Close())
		}
	}
}

// TestGrepBeatsHeadTail checks that on every corpus sample over the budget
// the view keeps at least as many needles as a cut of head and tail, and
// logs both for comparison (go test -run BeatsHeadTail -v).
func TestGrepBeatsHeadTail(t *testing.T) { beatsHeadTail(t, "grep-", shape.Grep) }

// FuzzGrep checks that any input reduces without panic to a view within the
// budget, shorter than the input if the input is over the budget (only then
// does clip reduce it), and the same every time. It counts a token a byte
// (byteCounter, of fit_test.go): the reducer must fit any counter, and this
// one is fast and adds up exactly, so the budget is checked to the token.
func FuzzGrep(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(corpusDir, "grep-*.out"))
	own, _ := filepath.Glob(filepath.Join("testdata", "grep", "*.out"))
	escapes, _ := filepath.Glob(filepath.Join(escapeSamples, "grep-*.out"))
	for _, p := range append(append(paths, own...), escapes...) {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[:min(len(b), 4<<10)], 600)
	}
	f.Add([]byte("0"), 600)
	f.Add([]byte("\n\n"), 587)
	f.Add([]byte("Binary file matches\ngrep: binary file matches\n"), 0)
	// A long match line whose path is longer than what is held of it
	// before the pattern is known.
	long := "src/" + strings.Repeat("d", 3000) + ".go:1:" + strings.Repeat("x foo y ", 200)
	f.Add([]byte(long+"\nsrc/a.go:2:foo bar\nsrc/a.go:3:foo baz\n"), 0)
	f.Add([]byte("y.o\n) int {\nfunc Index(s, sep []byte) int {\n\nlib/text/string\x00\x80go\nfunc"), 0)
	f.Fuzz(func(t *testing.T, input []byte, budget int) {
		budget = 100 + int(uint(budget)%2000)
		reduce := func() []byte {
			g := NewGrep(budget)
			s := NewSplitter(g)
			s.Write(input)
			n := s.Close()
			return Render(Fit(g.Pieces(n, budget, byteCounter{}), n, budget, byteCounter{}), n)
		}
		got := reduce()
		if len(got) > budget {
			t.Errorf("view has %d tokens, budget %d", len(got), budget)
		}
		if len(input) > budget && len(got) >= len(input) {
			t.Errorf("view (%d bytes) is not shorter than the input (%d bytes)", len(got), len(input))
		}
		if again := reduce(); !bytes.Equal(got, again) {
			t.Errorf("two views of the same input differ")
		}
	})
}

// BenchmarkGrep reduces the largest grep sample of the corpus.
func BenchmarkGrep(b *testing.B) {
	var largest []byte
	for _, p := range corpus(b, "grep-") {
		if in, err := os.ReadFile(p); err == nil && len(in) > len(largest) {
			largest = in
		}
	}
	c := counter()
	b.SetBytes(int64(len(largest)))
	b.ReportAllocs()
	for b.Loop() {
		g := NewGrep(2000)
		s := NewSplitter(g)
		s.Write(largest)
		n := s.Close()
		Render(Fit(g.Pieces(n, 2000, c), n, 2000, c), n)
	}
}

// When the summary names only the files with the most matches, the match
// lines below it come from the files it does not name first: each then
// names one more file. (In 2,000 tokens, folds name every file of this
// search; in 1,500 they cannot.)
func TestGrepMatchesNameOtherFiles(t *testing.T) {
	path := filepath.Join(corpusDir, "grep-rg-stats-sync-once.out")
	input, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := string(body(t, shape.Grep, input, 1500))
	head, rest, ok := strings.Cut(got, "the files with the most matches:\n")
	if !ok || !strings.HasPrefix(head, "[headroom: ") {
		t.Fatalf("no summary naming the files with the most matches:\n%s", got)
	}
	top, lines, _ := strings.Cut(rest, "]\n")
	named := map[string]bool{}
	for _, e := range strings.Split(top, "\n") {
		if f := strings.Fields(e); len(f) == 2 {
			named[f[1]] = true
		}
		for _, n := range Unfold([]byte(strings.TrimSpace(e))) {
			named[string(n)] = true
		}
	}
	shown := 0
	for _, l := range strings.Split(lines, "\n") {
		p, _, ok := strings.Cut(l, ":")
		if !ok || strings.HasPrefix(l, " ") {
			continue
		}
		shown++
		if named[p] {
			t.Errorf("a match of %s, which the summary names, shows before those of files it does not", p)
		}
	}
	if shown == 0 || len(named) == 0 {
		t.Errorf("%d files named, %d match lines shown:\n%s", len(named), shown, got)
	}
}

// When the lines can show a match of every file, the summary counts only
// the files whose matches are not all shown: the view shows the others'
// counts, and the room a count of every file would take shows matches.
func TestGrepCountsFilesNotShownInFull(t *testing.T) {
	path := filepath.Join(corpusDir, "grep-rg-c2-context.out")
	input, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	total := map[string]int{}
	for _, l := range strings.Split(string(input), "\n") {
		if p, rest, ok := strings.Cut(l, ":"); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			total[p]++
		}
	}
	got := string(body(t, shape.Grep, input, 2000))
	head, rest, ok := strings.Cut(got, " · matches of the files not shown in full:\n")
	if !ok || !strings.HasPrefix(head, "[headroom: ") {
		t.Fatalf("no summary of the files not shown in full:\n%s", got)
	}
	table, lines, _ := strings.Cut(rest, "]\n")
	counted := map[string]string{}
	for _, e := range strings.Split(strings.TrimSpace(table), "\n") {
		if f := strings.Fields(e); len(f) == 2 {
			counted[f[1]] = f[0]
		}
	}
	shown := map[string]int{}
	for _, l := range strings.Split(lines, "\n") {
		if p, rest, ok := strings.Cut(l, ":"); ok && !strings.HasPrefix(l, " ") && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			shown[p]++
		}
	}
	for p, n := range total {
		switch {
		case shown[p] == 0:
			t.Errorf("%s: no match shown", p)
		case shown[p] < n && counted[p] != strconv.Itoa(n):
			t.Errorf("%s: %d of %d matches shown, counted as %q", p, shown[p], n, counted[p])
		case shown[p] == n && counted[p] != "":
			t.Errorf("%s: every match shown, yet counted", p)
		}
	}
}

// A list of counts (grep -c) a little over the budget shows most of its
// lines as they are, which name every directory, rather than a count per
// directory and a few of them.
func TestGrepCountListNeedsNoMap(t *testing.T) {
	var in strings.Builder
	for d := range 32 {
		for f := range 5 {
			fmt.Fprintf(&in, "src/internal/pkg%02d/file_%d_test.go:%d\n", d, f, d*f+1)
		}
	}
	got := string(body(t, shape.Grep, []byte(in.String()), 2000))
	if strings.Contains(got, "per directory") {
		t.Errorf("the view maps the directories:\n%s", got)
	}
	if shown := strings.Count(got, "_test.go:"); shown < 120 {
		t.Errorf("%d of 160 counts shown, want at least 120:\n%s", shown, got)
	}
	for d := range 32 {
		if !strings.Contains(got, fmt.Sprintf("src/internal/pkg%02d/", d)) {
			t.Errorf("directory pkg%02d is not named", d)
		}
	}
	// The files with the most matches come first.
	for f := 1; f < 5; f++ {
		if line := fmt.Sprintf("src/internal/pkg31/file_%d_test.go:%d\n", f, 31*f+1); !strings.Contains(got, line) {
			t.Errorf("the view lacks %q, among the most matches", line)
		}
	}
}

// A list of counts whose lines show most files but not all names every file
// in folds when they fit: the lines would leave files out.
func TestGrepCountListFoldsWhatLinesLeaveOut(t *testing.T) {
	var in strings.Builder
	var paths []string
	for d, mod := range []string{"binary_heap", "btree_map", "btree_set", "hash_map", "hash_set", "linked_list", "vec_deque", "slice"} {
		for f := range 12 {
			p := fmt.Sprintf("/home/dev/.toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html/std/collections/%s/struct.Iterator%02d.html", mod, f)
			paths = append(paths, p)
			fmt.Fprintf(&in, "%s:%d\n", p, 10+d*f)
		}
	}
	got := body(t, shape.Grep, []byte(in.String()), 2000)
	checkView(t, "count-folds", []byte(in.String()), got, 2000)
	named := append(Unfolded(got), got...)
	for _, p := range paths {
		if !bytes.Contains(named, []byte(p)) {
			t.Errorf("%s is not named", p)
		}
	}
}

// A search over more files than a table of counts can name names every
// file in folds by directory, with the counts of the files with the most
// matches, rather than counting its files per directory.
func TestGrepFoldsEveryFile(t *testing.T) {
	var in strings.Builder
	var paths []string
	for d := range 30 {
		for f := range 6 {
			p := fmt.Sprintf("src/internal/component%02d/handlers/request_%d_handler.go", d, f)
			paths = append(paths, p)
			n := 1
			if d%10 == 3 && f == 2 {
				n = 5 + d // a few files with many matches
			}
			for k := range n {
				fmt.Fprintf(&in, "%s:%d:\tif err := validateRequest(ctx, req); err != nil {\n", p, 10*k+7)
			}
		}
	}
	got := body(t, shape.Grep, []byte(in.String()), 2000)
	checkView(t, "folds", []byte(in.String()), got, 2000)
	if !bytes.Contains(got, []byte(FoldLegend)) {
		t.Fatalf("the view does not fold its files:\n%s", got)
	}
	named := append(Unfolded(got), got...)
	for _, p := range paths {
		if !bytes.Contains(named, []byte(p)) {
			t.Errorf("%s is not named", p)
		}
	}
	for _, d := range []int{3, 13, 23} {
		top := fmt.Sprintf("  %d src/internal/component%02d/handlers/request_2_handler.go\n", 5+d, d)
		if !bytes.Contains(got, []byte(top)) {
			t.Errorf("the view does not count %q among the files with the most matches", top)
		}
	}
	if shown := bytes.Count(got, []byte("validateRequest")); shown < 10 {
		t.Errorf("%d matches shown, want at least 10:\n%s", shown, got)
	}
}

// A file whose name holds a fold's punctuation would read as a fold: the
// view then maps the directories instead.
func TestGrepFoldsNoBraces(t *testing.T) {
	var in strings.Builder
	for d := range 30 {
		for f := range 6 {
			fmt.Fprintf(&in, "src/internal/component%02d/handlers/request_%d_handler.go:7:\tif err := validateRequest(ctx, req); err != nil {\n", d, f)
		}
	}
	in.WriteString("src/internal/odd/{a,b}.go:3:\tvalidateRequest(ctx, req)\n")
	got := body(t, shape.Grep, []byte(in.String()), 2000)
	if bytes.Contains(got, []byte(FoldLegend)) {
		t.Errorf("the view folds its files though a name holds braces:\n%s", got)
	}
}

// The files with the most matches are named in path order among equals,
// whatever order the search printed its files in (rg without --sort, grep
// -r): the same search gives the same summary.
func TestGrepTopFilesTiesInPathOrder(t *testing.T) {
	const n = 400
	summary := func(step int) []string {
		var in strings.Builder
		for i := range n {
			k := i * step % n
			p := fmt.Sprintf("/srv/build/workspace/lib/module%02d/internal/file_%03d_impl.go", k%40, k)
			fmt.Fprintf(&in, "%s:%d:\tdefer mu.Unlock()\n", p, 3+k)
		}
		got := string(body(t, shape.Grep, []byte(in.String()), 2000))
		_, rest, ok := strings.Cut(got, ":\n") // the note's first label
		if !ok {
			t.Fatalf("no list of the files with the most matches:\n%s", got)
		}
		top, _, _ := strings.Cut(rest, "\nnarrow")
		top, _, _ = strings.Cut(top, "\n]")
		var names []string
		for _, l := range strings.Split(top, "\n") {
			if l, ok := strings.CutPrefix(l, "  "); ok {
				if strings.HasPrefix(l, " ") || strings.Trim(l, "0123456789, ") == "" {
					continue
				}
				names = append(names, grepFoldNames("  "+strings.TrimLeft(l, "0123456789 "))...)
			}
		}
		return names
	}
	a, b := summary(1), summary(7)
	if len(b) < 10 {
		t.Fatalf("%d files named", len(b))
	}
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("the list depends on the order of the input:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	for i := 1; i < len(b); i++ {
		if b[i] < b[i-1] {
			t.Errorf("%q named after %q", b[i], b[i-1])
		}
	}
}

// A search over more files than folds can name in full names as many as
// fit in folds, those with more matches first and in path order among
// equals, with the counts of the files with the most: several times as
// many files as lines that repeat each one's directory. So does a search
// over more directories than a map can count, and one whose map fits,
// below the map.
func TestGrepNamesMostFilesInFolds(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   int
		path    func(i int) string
		matches func(i int) int
		text    string
		least   int    // files the view must name
		top     int    // a file the view must count among the most, -1 for none
		count   string // its count
		mapped  bool   // the view must map the directories
	}{
		{
			// rg -m1: one match in each file.
			name: "tied", files: 600, least: 150, top: -1,
			path: func(i int) string {
				return fmt.Sprintf("/home/dev/go/pkg/mod/example.org/x/sys@v0.28.0/unix/zsyscall_%03d_linux.go", i)
			},
			matches: func(int) int { return 1 },
			text:    "7:package unix",
		},
		{
			name: "most", files: 240, least: 160, top: 44, count: "7",
			path: func(i int) string {
				return fmt.Sprintf("/home/dev/.pyenv/versions/3.11.7/lib/python3.11/site-packages/pkg%02d/sub/module_%03d.py", i%24, i)
			},
			matches: func(i int) int { return grepEvery(i, 11, 3+i%5) },
			text:    "12:12:@functools.lru_cache(maxsize=None)",
		},
		{
			name: "dirs", files: 800, least: 150, top: 13, count: "26",
			path: func(i int) string {
				return fmt.Sprintf("/usr/local/go/src/cmd/compile/internal/package%03d/source_%d.go", i/8, i%8)
			},
			matches: func(i int) int { return grepEvery(i, 13, 20+i%7) },
			text:    "100:\t\tif n.Op() == ir.OCALLFUNC {",
		},
		{
			// grep X */copyright: one name in a directory of its own each.
			name: "same name", files: 450, least: 400, top: -1,
			path: func(i int) string {
				return fmt.Sprintf("%s-%03d/copyright", []string{"lib", "python3", "node"}[i*3/450], i)
			},
			matches: func(int) int { return 1 },
			text:    "3:Upstream-Name: example",
		},
		{
			name: "map", files: 1500, least: 220, top: -1, mapped: true,
			path: func(i int) string {
				return fmt.Sprintf("src/%s/handler_%04d.go", []string{"api", "core", "store"}[i%3], i)
			},
			matches: func(i int) int { return 1 + i*7%23 },
			text:    "10:\treturn err",
		},
	} {
		var in strings.Builder
		paths := make([]string, tc.files)
		for i := range paths {
			paths[i] = tc.path(i)
			for range tc.matches(i) {
				fmt.Fprintf(&in, "%s:%s\n", paths[i], tc.text)
			}
		}
		got := body(t, shape.Grep, []byte(in.String()), 2000)
		checkView(t, tc.name, []byte(in.String()), got, 2000)
		if n := grepNamed(got, paths); n < tc.least {
			t.Errorf("%s: %d of %d files named, want at least %d:\n%s", tc.name, n, tc.files, tc.least, got)
		}
		if tc.top >= 0 && !bytes.Contains(got, []byte("  "+tc.count+" "+paths[tc.top]+"\n")) {
			t.Errorf("%s: the view does not count %s among the files with the most matches:\n%s", tc.name, paths[tc.top], got)
		}
		if tc.mapped && !bytes.Contains(got, []byte("files and matches per directory:\n")) {
			t.Errorf("%s: the view does not map the directories:\n%s", tc.name, got)
		}
	}
}

// grepEvery returns n for every k-th file, the i-th, and 1 for the others.
func grepEvery(i, k, n int) int {
	if i%k == 0 {
		return n
	}
	return 1
}

// grepNamed returns how many of paths a view names, in folds or not.
func grepNamed(view []byte, paths []string) int {
	named := append(Unfolded(view), view...)
	n := 0
	for _, p := range paths {
		if bytes.Contains(named, []byte(p)) {
			n++
		}
	}
	return n
}

// Lines that name no file (rg --no-filename, grep -h -n over a tree) come
// from another file where their line numbers fall: the summary counts
// those files as a floor, not as one file.
func TestGrepUnnamedFilesCounted(t *testing.T) {
	lines := func(files int) string {
		var in strings.Builder
		for f := range files {
			for k := range 240 / files {
				fmt.Fprintf(&in, "%d:func NewHandlerWithOptions%d(ctx context.Context, opts Options) (*Handler, error) {\n", 10+7*k, f)
			}
		}
		return in.String()
	}
	for _, tc := range []struct {
		files int
		found string
	}{
		{1, ""}, // the header's count of lines counts the matches
		{3, "240 matches in at least 3 files · shown below: "},
	} {
		got := string(body(t, shape.Grep, []byte(lines(tc.files)), 2000))
		if tc.found == "" && strings.Contains(got, "[headroom: ") {
			t.Errorf("%d files: a summary:\n%s", tc.files, got[:min(len(got), 300)])
		}
		if !strings.Contains(got, tc.found) {
			t.Errorf("%d files: the summary does not say %q:\n%s", tc.files, tc.found, got[:min(len(got), 300)])
		}
		if least := strings.Contains(got, "from at least "); least != (tc.files > 1) {
			t.Errorf("%d files: the shown part says \"at least\": %v:\n%s", tc.files, least, got[:min(len(got), 300)])
		}
	}
}

// A search over a few more files than folds name in their usual share of
// the room lets them take more of it when that names more files, in folds
// or by the lines shown: every file that matched tells more than a few
// more of its lines.
func TestGrepFoldsGrowToNameMoreFiles(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files int
		path  func(i int) string
		text  string
		least int // files the view must name
	}{
		{
			name: "folds", files: 220, least: 220,
			path: func(i int) string {
				return fmt.Sprintf("/home/dev/.pyenv/versions/3.11.7/lib/python3.11/site-packages/pkg%02d/module_%03d.py", i%37, i)
			},
			text: "12:    cached = functools.lru_cache(maxsize=None)(wrapper)  # keep the table of results",
		},
		{
			name: "map", files: 400, least: 250,
			path: func(i int) string {
				return fmt.Sprintf("/usr/local/go/src/%s/internal/pkg%02d/file_%03d.go", []string{"cmd", "crypto", "net", "runtime"}[i%4], i%29, i)
			},
			text: "88:\tif size := unsafe.Sizeof(hdr); size > maxHeaderSize {",
		},
	} {
		var in strings.Builder
		paths := make([]string, tc.files)
		for i := range paths {
			paths[i] = tc.path(i)
			for range grepEvery(i, 9, 4) {
				fmt.Fprintf(&in, "%s:%s\n", paths[i], tc.text)
			}
		}
		got := body(t, shape.Grep, []byte(in.String()), 2000)
		checkView(t, tc.name, []byte(in.String()), got, 2000)
		if n := grepNamed(got, paths); n < tc.least {
			t.Errorf("%s: %d of %d files named, want at least %d:\n%s", tc.name, n, tc.files, tc.least, got)
		}
	}
}

// grep -rc counts every file, those without a match too: a view that names
// every file with matches names, in what room its summary has left, files
// that have none, spread over them, since which files lack the pattern is
// what the counts tell beyond the matches.
func TestGrepNamesFilesWithNone(t *testing.T) {
	var in strings.Builder
	var none []string
	for i := range 760 {
		path := fmt.Sprintf("/usr/include/linux/%s/header_%03d.h", []string{"netfilter", "usb", "dvb", "can"}[i/190], i)
		n := 0
		if i%4 == 0 {
			n = 1 + i%7
		} else {
			none = append(none, path)
		}
		fmt.Fprintf(&in, "%s:%d\n", path, n)
	}
	got := body(t, shape.Grep, []byte(in.String()), 2000)
	checkView(t, "none", []byte(in.String()), got, 2000)
	if !bytes.Contains(got, []byte(" of the 570 files that have none, spread over them:\n")) {
		t.Fatalf("the view names no files that have none:\n%s", got)
	}
	n := grepNamed(got, none)
	first, last := grepNamed(got, none[:1]) == 1, grepNamed(got, none[len(none)-1:]) == 1
	if n < 40 || !first || !last {
		t.Errorf("%d of the %d files that have none named (the first %v, the last %v), want at least 40:\n%s",
			n, len(none), first, last, got)
	}
}

// grep X * over files with no extension prints path:text with no line
// number: a name that the line beside it repeats is a file's, counted and
// named as any other.
func TestGrepWeakNamesAreFiles(t *testing.T) {
	var in strings.Builder
	for f := range 40 {
		for k := range 4 {
			fmt.Fprintf(&in, "tool-%02d:from package_%d.commands import main as run_%d\n", f, k, k)
		}
	}
	got := body(t, shape.Grep, []byte(in.String()), 600)
	checkView(t, "weak", []byte(in.String()), got, 600)
	if !bytes.Contains(got, []byte("160 matches in 40 files")) {
		t.Errorf("the view does not count the files:\n%s", got)
	}
}

// Past the cap on files kept apart, the summary still counts the whole
// search: which files a count names matches in and which have none, and
// the context lines of every file.
func TestGrepTotalsPastTheFileCap(t *testing.T) {
	var counts strings.Builder
	for i := range grepMaxFiles + 2000 {
		n := 0
		if i%1000 == 0 {
			n = 3
		}
		fmt.Fprintf(&counts, "src/d%02d/f%05d.c:%d\n", i/1000, i, n)
	}
	got := body(t, shape.Grep, []byte(counts.String()), 2000)
	if want := "36 matches in 12 files; 11,988 files have none"; !bytes.Contains(got, []byte(want)) {
		t.Errorf("grep -c past the cap: want %q in the summary:\n%.600s", want, got)
	}

	var ctx strings.Builder
	for i := range grepMaxFiles + 5 {
		fmt.Fprintf(&ctx, "src/d%02d/f%05d.c-%d-\tx := 1\nsrc/d%02d/f%05d.c:%d:\ty := x\n--\n", i/1000, i, 7, i/1000, i, 8)
	}
	got = body(t, shape.Grep, []byte(ctx.String()), 2000)
	if want := "10,005 matches and 10,005 context lines"; !bytes.Contains(got, []byte(want)) {
		t.Errorf("context past the cap: want %q in the summary:\n%.600s", want, got)
	}
}

// A search of one file whose lines are all matches, cut, shows no
// summary: the header counts its lines, which are its matches. With other
// lines, the phrase counts the matches, and no table of the one file takes
// room from them.
func TestGrepOneFileNoSummary(t *testing.T) {
	for _, context := range []bool{false, true} {
		var b strings.Builder
		for i := 1; i <= 400; i++ {
			if context {
				fmt.Fprintf(&b, "src/server/handler.go-%d-// handle%d serves a request\n", i*7-1, i)
			}
			fmt.Fprintf(&b, "src/server/handler.go:%d:func handle%d(w http.ResponseWriter, r *http.Request) {\n", i*7, i)
		}
		got := string(body(t, shape.Grep, []byte(b.String()), 1000))
		phrase := strings.HasPrefix(got, "[headroom: 400 matches and 400 context lines in 1 file · shown below: ")
		if context != phrase || !context && strings.Contains(got, "[headroom: ") {
			t.Errorf("context %v: a phrase %v:\n%s", context, phrase, got)
		}
		if strings.Contains(got, tableLabel) || strings.Contains(got, "  400 src/server/handler.go") {
			t.Errorf("context %v: a table of the one file:\n%s", context, got)
		}
	}
}

// grep -rc prints its counts in the order it reads the files in: a view
// whose summary names every file shows the count lines of the files with
// the most matches after those the summary counts, ties in path order,
// the same lines whatever order the tool printed them in (but the last,
// which a view keeps as the end of the output).
func TestGrepCountLinesOfTheMost(t *testing.T) {
	const n = 300
	count := func(i int) int { return i * 37 % 6 }
	view := func(step int) (string, []string, map[string]int) {
		var in strings.Builder
		counts := map[string]int{}
		last := ""
		for i := range n {
			k := i * step % n
			last = fmt.Sprintf("share/i18n/locales/loc_%03d:%d", k, count(k))
			counts[fmt.Sprintf("share/i18n/locales/loc_%03d", k)] = count(k)
			fmt.Fprintln(&in, last)
		}
		got := string(body(t, shape.Grep, []byte(in.String()), 1500))
		checkView(t, "count-lines", []byte(in.String()), []byte(got), 1500)
		var lines []string
		for _, l := range strings.Split(got, "\n") {
			if strings.HasPrefix(l, "share/") && !strings.HasSuffix(l, ":0") && l != last {
				lines = append(lines, l)
			}
		}
		slices.Sort(lines)
		return got, lines, counts
	}
	a, la, counts := view(1)
	_, lb, _ := view(7)
	if !strings.Contains(a, "every other file, by directory") {
		t.Fatalf("the summary does not name every file:\n%s", a)
	}
	if len(la) < 5 {
		t.Fatalf("%d count lines shown, want 5 at least:\n%s", len(la), a)
	}
	if strings.Join(la, "\n") != strings.Join(lb, "\n") {
		t.Errorf("the count lines depend on the order of the input:\n%s\n---\n%s", strings.Join(la, "\n"), strings.Join(lb, "\n"))
	}
	least := 6
	for _, l := range la {
		p, _, _ := strings.Cut(l, ":")
		least = min(least, counts[p])
	}
	for p, c := range counts {
		if c > least && !strings.Contains(a, p+":") && !strings.Contains(a, fmt.Sprintf(" %d %s\n", c, p)) {
			t.Errorf("%s, with %d matches, is not shown, where a file with %d is", p, c, least)
		}
	}
}

// A count line of a list of counts tells a file's name and count in
// several times the room a fold takes to name one: a list of counts over
// more files than folds name in their share lets them take more of the
// room when they name more files than the lines they take, not only a
// twentieth more.
func TestGrepCountListFoldsOverLines(t *testing.T) {
	var in strings.Builder
	var paths []string
	for i := range 900 {
		p := fmt.Sprintf("/usr/lib/python3/dist-packages/package_%03d/internal/module_%02d.py", i/7, i%7)
		paths = append(paths, p)
		fmt.Fprintf(&in, "%s:%d\n", p, 1+i*37%23)
	}
	got := body(t, shape.Grep, []byte(in.String()), 2000)
	checkView(t, "count-folds-over-lines", []byte(in.String()), got, 2000)
	if n := grepNamed(got, paths); n < 180 {
		t.Errorf("%d of the 900 files named, want 180 at least:\n%s", n, got)
	}
}

// git grep -p and -W set apart with '=' the line that starts the function
// the matches after it are in: a view that shows the first match after such
// a line shows the line too, which tells where the match is.
func TestGrepFunctionLinesComeWithTheirMatches(t *testing.T) {
	var in strings.Builder
	n := 1
	for f := range 40 {
		fmt.Fprintf(&in, "lex.go=%d=func lexState%02d(lx *lexer) stateFn {\n", n, f)
		for m := range 2 {
			fmt.Fprintf(&in, "lex.go:%d:\t\treturn lx.errorf(\"unexpected token %d in state %02d\")\n", n+3+m, m, f)
		}
		n += 20
	}
	got := string(body(t, shape.Grep, []byte(in.String()), 600))
	checkView(t, "function-lines", []byte(in.String()), []byte(got), 600)
	fn, shown := "", 0
	for _, l := range strings.Split(in.String(), "\n") {
		switch {
		case strings.Contains(l, "=func "):
			fn = l
		case fn != "" && strings.Contains(got, l+"\n"):
			shown++
			if !strings.Contains(got, fn+"\n") {
				t.Errorf("%q is shown without %q", l, fn)
			}
			fn = ""
		default:
			fn = ""
		}
	}
	if shown < 5 {
		t.Errorf("%d first matches of a function shown, want 5 at least:\n%s", shown, got)
	}
}

// A list of counts whose lines do not all fit, and that no summary names,
// shows first, in each directory, the lines of the files with the most
// matches, not the first the tool printed.
func TestGrepCountListLinesOfTheMost(t *testing.T) {
	words := strings.Fields("bool slice duration float string array count bytes ipnet uint int func export text errors flag golangci completions shell powershell")
	type file struct {
		line  string
		count int
	}
	var in strings.Builder
	var files []file
	for d, dir := range []string{"cobra", "pflag", "goldmark", "viper"} {
		for f := range 25 {
			i := d*25 + f
			c := 1 + i*53%97
			l := fmt.Sprintf("%s/%s_%s_%02d_test.go:%d", dir, words[i%20], words[(i*7+3)%20], f, c)
			files = append(files, file{l, c})
			fmt.Fprintln(&in, l)
		}
	}
	got := string(body(t, shape.Grep, []byte(in.String()), 1000))
	checkView(t, "count-list-most", []byte(in.String()), []byte(got), 1000)
	if strings.Contains(got, "the files with the most matches") {
		t.Fatalf("a summary names the files:\n%s", got)
	}
	slices.SortStableFunc(files, func(a, b file) int { return b.count - a.count })
	for _, f := range files[:16] {
		if !strings.Contains(got, f.line+"\n") {
			t.Errorf("%s, among the 16 with the most matches, is not shown:\n%s", f.line, got)
		}
	}
}

// A count of every file whose summary names every file with matches lets
// the files that have none take more of the room, as folds of files with
// matches do, when that names more of them than the count lines it takes:
// those tell only the counts of files the summary names.
func TestGrepNamesMoreFilesWithNone(t *testing.T) {
	var in strings.Builder
	var none []string
	for i := range 360 {
		p := fmt.Sprintf("i18n/locales/%s_%s%d", []string{"aa", "ar", "de", "en", "es", "fr", "zh", "ru"}[i%8], []string{"AE", "BH", "DZ", "EG", "IQ"}[i%5], i)
		n := 1
		if i%17 >= 9 {
			n = 0
			none = append(none, p)
		}
		fmt.Fprintf(&in, "%s:%d\n", p, n)
	}
	got := body(t, shape.Grep, []byte(in.String()), 2000)
	checkView(t, "more-none", []byte(in.String()), got, 2000)
	named := append(Unfolded(got), got...)
	n := 0
	for _, p := range none {
		if bytes.Contains(named, []byte(p+"\n")) || bytes.Contains(named, []byte(p+":0\n")) {
			n++
		}
	}
	if n < 100 {
		t.Errorf("%d of the %d files that have none named, want 100 at least:\n%s", n, len(none), got)
	}
}

// grep -c names each file once: path:N lines that name a file again are
// locations (grep -n | cut -d: -f1,2, addr2line), and the view counts them,
// not the sum of their line numbers, for the files read before the first
// repeat too.
func TestGrepLocationsAreNotCounts(t *testing.T) {
	var in strings.Builder
	fmt.Fprintln(&in, "cmd/main.go:900")
	lines := 1
	for i := range 60 {
		for k := range 2 + i%5 {
			fmt.Fprintf(&in, "internal/pkg%d/file%d.go:%d\n", i%7, i, 40*k+i+3)
			lines++
		}
	}
	got := string(body(t, shape.Grep, []byte(in.String()), 600))
	checkView(t, "locations", []byte(in.String()), []byte(got), 600)
	if want := fmt.Sprintf("%d matches in 61 files", lines); !strings.Contains(got, want) {
		t.Errorf("the view does not say %q:\n%s", want, got)
	}
}

// grep -rc over a tree with caches counts many files with none, in
// directories of their own: a list whose lines show all but a few of the
// files with matches, each with its count, beats a summary that names them
// all but counts only the first few. A directory of files with none needs
// no line: the summary counts them.
func TestGrepCountListLeavesOutFew(t *testing.T) {
	var in strings.Builder
	var matched []string
	for d, dir := range []string{"importlib", "importlib/metadata", "lib2to3", "lib2to3/fixes", "lib2to3/pgen2", "lib2to3/tests"} {
		for f := range 20 {
			p := fmt.Sprintf("%s/module_%02d.py", dir, f)
			matched = append(matched, p)
			fmt.Fprintf(&in, "%s:%d\n", p, 1+(d*7+f*3)%11)
		}
		for f := range 40 {
			fmt.Fprintf(&in, "%s/__pycache__/module_%02d.cpython-311.opt-%d.pyc:0\n", dir, f/2, f%2+1)
		}
	}
	got := body(t, shape.Grep, []byte(in.String()), 1400)
	checkView(t, "few-left-out", []byte(in.String()), got, 1400)
	if bytes.Contains(got, []byte(" every other file")) {
		t.Errorf("the view folds the files with matches:\n%s", got)
	}
	shown := 0
	for _, p := range matched {
		if bytes.Contains(got, []byte("\n"+p+":")) {
			shown++
		}
	}
	if shown < 108 {
		t.Errorf("%d of 120 count lines of files with matches shown, want at least 108:\n%s", shown, got)
	}
}

// A list of counts whose lines leave out a few files with matches says how
// many, with how many matches, and names them where their names fold into
// little room: their gap lines alone say only that lines are missing.
func TestGrepCountListNamesWhatItLeavesOut(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files func(d int) int // in the d-th directory
		names bool            // the files left out fold into little room
	}{
		{"spread", func(int) int { return 20 }, false},
		{"one-directory", func(d int) int { return 12 + 48*(d/5) }, true}, // lib2to3/tests: 60
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, counts := pycacheCounts("module", tc.files)
			got := body(t, shape.Grep, in, 1400)
			checkView(t, "names-left-out", in, got, 1400)
			head, lines, _ := bytes.Cut(got, []byte("]\n"))
			named := string(Unfolded(head)) + string(head)
			out, matches := 0, 0
			for p, n := range counts {
				if bytes.Contains(lines, []byte(p+":")) {
					continue
				}
				out, matches = out+1, matches+n
				if tc.names && !strings.Contains(named, "  "+p+"\n") {
					t.Errorf("%s is neither shown nor named", p)
				}
			}
			if out == 0 {
				t.Fatalf("every count line is shown; the test needs a longer list:\n%s", got)
			}
			if want := fmt.Sprintf("not shown: %d files with %d matches", out, matches); !bytes.Contains(head, []byte(want)) {
				t.Errorf("the summary lacks %q:\n%s", want, got)
			}
		})
	}
}

// A summary that names the files a list of counts leaves out costs count
// lines, whose files it then names without their counts: it is worth no
// more count lines than the files it names that the lines would leave
// out anyway. Here naming would push 9 more count lines out to name 6.
func TestGrepCountListNamesNotAtAnyCost(t *testing.T) {
	in, counts := pycacheCounts("fix", func(d int) int { return 8 + 40*(d/3) - 40*(d/4) }) // lib2to3/fixes: 48
	got := body(t, shape.Grep, in, 1200)
	checkView(t, "names-not-at-any-cost", in, got, 1200)
	head, lines, _ := bytes.Cut(got, []byte("]\n"))
	out := 0
	for p := range counts {
		if !bytes.Contains(lines, []byte(p+":")) {
			out++
		}
	}
	if out > 8 || bytes.Contains(head, []byte("by directory")) {
		t.Errorf("%d count lines left out, want at most 8, and none named:\n%s", out, got)
	}
}

// pycacheCounts returns grep -rc's counts over six directories of Python,
// files(d) files with matches in the d-th, named stem_00.py on, each
// directory's 40 compiled files after them with none; and the count of
// each file with matches, by path.
func pycacheCounts(stem string, files func(d int) int) ([]byte, map[string]int) {
	var in strings.Builder
	counts := map[string]int{}
	for d, dir := range []string{"importlib", "importlib/metadata", "lib2to3", "lib2to3/fixes", "lib2to3/pgen2", "lib2to3/tests"} {
		for f := range files(d) {
			p := fmt.Sprintf("%s/%s_%02d.py", dir, stem, f)
			counts[p] = 1 + (d*7+f*3)%11
			fmt.Fprintf(&in, "%s:%d\n", p, counts[p])
		}
		for f := range 40 {
			fmt.Fprintf(&in, "%s/__pycache__/module_%02d.cpython-311.opt-%d.pyc:0\n", dir, f/2, f%2+1)
		}
	}
	return []byte(in.String()), counts
}

// A search whose matches mostly say the same (a macro over each function's
// name, rg -C1 'FT_EXPORT\( FT_Error \)') shows the context line after each
// match with it: the match tells only where, the line after what.
func TestGrepSameMatchesShowTheLineAfter(t *testing.T) {
	var in strings.Builder
	for f := range 24 {
		if f > 0 {
			in.WriteString("--\n")
		}
		for k := range 4 {
			n := 100 + 40*k
			p := fmt.Sprintf("/usr/include/freetype2/freetype/ftmodule%02d.h", f)
			fmt.Fprintf(&in, "%s-%d-   */\n", p, n-1)
			fmt.Fprintf(&in, "%s:%d:  FT_EXPORT( FT_Error )\n", p, n)
			fmt.Fprintf(&in, "%s-%d-  FT_Module%02d_Call%d( FT_Library  library,\n", p, n+1, f, k)
		}
	}
	got := body(t, shape.Grep, []byte(in.String()), 1200)
	checkView(t, "same-matches", []byte(in.String()), got, 1200)
	lines := strings.Split(string(got), "\n")
	shown, named := 0, 0
	for i, l := range lines {
		if !strings.Contains(l, ":  FT_EXPORT( FT_Error )") {
			continue
		}
		shown++
		if i+1 < len(lines) && strings.Contains(lines[i+1], "-  FT_Module") {
			named++
		}
	}
	if shown < 10 || named < shown {
		t.Errorf("%d matches shown, %d with the line that names the function, want at least 10, all:\n%s", shown, named, got)
	}
}

// When every match fits and some of the context lines do, the ones shown
// read with their match: the line before a grep -B match (the declaration's
// first half, the #ifndef) before a line farther up, never a context line
// cut off from its match by a gap, which tells nothing and costs a gap line
// besides.
func TestGrepContextNextToItsMatch(t *testing.T) {
	var in strings.Builder
	for f := range 12 {
		if f > 0 {
			in.WriteString("--\n")
		}
		p := fmt.Sprintf("src/pkg%02d/legacy.h", f)
		for k := range 3 {
			n := 40 + 30*k
			if k > 0 {
				in.WriteString("--\n")
			}
			fmt.Fprintf(&in, "%s-%d-/* slot %d of group %d, kept for old callers */\n", p, n-3, k, f)
			fmt.Fprintf(&in, "%s-%d-#ifndef NO_DEPRECATED_%d\n", p, n-2, k)
			fmt.Fprintf(&in, "%s-%d-DEPRECATED_SINCE_3\n", p, n-1)
			fmt.Fprintf(&in, "%s:%d:int legacy_call_%02d_%d(void *ctx);\n", p, n, f, k)
		}
	}
	got := string(body(t, shape.Grep, []byte(in.String()), 1400))
	checkView(t, "context-next", []byte(in.String()), []byte(got), 1400)
	shown := map[string]bool{}
	for _, l := range strings.Split(got, "\n") {
		shown[l] = true
	}
	lines := strings.Split(in.String(), "\n")
	matches, next := 0, 0
	for i, l := range lines {
		switch {
		case !shown[l] || l == "" || l == "--":
		case strings.Contains(l, ":int legacy_call_"):
			matches++
		case !shown[lines[i+1]]:
			t.Errorf("%q is shown without the line after it, toward its match", l)
		case strings.Contains(l, "-DEPRECATED_SINCE_3"):
			next++
		}
	}
	if matches < 36 || next < 12 {
		t.Errorf("%d matches, %d context lines next to one, want all 36 and 12 or more:\n%s", matches, next, got)
	}
}

// A context line with nothing after its path and number (a blank line of
// the file) says less than a worded one farther from the match: with room
// for one context line of each match, the worded one is shown, the blank
// beside it only where it costs no more than its gap line.
func TestGrepBlankContextAfterWorded(t *testing.T) {
	var in strings.Builder
	for f := range 12 {
		p := fmt.Sprintf("lib/python3/mod%02d/inspect.py", f)
		for k := range 3 {
			n := 100 + 40*k
			if f > 0 || k > 0 {
				in.WriteString("--\n")
			}
			fmt.Fprintf(&in, "%s:%d:    def __repr__(self): return _repr_%02d_%d(self)\n", p, n, f, k)
			fmt.Fprintf(&in, "%s-%d-\n", p, n+1)
			fmt.Fprintf(&in, "%s-%d-    def __str__(self): return _str_%02d_%d(self)\n", p, n+2, f, k)
		}
	}
	got := string(body(t, shape.Grep, []byte(in.String()), 1600))
	checkView(t, "blank-context", []byte(in.String()), []byte(got), 1600)
	blank, worded := 0, 0
	for _, l := range strings.Split(got, "\n") {
		switch {
		case strings.HasSuffix(l, "-") && strings.Contains(l, ".py-"):
			blank++
		case strings.Contains(l, "def __str__"):
			worded++
		}
	}
	if worded <= blank || worded < 10 {
		t.Errorf("%d worded context lines, %d blank ones, want the worded ones first:\n%s", worded, blank, got)
	}
}
