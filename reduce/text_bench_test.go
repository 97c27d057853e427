package reduce

import (
	"bytes"
	"os"
	"testing"
)

func BenchmarkTextReducer(b *testing.B) {
	src, err := os.ReadFile("../testdata/corpus/log-gotest-v-soak-huge.out")
	if err != nil {
		b.Fatal(err)
	}
	in := bytes.Repeat(src, 5)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewText(2000)
		s := NewSplitter(r)
		for off := 0; off < len(in); off += 64 << 10 {
			s.Write(in[off:min(off+64<<10, len(in))])
		}
		s.Close()
	}
}
