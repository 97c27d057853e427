// Command gendocs writes what release archives and packages ship beside the
// binary and derive from its command tree: a man page per command and the
// bash, zsh and fish completion scripts.
//
//	go run ./scripts/gendocs -out build -version v1.2.3 -epoch 1700000000
//
// It replaces OUT/man and OUT/completions whole, so that a page of a
// command since removed is not shipped. The output depends only on the
// command tree and the flags: the date in the man pages is -epoch (or
// SOURCE_DATE_EPOCH), never the clock, when either is given and after 1970.
package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"github.com/headroom-cli/headroom/cmd"
)

func main() {
	out := flag.String("out", "build", "directory to write man/ and completions/ into")
	version := flag.String("version", "", "version named in the man pages' footer")
	epoch := flag.String("epoch", os.Getenv("SOURCE_DATE_EPOCH"), "the man pages' date, in seconds since 1970 (default $SOURCE_DATE_EPOCH, else today)")
	flag.Parse()
	date := time.Now().UTC()
	if *epoch != "" {
		sec, err := strconv.ParseInt(*epoch, 10, 64)
		if err != nil {
			fmt.Fprintf(os.Stderr, "gendocs: error: -epoch %q: not a number of seconds\n", *epoch)
			os.Exit(2)
		}
		// GoReleaser passes a time before 1970 for a snapshot of a
		// repository it cannot read the commit of; today is truer.
		if sec > 0 {
			date = time.Unix(sec, 0).UTC()
		}
	}
	if err := generate(*out, *version, date); err != nil {
		fmt.Fprintf(os.Stderr, "gendocs: error: %v\n", err)
		os.Exit(1)
	}
}

// generate writes out/man/*.1, each also gzipped for packages, and
// out/completions/headroom.{bash,zsh,fish}.
func generate(out, version string, date time.Time) error {
	root := cmd.Tree()
	// The completion command is added when headroom runs; add it here too,
	// so that it has pages like every other command.
	root.InitDefaultCompletionCmd()
	// The pages say which version and date they are of, not which tool
	// wrote them or when it ran.
	root.DisableAutoGenTag = true
	preformat(root)

	man := filepath.Join(out, "man")
	completions := filepath.Join(out, "completions")
	for _, dir := range []string{man, completions} {
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	source := "headroom"
	if version != "" {
		source += " " + version
	}
	header := &doc.GenManHeader{Section: "1", Date: &date, Source: source, Manual: "headroom manual"}
	if err := doc.GenManTree(root, header, man); err != nil {
		return fmt.Errorf("man pages: %w", err)
	}
	if err := gzipAll(man); err != nil {
		return fmt.Errorf("man pages: %w", err)
	}
	scripts := []struct {
		name string
		gen  func(*cobra.Command, io.Writer) error
	}{
		{"headroom.bash", func(c *cobra.Command, w io.Writer) error { return c.GenBashCompletionV2(w, true) }},
		{"headroom.zsh", func(c *cobra.Command, w io.Writer) error { return c.GenZshCompletion(w) }},
		{"headroom.fish", func(c *cobra.Command, w io.Writer) error { return c.GenFishCompletion(w, true) }},
	}
	for _, s := range scripts {
		var b bytes.Buffer
		if err := s.gen(root, &b); err != nil {
			return fmt.Errorf("completion %s: %w", s.name, err)
		}
		if err := os.WriteFile(filepath.Join(completions, s.name), b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// preformat keeps the tables that help texts indent, such as init's list
// of agents, as they are in the man pages: the pages are written from
// Markdown, where only an indent of four spaces keeps lines apart.
func preformat(c *cobra.Command) {
	lines := strings.Split(c.Long, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "  ") {
			lines[i] = "  " + l
		}
	}
	c.Long = strings.Join(lines, "\n")
	for _, sub := range c.Commands() {
		preformat(sub)
	}
}

// gzipAll writes FILE.gz beside each file in dir, as Debian and Fedora
// install man pages. The gzip header carries no name or time, so the same
// page always gives the same bytes.
func gzipAll(dir string) error {
	pages, err := filepath.Glob(filepath.Join(dir, "*.1"))
	if err != nil {
		return err
	}
	if len(pages) == 0 {
		return errors.New("no pages written")
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var z bytes.Buffer
		w, err := gzip.NewWriterLevel(&z, gzip.BestCompression)
		if err != nil {
			return err
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
		if err := w.Close(); err != nil {
			return err
		}
		if err := os.WriteFile(p+".gz", z.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}
