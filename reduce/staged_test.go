package reduce

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/shape"
)

// TestStagedMatchesWrite feeds every corpus sample to each line reducer
// twice, once through Write and Close and once through SplitBatch and
// AddBatch with chunks that end mid-line, and wants the same view.
func TestStagedMatchesWrite(t *testing.T) {
	kinds := []shape.Kind{shape.Log, shape.Grep, shape.Diff, shape.Text}
	for _, path := range corpus(t, "") {
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// Make lines that span chunks and a last line without a newline.
		input = append(bytes.Clone(input), "last line, no newline"...)
		name := strings.TrimSuffix(filepath.Base(path), ".out")
		for _, kind := range kinds {
			want := body(t, kind, input, 2000)
			for _, chunk := range []int{1 << 10, 4093, 64 << 10} {
				if got := staged(t, kind, input, 2000, chunk); !bytes.Equal(got, want) {
					t.Errorf("%s as %s in chunks of %d: staged view differs:\n%s\nwant:\n%s", name, kind, chunk, got, want)
				}
			}
		}
	}
}

// staged reduces input as clip's pipeline does, through batches.
func staged(t testing.TB, kind shape.Kind, input []byte, budget, chunk int) []byte {
	t.Helper()
	r, _ := New(kind, budget)
	s := NewSplitter(r)
	if !s.Staged() {
		t.Fatalf("%s reducer is not staged", kind)
	}
	var b Batch
	for off := 0; off < len(input); off += chunk {
		// Each chunk is a copy, overwritten once it is added, so a line
		// kept from it by reference would show.
		c := bytes.Clone(input[off:min(off+chunk, len(input))])
		s.SplitBatch(c, &b)
		s.AddBatch(&b)
		for i := range c {
			c[i] = '#'
		}
	}
	s.SplitBatch(nil, &b)
	s.AddBatch(&b)
	lines := s.Lines()
	if want := bytes.Count(input, []byte("\n")) + 1; lines != want {
		t.Fatalf("%d lines, want %d", lines, want)
	}
	c := counter()
	return Render(Fit(r.Pieces(lines, budget, c), lines, budget, c), lines)
}

// BenchmarkPrepare shows what share of the log reducer's work Prepare
// takes off AddPrepared's goroutine.
func BenchmarkPrepare(b *testing.B) {
	input := repeatSample(b, "log-gotest-v-pass", 10<<20)
	for _, stage := range []string{"prepare", "add"} {
		b.Run(stage, func(b *testing.B) {
			b.SetBytes(int64(len(input)))
			for b.Loop() {
				r, _ := New(shape.Log, 2000)
				s := NewSplitter(r)
				var batch Batch
				for off := 0; off < len(input); off += 64 << 10 {
					s.SplitBatch(input[off:min(off+64<<10, len(input))], &batch)
					if stage == "add" {
						s.AddBatch(&batch)
					}
				}
			}
		})
	}
}
