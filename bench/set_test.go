package bench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/bench/split"
)

// The split is pinned: a sample must never move from one set to the other.
func TestSetOf(t *testing.T) {
	for name, want := range map[string]string{
		"diff-git-binary":       split.Check, // the SHA-256 of the name starts with 0x01
		"log-x382":              split.Check, // 0x55, the last byte below the threshold
		"log-x543":              split.Tune,  // 0x56, the first byte past it
		"diff-git-npm-lockfile": split.Tune,  // 0x57
		"json-golist-std":       split.Check, // 0x17
		"log-gotest-v-pass":     split.Tune,  // 0x82
		"text-man-ls":           split.Tune,  // 0xdf
		"go-doc-strings.txt":    split.Tune,  // 0x94
	} {
		if got := split.Of(name); got != want {
			t.Errorf("split.Of(%q) = %s, want %s", name, got, want)
		}
	}
}

// About a third of the corpus is in the check set, in each shape too.
func TestSetShares(t *testing.T) {
	paths, err := filepath.Glob("../testdata/corpus/*.out")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	all, check := map[string]int{}, map[string]int{}
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".out")
		sh := split.Expected(name)
		if sh == "" {
			t.Errorf("%s: the name starts with no shape", name)
		}
		all[sh]++
		all[""]++
		if split.Of(name) == split.Check {
			check[sh]++
			check[""]++
		}
	}
	if share := float64(check[""]) / float64(all[""]); share < 0.25 || share > 0.42 {
		t.Errorf("%d of %d samples in the check set", check[""], all[""])
	}
	for sh, n := range all {
		if n >= 6 && check[sh] == 0 {
			t.Errorf("no %s sample of %d in the check set", sh, n)
		}
	}
}

func TestExpectedShape(t *testing.T) {
	for name, want := range map[string]string{
		"log-gotest-pass":    "log",
		"listing-find-net":   "listing",
		"outline-man-ls":     "outline",
		"go-doc-strings.txt": "",
		"logs-of-something":  "",
		"json":               "",
		"text-":              "text",
	} {
		if got := split.Expected(name); got != want {
			t.Errorf("split.Expected(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestSelect(t *testing.T) {
	samples := []Sample{{Name: "diff-git-binary"}, {Name: "text-man-ls"}, {Name: "json-golist-std"}}
	names := func(ss []Sample) string {
		var n []string
		for _, s := range ss {
			n = append(n, s.Name)
		}
		return strings.Join(n, " ")
	}
	for set, want := range map[string]string{
		split.Check: "diff-git-binary json-golist-std",
		split.Tune:  "text-man-ls",
		"all":       "diff-git-binary text-man-ls json-golist-std",
	} {
		if got := names(Select(samples, set)); got != want {
			t.Errorf("Select(%s) = %q, want %q", set, got, want)
		}
	}
}

func TestGroups(t *testing.T) {
	side := func(kept, total int) *Side { return &Side{TokensOut: 10, NeedlesKept: kept, NeedlesTotal: total} }
	rs := []Result{
		{Name: "a", Set: split.Tune, Expected: "log", Kind: "log", TokensIn: 100, TokensOut: 10, NeedlesKept: 1, NeedlesTotal: 2, Baseline: side(0, 2)},
		{Name: "b", Set: split.Tune, Expected: "log", Kind: "text", Misclassified: true, TokensIn: 50, TokensOut: 5, NeedlesKept: 10, NeedlesTotal: 10, Baseline: side(10, 10)},
		{Name: "c", Set: split.Check, Expected: "listing", Kind: "grep", Misclassified: true, TokensIn: 7, TokensOut: 7, NeedlesKept: 3, NeedlesTotal: 4, Baseline: side(4, 4)},
		{Name: "d", Set: split.Tune, Kind: "json", TokensIn: 9, TokensOut: 9, NeedlesKept: 0, NeedlesTotal: 0, Baseline: side(0, 0)},
		{Name: "e", Set: split.Tune, Expected: "grep", Kind: "grep", TokensIn: 9, TokensOut: 9, NeedlesKept: 3, NeedlesTotal: 3, Baseline: side(1, 3)},
	}
	var got []string
	for _, g := range Groups(rs) {
		got = append(got, strings.Join([]string{g.Set, g.Shape, num(g.Samples), num(g.TokensIn), num(g.TokensOut),
			frac(g.NeedlesKept, g.NeedlesTotal), recall(g.Recall), num(g.AllKept), num(g.Misclassified),
			frac(g.Baseline.NeedlesKept, g.Baseline.NeedlesTotal), recall(g.Baseline.Recall), num(g.Baseline.AllKept)}, " "))
	}
	want := []string{
		"check listing 1 7 7 3/4 0.75 0 1 4/4 1.00 1",
		"check all 1 7 7 3/4 0.75 0 1 4/4 1.00 1",
		// a sample without needles keeps them all, and counts in no recall
		"tune grep 1 9 9 3/3 1.00 1 0 1/3 0.33 0",
		"tune log 2 150 15 11/12 0.75 1 1 10/12 0.50 1",
		"tune json 1 9 9 0/0 0.00 1 0 0/0 0.00 1",
		"tune all 4 168 33 14/15 0.83 3 1 11/15 0.44 2",
		"all grep 1 9 9 3/3 1.00 1 0 1/3 0.33 0",
		"all log 2 150 15 11/12 0.75 1 1 10/12 0.50 1",
		"all json 1 9 9 0/0 0.00 1 0 0/0 0.00 1",
		"all listing 1 7 7 3/4 0.75 0 1 4/4 1.00 1",
		"all all 5 175 40 17/19 0.81 3 2 15/19 0.58 3",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("groups:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The README states the rule; it must be the one in code.
func TestSplitRuleInReadme(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "below 86") {
		t.Error("README.md does not state the split rule (first byte of the SHA-256 of the name below 86)")
	}
}
