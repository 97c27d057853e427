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
