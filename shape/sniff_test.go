package shape

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

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
