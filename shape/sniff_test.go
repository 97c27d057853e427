package shape

import (
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

// FuzzSniff: any sample gets a known kind and a reason, the same one every
// time, and a sample with a NUL byte is binary.
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
	f.Fuzz(func(t *testing.T, sample []byte) {
		k, why := Sniff(sample)
		if !slices.Contains(append(Kinds, Binary), k) || why == "" {
			t.Fatalf("Sniff = %q, %q", k, why)
		}
		if k2, why2 := Sniff(sample); k2 != k || why2 != why {
			t.Fatalf("Sniff not deterministic: %q then %q", k, k2)
		}
		if slices.Contains(sample, 0) != (k == Binary) {
			t.Fatalf("NUL byte %v, kind %s", slices.Contains(sample, 0), k)
		}
	})
}
