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

// init refuses, in one line naming the file and with status 1, to change a
// settings file it would get wrong or must not touch, and leaves it as it
// was.
func TestInitRefuses(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		settings string
		mode     os.FileMode
		link     string // settings.json is a symbolic link to this instead
		want     string // the error, after "headroom: error: "
	}{
		{
			name: "read-only", args: []string{"init", "claude"},
			settings: "{}\n", mode: 0o444,
			want: ".claude/settings.json is read-only; make it writable to let init change it",
		},
		{
			name: "read-only, uninstall", args: []string{"init", "claude", "--uninstall"},
			settings: `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"headroom hook claude"}]}]}}`, mode: 0o444,
			want: ".claude/settings.json is read-only; make it writable to let init change it",
		},
		{
			// The agent reads the last "hooks"; adding to the first would
			// install nothing while saying it did.
			name: "duplicate hooks", args: []string{"init", "claude"},
			settings: `{"hooks":{},"hooks":{"PreToolUse":[]}}`, mode: 0o644,
			want: `.claude/settings.json has a duplicate key "hooks"; edit it by hand`,
		},
		{
			name: "duplicate event", args: []string{"init", "claude"},
			settings: `{"hooks":{"PreToolUse":[],"PreToolUse":[]}}`, mode: 0o644,
			want: `.claude/settings.json has a duplicate key "PreToolUse" in "hooks"; edit it by hand`,
		},
		{
			name: "duplicate event, uninstall", args: []string{"init", "claude", "--uninstall"},
			settings: `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"headroom hook claude"}]}],"PreToolUse":[]}}`, mode: 0o644,
			want: `.claude/settings.json has a duplicate key "PreToolUse" in "hooks"; edit it by hand`,
		},
		{
			name: "dangling link", args: []string{"init", "claude"},
			link: "missing.json",
			want: ".claude/settings.json is a symbolic link to missing.json, which does not exist; create the file or remove the link",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := inDir(t)
			path := filepath.Join(dir, ".claude", "settings.json")
			os.MkdirAll(filepath.Dir(path), 0o755)
			if tt.link != "" {
				if err := os.Symlink(tt.link, path); err != nil {
					t.Fatal(err)
				}
			} else if err := os.WriteFile(path, []byte(tt.settings), tt.mode); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := run(t, "", tt.args...)
			if code != ExitFailure {
				t.Errorf("exit %d, want %d", code, ExitFailure)
			}
			if want := "headroom: error: " + tt.want + "\n"; stderr != want || stdout != "" {
				t.Errorf("stdout %q, stderr %q; want no stdout and stderr %q", stdout, stderr, want)
			}
			entries, _ := os.ReadDir(filepath.Dir(path))
			if len(entries) != 1 {
				t.Errorf("files beside the settings: %v", entries)
			}
			if tt.link != "" {
				if _, err := os.Lstat(filepath.Join(filepath.Dir(path), tt.link)); err == nil {
					t.Errorf("created the link's target")
				}
				return
			}
			b, err := os.ReadFile(path)
			fi, _ := os.Stat(path)
			if err != nil || string(b) != tt.settings || fi.Mode().Perm() != tt.mode {
				t.Errorf("changed the file: %q, %v", b, err)
			}
		})
	}
}

// codexRoots finds the directories whose trust Codex looks up: the nearest
// holding .git, and the main work tree of a linked one.
func TestCodexRoots(t *testing.T) {
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	linked := filepath.Join(dir, "linked")
	for _, d := range []string{filepath.Join(repo, ".git", "worktrees", "linked"), filepath.Join(repo, "sub"), filepath.Join(linked, "pkg"), filepath.Join(dir, "bare")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	gitFile := "gitdir: " + filepath.Join(repo, ".git", "worktrees", "linked") + "\n"
	if err := os.WriteFile(filepath.Join(linked, ".git"), []byte(gitFile), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		dir  string
		want []string
	}{
		{repo, []string{repo}},
		{filepath.Join(repo, "sub"), []string{repo}},
		{filepath.Join(linked, "pkg"), []string{linked, repo}},
	}
	for _, tt := range tests {
		if got := codexRoots(tt.dir); strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("codexRoots(%s) = %q, want %q", tt.dir, got, tt.want)
		}
	}
	// Outside a repository there is none, unless a directory above the
	// temporary one is one.
	if got := codexRoots(filepath.Join(dir, "bare")); len(got) > 0 && strings.HasPrefix(got[0], dir) {
		t.Errorf("codexRoots outside a repository = %q", got)
	}
}
