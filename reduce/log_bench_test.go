package reduce

import (
	"bytes"
	"os"
	"testing"
)

// benchLog reduces input with the log reducer at the default budget, as
// clip does, b.N times, and reports the throughput and the allocations.
func benchLog(b *testing.B, input []byte) { benchChunks(b, newLog, input) }

// benchChunks reduces input with the reducer newR returns for the default
// budget, written in clip's chunks, b.N times, and reports the throughput
// and the allocations.
func benchChunks(b *testing.B, newR func(int) Reducer, input []byte) {
	c := counter()
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		r := newR(2000)
		s := NewSplitter(r)
		for chunk := input; len(chunk) > 0; {
			n := min(len(chunk), 64<<10) // clip's chunk size
			s.Write(chunk[:n])
			chunk = chunk[n:]
		}
		lines := s.Close()
		Render(Fit(r.Pieces(lines, 2000, c), lines, 2000, c), lines)
	}
}

// repeatSample returns a corpus sample repeated to about size bytes: a
// large log made of real lines.
func repeatSample(b *testing.B, name string, size int) []byte {
	sample, err := os.ReadFile(corpusDir + "/" + name + ".out")
	if err != nil {
		b.Fatal(err)
	}
	return bytes.Repeat(sample, max(1, size/len(sample)))
}

// BenchmarkLogPassing100MB reduces 100 MB of a passing go test -v log,
// ordinary lines that are all noise.
func BenchmarkLogPassing100MB(b *testing.B) {
	benchLog(b, repeatSample(b, "log-gotest-v-pass", 100<<20))
}

// BenchmarkLogSoak reduces the largest log of the corpus, a soak test's
// go test -v output with one failure among 12,000 subtests.
func BenchmarkLogSoak(b *testing.B) {
	benchLog(b, repeatSample(b, "log-gotest-v-soak-huge", 0))
}

// BenchmarkLogBuild100MB reduces 100 MB of a long C build with repeated
// warnings.
func BenchmarkLogBuild100MB(b *testing.B) {
	benchLog(b, repeatSample(b, "log-make-gcc-analyzer-long-build", 100<<20))
}
