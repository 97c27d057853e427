// Command mkcorpus packs the samples of a corpus directory that headroom
// embeds as its default bench corpus (those whose output is at most
// bench.EmbedMax bytes) into a gzipped tar. The archive depends only on the
// samples' bytes, so regenerating it from the same corpus gives the same
// file.
package main

import (
	"archive/tar"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/headroom-cli/headroom/bench"
)

func main() {
	from := flag.String("from", "../testdata/corpus", "directory holding NAME.out and NAME.needles")
	out := flag.String("o", "corpus.tar.gz", "archive to write")
	flag.Parse()
	if err := run(*from, *out); err != nil {
		fmt.Fprintf(os.Stderr, "mkcorpus: %v\n", err)
		os.Exit(1)
	}
}

func run(from, out string) error {
	names, err := embedded(from)
	if err != nil {
		return err
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	zw, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	for _, n := range names {
		for _, file := range []string{n + ".out", n + ".needles"} {
			b, err := os.ReadFile(filepath.Join(from, file))
			if err != nil {
				return err
			}
			if err := tw.WriteHeader(&tar.Header{Name: file, Mode: 0o644, Size: int64(len(b)), Typeflag: tar.TypeReg}); err != nil {
				return err
			}
			if _, err := tw.Write(b); err != nil {
				return err
			}
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return f.Close()
}

// embedded names the samples of dir to embed, in name order.
func embedded(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".out")
		if !ok || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			return nil, err
		}
		if fi.Size() <= bench.EmbedMax {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names, nil
}
