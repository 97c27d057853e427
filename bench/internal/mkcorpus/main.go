// Command mkcorpus packs the samples named in a list into the gzipped tar
// that headroom embeds as its default bench corpus. The archive depends only
// on the samples' bytes, so regenerating it from the same corpus gives the
// same file.
package main

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	list := flag.String("list", "corpus.list", "file naming one sample per line")
	from := flag.String("from", "../testdata/corpus", "directory holding NAME.out and NAME.needles")
	out := flag.String("o", "corpus.tar.gz", "archive to write")
	flag.Parse()
	if err := run(*list, *from, *out); err != nil {
		fmt.Fprintf(os.Stderr, "mkcorpus: %v\n", err)
		os.Exit(1)
	}
}

func run(list, from, out string) error {
	names, err := readList(list)
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

func readList(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var names []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		l := strings.TrimSpace(s.Text())
		if l != "" && !strings.HasPrefix(l, "#") {
			names = append(names, l)
		}
	}
	return names, s.Err()
}
