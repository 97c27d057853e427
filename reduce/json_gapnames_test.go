package reduce

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/headroom-cli/headroom/shape"
)

// The files of a directory tree.J's view cuts are named in folds after the
// note that counts them, each fold a record of its own so that the view
// still parses: the names are those of the items the note says it leaves
// out, the first of them, as many as the note says.
func TestJSONCutNestedListNamed(t *testing.T) {
	in := readFile(t, filepath.Join(localJSON, "tree-j-crypto-tls.json"))
	var doc any
	if err := json.Unmarshal(in, &doc); err != nil {
		t.Fatal(err)
	}
	notes := 0
	for _, budget := range []int{1000, 2000} {
		got := body(t, shape.JSON, in, budget)
		var view any
		if err := json.Unmarshal(got, &view); err != nil {
			t.Fatalf("budget %d: view does not parse: %v\n%s", budget, err, got)
		}
		notes += checkGapNames(t, view, doc)
	}
	if notes == 0 {
		t.Error("no cut list names its records: the sample no longer tests the note")
	}
}

var gapRun = regexp.MustCompile(`^\[headroom: items? ([0-9,]+)(?:-([0-9,]+))? elided`)

var gapNote = regexp.MustCompile(`^\[headroom: items ([0-9,]+)-([0-9,]+) elided \([0-9,]+ of [0-9,]+\); (?:the first ([0-9,]+)|all) by name, in folds \(` +
	regexp.QuoteMeta(FoldLegend) + `\)`)

// checkGapNames checks the names after each note of view that names a cut
// run against the items of in, the input the view stands for, and returns
// how many such notes it read.
func checkGapNames(t *testing.T, view, in any) int {
	t.Helper()
	notes := 0
	switch v := view.(type) {
	case map[string]any:
		m, _ := in.(map[string]any)
		for k, sub := range v {
			if m[k] != nil {
				notes += checkGapNames(t, sub, m[k])
			}
		}
	case []any:
		items, _ := in.([]any)
		next := 0
		for j := 0; j < len(v); j++ {
			s, ok := v[j].(string)
			if !ok {
				if next < len(items) {
					notes += checkGapNames(t, v[j], items[next])
				}
				next++
				continue
			}
			run := gapRun.FindStringSubmatch(s)
			if run == nil {
				continue // a record list's note, or a string item
			}
			from, to := atoi(run[1]), atoi(run[1])
			if run[2] != "" {
				to = atoi(run[2])
			}
			next = to + 1
			m := gapNote.FindStringSubmatch(s)
			if m == nil {
				continue
			}
			notes++
			var named []string
			for j+1 < len(v) {
				rec, ok := v[j+1].(map[string]any)
				if !ok || len(rec) != 1 || rec["name"] == nil {
					break
				}
				j++
				line := `"name": "` + rec["name"].(string) + `"`
				unfolded := Unfold([]byte(line))
				if unfolded == nil {
					unfolded = [][]byte{[]byte(line)}
				}
				for _, u := range unfolded {
					named = append(named, string(u[len(`"name": "`):len(u)-1]))
				}
			}
			n := to - from + 1
			if m[3] != "" {
				n = atoi(m[3])
			}
			var want []string
			for _, it := range items[from : from+n] {
				want = append(want, it.(map[string]any)["name"].(string))
			}
			slices.Sort(want)
			slices.Sort(named)
			if !slices.Equal(named, want) {
				t.Errorf("note %q names %q, want %q", s, named, want)
			}
		}
	}
	return notes
}

// Names of cut runs never shrink a view: where naming them costs a level
// so much that the view picked falls far short of the budget (and the
// record view, shorter still, takes its place), the view with the runs
// counted, named in the room it leaves, is shown. A directory tree's view
// fills its budget at every budget.
func TestJSONCutRunNamesDoNotShrinkView(t *testing.T) {
	checkFills(t, "tree-j-crypto-tls.json", 1000, 2000)
}

// checkFills checks that the view of the local sample name uses three
// quarters of its budget at least, at every hundred tokens from from
// through to.
func checkFills(t *testing.T, name string, from, to int) {
	t.Helper()
	in := readFile(t, filepath.Join(localJSON, name))
	c := counter()
	for budget := from; budget <= to; budget += 100 {
		got := body(t, shape.JSON, in, budget)
		if n := c.Count(got); n < budget*3/4 {
			t.Errorf("budget %d: the view uses %d tokens:\n%s", budget, n, got)
		}
	}
}
