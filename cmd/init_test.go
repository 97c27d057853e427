package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// inDir runs the test in a fresh working directory.
func inDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	return dir
}

func TestInitStatus(t *testing.T) {
	tests := []struct {
		name     string
		settings string // .claude/settings.json beforehand, if any
		args     []string
		want     int
	}{
		{"install", "", []string{"init", "claude"}, ExitOK},
		{"uninstall with nothing installed", "", []string{"init", "claude", "--uninstall"}, ExitOK},
		{"unknown agent", "", []string{"init", "cursor"}, ExitUsage},
		{"no agent", "", []string{"init"}, ExitUsage},
		{"bad flag", "", []string{"init", "claude", "--everywhere"}, ExitUsage},
		{"user settings without HOME", "", []string{"init", "claude", "--user"}, ExitUsage},
		{"settings with comments", "{\n  // mine\n}\n", []string{"init", "claude"}, ExitFailure},
		{"settings not an object", "[]\n", []string{"init", "claude"}, ExitFailure},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := inDir(t)
			path := filepath.Join(dir, ".claude", "settings.json")
			if tt.settings != "" {
				os.MkdirAll(filepath.Dir(path), 0o755)
				os.WriteFile(path, []byte(tt.settings), 0o644)
			}
			code, _, stderr := run(t, "", tt.args...)
			if code != tt.want {
				t.Errorf("exit %d, want %d; stderr: %s", code, tt.want, stderr)
			}
			if tt.want != ExitOK && strings.Count(stderr, "\n") != 1 {
				t.Errorf("stderr is not one line: %q", stderr)
			}
			if tt.settings != "" && tt.want != ExitOK {
				if b, _ := os.ReadFile(path); string(b) != tt.settings {
					t.Errorf("a refused install changed the file: %q", b)
				}
			}
		})
	}
}

// init keeps the mode of the file it changes, and gives its backup the same.
func TestInitKeepsMode(t *testing.T) {
	dir := inDir(t)
	path := filepath.Join(dir, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, "", "init", "claude"); code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, p := range []string{path, path + backupSuffix} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Error(err)
		} else if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want 0600", p, fi.Mode().Perm())
		}
	}
}
