package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestParentPID(t *testing.T) {
	for _, tt := range []struct {
		stat string
		want int
	}{
		{"4242 (sh) S 4241 4242 4000 0 -1 4194560 123", 4241},
		{"77 (a (weird) name) R 12 77 77 0", 12},
		{"77 (no fields)", 0},
		{"garbage", 0},
		{"5 (x) S notanumber 1", 0},
	} {
		if got := parentPID([]byte(tt.stat)); got != tt.want {
			t.Errorf("parentPID(%q) = %d, want %d", tt.stat, got, tt.want)
		}
	}
}

// Rules given on Claude Code's command line reach the hook through the
// process it runs under: a command they deny is left alone. The stand-in
// for Claude Code is a script named claude that runs the hook as a child,
// with the flags on its own command line.
func TestHookReadsClaudeCommandLine(t *testing.T) {
	if _, err := os.Stat("/proc/self/cmdline"); err != nil {
		t.Skip("no /proc")
	}
	claude := filepath.Join(t.TempDir(), "claude")
	script := "#!/bin/sh\n\"$HEADROOM_BIN\" -test.run='^TestHelperHeadroom$' -- hook claude\n"
	if err := os.WriteFile(claude, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	hook := func(command string, flags ...string) string {
		t.Helper()
		c := exec.Command(claude, flags...)
		c.Env = append(os.Environ(), "HEADROOM_TEST_HELPER=1", "HEADROOM_BIN="+os.Args[0], "HOME="+t.TempDir())
		c.Dir = t.TempDir()
		c.Stdin = strings.NewReader(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"` + command + `"}}`)
		out, err := c.Output()
		if err != nil {
			t.Fatalf("%s %q: %v", command, flags, err)
		}
		return string(out)
	}
	rewritten := func(out string) bool { return strings.Contains(out, "headroom run -- ") }
	if out := hook("go test ./..."); !rewritten(out) {
		t.Fatalf("without rules: %q, want the command rewritten", out)
	}
	if out := hook("go test ./...", "-p", "hi", "--disallowedTools", "Bash(go test:*)"); rewritten(out) {
		t.Errorf("denied on the command line, rewritten: %q", out)
	}
	if out := hook("go vet ./...", "--disallowedTools", "Bash(go test:*)"); !rewritten(out) {
		t.Errorf("a command no rule names: %q, want it rewritten", out)
	}
	if out := hook("go test ./...", "--settings", `{"permissions":{"ask":["Bash(go *)"]}}`); rewritten(out) {
		t.Errorf("asked about in --settings, rewritten: %q", out)
	}
}
