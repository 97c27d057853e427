package reduce

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/shape"
)

// The samples in testdata/diff are real output, captured with:
//
//	headroom-log-p.diff         git log -p --reverse -- elision   (this repository)
//	headroom-format-patch.diff  git format-patch -2 --stdout 3b8abc7 -- elision
//	stringer-ruN.diff           diff -ruN tools@v0.26.0/cmd/stringer tools@v0.51.0/cmd/stringer
//	                            (in the module cache's golang.org/x)
//	lockrepo-show-binary.diff   git show --binary HEAD, in a repository whose last commit
//	                            moves x/tools files from v0.26.0 to v0.51.0: go.mod, go.sum,
//	                            a rename, a mode change and a replaced PNG
//	merge-conflict-cc.diff      git diff, in a merge of x/tools internal/diff/diff.go v0.51.0
//	                            into a branch that renamed edits to changes (a conflict)
//	rootfiles.diff              git diff, in a new repository whose first commit adds
//	                            f0.txt ... f199.txt at its root, one line each, after
//	                            changing each file's line
const diffSamples = "testdata/diff"

// TestDiffGolden pins the views of every corpus diff at budget 2000 and at
// a tight 600. It does what goldenCorpus does but lets samples that fit
// the budget through whole (goldenCorpus would fail them for not being
// shorter): the reducer only runs on input over the budget, and then must
// show all of it that fits.
func TestDiffGolden(t *testing.T) {
	for _, budget := range []int{2000, 600} {
		for _, path := range corpus(t, "diff-") {
			name := strings.TrimSuffix(filepath.Base(path), ".out")
			input := readDiffFile(t, path)
			got := body(t, shape.Diff, input, budget)
			checkDiffView(t, name, input, got, budget)
			checkDiffNotShown(t, fmt.Sprintf("%s@%d", name, budget), got)
			if budget == 2000 {
				checkDiffNeedles(t, name, needles(t, path), got)
				checkGolden(t, name, got)
			} else {
				checkGolden(t, fmt.Sprintf("%s-%d", name, budget), got)
			}
		}
	}
}

// checkDiffView checks that a view fits the budget and is shorter than
// its input, or is the input itself when that fits.
func checkDiffView(t *testing.T, name string, input, got []byte, budget int) {
	t.Helper()
	c := counter()
	switch {
	case c.Count(input) <= budget:
		if !bytes.Equal(got, input) {
			t.Errorf("%s@%d: the input fits the budget but the view is not the input", name, budget)
		}
	case c.Count(got) > budget:
		t.Errorf("%s@%d: view has %d tokens", name, budget, c.Count(got))
	case len(got) >= len(input):
		t.Errorf("%s@%d: view (%d bytes) is not shorter than the input (%d bytes)", name, budget, len(got), len(input))
	}
}

// checkDiffNeedles checks that the view names every file a needle's file
// header line names: the line itself, or, when the files are too many for
// their headers to fit, the summary at the top. (A git log -p of 241 file
// diffs at 2,000 tokens cannot show every diff --git line.) Of the other
// needles (changed lines, hunk headers, subjects) a large diff cannot show
// them all; it logs those lost, and TestDiffBeatsHeadTail and the golden
// files hold the rest.
func checkDiffNeedles(t *testing.T, name string, needles []string, got []byte) {
	t.Helper()
	summary := string(got)
	if !strings.HasPrefix(summary, "[headroom: ") {
		summary = ""
	}
	lost := 0
	for _, n := range needles {
		if bytes.Contains(got, []byte(n)) {
			continue
		}
		file := diffHeaderFile(n)
		row := ") " + file
		if len(n) < needleMax {
			row += "\n" // else the needle, and the name in it, was cut
		}
		switch {
		case file == "":
			lost++
		case !strings.Contains(summary, row) && !diffSummaryHasDir(summary, file) && !diffSummaryFolds(summary, file) &&
			!strings.Contains(summary, "  "+diffHeaderName(n)+"\n"):
			t.Errorf("%s: the view lost %q", name, n)
		}
	}
	if lost > 0 {
		t.Logf("%s: the view lost %d of %d needles that name no file", name, lost, len(needles))
	}
}

// checkDiffNotShown checks a summary that names only the files whose
// headers a view does not show: it names as many as its head counts, and
// none whose diff --git line the view shows.
func checkDiffNotShown(t *testing.T, name string, got []byte) {
	t.Helper()
	head, rest, _ := strings.Cut(string(got), "\n")
	_, after, ok := strings.Cut(head, "); ")
	if !ok || !strings.Contains(head, " not shown below, by directory (") {
		return
	}
	want := diffAtoi(strings.ReplaceAll(strings.Fields(after)[0], ",", ""))
	named := map[string]bool{}
	var shown []string
	for l := range strings.SplitSeq(rest, "\n") {
		if row, ok := strings.CutPrefix(l, "  "); ok && len(shown) == 0 && !strings.HasPrefix(row, "[") {
			names := Unfold([]byte(row))
			if names == nil {
				names = [][]byte{[]byte(row)}
			}
			for _, n := range names {
				named[string(n)] = true
			}
			continue
		}
		if f := diffHeaderName(l); f != "" {
			shown = append(shown, f)
		}
		if len(shown) == 0 {
			shown = append(shown, "") // past the summary
		}
	}
	if len(named) != want {
		t.Errorf("%s: the summary names %d files, its head says %d:\n%s", name, len(named), want, got)
	}
	for _, f := range shown {
		if named[f] {
			t.Errorf("%s: the summary names %s, whose header the view shows", name, f)
		}
	}
}

// needleMax is the length scripts/corpus/needles.py cuts needles to.
const needleMax = 120

// diffSummaryFolds reports whether a summary that names every file in
// folds names file.
func diffSummaryFolds(summary, file string) bool {
	head, _, _ := strings.Cut(summary, "\n")
	return strings.Contains(head, FoldLegend) && strings.Contains(summary+string(Unfolded([]byte(summary))), "  "+file+"\n")
}

// diffSummaryHasDir reports whether a summary by directory counts file
// in one of its rows, "(+12 -3) dir/ (4 files)".
func diffSummaryHasDir(summary, file string) bool {
	head, rows, _ := strings.Cut(summary, "\n")
	if !strings.Contains(head, " by directory:]") {
		return false
	}
	for _, row := range strings.Split(rows, "\n") {
		_, dir, ok := strings.Cut(row, ") ")
		dir, _, _ = strings.Cut(dir, " (")
		if ok && strings.HasSuffix(dir, "/") && strings.HasPrefix(file, dir) {
			return true
		}
		if !strings.HasPrefix(row, "  ") {
			return false // past the summary
		}
	}
	return false
}

// diffHeaderFile returns the file a file header line names, as the summary
// names it, or "" for other lines.
func diffHeaderFile(l string) string {
	if f, ok := strings.CutPrefix(l, "diff --git "); ok {
		return f[strings.LastIndex(f, " b/")+3:]
	}
	if f, ok := strings.CutPrefix(l, "Binary files "); ok {
		_, f, _ = strings.Cut(f, "/") // the tree's root
		return f[:strings.Index(f+" and ", " and ")]
	}
	return ""
}

// diffHeaderName returns the file a file header line names as the summary
// names it: a rename's as "old => new".
func diffHeaderName(l string) string {
	f := diffHeaderFile(l)
	if rest, ok := strings.CutPrefix(l, "diff --git a/"); ok {
		if old, _, _ := strings.Cut(rest, " b/"); old != f {
			return old + " => " + f
		}
	}
	return f
}

func TestDiffOwnSamples(t *testing.T) {
	for _, path := range diffSampleFiles(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".diff")
		input := readDiffFile(t, path)
		for _, budget := range []int{600, 2000} {
			got := body(t, shape.Diff, input, budget)
			if n := counter().Count(got); n > budget && counter().Count(input) > budget {
				t.Errorf("%s: view has %d tokens, budget %d", name, n, budget)
			}
			checkGolden(t, fmt.Sprintf("diff-own-%s-%d", name, budget), got)
		}
	}
}

func diffSampleFiles(t testing.TB) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(diffSamples, "*.diff"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no samples in %s: %v", diffSamples, err)
	}
	return paths
}

func readDiffFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A view keeps what it shows verbatim and at its place: every line piece is
// the input line it names (or the start of it, or its end where it says how
// many bytes it cuts before, or its start and end where it says how many it
// cuts between), and every note that stands
// for lines counts exactly the changed lines among them.
func TestDiffPiecesAreVerbatimAndCounted(t *testing.T) {
	for _, path := range append(diffSampleFiles(t), corpus(t, "diff-")...) {
		input := readDiffFile(t, path)
		for _, budget := range []int{300, 600, 2000, 8000} {
			checkDiffPieces(t, filepath.Base(path), input, budget, counter())
		}
	}
}

var diffNoteCounts = regexp.MustCompile(`\(\+([0-9,]+) -([0-9,]+)\) \.\.\.\]$`)

func checkDiffPieces(t *testing.T, name string, input []byte, budget int, c Counter) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(string(input), "\n"), "\n")
	d := NewDiff(budget)
	s := NewSplitter(d)
	s.Write(input)
	n := s.Close()
	plus, minus := diffChangedLines(lines)
	for _, p := range Fit(d.Pieces(n, budget, c), n, budget, c) {
		switch {
		case p.Note == "" && p.Mid > 0:
			want := lines[p.Line-1]
			if !strings.HasPrefix(want, string(p.Text[:p.MidAt])) || !strings.HasSuffix(want, string(p.Text[p.MidAt:])) || len(p.Text)+int(p.Mid) != len(want) {
				t.Errorf("%s@%d: L%d shows %q and %q with %d bytes cut between, the input has %q", name, budget, p.Line, p.Text[:p.MidAt], p.Text[p.MidAt:], p.Mid, want)
			}
		case p.Note == "":
			want := lines[p.Line-1]
			if p.Before > 0 && int(p.Before) <= len(want) {
				want = want[p.Before:]
			}
			if !strings.HasPrefix(want, string(p.Text)) || p.Before > 0 && len(p.Text)+int(p.Before) != len(lines[p.Line-1]) {
				t.Errorf("%s@%d: L%d shows %q, the input has %q", name, budget, p.Line, p.Text, want)
			}
		case p.Stands > 0:
			m := diffNoteCounts.FindStringSubmatch(p.Note)
			if m == nil {
				continue // binary patch data has no counts
			}
			wantPlus := plus[p.Line+p.Stands-1] - plus[p.Line-1]
			wantMinus := minus[p.Line+p.Stands-1] - minus[p.Line-1]
			if m[1] != diffThousands(wantPlus) || m[2] != diffThousands(wantMinus) {
				t.Errorf("%s@%d: note %q; L%d-%d hold +%d -%d", name, budget, p.Note, p.Line, p.Line+p.Stands-1, wantPlus, wantMinus)
			}
		}
	}
}

func diffThousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// diffChangedLines counts, independently of the reducer, the added and
// removed lines up to each line: the lines of hunks (as far as the hunk
// header's counts go) with a + or - among their first columns, one column
// for each parent of a combined diff.
func diffChangedLines(lines []string) (plus, minus []int) {
	plus, minus = make([]int, len(lines)+1), make([]int, len(lines)+1)
	hunkHeader := regexp.MustCompile(`^(@@+) ((?:-\d+(?:,\d+)? )+)\+\d+(?:,(\d+))? @@+`)
	parents, left := 0, 0 // left: lines of the result still to come
	var removedLeft []int
	for i, l := range lines {
		plus[i+1], minus[i+1] = plus[i], minus[i]
		if left > 0 || slices.ContainsFunc(removedLeft, func(n int) bool { return n > 0 }) {
			if strings.HasPrefix(l, "\\") {
				continue
			}
			cols := l[:min(parents, len(l))]
			switch {
			case strings.Contains(cols, "-"):
				minus[i+1]++
				for k := range removedLeft {
					if k < len(cols) && cols[k] == '-' {
						removedLeft[k]--
					}
				}
				continue
			case strings.Contains(cols, "+"):
				plus[i+1]++
			}
			left--
			for k := range removedLeft {
				if k >= len(cols) || cols[k] == ' ' {
					removedLeft[k]--
				}
			}
			continue
		}
		if m := hunkHeader.FindStringSubmatch(l); m != nil {
			parents = len(m[1]) - 1
			removedLeft = removedLeft[:0]
			for _, r := range strings.Fields(m[2]) {
				_, n, _ := strings.Cut(r, ",")
				removedLeft = append(removedLeft, diffAtoi(n))
			}
			left = diffAtoi(m[3])
		}
	}
	return plus, minus
}

func diffAtoi(s string) int {
	if s == "" {
		return 1
	}
	n, _ := strconv.Atoi(s)
	return n
}

// Every file header and every hunk header stays when the budget allows
// anything beyond them, and so does every commit header.
func TestDiffKeepsHeaders(t *testing.T) {
	input := readDiffFile(t, filepath.Join(diffSamples, "headroom-log-p.diff"))
	got := string(body(t, shape.Diff, input, 2000))
	for _, l := range strings.Split(string(input), "\n") {
		header := strings.HasPrefix(l, "diff --git ") || strings.HasPrefix(l, "@@ ") ||
			strings.HasPrefix(l, "commit ") || strings.HasPrefix(l, "Author: ") || strings.HasPrefix(l, "Date: ")
		if header && !strings.Contains(got, l+"\n") {
			t.Errorf("header %q is missing from the view:\n%s", l, got)
		}
	}
}

// Context goes before changed lines do: a view that lacks changed lines of
// a file keeps none of its context lines beyond the first around a change.
func TestDiffCutsContextFirst(t *testing.T) {
	input := readDiffFile(t, filepath.Join(diffSamples, "stringer-ruN.diff"))
	d := NewDiff(1500)
	s := NewSplitter(d)
	s.Write(input)
	n := s.Close()
	c := counter()
	kept := map[int]bool{}
	for _, p := range Fit(d.Pieces(n, 1500, c), n, 1500, c) {
		if p.Note == "" {
			kept[p.Line] = true
		}
	}
	lines := strings.Split(string(input), "\n")
	changedLost, farKept := 0, 0
	for i, l := range lines {
		if strings.HasPrefix(l, "+++ ") || strings.HasPrefix(l, "--- ") {
			continue
		}
		switch {
		case (strings.HasPrefix(l, "+") || strings.HasPrefix(l, "-")) && !kept[i+1]:
			changedLost++
		case strings.HasPrefix(l, " ") && kept[i+1] && diffFarFromChange(lines, i):
			farKept++
		}
	}
	if changedLost == 0 {
		t.Fatal("every changed line fits; the test needs a budget that cuts some")
	}
	if farKept > 0 {
		t.Errorf("%d context lines two or more lines from a change kept while %d changed lines were cut", farKept, changedLost)
	}
}

// diffFarFromChange reports whether no changed line is within one line of
// lines[i].
func diffFarFromChange(lines []string, i int) bool {
	for _, j := range []int{i - 1, i + 1} {
		if j >= 0 && j < len(lines) && len(lines[j]) > 0 && (lines[j][0] == '+' || lines[j][0] == '-') {
			return false
		}
	}
	return true
}

// A lock file collapses to its counts when it does not fit whole, its file
// header kept, and shows whole when it does.
func TestDiffCollapsesLockFiles(t *testing.T) {
	input := readDiffFile(t, filepath.Join(diffSamples, "lockrepo-show-binary.diff"))
	got := string(body(t, shape.Diff, input, 1000))
	for _, want := range []string{
		"diff --git a/go.sum b/go.sum\n",
		"  [... go.sum, a lock file: L214-237 (+10 -10)]\n",
		"GIT binary patch\n  [... binary patch data: L241-1152]\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the view lacks %q:\n%s", want, got)
		}
	}
	roomy := string(body(t, shape.Diff, input, 6000))
	if !strings.Contains(roomy, "+golang.org/x/sys v0.48.0 h1:") || strings.Contains(roomy, "a lock file") {
		t.Errorf("go.sum should show whole at budget 6000:\n%s", roomy)
	}
}

// A lock file that is all the diff does not fit whole is not collapsed:
// nothing else wants the room, and its first changed lines tell which
// versions changed, where its note would leave the view nearly empty. So
// too when it is too long to be held whole (a package-lock.json after an
// install): it is held from its start. The lines standing for themselves,
// its note is not a header left out, which would cut the commit's hash.
func TestDiffLockFileAloneShowsLines(t *testing.T) {
	const commit = "commit 0123456789abcdef0123456789abcdef01234567\n"
	for _, pairs := range []int{20, 600} {
		var in strings.Builder
		in.WriteString(commit + "Author: A U Thor <a@example.com>\nDate:   Thu Mar 7 14:42:00 2024 +0000\n\n    Bump every module\n\n")
		fmt.Fprintf(&in, "diff --git a/go.sum b/go.sum\nindex 1111111..2222222 100644\n--- a/go.sum\n+++ b/go.sum\n@@ -1,%d +1,%d @@\n", pairs, pairs)
		for k := range pairs {
			fmt.Fprintf(&in, "-example.com/mod%d v1.0.%d h1:oldoldoldoldoldoldoldoldold%02d=\n", k, k, k)
			fmt.Fprintf(&in, "+example.com/mod%d v1.1.%d h1:newnewnewnewnewnewnewnewnew%02d=\n", k, k, k)
		}
		got := string(body(t, shape.Diff, []byte(in.String()), 400))
		if strings.Contains(got, "a lock file") || !strings.Contains(got, "+example.com/mod0 v1.1.0 h1:") || !strings.HasPrefix(got, commit) {
			t.Errorf("%d pairs: a lone go.sum should show its first lines:\n%s", pairs, got)
		}
	}
}

// A deleted file too long to show collapses to one note, which stands for
// the lines of its header after the mode line too: index, --- and +++ say
// nothing its diff --git line and the note do not, and a gap line of
// their own beside the note would cost a line more.
func TestDiffDeletedFileOneNote(t *testing.T) {
	var in strings.Builder
	in.WriteString("diff --git a/pkg/gone.py b/pkg/gone.py\ndeleted file mode 100644\nindex 3b18e51..0000000\n--- a/pkg/gone.py\n+++ /dev/null\n@@ -1,300 +0,0 @@\n")
	for k := range 300 {
		fmt.Fprintf(&in, "-def step%d(x):\n", k)
	}
	in.WriteString("diff --git a/pkg/kept.py b/pkg/kept.py\nindex 1111111..2222222 100644\n--- a/pkg/kept.py\n+++ b/pkg/kept.py\n@@ -1 +1 @@\n-old = 1\n+new = 1\n")
	d := diffRead(strings.Split(strings.TrimSuffix(in.String(), "\n"), "\n"))
	found := false
	for _, it := range d.held.items() {
		if n := it.piece.Note; strings.Contains(n, "a deleted file") {
			found = true
			if want := "  [... pkg/gone.py, a deleted file: L3-306 (-300)]"; n != want || it.piece.Line != 3 || it.piece.Stands != 304 {
				t.Errorf("note %q at line %d stands for %d lines, want %q at line 3 for 304", n, it.piece.Line, it.piece.Stands, want)
			}
		}
	}
	if !found {
		t.Error("no note for the deleted file")
	}
}

// A gap note's counts leave out a side that is zero, as git's --shortstat
// does: a note hiding only added or only removed lines, about half of them,
// costs two tokens less, and (+20) says no line was removed as plainly as
// (+20 -0).
func TestDiffNoteCounts(t *testing.T) {
	for _, tc := range []struct {
		c    diffCounts
		want string
	}{
		{diffCounts{20, 0}, "(+20)"},
		{diffCounts{0, 3}, "(-3)"},
		{diffCounts{2, 1}, "(+2 -1)"},
		{diffCounts{1234, 0}, "(+1,234)"},
	} {
		if got := tc.c.note(); got != tc.want {
			t.Errorf("%+v: got %q, want %q", tc.c, got, tc.want)
		}
	}
}

// A gap that follows a file's header before any hunk of the file begins
// holds the file's first hunk header: it counts hunks only when it hides
// more than that one. A gap after a hunk began still counts the one hunk
// it hides, which the range alone does not tell.
func TestDiffGapOmitsImpliedHunk(t *testing.T) {
	for _, hunks := range []int{1, 2} {
		var b strings.Builder
		for f := range 12 {
			fmt.Fprintf(&b, "diff --git a/pkg/f%d.go b/pkg/f%d.go\nindex 1111111..2222222 100644\n--- a/pkg/f%d.go\n+++ b/pkg/f%d.go\n", f, f, f, f)
			for h := range hunks {
				fmt.Fprintf(&b, "@@ -%d,3 +%d,33 @@ func F%d() {\n", 10+100*h, 10+100*h, f)
				for k := range 30 {
					fmt.Fprintf(&b, "+\tv%d := step%d(x)\n", k, k)
				}
			}
		}
		input := strings.Split(b.String(), "\n")
		note := regexp.MustCompile(`^  \[\.\.\. L(\d+)-(\d+)(?:: ([^(\]]+))? \(`)
		lines := strings.Split(string(body(t, shape.Diff, []byte(b.String()), 400)), "\n")
		notes := 0
		for i := 1; i < len(lines); i++ {
			m := note.FindStringSubmatch(lines[i])
			if m == nil || !strings.HasPrefix(lines[i-1], "diff --git ") {
				continue
			}
			from, _ := strconv.Atoi(m[1])
			to, _ := strconv.Atoi(m[2])
			n := 0
			for _, l := range input[from-1 : to] {
				if strings.HasPrefix(l, "@@ ") {
					n++
				}
			}
			want := ""
			if n > 1 {
				want = fmt.Sprintf("%d hunks", n)
			}
			if m[3] != want {
				t.Errorf("%d hunks a file: %q counts %q, want %q", hunks, lines[i], m[3], want)
			}
			notes++
		}
		if notes == 0 {
			t.Errorf("%d hunks a file: no note after a file header counts changes:\n%s", hunks, strings.Join(lines, "\n"))
		}
	}
}

// When not every file fits, a summary that may take enough names each file
// with its counts, exactly.
func TestDiffSummaryNamesEveryFile(t *testing.T) {
	input := readDiffFile(t, filepath.Join(diffSamples, "headroom-log-p.diff"))
	r, _ := New(shape.Diff, 290)
	s := NewSplitter(r)
	s.Write(input)
	c := counter()
	r.Pieces(s.Close(), 290, c)
	got := r.(*Diff).summary(1000, c)
	if !strings.HasPrefix(got, "[headroom: 2 commits, 6 files changed (+1,199 -1); not all shown below; every file:]\n") {
		t.Fatalf("no summary at the top:\n%s", got)
	}
	for name, c := range diffFilesChanged(string(input)) {
		row := fmt.Sprintf("  (+%s -%s) %s\n", diffThousands(c[0]), diffThousands(c[1]), name)
		if !strings.Contains(got, row) {
			t.Errorf("the summary lacks %q:\n%s", row, got)
		}
	}
}

// A smaller budget groups the files by directory, with exact counts.
func TestDiffSummaryGroups(t *testing.T) {
	input := readDiffFile(t, filepath.Join(diffSamples, "headroom-log-p.diff"))
	got := string(body(t, shape.Diff, input, 250))
	want := "[headroom: 2 commits, 6 files changed (+1,199 -1); not all shown below; every file by directory:]\n" +
		"  (+1,199 -1) elision/ (6 files)\n"
	if !strings.HasPrefix(got, want) {
		t.Errorf("got\n%s\nwant it to start with\n%s", got, want)
	}
}

// diffFilesChanged counts, independently of the reducer, the lines each file
// of a git diff gains and loses.
func diffFilesChanged(input string) map[string][2]int {
	files := map[string][2]int{}
	lines := strings.Split(input, "\n")
	plus, minus := diffChangedLines(lines)
	name, start := "", 0
	flush := func(end int) {
		if name != "" {
			c := files[name]
			files[name] = [2]int{c[0] + plus[end] - plus[start], c[1] + minus[end] - minus[start]}
		}
	}
	for i, l := range lines {
		if strings.HasPrefix(l, "diff --git ") || strings.HasPrefix(l, "commit ") {
			flush(i)
			name, start = "", i
			if f, ok := strings.CutPrefix(l, "diff --git "); ok {
				name = f[strings.LastIndex(f, " b/")+3:]
			}
		}
	}
	flush(len(lines))
	return files
}

// When even the file names do not fit, the summary groups them by
// directory, and when that does not fit either, it counts what it leaves
// out.
func TestDiffSummaryByDirectory(t *testing.T) {
	d := NewDiff(2000)
	for i := range 400 {
		dir := fmt.Sprintf("pkg%d/sub%d", i%7, i%3)
		d.files = append(d.files, diffFileStat{name: fmt.Sprintf("%s/file%03d.go", dir, i), counts: diffCounts{i, 1}})
	}
	d.cum = diffCounts{399 * 400 / 2, 400}
	c := counter()
	got := d.summary(200, c)
	if !strings.Contains(got, " by directory:]\n") || strings.Contains(got, "file001.go") {
		t.Fatalf("want a summary by directory:\n%s", got)
	}
	if n := c.Count([]byte(got)); n > 200 {
		t.Errorf("summary of %d tokens, limit 200:\n%s", n, got)
	}
	diffSumRows(t, got, d.cum)
	tiny := d.summary(60, c)
	if !strings.Contains(tiny, "... and ") {
		t.Errorf("want a count of the directories left out:\n%s", tiny)
	}
	diffSumRows(t, tiny, d.cum)
}

// A summary by directory that cannot fit its limit names a directory
// rather than count it as "... and 1 more", which costs as much and says
// less.
func TestDiffSummaryNamesLastDirectory(t *testing.T) {
	d := NewDiff(2000)
	for i := range 6 {
		d.files = append(d.files, diffFileStat{name: fmt.Sprintf("elision/file%d.go", i), counts: diffCounts{i, 1}})
	}
	d.cum = diffCounts{15, 6}
	got := d.summary(5, counter())
	if !strings.Contains(got, "  (+15 -6) elision/ (6 files)\n") || strings.Contains(got, "... and") {
		t.Errorf("want the one directory named:\n%s", got)
	}
}

// Files at the root of the tree are named in the summary, or counted in
// its remainder, like files in directories: 200 of them gave an empty
// summary, "(+0 -0) ... and 0 more (0 files)".
func TestDiffSummaryRootFiles(t *testing.T) {
	input := readDiffFile(t, filepath.Join(diffSamples, "rootfiles.diff"))
	for _, budget := range []int{600, 2000} {
		got := string(body(t, shape.Diff, input, budget))
		head, rest, _ := strings.Cut(got, "\n")
		if head != "[headroom: 200 files changed (+200 -200); not all shown below; every file:]" {
			t.Fatalf("@%d: summary head %q", budget, head)
		}
		named, more, summary := 0, 0, head+"\n"
		for _, l := range strings.Split(rest, "\n") {
			if !strings.HasPrefix(l, "  ") {
				break
			}
			summary += l + "\n"
			if _, err := fmt.Sscanf(l, "  (+%d -%d) ... and %d more", new(int), new(int), &more); err == nil {
				continue
			}
			if !regexp.MustCompile(`^  \(\+1 -1\) f[0-9]+\.txt$`).MatchString(l) {
				t.Errorf("@%d: summary row %q", budget, l)
			}
			named++
		}
		if named == 0 || named+more != 200 {
			t.Errorf("@%d: the summary names %d files and counts %d more, of 200:\n%s", budget, named, more, got)
		}
		diffSumRows(t, summary, diffCounts{200, 200})
	}
}

// diffSumRows checks that a summary's rows add up to the totals.
func diffSumRows(t *testing.T, summary string, want diffCounts) {
	t.Helper()
	var got diffCounts
	row := regexp.MustCompile(`^  .*?\(\+([0-9,]+) -([0-9,]+)\)`)
	for _, l := range strings.Split(summary, "\n") {
		if m := row.FindStringSubmatch(l); m != nil {
			p, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
			q, _ := strconv.Atoi(strings.ReplaceAll(m[2], ",", ""))
			got.plus += p
			got.minus += q
		}
	}
	if got != want {
		t.Errorf("rows add up to %v, want %v:\n%s", got, want, summary)
	}
}

// A combined diff's hunks are read by their counts: the conflict markers
// are changed lines, and the view at a small budget keeps the hunk whole.
func TestDiffCombined(t *testing.T) {
	input := readDiffFile(t, filepath.Join(diffSamples, "merge-conflict-cc.diff"))
	d := NewDiff(2000)
	s := NewSplitter(d)
	s.Write(input)
	s.Close()
	d.finish()
	if d.cum != (diffCounts{plus: 16, minus: 5}) || len(d.files) != 1 || d.files[0].name != "diff.go" {
		t.Errorf("counted %v in %+v", d.cum, d.files)
	}
}

// Memory is bounded by the budget: a diff of many megabytes holds no more
// than the limit, counts every file exactly up to the cap and the rest as
// a remainder.
func TestDiffMemoryBounded(t *testing.T) {
	one := readDiffFile(t, filepath.Join(diffSamples, "headroom-log-p.diff"))
	d := NewDiff(500)
	s := NewSplitter(d)
	copies := 300 // about 11 MB
	for range copies {
		s.Write(one)
	}
	s.Close()
	if d.held.bytes > d.holdLimit {
		t.Errorf("holds %d bytes, limit %d", d.held.bytes, d.holdLimit)
	}
	c := counter()
	got := body(t, shape.Diff, bytes.Repeat(one, copies), 500)
	if tokens := c.Count(got); tokens > 500 {
		t.Errorf("view of %d tokens, budget 500", tokens)
	}
	d.finish()
	oneFiles := len(diffFilesChanged(string(one)))
	if len(d.files) != oneFiles || d.moreN != 0 {
		t.Errorf("%d files and %d more; the same %d files repeat", len(d.files), d.moreN, oneFiles)
	}
}

// Past the cap on files held for the summary, the rest are counted: the
// summary's rows and its remainder add up to the totals.
func TestDiffSummaryCapsFiles(t *testing.T) {
	one := string(readDiffFile(t, filepath.Join(diffSamples, "headroom-log-p.diff")))
	d := NewDiff(300)
	s := NewSplitter(d)
	// The sample holds 8 file diffs of 6 files; each copy goes under its own
	// directory, so the first 50 copies fill the cap of 300 files and the
	// other 50 copies' 400 file diffs are counted past it.
	copies := 100
	for i := range copies {
		s.Write([]byte(strings.ReplaceAll(one, "elision/", fmt.Sprintf("elision%03d/", i))))
	}
	s.Close()
	d.finish()
	if want := (copies - d.maxFiles/6) * 8; len(d.files) != d.maxFiles || d.moreN != want {
		t.Fatalf("%d files held and %d more, want %d and %d", len(d.files), d.moreN, d.maxFiles, want)
	}
	summary := d.summary(100_000, counter())
	if !strings.Contains(summary, fmt.Sprintf("  ... and %d more file diffs ", d.moreN)) {
		t.Errorf("the summary does not count the files past the cap:\n%s", summary[max(0, len(summary)-500):])
	}
	diffSumRows(t, summary, d.cum)
}

func TestDiffDeterministic(t *testing.T) {
	for _, path := range diffSampleFiles(t) {
		input := readDiffFile(t, path)
		a := body(t, shape.Diff, input, 700)
		b := body(t, shape.Diff, input, 700)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two views of the same input differ", path)
		}
	}
}

// FuzzDiff feeds the diff reducer arbitrary input. With a counter of one
// token a byte the fitter's costs add up exactly, so a view may exceed the
// budget only by what gap lines' numbers add to the fitter's estimate of
// them.
func FuzzDiff(f *testing.F) {
	escapes, _ := filepath.Glob(filepath.Join(escapeSamples, "diff-*.out"))
	for _, path := range append(diffSampleFiles(f), escapes...) {
		b := readDiffFile(f, path)
		f.Add(b[:min(len(b), 4096)], 300)
	}
	f.Add([]byte("--- FAIL: TestX (0.00s)\n+++ stray\n@@ -1 +1 @@\n-a\n+b\n"), 100)
	f.Add([]byte("@@@ -1,2 -1,2 +1,3 @@@\n  a\n+ b\n -c\n++d\n"), 100)
	f.Add([]byte("diff -r a/x b/x\n3c3\n< old\n---\n> new\n5,7d4\n< a\n< b\n< c\nOnly in a: y\n"), 100)
	f.Add([]byte("*** x\t1\n--- x\t1\n***************\n*** 1,3 ****\n  a\n! b\n- c\n--- 1,3 ----\n  a\n! B\n+ d\n"), 100)
	f.Fuzz(func(t *testing.T, input []byte, budget int) {
		budget = 100 + diffAbs(budget)%4000
		view := diffView(input, budget)
		if !bytes.Equal(view, diffView(input, budget)) {
			t.Fatal("not deterministic")
		}
		gaps := bytes.Count(view, []byte("  [... "))
		if len(view) > budget+4*gaps+1 {
			t.Errorf("view of %d bytes, budget %d", len(view), budget)
		}
		if len(input) > budget+4*gaps+1 && len(view) >= len(input) {
			t.Errorf("view of %d bytes is not shorter than the input of %d", len(view), len(input))
		}
	})
}

func diffView(input []byte, budget int) []byte {
	d := NewDiff(budget)
	s := NewSplitter(d)
	s.Write(input)
	n := s.Close()
	return Render(Fit(d.Pieces(n, budget, byteCounter{}), n, budget, byteCounter{}), n)
}

func diffAbs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func BenchmarkDiff(b *testing.B) {
	path := largestDiffSample(b)
	input := readDiffFile(b, path)
	c := counter()
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	for b.Loop() {
		d := NewDiff(2000)
		s := NewSplitter(d)
		s.Write(input)
		n := s.Close()
		Fit(d.Pieces(n, 2000, c), n, 2000, c)
	}
}

func largestDiffSample(b *testing.B) string {
	var best string
	var size int64
	for _, p := range corpus(b, "diff-") {
		if fi, err := os.Stat(p); err == nil && fi.Size() > size {
			best, size = p, fi.Size()
		}
	}
	return best
}

// In a log, the first hunk header of every file outranks a commit's author
// and date: where a commit changed the code tells more than who and when.
func TestDiffHunksBeforeAuthors(t *testing.T) {
	input := readDiffFile(t, filepath.Join(diffSamples, "headroom-log-p.diff"))
	got := string(body(t, shape.Diff, input, 600))
	for _, want := range []string{
		"commit 7ac05d4904d2" + elision.CutAfter(28) + "\n",
		"    Add clip, expand and prune over a content-addressed store\n",
		"@@ -18,6 +18,10 @@ type View struct {\n",
		"@@ -22,6 +22,7 @@ import (\n",
		"@@ -0,0 +1,347 @@\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the view lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "\nAuthor: ") {
		t.Errorf("the view keeps an author before every file's first hunk header:\n%s", got)
	}
}

// A log whose headers do not all fit shows each commit's hash cut after
// twelve digits, which name it as well as forty, and spends what that
// saves on hunk headers; one whose headers fit keeps the hashes whole
// (TestDiffKeepsHeaders), and so does a commit line with decorations, or
// a format-patch From line with another date than git's placeholder.
func TestDiffShortHashes(t *testing.T) {
	input := readDiffFile(t, filepath.Join(diffSamples, "headroom-log-p.diff"))
	got := string(body(t, shape.Diff, input, 600))
	for _, want := range []string{
		"commit 7ac05d4904d2" + elision.CutAfter(28) + "\n",
		"commit 3b8abc7bad5a" + elision.CutAfter(28) + "\n",
		"@@ -0,0 +1,116 @@\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the view lacks %q:\n%s", want, got)
		}
	}
	decorated := bytes.Replace(input, []byte("4b31c4ba9fa4\n"), []byte("4b31c4ba9fa4 (HEAD -> main)\n"), 1)
	got = string(body(t, shape.Diff, decorated, 600))
	if !strings.Contains(got, "commit 7ac05d4904d2c850c830143897da4b31c4ba9fa4 (HEAD -> main)\n") {
		t.Errorf("the view cuts a decorated commit line:\n%s", got)
	}
	checkDiffRawLines(t, "diffHashKeep", diffHashKeep, []diffRawLine{
		{"commit 7ac05d4904d2c850c830143897da4b31c4ba9fa4", "", 19},
		{"| * commit 7ac05d4904d2c850c830143897da4b31c4ba9fa4", "commit 7ac05d4904d2c850c830143897da4b31c4ba9fa4", 23},
		{"\x1b[33mcommit 7ac05d4904d2c850c830143897da4b31c4ba9fa4\x1b[m", "commit 7ac05d4904d2c850c830143897da4b31c4ba9fa4", 24},
		{"commit 7ac05d4904d2c850c830143897da4b31c4ba9fa47ac05d4904d2c850c8301438", "", 19},
		{"commit 7ac05d4", "", 0},
		{"commit 7ac05d4904d2c850c830143897da4b31c4ba9fa4 (tag: v1.0)", "", 0},
		{"From 7ac05d4904d2c850c830143897da4b31c4ba9fa4 Mon Sep 17 00:00:00 2001", "", 17},
		{"From 7ac05d4904d2c850c830143897da4b31c4ba9fa4 Tue Mar 5 10:00:00 2024", "", 0},
	})
}

// diffRawLine is a line as the input has it (raw) and as the reducer reads
// it (plain, or raw when empty), and the offset in raw a function of both
// should return.
type diffRawLine struct {
	raw, plain string
	want       int
}

func checkDiffRawLines(t *testing.T, name string, f func(raw, t []byte) int, lines []diffRawLine) {
	t.Helper()
	for _, c := range lines {
		plain := c.plain
		if plain == "" {
			plain = c.raw
		}
		if got := f([]byte(c.raw), []byte(plain)); got != c.want {
			t.Errorf("%s(%q) = %d, want %d", name, c.raw, got, c.want)
		}
	}
}

// A `diff -r` line is cut to its new tree's path only when its last two
// words are the two sides' paths, each a root and the same file under it:
// a path with a blank (which diff writes bare), or a line with one path or
// none, would be cut to a word that names no file, or to the old side's
// path.
func TestDiffTreeLineCutNeedsTwoPaths(t *testing.T) {
	checkDiffRawLines(t, "diffTreeAt", diffTreeAt, []diffRawLine{
		{"diff -r old dir/my file.c new dir/my file.c", "", 0},
		{"diff -r old/my dir/f.c new/my dir/f.c", "", 0},
		{"diff -r old/x", "", 0},
		{"diff -r old/x ", "", 0},
		{"diff -r a b", "", 0},
		{"diff -r  ", "", 0},
		{"diff -r -x *.o a/x.c b/x.c", "", 21},
	})
}

// Inside a long hunk, the changed lines that start a declaration come
// before the other changed lines, from both ends of the hunk's: a new file
// shows what it declares first and last.
func TestDiffKeepsDeclarations(t *testing.T) {
	input := readDiffFile(t, filepath.Join(diffSamples, "headroom-format-patch.diff"))
	got := string(body(t, shape.Diff, input, 2000))
	for _, want := range []string{
		"+func Header(v View) string {\n",
		"+func Thousands(n int64) string {\n",
		"+func approx(n int64) string {\n",
		"+func ParseRange(s string) (Range, error) {\n",
		"+func (p Part) scan(r io.Reader, f func(n int64, line []byte) error) error {\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the view lacks %q:\n%s", want, got)
		}
	}
}

// A word diff's hunks are read as hunks: every hunk header stays, its
// changed lines rank as changes, and the summary does not count its lines,
// which a word diff does not tell apart.
func TestDiffWordDiff(t *testing.T) {
	path := filepath.Join(corpusDir, "diff-git-word-diff.out")
	input := readDiffFile(t, path)
	got := string(body(t, shape.Diff, input, 600))
	for _, l := range strings.Split(string(input), "\n") {
		if strings.HasPrefix(l, "@@ ") && !strings.Contains(got, l+"\n") {
			t.Errorf("the view lacks the hunk header %q", l)
		}
	}
	d := NewDiff(600)
	for i, l := range strings.Split(string(input), "\n") {
		d.Add(Line{N: i + 1, Text: []byte(l), Len: int64(len(l))})
	}
	d.finish()
	for _, f := range d.files {
		if !f.words || f.counts != (diffCounts{}) {
			t.Errorf("%s: words %v, counts %v; want a word diff with no line counts", f.name, f.words, f.counts)
		}
	}
	if want := "  (word diff) README.md\n"; !strings.Contains(d.summary(600, counter()), want) {
		t.Errorf("the summary lacks %q:\n%s", want, d.summary(600, counter()))
	}
	// The porcelain form marks each changed word with a line of its own.
	porcelain := "diff --git a/a.txt b/a.txt\nindex 1..2 100644\n--- a/a.txt\n+++ b/a.txt\n" +
		"@@ -1,3 +1,3 @@\n one\n~\n two\n-three\n+four\n~\n"
	d = NewDiff(600)
	for i, l := range strings.Split(strings.TrimSuffix(porcelain, "\n"), "\n") {
		d.Add(Line{N: i + 1, Text: []byte(l), Len: int64(len(l))})
	}
	d.finish()
	if len(d.files) != 1 || !d.files[0].words {
		t.Fatalf("porcelain word diff not read as one: %+v", d.files)
	}
	changed := 0
	for _, it := range d.held.items() {
		if it.piece.Prio == prioDiffEdge {
			changed++
		}
	}
	if changed != 2 {
		t.Errorf("porcelain word diff: %d changed lines ranked as edges, want 2", changed)
	}
}

// Diffs in diff's normal and context forms, and diffs in colour, are read
// as unified ones are: each file with its counts, and the hunk headers
// ranked as hunk headers, above the lines they stand before.
func TestDiffOtherForms(t *testing.T) {
	tests := []struct {
		name, input string
		files       []diffFileStat
		cum         diffCounts
		headers     []string
	}{
		{"diff -r, normal form",
			"diff -r a/x.go b/x.go\n3c3\n< old\n---\n> new\n5,7d4\n< a\n< b\n< c\n9a7,8\n> d\n>\nOnly in a: y\n",
			[]diffFileStat{{name: "x.go", counts: diffCounts{3, 4}}, {name: "a/y", only: true}},
			diffCounts{3, 4}, []string{"3c3", "5,7d4", "9a7,8"}},
		{"normal form, one file",
			"2c2,3\n< b\n---\n> B\n> C\n",
			nil, diffCounts{2, 1}, []string{"2c2,3"}},
		{"context form",
			"*** x.go\t2024-01-01\n--- x.go\t2024-01-01\n***************\n*** 1,3 ****\n  a\n! b\n- c\n--- 1,3 ----\n  a\n! B\n+ d\n***************\n*** 9 ****\n--- 9,10 ----\n  z\n+ y\n",
			[]diffFileStat{{name: "x.go", counts: diffCounts{3, 2}}},
			diffCounts{3, 2}, []string{"*** 1,3 ****", "*** 9 ****"}},
		{"diff -r -c",
			"diff -r -c a/x.go b/x.go\n*** a/x.go\t2024-01-01\n--- b/x.go\t2024-01-01\n***************\n*** 1 ****\n! a\n--- 1 ----\n! b\n",
			[]diffFileStat{{name: "x.go", counts: diffCounts{1, 1}}},
			diffCounts{1, 1}, []string{"*** 1 ****"}},
		{"git log --graph -p",
			"*   commit 0123456789abcdef0123456789abcdef01234567\n|\\  Merge: 1234567 89abcde\n| | \n| |     merge\n| | \n" +
				"| * commit 89abcdef0123456789abcdef0123456789abcdef\n| | Author: A <a@b>\n| | \n| |     subject\n| | \n" +
				"| | diff --git a/x b/x\n| | index 1..2 100644\n| | --- a/x\n| | +++ b/x\n| | @@ -1,3 +1,3 @@\n| |  a\n| | -b\n| | +c\n| |  d\n|/  \n" +
				"* commit 1234567890abcdef0123456789abcdef01234567\n| Author: A <a@b>\n| \n|     first\n| \n| diff --git a/y b/y\n| --- a/y\n| +++ b/y\n| @@ -1 +1,2 @@\n|  e\n| +f\n",
			[]diffFileStat{{name: "x", counts: diffCounts{1, 1}}, {name: "y", counts: diffCounts{1, 0}}},
			diffCounts{2, 1}, []string{"| | @@ -1,3 +1,3 @@", "| @@ -1 +1,2 @@"}},
		{"git diff --color=always",
			"\x1b[1mdiff --git a/x b/x\x1b[m\n\x1b[1mindex 1..2 100644\x1b[m\n\x1b[1m--- a/x\x1b[m\n\x1b[1m+++ b/x\x1b[m\n\x1b[36m@@ -1,2 +1,2 @@\x1b[m\n a\x1b[m\n\x1b[31m-b\x1b[m\n\x1b[32m+\x1b[m\x1b[32mc\x1b[m\n",
			[]diffFileStat{{name: "x", counts: diffCounts{1, 1}}},
			diffCounts{1, 1}, []string{"@@ -1,2 +1,2 @@"}},
		{"diff -u --color=always",
			"\x1b[1m--- old.txt\x1b[0m\n\x1b[1m+++ new.txt\x1b[0m\n\x1b[36m@@ -1 +1 @@\x1b[0m\n\x1b[31m-a\x1b[0m\n\x1b[32m+b\x1b[0m\n",
			[]diffFileStat{{name: "new.txt", counts: diffCounts{1, 1}}},
			diffCounts{1, 1}, []string{"@@ -1 +1 @@"}},
	}
	for _, tt := range tests {
		d := NewDiff(2000)
		s := NewSplitter(d)
		s.Write([]byte(tt.input))
		s.Close()
		d.finish()
		if d.cum != tt.cum || !slices.Equal(d.files, tt.files) {
			t.Errorf("%s: counted %v in %+v, want %v in %+v", tt.name, d.cum, d.files, tt.cum, tt.files)
		}
		ranked := map[string]bool{}
		for _, it := range d.held.items() {
			if it.piece.Prio >= prioDiffHunk-diffTierSpan {
				ranked[string(appendUncoloured(nil, it.piece.Text))] = true
			}
		}
		for _, h := range tt.headers {
			if !ranked[h] {
				t.Errorf("%s: %q not ranked as a hunk header", tt.name, h)
			}
		}
	}
}

// git diff --color-words marks changed words by their colours alone: a
// line holding red or green words is a change, ranked as one.
func TestDiffColourWords(t *testing.T) {
	input := "\x1b[1mdiff --git a/x b/x\x1b[m\n\x1b[1mindex 1..2 100644\x1b[m\n\x1b[1m--- a/x\x1b[m\n\x1b[1m+++ b/x\x1b[m\n" +
		"\x1b[36m@@ -1,3 +1,3 @@\x1b[m\nfirst line\n\x1b[31mold\x1b[m\x1b[32mnew\x1b[m word\nlast line\n"
	d := NewDiff(2000)
	s := NewSplitter(d)
	s.Write([]byte(input))
	s.Close()
	d.finish()
	for _, it := range d.held.items() {
		if it.piece.Line == 7 && it.piece.Prio != prioDiffEdge {
			t.Errorf("the changed line ranks %d, want %d (a hunk's only change)", it.piece.Prio, prioDiffEdge)
		}
		if (it.piece.Line == 6 || it.piece.Line == 8) && it.piece.Prio >= prioDiffEdge {
			t.Errorf("context line %d ranks %d, as a change", it.piece.Line, it.piece.Prio)
		}
	}
}

// A changed line that reads as a signature ranks right after its hunk's
// header, before the headers of later hunks: a view of many small hunks
// shows what each adds, not only where. In prose, where most lines start
// with a letter, lines without parentheses, braces or colons do not.
func TestDiffSignaturesBeforeLaterHunks(t *testing.T) {
	in := goDiff(15, func(in *strings.Builder, f, h int) {
		fmt.Fprintf(in, "@@ -%d,3 +%d,11 @@ func existing%d() {\n \tx := 1\n", 100*h+1, 100*h+1, h)
		for k := range 8 {
			if k == 4 {
				fmt.Fprintf(in, "+func handle%02d_%d(w io.Writer, r *Request) error {\n", f, h)
				continue
			}
			fmt.Fprintf(in, "+\tstep%d(w, r, %d)\n", k, k*h)
		}
		in.WriteString(" \treturn nil\n }\n")
	})
	got := string(body(t, shape.Diff, []byte(in), 2000))
	shown := strings.Count(got, "\n+func handle")
	if shown < 15 {
		t.Errorf("%d of 45 signatures shown, want one of every file's first hunk at least:\n%s", shown, got)
	}
	for f := range 15 {
		if !strings.Contains(got, fmt.Sprintf("+func handle%02d_0(", f)) {
			t.Errorf("file %02d: its first hunk's signature is not shown", f)
		}
	}
}

// A signature from the middle of a hunk, past the two from each end that
// rank with its header, tells more of what the hunk adds than a statement
// at its edge: it ranks above the edges, however many of the hunk's
// changed lines read as signatures (a header file's prototypes, methods
// renamed together). Statements and prose at the margin do not.
func TestDiffMiddleSignaturesAboveEdges(t *testing.T) {
	for _, c := range []struct {
		name  string
		body  func(k int) string
		above bool
	}{
		{"few signatures", func(k int) string {
			if k%8 == 4 {
				return fmt.Sprintf("+func handler%d(w io.Writer) error {", k)
			}
			return fmt.Sprintf("+	step%d(w)", k)
		}, true},
		{"a third signatures", func(k int) string {
			if k%3 == 1 {
				return fmt.Sprintf("+func handler%d(w io.Writer) error {", k)
			}
			return fmt.Sprintf("+\tstep%d(w)", k)
		}, true},
		{"all signatures", func(k int) string { return fmt.Sprintf("+func handler%d(w io.Writer) error {", k) }, true},
		{"all prototypes", func(k int) string { return fmt.Sprintf("+static int handler%d(struct writer *w);", k) }, true},
		{"statements", func(k int) string { return fmt.Sprintf("+var handler%d = step(w)", k) }, false},
	} {
		lines := []string{"diff --git a/x.go b/x.go", "--- a/x.go", "+++ b/x.go", "@@ -1,2 +1,50 @@ package x", " var a = 1"}
		for k := range 48 {
			lines = append(lines, c.body(k))
		}
		lines = append(lines, " var b = 2")
		prio := diffPrios(lines)
		first, last := 6, len(lines)-1
		middle := 6 + 28 // handler28, past two signatures from each end
		if !strings.Contains(lines[middle-1], "handler28") {
			t.Fatalf("%s: line %d is %q", c.name, middle, lines[middle-1])
		}
		for _, edge := range []int{first, last} {
			if got := prio[middle] > prio[edge]; got != c.above {
				t.Errorf("%s: %q ranks %d, the edge %q %d: above is %v, want %v", c.name, lines[middle-1], prio[middle], lines[edge-1], prio[edge], got, c.above)
			}
		}
	}
}

// In diff's normal form the `---` between a change's old and new lines is
// worth a token; the gap line that would stand for it costs more. In a diff
// too long to hold whole, it must still be held wherever the lines it parts
// are, so that no view shows a gap line between a `<` line and a `>` line.
func TestDiffNormalSeparatorHeld(t *testing.T) {
	var in strings.Builder
	line := 1
	for h := range 120 {
		fmt.Fprintf(&in, "%dc%d\n< func name%d() int { return oldValue(%d) }\n---\n> func name%d() int { return newValue(%d) }\n", line, line+2, h, h, h, h)
		line += 10
		if h%4 == 0 {
			fmt.Fprintf(&in, "%da%d,%d\n", line, line+2, line+41)
			for k := range 40 {
				fmt.Fprintf(&in, "> \tstep%d(x, y, %d) // added for hunk %d\n", k, k, h)
			}
			line += 10
		}
	}
	got := string(body(t, shape.Diff, []byte(in.String()), 2000))
	split := regexp.MustCompile(`\n< [^\n]*\n  \[\.\.\. L[0-9]+\]\n> `)
	if n := len(split.FindAllString(got, -1)); n > 0 {
		t.Errorf("%d gap lines stand for a lone `---` between `<` and `>` lines:\n%s", n, got)
	}
	if !strings.Contains(got, "\n---\n") {
		t.Errorf("no `---` shown:\n%s", got)
	}
}

// A hunk too long to hold whole (a new file, a file rewritten) is held by
// its start and its end; the declarations it adds in between tell what it
// holds, and are held too, a spread of them if there are many.
func TestDiffLongHunkKeepsMiddleDeclarations(t *testing.T) {
	const funcs = 40
	var src strings.Builder
	for f := range funcs {
		fmt.Fprintf(&src, "+func handler%02d(w io.Writer, r *Request) error {\n", f)
		for k := range 14 {
			fmt.Fprintf(&src, "+\tif err := step%d(w, r, %d); err != nil {\n+\t\treturn fmt.Errorf(\"handler %d: %%w\", err)\n+\t}\n", k, k*f, f)
		}
		src.WriteString("+\treturn nil\n+}\n+\n")
	}
	n := strings.Count(src.String(), "\n")
	in := fmt.Sprintf("diff --git a/pkg/handlers.go b/pkg/handlers.go\nnew file mode 100644\n--- /dev/null\n+++ b/pkg/handlers.go\n@@ -0,0 +1,%d @@\n%s", n, src.String())
	got := string(body(t, shape.Diff, []byte(in), 2000))
	shown := 0
	for f := 8; f < funcs-8; f++ {
		if strings.Contains(got, fmt.Sprintf("+func handler%02d(", f)) {
			shown++
		}
	}
	if shown < 8 {
		t.Errorf("%d of the %d functions from the middle of the hunk shown, want 8 at least:\n%s", shown, funcs-16, got)
	}
}

// The first and last changed lines of a hunk say what it changes, unless
// they hold no word: a closing brace between two gap lines costs a gap
// line more and tells nothing, and ranks as the lines inside do.
func TestDiffEdgesHoldWords(t *testing.T) {
	in := goDiff(14, func(in *strings.Builder, f, h int) {
		fmt.Fprintf(in, "@@ -%d,12 +%d,15 @@ func existing%d() {\n", 100*h+1, 100*h+1, h)
		for k := range 5 {
			fmt.Fprintf(in, " \tx%d := prepare(%d)\n", k, k)
		}
		fmt.Fprintf(in, "+\tif err := check%02d_%d(x0); err != nil {\n+\t\tlog.Printf(\"file %d: %%v\", err)\n+\t\treturn err\n+\t}\n", f, h, f)
		for k := range 5 {
			fmt.Fprintf(in, " \ty%d := finish(%d)\n", k, k)
		}
	})
	got := string(body(t, shape.Diff, []byte(in), 2000))
	bare := regexp.MustCompile(`\]\n\+\t\}\n  \[\.\.\.`)
	if n := len(bare.FindAllString(got, -1)); n > 0 {
		t.Errorf("%d lone closing braces between gap lines:\n%s", n, got)
	}
	if n := strings.Count(got, "\n+\tif err := check"); n < 20 {
		t.Errorf("%d hunks show their first line, want 20 at least:\n%s", n, got)
	}
}

// In a word diff too a changed line whose words are only braces is no
// edge of its hunk: the last line with a word before it is.
func TestDiffWordDiffBareEdge(t *testing.T) {
	in := "diff --git a/x.go b/x.go\nindex 1..2 100644\n--- a/x.go\n+++ b/x.go\n" +
		"@@ -1,4 +1,7 @@ package x\nfunc f() {\n\ta := [-old-]{+fresh+}(1)\n\tb := 2\n{+\tif b > a {+}\n{+\t\treturn+}\n{+\t}+}\n}\n"
	d := NewDiff(600)
	for i, l := range strings.Split(strings.TrimSuffix(in, "\n"), "\n") {
		d.Add(Line{N: i + 1, Text: []byte(l), Len: int64(len(l))})
	}
	d.finish()
	if len(d.files) != 1 || !d.files[0].words {
		t.Fatalf("not read as a word diff: %+v", d.files)
	}
	for _, it := range d.held.items() {
		text := string(it.piece.Text)
		if edge := it.piece.Prio == prioDiffEdge; edge != (strings.Contains(text, "fresh") || strings.Contains(text, "return")) {
			t.Errorf("%q: ranked as an edge %v", text, edge)
		}
	}
}

// A word diff's line that makes an edit an earlier line made, word for
// word, ranks below every changed line that is new: a rename repeated
// over many lines is told by its first, and the room goes to the rest.
func TestDiffWordDiffRepeats(t *testing.T) {
	in := "diff --git a/x.py b/x.py\nindex 1..2 100644\n--- a/x.py\n+++ b/x.py\n" +
		"@@ -1,9 +1,9 @@\n" +
		"def gt(self, other[-, NotImplemented=NotImplemented-]):\n" +
		"    x = 1\n" +
		"def le(self, other[-, NotImplemented=NotImplemented-]):\n" +
		"    y = 2\n" +
		"    z = {+type(+}self{+)+}\n" +
		"def ge(self,  other[-,  NotImplemented=NotImplemented -]):\n" +
		"    w = 3\n" +
		"    v = [-old-]{+new+}\n" +
		"    u = [-old-]{+new+}\n"
	d := NewDiff(600)
	for i, l := range strings.Split(strings.TrimSuffix(in, "\n"), "\n") {
		d.Add(Line{N: i + 1, Text: []byte(l), Len: int64(len(l))})
	}
	d.finish()
	repeat := map[string]bool{"def le": true, "def ge": true, "    u =": true}
	lowestNew, highestRepeat := math.MaxInt, math.MinInt
	for _, it := range d.held.items() {
		text := string(it.piece.Text)
		if !strings.Contains(text, "[-") && !strings.Contains(text, "{+") {
			continue
		}
		if repeat[text[:min(len(text), 6)]] || repeat[text[:min(len(text), 7)]] {
			highestRepeat = max(highestRepeat, it.piece.Prio)
		} else {
			lowestNew = min(lowestNew, it.piece.Prio)
		}
	}
	if highestRepeat >= lowestNew {
		t.Errorf("a repeated edit ranks %d, a new one %d; want every repeat below", highestRepeat, lowestNew)
	}
}

// diffWordEdit reads the edit of a word diff's line from its markers, or
// of a porcelain line from the line.
func TestDiffWordEdit(t *testing.T) {
	for _, c := range []struct {
		line      string
		porcelain bool
		want      string
	}{
		{"a [-old  name-]b{+ newName +}[-z", false, "[-old name-]{+newName+}"},
		{"+  x := count(1) ", true, "+x := count(1)"},
		{"	n = [-1-]{+0.7+}", false, ""},
		{"	no markers at all", false, ""},
	} {
		if got := diffWordEdit([]byte(c.line), c.porcelain); got != c.want {
			t.Errorf("diffWordEdit(%q, %v) = %q, want %q", c.line, c.porcelain, got, c.want)
		}
	}
}

// goDiff returns a git diff of files Go files of three hunks each, which
// hunk writes.
func goDiff(files int, hunk func(in *strings.Builder, f, h int)) string {
	var in strings.Builder
	for f := range files {
		fmt.Fprintf(&in, "diff --git a/pkg/file%02d.go b/pkg/file%02d.go\n--- a/pkg/file%02d.go\n+++ b/pkg/file%02d.go\n", f, f, f, f)
		for h := range 3 {
			hunk(&in, f, h)
		}
	}
	return in.String()
}

// diffSpread ranks the items of a sequence so that, however long it turns
// out to be, the first k of them by rank leave no gap much longer than
// n/k: a view that has room for k of n headers shows them from all over
// the diff.
func TestDiffSpreadCoversTheSequence(t *testing.T) {
	for _, n := range []int{2, 7, 60, 136, 218, 1000} {
		order := make([]int, n)
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(diffSpread(a, diffTierSpan), diffSpread(b, diffTierSpan)) })
		if order[0] != 0 {
			t.Errorf("n=%d: item %d ranks first, not the first item", n, order[0])
		}
		for _, k := range []int{2, 4, 16, 50} {
			if k > n {
				continue
			}
			kept := slices.Sorted(slices.Values(order[:k]))
			widest := n - kept[k-1]
			for i := 1; i < k; i++ {
				widest = max(widest, kept[i]-kept[i-1])
			}
			if widest > 2*n/k+1 {
				t.Errorf("n=%d, k=%d: the first %d by rank leave a gap of %d items: %v", n, k, k, widest, kept)
			}
		}
	}
}

// When the hunk headers of a diff do not all fit, the view shows some from
// all over it, not the first ones only: a normal diff of 218 hunks keeps
// headers from its last quarter as from its first.
func TestDiffHeadersSpreadOverTheDiff(t *testing.T) {
	path := filepath.Join(corpusDir, "diff-normal-strings-bytes.out")
	input := readDiffFile(t, path)
	got := body(t, shape.Diff, input, 2000)
	var at []int
	n := 0
	kept := map[string]bool{}
	for _, l := range strings.Split(string(got), "\n") {
		kept[l] = true
	}
	for l := range strings.SplitSeq(string(input), "\n") {
		n++
		if _, _, _, ok := shape.ParseDiffCommand([]byte(l)); ok && kept[l] {
			at = append(at, n)
		}
	}
	if len(at) < 8 {
		t.Fatalf("the view keeps %d hunk headers:\n%s", len(at), got)
	}
	if last := at[len(at)-1]; last < n*3/4 {
		t.Errorf("the last hunk header kept is at line %d of %d:\n%s", last, n, got)
	}
}

// When not every file of a diff fits the summary with its counts, the
// summary still names every file, in folds by directory, if those fit: a
// git diff of 136 files in a dozen directories. It names them but those
// whose diff --git lines the view shows, which it counts: a name the view
// shows below costs room and tells nothing new.
func TestDiffSummaryFoldsEveryFile(t *testing.T) {
	path := filepath.Join(corpusDir, "diff-git-diff-range-many.out")
	input := readDiffFile(t, path)
	got := body(t, shape.Diff, input, 2000)
	head, _, _ := strings.Cut(string(got), "\n")
	if !strings.Contains(head, FoldLegend) {
		t.Fatalf("the summary does not name the files in folds:\n%s", got)
	}
	shown := map[string]bool{}
	for l := range strings.SplitSeq(string(got), "\n") {
		if f := diffHeaderFile(l); f != "" {
			shown[f] = true
		}
	}
	named := string(got) + string(Unfolded(got))
	files, rest := 0, 0
	for l := range strings.SplitSeq(string(input), "\n") {
		if name, ok := strings.CutPrefix(l, "+++ b/"); ok {
			files++
			inSummary := strings.Contains(named, "  "+name+"\n")
			switch {
			case shown[name] && inSummary:
				t.Errorf("the summary names %s, whose header the view shows", name)
			case !shown[name] && !inSummary:
				t.Errorf("the view does not name %s", name)
			case !shown[name]:
				rest++
			}
		}
	}
	if files < 100 {
		t.Fatalf("the sample names %d files", files)
	}
	if len(shown) < 20 || rest == 0 {
		t.Fatalf("the view shows %d headers and names %d more files above", len(shown), rest)
	}
	if want := fmt.Sprintf("; %d not shown below, by directory (", rest); !strings.Contains(head, want) {
		t.Errorf("the summary's head does not say %q:\n%s", want, head)
	}
	checkDiffView(t, "folds", input, got, 2000)
}

// The summary takes a third of the view at most, whatever the budget: the
// per-file counts of a diff of 136 files where they fit that, else the
// names in folds or the counts by directory, so that a diff just too big for the counts does not leave
// its headers a quarter of the view, and one just small enough is not cut to
// almost all summary.
func TestDiffSummaryShare(t *testing.T) {
	input := readDiffFile(t, filepath.Join(corpusDir, "diff-git-diff-range-many.out"))
	c := counter()
	forms := map[string]bool{}
	for budget := 1000; budget <= 8000; budget += 250 {
		got := string(body(t, shape.Diff, input, budget))
		if !strings.HasPrefix(got, "[headroom: ") {
			continue // every file header fits
		}
		head, _, _ := strings.Cut(got, "\n")
		forms[head[strings.LastIndex(head, "; ")+2:]] = true
		var summary strings.Builder
		for i, l := range strings.Split(got, "\n") {
			if i > 0 && !strings.HasPrefix(l, "  ") {
				break
			}
			summary.WriteString(l + "\n")
		}
		if n := c.Count([]byte(summary.String())); n > budget/3 {
			t.Errorf("@%d: the summary takes %d tokens:\n%s", budget, n, summary.String())
		}
	}
	if len(forms) < 2 {
		t.Errorf("want the summary in more than one form, got %v", forms)
	}
}

// A gap that hides file or hunk headers says how many, exactly: where the
// view shows headers spread over a diff too long for all of them, a reader
// learns how much lies between them.
func TestDiffGapsCountHeaders(t *testing.T) {
	note := regexp.MustCompile(`^  \[\.\.\. L(\d+)(?:-(\d+))?(?:: ([^(\]]+))?`)
	for _, tc := range []struct {
		sample string
		file   *regexp.Regexp
		hunk   *regexp.Regexp
	}{
		{"diff-normal-strings-bytes", nil, regexp.MustCompile(`^\d+(,\d+)?[acd]\d+(,\d+)?$`)},
		{"diff-git-diff-range-many", regexp.MustCompile(`^diff --git `), regexp.MustCompile(`^@@ `)},
	} {
		input := readDiffFile(t, filepath.Join(corpusDir, tc.sample+".out"))
		lines := strings.Split(string(input), "\n")
		got := body(t, shape.Diff, input, 2000)
		counted := 0
		for l := range strings.SplitSeq(string(got), "\n") {
			m := note.FindStringSubmatch(l)
			if m == nil || !strings.Contains(l, " (+") && !strings.Contains(l, " (-") {
				continue // a plain gap line, where no note's count fits
			}
			from, _ := strconv.Atoi(m[1])
			to := from
			if m[2] != "" {
				to, _ = strconv.Atoi(m[2])
			}
			files, hunks := 0, 0
			for _, x := range lines[from-1 : to] {
				if tc.file != nil && tc.file.MatchString(x) {
					files++
				}
				if tc.hunk.MatchString(x) {
					hunks++
				}
			}
			if hunks == 1 && files == 0 && diffFirstHunkAhead(lines[:from-1], tc.file, tc.hunk) {
				hunks = 0 // the file's first, which its header says follows
			}
			var want []string
			if files > 0 {
				want = append(want, fmt.Sprintf("%d %s", files, diffPlural(files, "file", "files")))
			}
			if hunks > 0 {
				want = append(want, fmt.Sprintf("%d %s", hunks, diffPlural(hunks, "hunk", "hunks")))
			}
			if w := strings.Join(want, ", "); strings.TrimSpace(m[3]) != w {
				t.Errorf("%s: %q counts %q, the lines it stands for hold %q", tc.sample, l, m[3], w)
			}
			if len(want) > 0 {
				counted++
			}
		}
		if counted < 3 {
			t.Errorf("%s: %d gaps count the headers they hide:\n%s", tc.sample, counted, got)
		}
	}
}

// diffFirstHunkAhead reports whether no hunk began in the file that the
// lines before a gap end in.
func diffFirstHunkAhead(before []string, file, hunk *regexp.Regexp) bool {
	for i := len(before) - 1; i >= 0; i-- {
		if hunk.MatchString(before[i]) {
			return false
		}
		if file != nil && file.MatchString(before[i]) {
			return true
		}
	}
	return true
}

// diffRead reads lines as one diff for a view of 2000 tokens.
func diffRead(lines []string) *Diff {
	d := NewDiff(2000)
	for i, l := range lines {
		d.Add(Line{N: i + 1, Text: []byte(l), Len: int64(len(l) + 1)})
	}
	d.finish()
	return d
}

// diffPrios reads lines as one diff and returns the priority of each line
// held as itself, by its number.
func diffPrios(lines []string) map[int]int {
	prio := map[int]int{}
	for _, it := range diffRead(lines).held.items() {
		if it.piece.Note == "" {
			prio[it.piece.Line] = it.piece.Prio
		}
	}
	return prio
}

// After an Index: line, the ---/+++ lines name the revisions: they rank
// after every file's first hunk header, however the headers spread, and
// before any file's second.
func TestDiffIndexRevisionsAfterFirstHunks(t *testing.T) {
	lines := []string{
		"Index: a.c",
		"===================================================================",
		"--- a.c\t(revision 1)",
		"+++ a.c\t(working copy)",
		"@@ -1 +1 @@",
		"-x",
		"+y",
		"@@ -9 +9 @@",
		"-x",
		"+y",
		"Index: b.c",
		"===================================================================",
		"--- b.c\t(revision 1)",
		"+++ b.c\t(working copy)",
		"@@ -1 +1 @@",
		"-x",
		"+y",
	}
	prio := diffPrios(lines)
	for _, rev := range []int{3, 4, 13, 14} {
		for _, first := range []int{5, 15} {
			if prio[rev] >= prio[first] {
				t.Errorf("line %d %q ranks %d, not below the first hunk header %q at %d", rev, lines[rev-1], prio[rev], lines[first-1], prio[first])
			}
		}
		if prio[rev] <= prio[8] {
			t.Errorf("line %d %q ranks %d, not above the second hunk header at %d", rev, lines[rev-1], prio[rev], prio[8])
		}
	}
}

// A git diff's index line (blob hashes) and its ---/+++ lines, which name
// again the paths of its diff --git line, rank below every changed line,
// the inside of a long hunk too, and above the context: shown before the
// changes, they only shorten the gap that stands for them.
func TestDiffIndexLinesAfterChangedLines(t *testing.T) {
	lines := []string{
		"diff --git a/a.go b/a.go",
		"index 1111111..2222222 100644",
		"--- a/a.go",
		"+++ b/a.go",
		"@@ -1,12 +1,12 @@",
		" ctx",
		"-\tx := 1",
		"-\ty := 2",
		"-\tz := 3",
		"-\tw := 4",
		"-\tv := 5",
		"+\tx := 10",
		"+\ty := 20",
		"+\tz := 30",
		"+\tw := 40",
		"+\tv := 50",
		" ctx",
	}
	prio := diffPrios(lines)
	for _, head := range []int{2, 3, 4} {
		for changed := 7; changed <= 16; changed++ {
			if prio[head] >= prio[changed] {
				t.Errorf("line %d %q ranks %d, not below the changed line %q at %d", head, lines[head-1], prio[head], lines[changed-1], prio[changed])
			}
		}
		for _, ctx := range []int{6, 17} {
			if prio[head] <= prio[ctx] {
				t.Errorf("line %d %q ranks %d, not above the context line %d at %d", head, lines[head-1], prio[head], ctx, prio[ctx])
			}
		}
	}
}

// A rename's or copy's from and to lines name again the two paths its
// diff --git line names: they rank with the index line, after the hunk
// headers, where a view of many renamed files would spend more on them than
// on the hunks. The similarity line, which says how much changed, stays
// with the header.
func TestDiffRenameLinesAfterHunks(t *testing.T) {
	lines := []string{
		"diff --git a/old/a.py b/new/a.py",
		"similarity index 98%",
		"rename from old/a.py",
		"rename to new/a.py",
		"index 1111111..2222222 100644",
		"--- a/old/a.py",
		"+++ b/new/a.py",
		"@@ -1 +1 @@",
		"-x",
		"+y",
		"diff --git a/old/b.py b/new/b.py",
		"similarity index 90%",
		"copy from old/b.py",
		"copy to new/b.py",
		"@@ -4 +4 @@",
		"-x",
		"+y",
	}
	prio := diffPrios(lines)
	for _, named := range []int{3, 4, 13, 14} {
		if prio[named] > prio[5] {
			t.Errorf("line %d %q ranks %d, above the index line at %d", named, lines[named-1], prio[named], prio[5])
		}
		for _, hunk := range []int{8, 15} {
			if prio[named] >= prio[hunk] {
				t.Errorf("line %d %q ranks %d, not below the hunk header %q at %d", named, lines[named-1], prio[named], lines[hunk-1], prio[hunk])
			}
		}
	}
	for _, similar := range []int{2, 12} {
		if prio[similar] <= prio[8] {
			t.Errorf("line %d %q ranks %d, not above the hunk headers at %d", similar, lines[similar-1], prio[similar], prio[8])
		}
	}
}

// A context diff's range of new lines, `--- 5,10 ----`, says little more
// than its hunk's `*** 5,11 ****`: every hunk's header ranks before it,
// and it ranks above the new lines it heads, to be shown with them.
func TestDiffContextNewRangeAfterHeaders(t *testing.T) {
	lines := []string{
		"*** a.go\t2024-03-01 00:00:00",
		"--- b.go\t2024-03-01 00:00:00",
		"***************",
		"*** 1,3 ****",
		"  x",
		"! x = 1",
		"  y",
		"--- 1,3 ----",
		"  x",
		"! x = 2",
		"  y",
		"***************",
		"*** 40,42 ****",
		"  x",
		"- gone()",
		"  y",
		"--- 40,41 ----",
	}
	prio := diffPrios(lines)
	for _, r := range []int{8, 17} {
		for _, h := range []int{4, 13} {
			if prio[r] >= prio[h] {
				t.Errorf("%q ranks %d, not below the hunk header %q at %d", lines[r-1], prio[r], lines[h-1], prio[h])
			}
		}
	}
	if prio[8] <= prio[10] {
		t.Errorf("%q ranks %d, not above the new line %q it heads at %d", lines[7], prio[8], lines[9], prio[10])
	}
}

// A changed line declares when it starts at the top level, as git's own
// rule has it, unless it is a script's statement or import there, or indented, as a class's methods are in Python, Java or
// C#, with a keyword that declares and a name, or modifiers before a
// signature, or as a JavaScript class's methods are, a name and its
// parameters and the body's brace alone; a statement, a call (one that
// passes a callback too) or a Go struct's field named as a keyword of
// another language does not.
func TestDiffDeclIndented(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"+func Parse(s string) error {", true},
		{"-class Path(PurePath):", true},
		{"+    def resolve(self, strict=False):", true},
		{"-        async def read(self, n):", true},
		{"+    class _Selector:", true},
		{"+    class Flavour(object):", true},
		{"+    public static int area(Shape s) {", true},
		{"+    private final class Node<T> {", true},
		{"+\tpub fn len(&self) -> usize {", true},
		{"<     def __init__(self, path):", true},
		{"+        self.resolve(path)", false},
		{"+        return resolve(path)", false},
		{"+\tfn := c.usageFunc()", false},
		{"+\tfn   func(io.Writer, interface{}) error", false},
		{"+\tclass listClass", false},
		{"+    type: str = \"\"", false},
		{"+    area(s)", false},
		{"+    if (x) {", false},
		{"+  helpGroup(heading) {", true},
		{"-  _concatValue(value, previous) {", true},
		{"+  restoreStateBeforeParse() {", true},
		{"+  parse(args: string[]): Command {", true},
		{"!   constructor(name, fn) {", true},
		{"+  describe('parse', () => {", false},
		{"+  it('keeps it', function () {", false},
		{"+    foo(a)(b) {", false},
		{"+    area(s);", false},
		{"-if (typeof process !== 'undefined' && process.type === 'renderer') {", false},
		{"+try {", false},
		{"+for name in sorted(paths):", false},
		{"+import os", false},
		{"-from pathlib import Path", false},
		{"+function work() {", true},
		{"+type Options struct {", true},
		{"+iffy := true", true},
		{"+", false},
		{"+    ", false},
	} {
		signs := 1
		if c.line[0] == '<' {
			signs = 2
		}
		if got := diffDecl([]byte(c.line), signs); got != c.want {
			t.Errorf("diffDecl(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

// A log of one file's history (git log -p FILE) names the file again in
// every commit; the view names it once and spends the rest on where each
// commit changed it: every commit's first hunk header is shown.
func TestDiffOneFileLogNamesItOnce(t *testing.T) {
	var in strings.Builder
	for c := range 12 {
		fmt.Fprintf(&in, "commit %040x\nAuthor: A U Thor <a@example.com>\nDate:   Mon Mar 4 10:%02d:00 2024 +0000\n\n    change %d of the reader\n\n", c+1, c, c)
		in.WriteString("diff --git a/csv/reader.go b/csv/reader.go\nindex 1111111..2222222 100644\n--- a/csv/reader.go\n+++ b/csv/reader.go\n")
		for h := range 3 {
			fmt.Fprintf(&in, "@@ -%d,4 +%d,4 @@ func (r *Reader) readRecord%d(dst []string) ([]string, error) {\n \tline := r.line\n-\tn := %d\n+\tn := %d\n \treturn dst, nil\n", 100*h+10*c+1, 100*h+10*c+1, h, c, c+1)
		}
	}
	got := string(body(t, shape.Diff, []byte(in.String()), 1100))
	if n := strings.Count(got, "\ndiff --git a/csv/reader.go"); n != 1 {
		t.Errorf("the file's header is shown %d times, want once:\n%s", n, got)
	}
	for c := range 12 {
		if want := fmt.Sprintf("@@ -%d,4 +%d,4 @@ func (r *Reader) readRecord0(", 10*c+1, 10*c+1); !strings.Contains(got, want) {
			t.Errorf("commit %d: its first hunk header %q is not shown:\n%s", c, want, got)
		}
	}
}

// When not every file's header fits, the view shows the last file's along
// with the first's: spread from the first file on alone, the headers kept
// would stop short of the diff's end, and the view would not tell where
// the diff ends.
func TestDiffLastFileShown(t *testing.T) {
	for _, files := range []int{60, 77, 150} {
		in := goDiff(files, func(in *strings.Builder, f, h int) {
			fmt.Fprintf(in, "@@ -%d,3 +%d,3 @@ func step%d() {\n \tx := 1\n-\tx = old(%d)\n+\tx = new(%d)\n \treturn x\n", 100*h+1, 100*h+1, h, f, f)
		})
		got := string(body(t, shape.Diff, []byte(in), 2000))
		if shown := strings.Count(got, "\ndiff --git "); shown >= files {
			t.Fatalf("%d files: every header fits (%d), no test", files, shown)
		}
		last := fmt.Sprintf("diff --git a/pkg/file%02d.go b/pkg/file%02d.go\n", files-1, files-1)
		if !strings.Contains(got, last) {
			t.Errorf("%d files: the last file's header is not shown:\n%s", files, got)
		}
	}
}

// When a file's hunk headers do not all fit, its last one is shown with
// its first, as the last file's header is.
func TestDiffLastHunkShown(t *testing.T) {
	for _, hunks := range []int{90, 130, 250} {
		var in strings.Builder
		in.WriteString("diff --git a/pkg/big.go b/pkg/big.go\n--- a/pkg/big.go\n+++ b/pkg/big.go\n")
		for h := range hunks {
			fmt.Fprintf(&in, "@@ -%d,3 +%d,3 @@ func step%d() {\n \tx := 1\n-\tx = old(%d)\n+\tx = new(%d)\n \treturn x\n", 10*h+1, 10*h+1, h, h, h)
		}
		got := string(body(t, shape.Diff, []byte(in.String()), 2000))
		if shown := strings.Count(got, "\n@@ "); shown >= hunks {
			t.Fatalf("%d hunks: every header fits (%d), no test", hunks, shown)
		}
		if last := fmt.Sprintf("@@ -%d,3 +%d,3 @@ func step%d() {\n", 10*(hunks-1)+1, 10*(hunks-1)+1, hunks-1); !strings.Contains(got, last) {
			t.Errorf("%d hunks: the last hunk's header is not shown:\n%s", hunks, got)
		}
	}
}

// A log whose commit headers do not all fit shows commits from all over
// it, its last among them, not its first ones and then one gap to the end.
func TestDiffLogCommitsSpread(t *testing.T) {
	for _, commits := range []int{70, 120} {
		var in strings.Builder
		for c := range commits {
			fmt.Fprintf(&in, "commit %040x\nAuthor: Dev <dev@example.com>\nDate:   Mon Jan 2 15:04:05 2026 +0000\n\n    pkg: change number %d of the series\n\n", 0xabc000+c, c)
			fmt.Fprintf(&in, "diff --git a/pkg/f%d.go b/pkg/f%d.go\n--- a/pkg/f%d.go\n+++ b/pkg/f%d.go\n", c, c, c, c)
			fmt.Fprintf(&in, "@@ -1,3 +1,3 @@ func f%d() {\n \tx := 1\n-\tx = old()\n+\tx = new()\n \treturn x\n", c)
		}
		got := string(body(t, shape.Diff, []byte(in.String()), 2000))
		if shown := strings.Count(got, "\n    pkg: change number "); shown >= commits {
			t.Fatalf("%d commits: every subject fits (%d), no test", commits, shown)
		}
		if last := fmt.Sprintf("    pkg: change number %d of the series\n", commits-1); !strings.Contains(got, last) {
			t.Errorf("%d commits: the last commit's subject is not shown:\n%s", commits, got)
		}
		inLastQuarter := false
		for c := commits * 3 / 4; c < commits-1; c++ {
			inLastQuarter = inLastQuarter || strings.Contains(got, fmt.Sprintf("    pkg: change number %d of the series\n", c))
		}
		if !inLastQuarter {
			t.Errorf("%d commits: no commit of the last quarter but the last is shown:\n%s", commits, got)
		}
	}
}

// The lines of a commit's header kept to raise the last commit's are few,
// however many lines a header folds onto.
func TestDiffCommitItemsBounded(t *testing.T) {
	d := NewDiff(2000)
	n := 0
	add := func(s string) {
		n++
		d.Add(Line{N: n, Text: []byte(s), Len: int64(len(s))})
	}
	add("From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001")
	add("Subject: [PATCH] a subject folded onto very many lines")
	for range 5000 {
		add(" and more of it")
	}
	if len(d.commitItems) > diffMaxCommitItems {
		t.Errorf("%d lines of the header kept to raise, want %d at most", len(d.commitItems), diffMaxCommitItems)
	}
}

// TestDiffStartFileBounded: a long git log -p of a few files holds, for the
// view's summary, the file of each section start it may show, not of every
// section read, so memory does not grow with the input.
func TestDiffStartFileBounded(t *testing.T) {
	var in strings.Builder
	for i := range 20000 {
		f := fmt.Sprintf("pkg/f%d.go", i%7)
		fmt.Fprintf(&in, "commit %040x\nAuthor: A <a@b.c>\nDate:   Mon Jan 1 00:00:00 2024 +0000\n\n    change %d\n\n", i, i)
		fmt.Fprintf(&in, "diff --git a/%s b/%s\nindex 1111111..2222222 100644\n--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-old %d\n+new %d\n", f, f, f, f, i, i)
	}
	d := NewDiff(300)
	s := NewSplitter(d)
	s.Write([]byte(in.String()))
	n := s.Close()
	if held, got := len(d.held.heap), len(d.startFile); got > 2*held+diffStartSlack {
		t.Errorf("startFile holds %d section starts, %d items held", got, held)
	}
	if len(d.Pieces(n, 300, byteCounter{})) == 0 {
		t.Error("no pieces")
	}
}

// In a script's hunk, the functions it removes rank before the statements
// and assignments between them, which start at the top level as they do
// but declare no function or type; a statement's call does not make it a
// signature.
func TestDiffFunctionsBeforeTopLevelStatements(t *testing.T) {
	lines := []string{
		"--- a/debug.js",
		"+++ b/debug.js",
		"@@ -1,14 +0,0 @@",
		"-exports.log = log;",
		"-exports.enable(load());",
		"-exports.humanize = require('ms');",
		"-function createDebug(namespace) {",
		"-  return namespace;",
		"-}",
		"-exports.names = [];",
		"-function disable() {",
		"-  exports.enable('');",
		"-}",
		"-module.exports = createDebug;",
		"-exports.skips = [];",
		"-exports.formatters = {};",
		"-exports.selectColor(x);",
	}
	prio := diffPrios(lines)
	for _, f := range []int{7, 11} {
		for _, s := range []int{5, 6, 10, 14, 15, 16} {
			if prio[f] <= prio[s] {
				t.Errorf("%q ranks %d, not above the statement %q at %d", lines[f-1], prio[f], lines[s-1], prio[s])
			}
		}
	}
}

// A `diff -r` line under two long roots names its file twice: each but
// the first is shown as diff's command word, the count of the bytes cut,
// and its new path on, under roots that share their
// parents from the directory where the two part, so that the room goes to
// hunks. The first, whole, says the two roots once.
func TestDiffTreeLinesCutToNewTree(t *testing.T) {
	const old, new = "/opt/releases/project-1.0.4/src/internal", "/opt/releases/project-1.1.0/src/internal"
	var in strings.Builder
	for f := range 60 {
		fmt.Fprintf(&in, "diff -ru %s/file%02d.go %s/file%02d.go\n", old, f, new, f)
		fmt.Fprintf(&in, "--- %s/file%02d.go\t2024-01-01 00:00:00.000000000 +0000\n", old, f)
		fmt.Fprintf(&in, "+++ %s/file%02d.go\t2024-02-01 00:00:00.000000000 +0000\n", new, f)
		for h := range 3 {
			fmt.Fprintf(&in, "@@ -%d,3 +%d,3 @@\n \tx := 1\n-\tx = old(%d)\n+\tx = new(%d)\n \treturn x\n", 100*h+1, 100*h+1, f, f)
		}
	}
	got := string(body(t, shape.Diff, []byte(in.String()), 2000))
	first := fmt.Sprintf("diff -ru %s/file00.go %s/file00.go\n", old, new)
	if !strings.HasPrefix(got, first) && !strings.Contains(got, "\n"+first) {
		t.Errorf("the first file's line is not whole:\n%s", got)
	}
	line := fmt.Sprintf("diff -ru %s/file59.go %s/file59.go", old, new)
	const tree = "project-1.1.0/src/internal/file59.go"
	cut := fmt.Sprintf("\ndiff %s%s\n", elision.CutBefore(int64(len(line)-len(tree)-len("diff "))), tree)
	if !strings.Contains(got, cut) {
		t.Errorf("the view lacks %q:\n%s", cut, got)
	}
	if n := strings.Count(got, "\ndiff -ru /opt/"); n != 0 {
		t.Errorf("%d more lines shown whole:\n%s", n, got)
	}
	checkDiffRawLines(t, "diffTreeAt", diffTreeAt, []diffRawLine{
		{"diff -ru a-1/x.go b-2/x.go", "", 18},
		{"diff -r a/x b/x", "", 12},
		{"diff -r /m/p@v1/x/y.go /m/p@v2/x/y.go", "", 26},
		{"diff -r /srv/old/pkg/a.c /srv/new/pkg/a.c", "", 30},
		{"| diff -ruN a/x b/x", "diff -ruN a/x b/x", 16},
		{"diff -r a/x a/x", "", 0},
		{"diff -r a/x.go b/y.go", "", 0},
		{"diff --git a/x.go b/x.go", "", 0},
		{"diff --cc x.go", "", 0},
		{"diff x", "", 0},
		{"Only in b: x.go", "", 0},
		{"Binary files a/x and b/x differ", "", 0},
	})
}

// Each pair of trees a view compares is named whole once: where the
// output of two recursive diffs runs on, the first line under the second
// pair of roots stays whole too, since the cut lines after it leave its
// roots to the line that names them.
func TestDiffTreeLinesWholeOncePerRoots(t *testing.T) {
	var in strings.Builder
	for _, pair := range [][2]string{{"/opt/releases/alpha-1.0.4", "/opt/releases/alpha-1.1.0"}, {"/opt/releases/beta-2.0.0", "/opt/releases/beta-2.3.1"}} {
		for f := range 30 {
			fmt.Fprintf(&in, "diff -ru %s/src/file%02d.go %s/src/file%02d.go\n", pair[0], f, pair[1], f)
			fmt.Fprintf(&in, "@@ -1,3 +1,3 @@\n \tx := 1\n-\tx = old(%d)\n+\tx = new(%d)\n \treturn x\n", f, f)
		}
	}
	got := string(body(t, shape.Diff, []byte(in.String()), 2000))
	for _, want := range []string{
		"diff -ru /opt/releases/alpha-1.0.4/src/file00.go /opt/releases/alpha-1.1.0/src/file00.go\n",
		"\ndiff -ru /opt/releases/beta-2.0.0/src/file00.go /opt/releases/beta-2.3.1/src/file00.go\n",
		" bytes cut] beta-2.3.1/src/file01.go\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the view lacks %q:\n%s", want, got)
		}
	}
}

// A file that diff -r compared in two trees is named by its path below
// both roots, however many directories each root has: the summary's rows
// then say each file once, not the new root over again.
func TestDiffTreePathBelowRoots(t *testing.T) {
	for _, c := range []struct{ old, new, want string }{
		{"pkg-1.0/src/a.c", "pkg-1.1/src/a.c", "src/a.c"},
		{"a/x", "b/x", "x"},
		{"/tmp/m/toml@v1.2.1/internal/lex.go", "/tmp/m/toml@v1.3.2/internal/lex.go", "internal/lex.go"},
		{"/srv/old/pkg/a.c", "/srv/new/pkg/a.c", "pkg/a.c"},
		{"dir/old.txt", "dir/new.txt", "dir/new.txt"},
		{"a/x", "a/x", "a/x"},
		{"a/", "b/", "b/"},
		{"old.c", "new.c", "new.c"},
	} {
		if got := string(diffTreePath([]byte(c.old), []byte(c.new))); got != c.want {
			t.Errorf("diffTreePath(%q, %q) = %q, want %q", c.old, c.new, got, c.want)
		}
	}
}

// A gap inside the hunk the view shows last before it, hiding no header,
// is a plain gap line: the hunk's header above gives its size, and counts
// of its own changed lines would take room from the lines themselves. A
// gap that hides a hunk's header still counts what it hides.
func TestDiffGapInHunkIsPlain(t *testing.T) {
	var b strings.Builder
	b.WriteString("diff --git a/pkg/f.go b/pkg/f.go\nindex 1111111..2222222 100644\n--- a/pkg/f.go\n+++ b/pkg/f.go\n")
	for h := range 40 {
		fmt.Fprintf(&b, "@@ -%d,3 +%d,23 @@ func F%d() {\n", 10+200*h, 10+200*h, h)
		for k := range 20 {
			fmt.Fprintf(&b, "+\tv%d := step%d(x, %d)\n", k, k, h)
		}
	}
	view := string(body(t, shape.Diff, []byte(b.String()), 600))
	gap := regexp.MustCompile(`^  \[\.\.\. L\d+(-\d+)?(: [^(\]]+)?( \(.*\))?\]$`)
	plain, counted := 0, 0
	for _, l := range strings.Split(view, "\n") {
		m := gap.FindStringSubmatch(l)
		switch {
		case m == nil:
		case m[2] == "" && m[3] != "":
			t.Errorf("a gap inside a shown hunk counts its lines: %q", l)
		case m[2] == "":
			plain++
		default:
			counted++
		}
	}
	if plain == 0 {
		t.Errorf("no gap inside a hunk:\n%s", view)
	}
	if counted == 0 {
		t.Errorf("no gap that hides a hunk's header counts it:\n%s", view)
	}
}

// The summary names the files the view leaves out: where every file has a
// section whose first line it shows (a log of one file's history, whose
// later sections name the file again), it has none to name, and its room
// goes to the log.
func TestDiffNoSummaryWhenEveryFileShows(t *testing.T) {
	var b strings.Builder
	for c := range 16 {
		fmt.Fprintf(&b, "commit %040x\nAuthor: A U Thor <a@example.com>\nDate:   Thu Mar 7 14:42:00 2024 +0000\n\n    change %d\n\n", c+1, c)
		b.WriteString("diff --git a/pkg/a.go b/pkg/a.go\nindex 1111111..2222222 100644\n--- a/pkg/a.go\n+++ b/pkg/a.go\n")
		fmt.Fprintf(&b, "@@ -%d,3 +%d,4 @@ func F() {\n \tx := 1\n+\ty%d := x\n \treturn x\n }\n", 10+c, 10+c, c)
	}
	got := string(body(t, shape.Diff, []byte(b.String()), 600))
	if strings.HasPrefix(got, "[headroom: ") || !strings.Contains(got, "diff --git a/pkg/a.go b/pkg/a.go\n") {
		t.Errorf("a summary above a view that shows its one file:\n%s", got)
	}
}

// A normal diff's hunk header says where its hunk is and, by its line
// numbers, how many lines it changes, in a few tokens: a gap that hides
// one such header shows it rather than a note counting one hunk, which
// costs about as much and says neither.
func TestDiffNormalGapShowsItsHunk(t *testing.T) {
	input := readDiffFile(t, filepath.Join(corpusDir, "diff-normal-strings-bytes.out"))
	one := regexp.MustCompile(`^  \[\.\.\. L[0-9-]+: 1 hunk[ \]]`)
	for _, budget := range []int{2000, 1000} {
		got := body(t, shape.Diff, input, budget)
		headers := 0
		for l := range strings.SplitSeq(string(got), "\n") {
			if one.MatchString(l) {
				t.Errorf("budget %d: %q counts the one hunk it hides", budget, l)
			}
			if _, _, _, ok := shape.ParseDiffCommand([]byte(l)); ok {
				headers++
			}
		}
		if headers == 0 {
			t.Errorf("budget %d: no hunk header shown:\n%s", budget, got)
		}
	}
}

// Where the header a gap would show does not fit, the note counting the
// hunk it hides still may.
func TestDiffGapNoteWhereHeaderDoesNotFit(t *testing.T) {
	p := diffPlan{c: byteCounter{}, gaps: &gapCoster{c: byteCounter{}}, lines: 40}
	chosen := []Piece{{Line: 1, Text: []byte("1c1"), Prio: prioDiffHunk}}
	note := diffGapNote{piece: Piece{Line: 2, Note: "  [... L2-40: 1 hunk (+2 -2)]", Stands: 39}, first: 2, last: 40}
	head := diffGapNote{piece: Piece{Line: 20, Text: []byte(strings.Repeat("9", 60) + "c1")}, first: 2, last: 40, or: &note}
	budget := p.cost(chosen) + p.extra([]diffGapNote{note})
	if p.extra([]diffGapNote{head}) <= p.extra([]diffGapNote{note}) {
		t.Fatal("the header costs no more than the note: the test shows nothing")
	}
	got, _ := p.withNotes(chosen, []diffGapNote{head}, budget)
	if !slices.ContainsFunc(got, func(x Piece) bool { return x.Note == note.piece.Note }) {
		t.Errorf("the note that fits is left out: %+v", got)
	}
}

// Where the notes with changed lines' counts do not all fit but those
// with the headers alone do, every gap that hides a hunk header counts
// it: the later gaps of a patch series are not left bare while the
// earlier ones count theirs.
func TestDiffGapNotesEven(t *testing.T) {
	path := filepath.Join(corpusDir, "diff-git-format-patch-series.out")
	input, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(input), "\n")
	view := string(body(t, shape.Diff, input, 1900))
	gap := regexp.MustCompile(`^  \[\.\.\. L(\d+)-(\d+)(:?)`)
	for _, l := range strings.Split(view, "\n") {
		m := gap.FindStringSubmatch(l)
		if m == nil || m[3] == ":" {
			continue
		}
		from, _ := strconv.Atoi(m[1])
		to, _ := strconv.Atoi(m[2])
		for _, h := range lines[from-1 : to] {
			if strings.HasPrefix(h, "@@ ") {
				t.Errorf("%s hides a hunk header and counts none", l)
				break
			}
		}
	}
}

// A gap inside a hunk whose header the view leaves out counts the changed
// lines it hides: no header above tells how much the hunk changes, and a
// signature shown alone between two gaps reads as the hunk's one change.
func TestDiffGapInHiddenHunkCounts(t *testing.T) {
	var b strings.Builder
	for f := range 20 {
		fmt.Fprintf(&b, "diff --git a/pkg/f%d.go b/pkg/f%d.go\nindex 1111111..2222222 100644\n--- a/pkg/f%d.go\n+++ b/pkg/f%d.go\n", f, f, f, f)
		for h := range 3 {
			fmt.Fprintf(&b, "@@ -%d,30 +%d,8 @@ func Old%d_%d() {\n \tx := 1\n", 10+100*h, 10+100*h, f, h)
			for k := range 4 {
				fmt.Fprintf(&b, "-\told%d := before%d(a, %d)\n", k, k, h)
			}
			fmt.Fprintf(&b, "-func Removed%dx%d(a int) error {\n", f, h)
			for k := range 18 {
				fmt.Fprintf(&b, "-\tgone%d := step%d(a, %d)\n", k, k, h)
			}
			fmt.Fprintf(&b, "+\treturn nil\n \treturn nil\n }\n")
		}
	}
	lines := strings.Split(b.String(), "\n")
	gap := regexp.MustCompile(`^  \[\.\.\. L(\d+)(?:-(\d+))?\]$`)
	for _, budget := range []int{2000} {
		view := strings.Split(string(body(t, shape.Diff, []byte(b.String()), budget)), "\n")
		shown := map[string]bool{}
		for _, l := range view {
			shown[l] = true
		}
		for _, l := range view {
			m := gap.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			from, _ := strconv.Atoi(m[1])
			to := from
			if m[2] != "" {
				to, _ = strconv.Atoi(m[2])
			}
			header := ""
			for _, x := range lines[:from-1] {
				if strings.HasPrefix(x, "@@ ") {
					header = x
				} else if strings.HasPrefix(x, "diff --git ") {
					header = ""
				}
			}
			if header == "" || shown[header] || from > len(lines)/4 {
				continue // the later gaps' notes may not fit the room notes have
			}
			for _, x := range lines[from-1 : to] {
				if strings.HasPrefix(x, "-") || strings.HasPrefix(x, "+") {
					t.Errorf("budget %d: %s hides changed lines of a hunk whose header is not shown, and counts none", budget, l)
					break
				}
			}
		}
	}
}

// A plain diff -u of two files under node_modules, as one compares a
// package's file with a patched copy, is about those files: it shows
// their hunks' headers and changed lines, not its first lines in full as
// a vendored file beside a change's own is shown.
func TestDiffPlainVendoredPairShowsHunks(t *testing.T) {
	var b strings.Builder
	b.WriteString("--- node_modules/ws/lib/websocket.js.orig\t2026-11-27 19:57:00.215923793 +0000\n")
	b.WriteString("+++ node_modules/ws/lib/websocket.js\t2026-11-27 19:56:52.005134653 +0000\n")
	for h := range 20 {
		fmt.Fprintf(&b, "@@ -%d,7 +%d,7 @@\n", 10+40*h, 10+40*h)
		for k := range 3 {
			fmt.Fprintf(&b, " const unchanged%d_%d = require('./part%d');\n", h, k, k)
		}
		fmt.Fprintf(&b, "-  return old%d(socket);\n+  return renamed%d(socket);\n", h, h)
		for k := range 3 {
			fmt.Fprintf(&b, " module.exports.after%d_%d = after%d;\n", h, k, k)
		}
	}
	view := string(body(t, shape.Diff, []byte(b.String()), 400))
	if n := strings.Count(view, "\n@@ -"); n < 10 {
		t.Errorf("view shows %d of 20 hunk headers, want 10 at least:\n%s", n, view)
	}
}

// A hunk header with nothing after its ranges (diff -u writes no function
// name) tells only where the hunk is, and the gap note that stands for its
// lines counts them: the signature the hunk adds tells what it is, and
// ranks above it. One that names its function keeps its rank.
func TestDiffBareHunkHeaderBelowSignatures(t *testing.T) {
	for _, c := range []struct {
		header string
		above  bool
	}{
		{"@@ -1,2 +1,12 @@", false},
		{"@@ -1,2 +1,12 @@ package x", true},
	} {
		lines := []string{"diff -ruN a-1/x.go a-2/x.go", "--- a-1/x.go", "+++ a-2/x.go", c.header, " package x", ""}
		for k := range 10 {
			if k == 5 {
				lines = append(lines, "+func Handle(w io.Writer) error {")
				continue
			}
			lines = append(lines, fmt.Sprintf("+\tstep%d(w)", k))
		}
		prio := diffPrios(lines)
		if got := prio[4] > prio[12]; got != c.above {
			t.Errorf("%q ranks %d, the signature %d: above is %v, want %v", c.header, prio[4], prio[12], got, c.above)
		}
	}
}

// A bare header is still a first hunk's: it ranks above every second
// hunk's header, bare or not, as the other headers of its level do.
func TestDiffBareHunkHeaderKeepsItsLevel(t *testing.T) {
	lines := []string{
		"diff --git a/x.go b/x.go", "--- a/x.go", "+++ b/x.go",
		"@@ -1,3 +1,3 @@", " package x", "-var a = 1", "+var a = 2",
		"@@ -40,3 +40,3 @@ func run() {", " \tx := 1", "-\tx = old()", "+\tx = new()",
	}
	prio := diffPrios(lines)
	if prio[4] <= prio[8] {
		t.Errorf("the first hunk's bare header ranks %d, the second hunk's %d", prio[4], prio[8])
	}
}

// The line that closes a patch's stat, " 3 files changed, 39
// insertions(+)", says how large the patch is in one line: it ranks
// above the rows before it, and above the changed lines.
func TestDiffStatSummaryKept(t *testing.T) {
	lines := []string{
		"From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001",
		"Subject: [PATCH] grow",
		"",
		"---",
		" a.go | 2 +-",
		" b.go | 4 ++--",
		" c.go | 1 +",
		" 3 files changed, 4 insertions(+), 3 deletions(-)",
		"",
		"diff --git a/a.go b/a.go",
		"--- a/a.go",
		"+++ b/a.go",
		"@@ -1 +1 @@",
		"-x",
		"+y",
	}
	prio := diffPrios(lines)
	for _, below := range []int{5, 6, 7, 14, 15} {
		if prio[8] <= prio[below] {
			t.Errorf("the stat's summary ranks %d, %q %d", prio[8], lines[below-1], prio[below])
		}
	}
}

// The edges of a hunk are its first and last changed lines that hold a
// word: where blank lines open a hunk, as they open the cases added to a
// test data file, the first line after them says what the hunk adds.
func TestDiffEdgesSkipBlankLines(t *testing.T) {
	lines := casesDiff("+", "+", "+3", "+- test[x]=[x]", "+<ul>", "+<li>test</li>", "+</ul>", "+the end", "+")
	prio := diffPrios(lines)
	for _, n := range []int{7, 12} {
		if prio[n] != prioDiffEdge {
			t.Errorf("%q ranks %d, want an edge's %d", lines[n-1], prio[n], prioDiffEdge)
		}
	}
	for _, n := range []int{5, 6, 13} {
		if prio[n] >= prio[9] {
			t.Errorf("the blank line %d ranks %d, above the line inside the hunk, %d", n, prio[n], prio[9])
		}
	}
}

// casesDiff returns the lines of a diff that adds the nine lines added,
// cases of a test data file, in one hunk.
func casesDiff(added ...string) []string {
	head := []string{"diff --git a/cases.txt b/cases.txt", "--- a/cases.txt", "+++ b/cases.txt", "@@ -30,0 +31,9 @@"}
	return append(head, added...)
}

// A changed line of punctuation alone is bare only while it is short, a
// brace or a bracket that closes a block: a rule of dashes that parts the
// cases of a test data file tells where each starts, as a heading does.
func TestDiffSeparatorLineIsNotBare(t *testing.T) {
	lines := casesDiff("+first case", "+input one", "+//- - - - - - - - -//", "+output one", "+", "+});", "+input two", "+output two", "+last line")
	prio := diffPrios(lines)
	if prio[7] <= prio[9] {
		t.Errorf("the separator ranks %d, no higher than a blank line, %d", prio[7], prio[9])
	}
	if prio[10] != prio[9] {
		t.Errorf("a closing `});` ranks %d, a blank line %d: want both bare", prio[10], prio[9])
	}
}

// A normal diff's `---` between a changed signature's old and new lines
// ranks with them, among the headers, but is held only to fill the gap
// between them: it is no header a view that shows every line offered
// leaves out, and so cuts no commit line.
func TestDiffNormalSeparatorIsNoMissingHeader(t *testing.T) {
	lines := []string{"diff -r cron@v3.0.0/option.go cron@v3.0.1/option.go", "26c26",
		"< func WithParser(p Parser) Option {", "---", "> func WithParser(p ScheduleParser) Option {"}
	d := diffRead(lines)
	p := diffPlan{d: d, items: d.held.items(), lines: len(lines), c: byteCounter{}, collapsed: map[int]bool{}}
	var offered []Piece
	for _, it := range p.items {
		if !it.filler {
			offered = append(offered, it.piece)
		}
	}
	if len(offered) == len(p.items) {
		t.Fatal("no line is held as a filler: the test shows nothing")
	}
	if p.missingHeaders(offered) {
		t.Errorf("a view of every line offered misses a header")
	}
}

// A comment at the top level after a blank changed line heads what
// follows, a section of a grammar or of a config file: it ranks with the
// lines of prose and assignments it heads, not below them, and does not
// leave a gap among them where the blank lines around it show.
func TestDiffCommentAfterBlankHeads(t *testing.T) {
	lines := []string{
		"diff --git a/toml.abnf b/toml.abnf", "--- /dev/null", "+++ b/toml.abnf",
		"@@ -0,0 +1,12 @@",
		"+;; Overall Structure", "+", "+toml = expression *( newline expression )", "+",
		"+;; Key-Value pairs", "+", "+keyval = key keyval-sep val", "+key = simple-key / dotted-key",
		"+\t;; an indented remark", "+simple-key = quoted-key / unquoted-key", "+", "+val = string / boolean",
	}
	prio := diffPrios(lines)
	if prio[9] < prio[12] {
		t.Errorf("the heading ranks %d, below the assignment it heads, %d", prio[9], prio[12])
	}
	if prio[13] >= prio[12] {
		t.Errorf("an indented comment ranks %d, with the assignments, %d", prio[13], prio[12])
	}
}

// The `diff -r` lines of a view after the first are all cut, or none:
// a mix reads as two kinds of header. Cut, a line keeps diff's command
// word, so it still reads as a file's header, and its new path; the room
// it gives back shows changed lines, which the whole lines crowd out
// where every header fits.
func TestDiffTreeLinesOneForm(t *testing.T) {
	var in strings.Builder
	const files = 12
	for f := range files {
		fmt.Fprintf(&in, "diff -ruN -x '*.map' npmold/node_modules/nanoid/async/file%02d.js npm/node_modules/nanoid/async/file%02d.js\n", f, f)
		fmt.Fprintf(&in, "--- npmold/node_modules/nanoid/async/file%02d.js\n+++ npm/node_modules/nanoid/async/file%02d.js\n", f, f)
		fmt.Fprintf(&in, "@@ -%d,4 +%d,4 @@ function random%02d(bytes) {\n", 10+f, 10+f, f)
		for k := range 4 {
			fmt.Fprintf(&in, "-  let value%d = crypto.getRandomValues(new Uint8Array(bytes + %d))\n+  let value%d = webcrypto.getRandomValues(new Uint8Array(bytes + %d))\n", k, k, k, k)
		}
	}
	cutSome := 0
	for budget := 300; budget <= 1500; budget += 20 {
		got := string(body(t, shape.Diff, []byte(in.String()), budget))
		cut := strings.Count(got, "\ndiff [... ")
		whole := strings.Count(got, "\ndiff -ruN -x ")
		if strings.HasPrefix(got, "diff -ruN -x '*.map' npmold/") {
			whole++
		}
		if cut > 0 && whole != 1 {
			t.Errorf("at %d: %d diff -r lines cut and %d whole, the first only should be:\n%s", budget, cut, whole, got)
		}
		if cut > 0 && strings.Count(got, " bytes cut] npm/node_modules/nanoid/async/file") != cut {
			t.Errorf("at %d: a cut line does not name its file by its new path:\n%s", budget, got)
		}
		if cut == 0 && whole > 1 {
			t.Errorf("at %d: %d diff -r lines whole:\n%s", budget, whole, got)
		}
		if cut > 0 {
			cutSome++
		}
	}
	if cutSome == 0 {
		t.Errorf("no budget from 300 to 1,500 cuts the diff -r lines")
	}
}

// A file whose first hunk changes statements only, and whose later hunks
// add functions, shows the first signature it changes before the later
// hunks' headers of any file: what a file's change adds tells more than
// where its next hunk is.
func TestDiffFirstSignatureOfEveryFile(t *testing.T) {
	in := goDiff(15, func(in *strings.Builder, f, h int) {
		fmt.Fprintf(in, "@@ -%d,3 +%d,7 @@ func existing%d() {\n \tx := 1\n", 100*h+1, 100*h+1, h)
		for k := range 4 {
			if k == 1 && h > 0 {
				fmt.Fprintf(in, "+func handle%02d_%d(w io.Writer) error {\n", f, h)
				continue
			}
			fmt.Fprintf(in, "+\tstep%d(w, %d)\n", k, k*h)
		}
		in.WriteString(" \treturn nil\n }\n")
	})
	got := string(body(t, shape.Diff, []byte(in), 1000))
	if strings.Count(got, "\n@@ ") >= 45 {
		t.Fatalf("every hunk header fits, so the test tells nothing:\n%s", got)
	}
	for f := range 15 {
		if !strings.Contains(got, fmt.Sprintf("+func handle%02d_", f)) {
			t.Errorf("file %02d: no signature it adds is shown:\n%s", f, got)
		}
	}
}

// In a log of commits that change the same file, only the file's first
// signature changed in a later hunk ranks with the first hunks': the
// commits after it show their own hunks' headers first, as before.
func TestDiffFirstSignatureOncePerFile(t *testing.T) {
	var in strings.Builder
	for c := range 2 {
		fmt.Fprintf(&in, "commit %040d\nAuthor: A <a@example.com>\nDate:   Mon Jan 1 00:00:00 2024 +0000\n\n    change %d\n\n", c+1, c)
		in.WriteString("diff --git a/pkg/a.go b/pkg/a.go\n--- a/pkg/a.go\n+++ b/pkg/a.go\n")
		for h := range 3 {
			fmt.Fprintf(&in, "@@ -%d,3 +%d,7 @@ func existing%d() {\n \tx := 1\n", 100*h+1, 100*h+1, h)
			for k := range 4 {
				if k == 1 && h > 0 {
					fmt.Fprintf(&in, "+func handle%d_%d(w io.Writer) error {\n", c, h)
					continue
				}
				fmt.Fprintf(&in, "+\tstep%d(w, %d)\n", k, k*h)
			}
			in.WriteString(" \treturn nil\n }\n")
		}
	}
	d := NewDiff(2000)
	s := NewSplitter(d)
	s.Write([]byte(in.String()))
	s.Close()
	d.finish()
	raised := map[string]bool{}
	for _, it := range d.held.items() {
		if name := string(it.piece.Text); strings.HasPrefix(name, "+func handle") {
			raised[name[len("+func "):len("+func handle0_0")]] = it.piece.Prio > prioDiffHunk-diffHunkLevel
		}
	}
	want := map[string]bool{"handle0_1": true, "handle0_2": false, "handle1_1": false, "handle1_2": false}
	if !maps.Equal(raised, want) {
		t.Errorf("signatures ranked with the first hunks' = %v, want %v", raised, want)
	}
}

// The last edge of a hunk is a line that starts a statement: the tail of
// a ternary or of a call's arguments, `: NaN;`, read alone between two
// gap lines, says nothing of what the hunk adds. The statement's first
// line is the edge.
func TestDiffLastEdgeStartsStatement(t *testing.T) {
	lines := casesDiff("+  /**", "+   * Returns the number of weeks in this DateTime's local week year", "+   */",
		"+  get weeksInLocalWeekYear() {", "+    return this.isValid", "+      ? weeksInWeekYear(",
		"+          this.localWeekYear,", "+          this.loc.getStartOfWeek()", "+        )", "+      : NaN;")
	prio := diffPrios(lines)
	if prio[9] != prioDiffEdge {
		t.Errorf("%q ranks %d, want an edge's %d", lines[8], prio[9], prioDiffEdge)
	}
	for n := 10; n <= 14; n++ {
		if prio[n] == prioDiffEdge {
			t.Errorf("%q, within the statement, ranks as an edge", lines[n-1])
		}
	}
}

// A signature that ranks above a hunk's edges raises the old line it
// replaces above them too: `> type TitleTest struct {` shown without
// `< var TitleTests = []struct {` reads as a type added, not a variable
// replaced by it.
func TestDiffSignatureKeepsItsOldSide(t *testing.T) {
	lines := []string{"3c3", "< \treturn Replace(tt.in, tt.old)", "---", "> \treturn Replace(in, old)",
		"10c10", "< var TitleTests = []struct {", "---", "> type TitleTest struct {"}
	prio := diffPrios(lines)
	if prio[8] <= prioDiffEdge {
		t.Fatalf("the signature ranks %d, not above the edges, %d", prio[8], prioDiffEdge)
	}
	if prio[6] <= prioDiffEdge {
		t.Errorf("the line it replaces ranks %d, not above the edges", prio[6])
	}
}
