package cmd

import (
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"
)

// A recorded command line is what a shell reads back as the same words.
func TestShellQuote(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	argvs := [][]string{
		{"go", "test", "./..."},
		{"git", "diff", "HEAD~6", "~/x", "~", "--dir=~/x", "a:~"},
		{"rg", "-n", "parse Config", "--glob", "*.go"},
		{"sh", "-c", `echo "it's $HOME"; exit 3`},
		{"FOO=bar", "x"},
		{"printf", "", "a\nb", "tab\there", `back\slash`, "'", "~", "#", "a;b", "(x)", "é✓"},
	}
	for _, argv := range argvs {
		quoted := shellQuote(argv)
		out, err := exec.Command("sh", "-c", `printf '%s\0' `+quoted).Output()
		if err != nil {
			t.Fatalf("sh of %s: %v", quoted, err)
		}
		got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		if strings.Join(got, "|") != strings.Join(argv, "|") {
			t.Errorf("shellQuote(%q) = %s, which sh reads as %q", argv, quoted, got)
		}
	}
	if got := shellQuote([]string{"git", "diff", "HEAD~6"}); got != "git diff HEAD~6" {
		t.Errorf("plain words are quoted: %s", got)
	}
	if got := shellQuote([]string{"ls", "--dir=~/x"}); got != "ls '--dir=~/x'" {
		t.Errorf("a ~ bash would expand is left bare: %s", got)
	}
}

// A long command line is cut on a character's boundary.
func TestShellQuoteCut(t *testing.T) {
	got := shellQuote([]string{"sh", "-c", strings.Repeat("é", maxCommand)})
	if len(got) > maxCommand+len("…") || !strings.HasSuffix(got, "…") || !utf8.ValidString(got) {
		t.Errorf("cut command: %d bytes, valid UTF-8 %v, ends %q", len(got), utf8.ValidString(got), got[len(got)-8:])
	}
}
