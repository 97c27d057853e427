package bench

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strings"
)

//go:generate go run ./internal/mkcorpus -from ../testdata/corpus -o corpus.tar.gz

// EmbedMax is the size of the largest sample that ships inside the binary:
// every sample of testdata/corpus whose output is at most 64 KiB, four in
// five of them, in an archive about as large as the 67 samples of the first
// corpus took. The larger ones (floods, long logs, big documents) stay in
// testdata/corpus, which `headroom bench testdata/corpus` runs whole.
const EmbedMax = 64 << 10

// corpus is the part of testdata/corpus that ships inside the binary, so
// that `headroom bench` works anywhere.
//
//go:embed corpus.tar.gz
var corpus []byte

// Embedded returns the samples built into the binary, in name order.
func Embedded() ([]Sample, error) {
	return ReadArchive(bytes.NewReader(corpus))
}

// ReadArchive reads samples from a gzipped tar of X.out and X.needles
// files, as mkcorpus writes it.
func ReadArchive(r io.Reader) ([]Sample, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("read corpus: %w", err)
	}
	tr := tar.NewReader(zr)
	var out []Sample
	index := map[string]int{}
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read corpus: %w", err)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, fmt.Errorf("read corpus: %w", err)
		}
		name, isNeedles := strings.CutSuffix(h.Name, ".needles")
		name = strings.TrimSuffix(name, ".out")
		i, ok := index[name]
		if !ok {
			i = len(out)
			index[name] = i
			out = append(out, Sample{Name: name})
		}
		if isNeedles {
			out[i].Needles = ParseNeedles(b)
		} else {
			out[i].Data = b
		}
	}
}
