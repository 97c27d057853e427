package shape

import (
	"bytes"
	"iter"
)

// sampleLines yields the lines of a sample, without their newlines. A
// sample may end inside a line, as a window of a longer input does: its
// last line, if it has no newline, is left out, unless it is the only one.
func sampleLines(sample []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for first := true; len(sample) > 0; first = false {
			i := bytes.IndexByte(sample, '\n')
			if i < 0 {
				if first {
					yield(sample)
				}
				return
			}
			if !yield(sample[:i]) {
				return
			}
			sample = sample[i+1:]
		}
	}
}
