package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/headroom-cli/headroom/cmd"
)

var date = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestManPages checks that every command the binary has gets a page, with
// its examples, and that the gzipped copy packages install holds the same
// page.
func TestManPages(t *testing.T) {
	out := t.TempDir()
	if err := generate(out, "v1.2.3", date); err != nil {
		t.Fatal(err)
	}
	root := cmd.Tree()
	pages := []string{"headroom.1", "headroom-completion.1", "headroom-completion-bash.1"}
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			pages = append(pages, "headroom-"+c.Name()+".1")
		}
	}
	for _, name := range pages {
		path := filepath.Join(out, "man", name)
		page := read(t, path)
		if !strings.Contains(page, `"Mar 2026" "headroom v1.2.3" "headroom manual"`) {
			t.Errorf("%s: header has no date, version or manual: %.200q", name, page)
		}
		if strings.Contains(page, "spf13/cobra") {
			t.Errorf("%s: names the generator instead of headroom", name)
		}
		z, err := gzip.NewReader(strings.NewReader(read(t, path+".gz")))
		if err != nil {
			t.Fatalf("%s.gz: %v", name, err)
		}
		unzipped, err := io.ReadAll(z)
		if err != nil || string(unzipped) != page {
			t.Errorf("%s.gz does not hold the page (err %v)", name, err)
		}
	}
	clip := read(t, filepath.Join(out, "man", "headroom-clip.1"))
	if !strings.Contains(clip, "go test ./... 2>&1 | headroom clip") {
		t.Errorf("headroom-clip.1 lacks its examples:\n%s", clip)
	}
	// init's indented table of agents stays one line per agent: an example
	// block (.EX) keeps lines as they are.
	initPage := read(t, filepath.Join(out, "man", "headroom-init.1"))
	if !strings.Contains(initPage, ".EX\nclaude    a PreToolUse hook on Bash in .claude/settings.json\ngemini ") {
		t.Errorf("headroom-init.1 lost the table of agents:\n%s", initPage)
	}
}

func TestCompletions(t *testing.T) {
	out := t.TempDir()
	if err := generate(out, "", date); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"headroom.bash": "__start_headroom",
		"headroom.zsh":  "#compdef headroom",
		"headroom.fish": "complete -c headroom",
	} {
		if s := read(t, filepath.Join(out, "completions", name)); !strings.Contains(s, want) {
			t.Errorf("%s lacks %q", name, want)
		}
	}
}

// TestGenerateReplaces checks that a page left from an earlier run, of a
// command since removed, is not shipped, and that the same tree and date
// give the same bytes.
func TestGenerateReplaces(t *testing.T) {
	out := t.TempDir()
	if err := generate(out, "v1", date); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(out, "man", "headroom-removed.1")
	if err := os.WriteFile(stale, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	first := read(t, filepath.Join(out, "man", "headroom-run.1.gz"))
	if err := generate(out, "v1", date); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("a stale page survived")
	}
	if second := read(t, filepath.Join(out, "man", "headroom-run.1.gz")); !bytes.Equal([]byte(first), []byte(second)) {
		t.Error("two runs gave different bytes")
	}
}
