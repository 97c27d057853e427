package shape

import (
	"os"
	"testing"
)

// BenchmarkSniff sniffs large real samples of every kind as clip shows
// them to Sniff. Its time is paid once per clipped input, ahead of the
// reducer.
func BenchmarkSniff(b *testing.B) {
	for _, name := range []string{
		"log-configure-make-cpython313", "grep-rg-flood-errnil", "grep-rg-minified-node-modules",
		"json-gotest-json-fail", "listing-rg-files-node-modules", "outline-man-bash",
	} {
		data, err := os.ReadFile("../testdata/corpus/" + name + ".out")
		if err != nil {
			b.Fatal(err)
		}
		sample := data[:min(len(data), clipHead)]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Sniff(sample)
			}
		})
	}
}
