package token

import "testing"

// FuzzCount compares Count with tiktoken-go for both encodings, on the raw
// input (arbitrary bytes, including invalid UTF-8) and on the input mapped
// through alphabet, which steers the fuzzer towards the Unicode categories,
// whitespace and contractions that the pre-tokenizers distinguish.
func FuzzCount(f *testing.F) {
	for _, s := range tricky {
		f.Add([]byte(s))
	}
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88})
	counters := map[string]*Counter{}
	for _, name := range Encodings {
		counters[name] = mustNew(f, name)
		reference(f, name)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		// tiktoken-go merges long pieces in quadratic time; beyond this
		// the fuzzer would spend its time in the reference. 1 KiB still
		// reaches mergeLarge, which takes pieces over smallPiece bytes.
		b = b[:min(len(b), 1024)]
		for _, name := range Encodings {
			c := counters[name]
			checkCount(t, c, "raw", b)
			checkCount(t, c, "expanded", expand(b))
		}
	})
}

// FuzzBoundary checks that cutting at boundary never changes a count: the
// two parts counted apart add up to the whole, for both encodings.
func FuzzBoundary(f *testing.F) {
	for _, s := range tricky {
		f.Add([]byte(s+"\n"+s), 0)
	}
	f.Add([]byte("a \n\nb\n/c\n d\n'se\nf"), 1)
	counters := map[string]*Counter{}
	for _, name := range Encodings {
		counters[name] = mustNew(f, name)
	}
	f.Fuzz(func(t *testing.T, b []byte, from int) {
		for _, b := range [][]byte{b, expand(b)} {
			checkBoundary(t, counters, b, min(max(from, 0), len(b)))
		}
	})
}

// TestBoundaryCorpus cuts every corpus sample at boundaries from ten
// points through it.
func TestBoundaryCorpus(t *testing.T) {
	counters := map[string]*Counter{}
	for _, name := range Encodings {
		counters[name] = mustNew(t, name)
	}
	cuts := 0
	for _, b := range corpus(t) {
		for k := range 10 {
			cuts += checkBoundary(t, counters, b, len(b)*k/10)
		}
	}
	if len(corpus(t)) > 0 && cuts < 100 {
		t.Errorf("only %d cuts in the corpus", cuts)
	}
}

// checkBoundary cuts b at boundary(b, from), if there is one, and checks
// that the parts' counts add up to the whole's; it returns the number of
// cuts made.
func checkBoundary(t *testing.T, counters map[string]*Counter, b []byte, from int) int {
	t.Helper()
	i := boundary(b, from)
	if i < 0 {
		return 0
	}
	if i < from || i > len(b) || b[i-1] != '\n' {
		t.Fatalf("boundary(%q, %d) = %d", b, from, i)
	}
	for name, c := range counters {
		if err := c.Load(); err != nil {
			t.Fatal(err)
		}
		if whole, parts := c.enc.count(b), c.enc.count(b[:i])+c.enc.count(b[i:]); whole != parts {
			t.Errorf("%s: %.60q cut at %d: %d tokens whole, %d in parts", name, b[max(0, i-30):], i, whole, parts)
		}
	}
	return 1
}
