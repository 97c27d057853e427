package token

import (
	"bytes"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/headroom-cli/headroom/token/internal/vocab"
	loader "github.com/pkoukk/tiktoken-go-loader"
	"github.com/pkoukk/tiktoken-go-loader/assets"
)

var fullCorpus = flag.Bool("corpus.full", false, "compare whole ../testdata/corpus files with tiktoken-go (slow)")

func TestNew(t *testing.T) {
	if _, err := New("p50k_base"); err == nil {
		t.Error("New(p50k_base) succeeded; want an error")
	}
	for _, name := range Encodings {
		c := mustNew(t, name)
		if c.Name() != name {
			t.Errorf("Name() = %q, want %q", c.Name(), name)
		}
		if n := c.Count(nil); n != 0 {
			t.Errorf("%s: Count(nil) = %d", name, n)
		}
	}
	if !ValidEncoding(DefaultEncoding) {
		t.Errorf("DefaultEncoding %q is not valid", DefaultEncoding)
	}
}

// TestTablesUpToDate regenerates the embedded tables from tiktoken-go-loader's
// files and compares bytes, so a stale table or a generator change that was
// not followed by go generate fails here.
func TestTablesUpToDate(t *testing.T) {
	embedded := map[string][]byte{"o200k_base": o200kTable, "cl100k_base": cl100kTable}
	for _, name := range vocab.Names {
		src, err := assets.Assets.ReadFile(name + ".tiktoken")
		if err != nil {
			t.Fatal(err)
		}
		want, err := vocab.Generate(name, src)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(embedded[name], want) {
			t.Errorf("%s: embedded table is stale; run go generate ./token", name)
		}
	}
}

// TestTablesMatchLoader checks every token's rank against the map that
// tiktoken-go itself uses.
func TestTablesMatchLoader(t *testing.T) {
	for _, name := range Encodings {
		ranks, err := loader.NewOfflineLoader().LoadTiktokenBpe(name + ".tiktoken")
		if err != nil {
			t.Fatal(err)
		}
		c := mustNew(t, name)
		if c.enc.table.Len() != len(ranks) {
			t.Errorf("%s: table has %d tokens, loader %d", name, c.enc.table.Len(), len(ranks))
		}
		bad := 0
		for tok, want := range ranks {
			if got, ok := c.enc.table.Rank([]byte(tok)); !ok || got != want {
				if bad++; bad <= 5 {
					t.Errorf("%s: Rank(%q) = %d, %v; want %d", name, tok, got, ok, want)
				}
			}
		}
		for _, miss := range []string{"", "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", string(make([]byte, 300))} {
			if _, ok := ranks[miss]; !ok {
				if r, ok := c.enc.table.Rank([]byte(miss)); ok {
					t.Errorf("%s: Rank(%q) = %d for a non-token", name, miss, r)
				}
			}
		}
	}
}

func TestCountMatchesTiktoken(t *testing.T) {
	inputs := map[string][]byte{}
	for i, s := range tricky {
		inputs[fmt.Sprintf("tricky %d", i)] = []byte(s)
	}
	maps.Copy(inputs, generated())
	maps.Copy(inputs, goSources(t, []string{".go"}, 200, 12<<10))
	maps.Copy(inputs, goSources(t, []string{".txt", ".json", ".html", ".md", ".s", ".golden", ".out", ".csv", ".xml", ".bin", ".gz"}, 120, 8<<10))
	corp := corpus(t)
	if len(corp) == 0 {
		t.Log("no ../testdata/corpus; skipping corpus files")
	}
	for name, b := range corp {
		// tiktoken-go needs about a second per megabyte, so by default
		// only each file's ends are compared. The cuts fall at arbitrary
		// bytes, which also tests text that starts or ends mid-rune.
		const head, tail = 24 << 10, 8 << 10
		if !*fullCorpus && len(b) > head+tail {
			inputs[name+" (head)"] = b[:head]
			inputs[name+" (tail)"] = b[len(b)-tail:]
			continue
		}
		inputs[name] = b
	}
	names := slices.Sorted(maps.Keys(inputs))
	for _, enc := range Encodings {
		t.Run(enc, func(t *testing.T) {
			t.Parallel()
			c := mustNew(t, enc)
			reference(t, enc)
			for _, name := range names {
				checkCount(t, c, name, inputs[name])
			}
		})
	}
}

// TestSplitMatchesRegexp compares piece boundaries with regexp2 directly, so
// that a split error cannot hide behind a coincidentally equal count.
func TestSplitMatchesRegexp(t *testing.T) {
	inputs := [][]byte{}
	for _, s := range tricky {
		inputs = append(inputs, []byte(s))
	}
	for _, b := range generated() {
		inputs = append(inputs, b)
	}
	for _, enc := range Encodings {
		c := mustNew(t, enc)
		for _, b := range inputs {
			s := sanitize(b)
			if ours, theirs := ourPieces(c, s), regexPieces(enc, s); !slices.Equal(ours, theirs) {
				t.Errorf("%s: split of %s differs:\n%s", enc, quote(b, 200), explain(t, c, b))
			}
		}
	}
}

// TestRuns compares counts on runs of one repeated unit. Runs are where BPE
// has ties (equal adjacent pairs), and merging the leftmost pair first, as
// tiktoken does, gives different counts from merging any other first.
func TestRuns(t *testing.T) {
	var units []string
	for c := ' '; c < 0x7f; c++ {
		units = append(units, string(c))
	}
	units = append(units, "ab", "\u4e2d", "\u00e9", "\r\n", " \t", "-=", "\U0001f600")
	lengths := []int{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 23, 24, 25, 31, 32, 33, 40, 47, 48, 49, 63, 64, 65, 66, 100, 129}
	for _, enc := range Encodings {
		t.Run(enc, func(t *testing.T) {
			t.Parallel()
			c := mustNew(t, enc)
			for _, u := range units {
				for _, prefix := range []string{"", " ", "x"} {
					for _, n := range lengths {
						b := []byte(prefix + strings.Repeat(u, n))
						checkCount(t, c, fmt.Sprintf("%q x %d", u, n), b)
					}
				}
			}
		})
	}
}

// TestMergeLarge checks the heap-based merge against the simple one on
// pieces both can handle.
func TestMergeLarge(t *testing.T) {
	for _, enc := range Encodings {
		c := mustNew(t, enc)
		for _, s := range append(tricky, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "abababababbababab", "            ", "!!!!!!!!!!!!!!!!!!!!!!!!!!!!") {
			for _, b := range [][]byte{[]byte(s), expand([]byte(s))} {
				if len(b) < 2 || len(b) > smallPiece {
					continue
				}
				if small, large := c.enc.mergeSmall(b), c.enc.mergeLarge(b); small != large {
					t.Errorf("%s: %q: mergeSmall = %d, mergeLarge = %d", enc, b, small, large)
				}
			}
		}
	}
}

func TestConcurrent(t *testing.T) {
	c := mustNew(t, DefaultEncoding)
	in := generated()
	want := map[string]int{}
	for k, b := range in {
		want[k] = c.Count(b)
	}
	// Start cold so that the goroutines race to fill the same entries.
	clearCaches(c.enc.cache)
	for i := range bmpClass {
		bmpClass[i].Store(0)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for k, b := range in { // map order differs per goroutine
				if got := c.Count(b); got != want[k] {
					t.Errorf("%s: concurrent Count = %d, want %d", k, got, want[k])
				}
			}
		})
	}
	wg.Wait()
}
