package cmd

import (
	"os"
	"path/filepath"
	"testing"
)

// Inside an agent, a command that its rules deny or ask about cannot be
// executed through headroom run: the status is 126, and the command does
// not run.
func TestRunAgentRule(t *testing.T) {
	home := t.TempDir()
	rules := filepath.Join(home, "rules")
	if err := os.MkdirAll(rules, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(rules, "default.rules"), []byte(`prefix_rule(pattern = ["sh"], decision = "forbidden")`), 0o644); err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(t.TempDir(), "ran")
	env := []string{"CODEX_THREAD_ID=t", "CODEX_HOME=" + home}
	code, stdout, stderr := result(t, headroom(t, env, "run", "--", "sh", "-c", "touch "+marker))
	if code != ExitNotExecutable || stdout != "" || stderr == "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want %d and one line", code, stdout, stderr, ExitNotExecutable)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("the command ran")
	}
}

func TestShellJoin(t *testing.T) {
	for _, tt := range []struct {
		argv []string
		want string
	}{
		{[]string{"go", "test", "./..."}, "go test ./..."},
		{[]string{"rg", "-n", "a b", "it's"}, `rg -n 'a b' 'it'\''s'`},
		{[]string{"echo", ""}, "echo ''"},
	} {
		if got := shellJoin(tt.argv); got != tt.want {
			t.Errorf("shellJoin(%q) = %q, want %q", tt.argv, got, tt.want)
		}
	}
}
