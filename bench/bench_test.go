package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/reduce"
	"github.com/headroom-cli/headroom/token"
)

var counter = token.Default()

// The embedded corpus must be every sample of testdata/corpus up to
// EmbedMax bytes, byte for byte: a stale archive would report on samples
// nobody can see.
func TestEmbeddedCorpusIsFresh(t *testing.T) {
	got, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob("../testdata/corpus/*.out")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	var names []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size() <= EmbedMax {
			names = append(names, strings.TrimSuffix(filepath.Base(p), ".out"))
		}
	}
	slices.Sort(names)
	if len(got) != len(names) {
		t.Fatalf("embedded %d samples, testdata/corpus has %d up to %d bytes (run go generate ./bench)", len(got), len(names), EmbedMax)
	}
	for i, n := range names {
		data, err := os.ReadFile(filepath.Join("../testdata/corpus", n+".out"))
		if err != nil {
			t.Fatal(err)
		}
		needles, err := os.ReadFile(filepath.Join("../testdata/corpus", n+".needles"))
		if err != nil {
			t.Fatal(err)
		}
		s := got[i]
		if s.Name != n || !bytes.Equal(s.Data, data) || strings.Join(s.Needles, "\n") != strings.Join(ParseNeedles(needles), "\n") {
			t.Errorf("embedded sample %d (%s) differs from testdata/corpus/%s (run go generate ./bench)", i, s.Name, n)
		}
	}
	if fi, err := os.Stat("corpus.tar.gz"); err != nil || fi.Size() > 1<<20 {
		t.Errorf("corpus.tar.gz: %v, size over 1 MiB", err)
	}
}

func TestRun(t *testing.T) {
	doc, err := os.ReadFile("../testdata/sample/go-doc-strings.txt")
	if err != nil {
		t.Fatal(err)
	}
	samples := []Sample{
		{Name: "doc", Data: doc, Needles: []string{"package strings", "type Replacer struct", "not in the input"}},
		{Name: "small", Data: []byte("ok\n"), Needles: []string{"ok"}},
	}
	store := elision.Store{Dir: t.TempDir()}
	rs, err := Run(samples, Options{Budget: 300, Counter: counter, Store: store, Baseline: "head"})
	if err != nil {
		t.Fatal(err)
	}
	doc0, small := rs[0], rs[1]
	if doc0.TokensIn != counter.Count(doc) || doc0.TokensOut > 300 || !doc0.RoundtripOK || doc0.Shape != "outline" {
		t.Errorf("doc: %+v", doc0)
	}
	if doc0.NeedlesKept != 2 || doc0.NeedlesTotal != 3 || len(doc0.Missed) != 1 || doc0.Missed[0] != "not in the input" {
		t.Errorf("doc needles: kept %d of %d, missed %q", doc0.NeedlesKept, doc0.NeedlesTotal, doc0.Missed)
	}
	// The head baseline keeps the start only.
	if b := doc0.Baseline; b == nil || b.TokensOut > 300 || b.NeedlesKept != 1 {
		t.Errorf("head baseline: %+v", b)
	}
	if small.Shape != "text (fits)" || small.TokensOut != small.TokensIn || !small.RoundtripOK || small.Ratio != 1 {
		t.Errorf("small: %+v", small)
	}
	s := Summarize(rs)
	if s.TokensIn != doc0.TokensIn+small.TokensIn || s.NeedlesKept != 3 || s.NeedlesTotal != 4 || s.RoundtripOK != 2 {
		t.Errorf("summary: %+v", s)
	}
}

// A round trip that fails is reported, not hidden.
func TestRoundTripDetectsCorruption(t *testing.T) {
	doc, err := os.ReadFile("../testdata/sample/go-doc-strings.txt")
	if err != nil {
		t.Fatal(err)
	}
	store := elision.Store{Dir: t.TempDir()}
	e, err := store.Put(doc, elision.Meta{})
	if err != nil {
		t.Fatal(err)
	}
	// Corrupt the entry: the next clip finds it present and keeps it.
	if err := os.WriteFile(e.Path, []byte("garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	rs, err := Run([]Sample{{Name: "doc", Data: doc}}, Options{Budget: 300, Counter: counter, Store: store, Baseline: "none"})
	if err != nil {
		t.Fatal(err)
	}
	if rs[0].RoundtripOK {
		t.Error("round trip reported ok for a corrupt entry")
	}
}

func TestTruncate(t *testing.T) {
	var in strings.Builder
	for i := range 1000 {
		in.WriteString("line number " + strconv.Itoa(i) + strings.Repeat(" x", i%7) + "\n")
	}
	for _, tail := range []bool{false, true} {
		out := truncate([]byte(in.String()), 200, tail, counter)
		if n := counter.Count(out); n > 200 || n < 150 {
			t.Errorf("tail %v: %d tokens, want close to 200", tail, n)
		}
		if !strings.HasPrefix(in.String(), string(out[:50])) {
			t.Errorf("tail %v: does not start with the input's start", tail)
		}
		if tail != strings.HasSuffix(in.String(), string(out[len(out)-50:])) {
			t.Errorf("tail %v: ends with the input's end: %v", tail, !tail)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		in   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tt.in); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// A needle named only in a fold counts when the view says its lines hold
// folds, and not otherwise.
func TestNeedlesInFolds(t *testing.T) {
	ns := []string{"/src/net/dial.go", "/src/net/dial_test.go", "/src/net/ipsock.go"}
	fold := "/src/net/{dial,dial_test}.go\n"
	legend := "[headroom: 3 paths · 2 below, 2 in folds: " + reduce.FoldLegend + "]\n"
	if kept, missed := needles([]byte(legend+fold), ns); kept != 2 || len(missed) != 1 || missed[0] != ns[2] {
		t.Errorf("with the legend: kept %d, missed %q", kept, missed)
	}
	if kept, _ := needles([]byte(fold), ns); kept != 0 {
		t.Errorf("without the legend: kept %d, want 0", kept)
	}
}

// A sample clip could not cut passes through whole, every needle in it;
// bench scores it as keeping none and says why it failed, so a reducer
// that panics never reads as a perfect view.
func TestFailedClipKeepsNoNeedle(t *testing.T) {
	doc, err := os.ReadFile("../testdata/sample/go-doc-strings.txt")
	if err != nil {
		t.Fatal(err)
	}
	// A store that is a file cannot be written: clip passes the input through.
	file := filepath.Join(t.TempDir(), "store")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	rs, err := Run([]Sample{{Name: "doc", Data: doc, Needles: []string{"package strings", "type Replacer struct"}}},
		Options{Budget: 300, Counter: counter, Store: elision.Store{Dir: file}, Baseline: "none"})
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.Failed == "" || r.Shape != "failed" || r.NeedlesKept != 0 || len(r.Missed) != 2 {
		t.Errorf("failed clip scored as %+v", r)
	}
	if s := Summarize(rs); s.Failed != 1 || s.NeedlesKept != 0 {
		t.Errorf("summary of a failed clip: %+v", s)
	}
}
