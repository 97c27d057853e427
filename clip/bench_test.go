package clip

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"testing"
)

// realLog returns a passing go test -v log from the corpus repeated to size
// bytes: real lines, most of them noise, as a CI log is.
func realLog(b *testing.B, size int) []byte {
	sample, err := os.ReadFile("../testdata/corpus/log-gotest-v-pass.out")
	if err != nil {
		b.Fatal(err)
	}
	return bytes.Repeat(sample, size/len(sample)+1)[:size]
}

// BenchmarkClip runs the whole pipeline (spool, hash, sniff, reduce, count,
// render, commit) over logs of growing size; ns/op divided by the size
// shows whether time per MB stays flat.
func BenchmarkClip(b *testing.B) {
	for _, mb := range []int{1, 10, 100} {
		in := realLog(b, mb<<20)
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			o := options(b, DefaultBudget)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				res, err := Clip(bytes.NewReader(in), io.Discard, o)
				if err != nil || !res.Clipped {
					b.Fatalf("clipped %v, %v", res.Clipped, err)
				}
			}
		})
	}
}

// BenchmarkPassThrough is input well within the budget: no counter, no
// store.
func BenchmarkPassThrough(b *testing.B) {
	in := realLog(b, 1500)
	o := options(b, DefaultBudget)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if res, err := Clip(bytes.NewReader(in), io.Discard, o); err != nil || res.Clipped {
			b.Fatalf("clipped %v, %v", res.Clipped, err)
		}
	}
}
