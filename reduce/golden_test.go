package reduce

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/headroom-cli/headroom/bench/split"
	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/shape"
	"github.com/headroom-cli/headroom/token"
)

var update = flag.Bool("update", false, "rewrite the golden files from the current output")

// corpusDir holds real tool output captured by scripts/corpus.sh.
const corpusDir = "../testdata/corpus"

var counter = sync.OnceValue(func() *token.Counter {
	c := token.Default()
	if err := c.Load(); err != nil {
		panic(err)
	}
	return c
})

// body reduces input with the reducer for kind as clip does, without the
// store and the marker lines, and returns the rendered pieces.
func body(t testing.TB, kind shape.Kind, input []byte, budget int) []byte {
	t.Helper()
	r, got := New(kind, budget)
	if got != kind {
		t.Fatalf("New(%s) gave a %s reducer", kind, got)
	}
	s := NewSplitter(r)
	s.Write(input)
	lines := s.Close()
	c := counter()
	return Render(Fit(r.Pieces(lines, budget, c), lines, budget, c), lines)
}

// corpus returns the paths of the corpus samples of the tune set whose
// names start with prefix. The reducers are developed against the tune set
// only: golden files, needle counts and the comparison with head and tail
// look at it, and the check set only measures the result, with headroom
// bench --set check.
func corpus(t testing.TB, prefix string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(corpusDir, prefix+"*.out"))
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
		t.Fatalf("no tune samples %s*.out in %s", prefix, corpusDir)
	}
	return tune
}

// needles returns the fragments a good view of the sample must show.
func needles(t testing.TB, sample string) []string {
	t.Helper()
	b, err := os.ReadFile(strings.TrimSuffix(sample, ".out") + ".needles")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// checkGolden compares got with the golden file for name, or rewrites it
// with -update. Read a rewritten golden file before committing it.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".golden")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./reduce -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: view differs from %s; rerun with -update and read the diff", name, path)
	}
}

// goldenCorpus reduces every corpus sample starting with prefix that is over
// budget (clip passes the others through) with the reducer for kind, checks the view against its golden file,
// checks that it fits the budget and is shorter than the input, and returns
// for each sample the needles the view lost.
func goldenCorpus(t *testing.T, prefix string, kind shape.Kind, budget int) map[string][]string {
	lost := map[string][]string{}
	for _, path := range corpus(t, prefix) {
		name := strings.TrimSuffix(filepath.Base(path), ".out")
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if counter().Count(input) <= budget {
			// clip passes such input through unreduced; nothing to pin.
			continue
		}
		got := body(t, kind, input, budget)
		if n := counter().Count(got); n > budget {
			t.Errorf("%s: view has %d tokens, budget %d", name, n, budget)
		}
		if len(got) >= len(input) {
			t.Errorf("%s: view (%d bytes) is not shorter than the input (%d bytes)", name, len(got), len(input))
		}
		unfolded := Unfolded(got)
		for _, n := range needles(t, path) {
			if !bytes.Contains(got, []byte(n)) && !bytes.Contains(unfolded, []byte(n)) {
				lost[name] = append(lost[name], n)
			}
		}
		checkGolden(t, name, got)
	}
	return lost
}

// beatsHeadTail checks that, on every corpus sample starting with prefix
// that is over the budget, the view keeps at least as many needles as a
// plain cut from both ends at the same budget, and logs both.
func beatsHeadTail(t *testing.T, prefix string, kind shape.Kind) {
	c := counter()
	for _, path := range corpus(t, prefix) {
		name := strings.TrimSuffix(filepath.Base(path), ".out")
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		in := c.Count(input)
		if in <= 2000 {
			continue
		}
		view := body(t, kind, input, 2000)
		base := headTail(input, 2000, c)
		ns := needles(t, path)
		kept, baseKept := 0, 0
		unfolded := Unfolded(view)
		for _, n := range ns {
			if bytes.Contains(view, []byte(n)) || bytes.Contains(unfolded, []byte(n)) {
				kept++
			}
			if bytes.Contains(base, []byte(n)) {
				baseKept++
			}
		}
		t.Logf("%-32s in %7d | %s %4d tok %2d/%d needles | head+tail %4d tok %2d/%d needles",
			name, in, kind, c.Count(view), kept, len(ns), c.Count(base), baseKept, len(ns))
		if kept < baseKept {
			t.Errorf("%s: view keeps %d needles, head and tail %d", name, kept, baseKept)
		}
	}
}

// headTail keeps whole lines from both ends of input, one from each in
// turn, until the next does not fit in budget tokens with a gap line.
func headTail(input []byte, budget int, c Counter) []byte {
	lines := strings.SplitAfter(string(input), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	left := budget - c.Count([]byte(elision.GapLine(1, len(lines))))
	head, tail := 0, len(lines)
	for turn := 0; head < tail; turn++ {
		i := head
		if turn%2 == 1 {
			i = tail - 1
		}
		cost := c.Count([]byte(lines[i]))
		if cost > left {
			break
		}
		left -= cost
		if turn%2 == 0 {
			head++
		} else {
			tail--
		}
	}
	out := strings.Join(lines[:head], "")
	if head < tail {
		out += elision.GapLine(head+1, tail)
	}
	return []byte(out + strings.Join(lines[tail:], ""))
}

func TestLogBeatsHeadTail(t *testing.T)  { beatsHeadTail(t, "log-", shape.Log) }
func TestDiffBeatsHeadTail(t *testing.T) { beatsHeadTail(t, "diff-", shape.Diff) }

// TestViewsFitTheBudget reduces every tune sample with each line reducer
// at budgets from 100 to 9,000 tokens and wants every view within its
// budget when counted whole, as clip counts it: Fit counts line by line,
// and tokens that span a line end or gap lines that notes part must be
// paid for all the same.
func TestViewsFitTheBudget(t *testing.T) {
	c := counter()
	kinds := map[string]shape.Kind{"grep-": shape.Grep, "log-": shape.Log, "diff-": shape.Diff, "text-": shape.Text}
	for _, prefix := range []string{"grep-", "log-", "diff-", "text-"} {
		for _, path := range corpus(t, prefix) {
			input, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			name := strings.TrimSuffix(filepath.Base(path), ".out")
			for budget := 100; budget < 9000; budget = budget*5/4 + 7 {
				if n := c.Count(body(t, kinds[prefix], input, budget)); n > budget {
					t.Errorf("%s@%d: view has %d tokens", name, budget, n)
				}
			}
		}
	}
}

// checkFuzzView reduces input with the reducer for kind, as a fuzz target
// does, and checks what every view must be: within the budget, with fewer
// tokens than an input over it, and the same when made again.
func checkFuzzView(t *testing.T, kind shape.Kind, input []byte, budget int) []byte {
	t.Helper()
	got := body(t, kind, input, budget)
	n, in := counter().Count(got), counter().Count(input)
	if n > budget {
		t.Errorf("view has %d tokens, budget %d", n, budget)
	}
	if in > budget && n >= in {
		t.Errorf("view has %d tokens, no fewer than the input's %d", n, in)
	}
	if again := body(t, kind, input, budget); !bytes.Equal(got, again) {
		t.Errorf("two views of one input differ")
	}
	return got
}
