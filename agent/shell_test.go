package agent

import (
	"encoding/base64"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// files serves a map of absolute paths as Files.
func files(m fstest.MapFS) Files {
	open := func(name string) (fs.File, error) { return m.Open(strings.TrimPrefix(name, "/")) }
	return Files{
		Open: open,
		Read: func(name string) ([]byte, error) { return fs.ReadFile(m, strings.TrimPrefix(name, "/")) },
		Glob: func(pattern string) ([]string, error) {
			found, err := fs.Glob(m, strings.TrimPrefix(pattern, "/"))
			for i := range found {
				found[i] = "/" + found[i]
			}
			return found, err
		},
	}
}

func TestDefines(t *testing.T) {
	encoded := func(src string) string {
		return `eval "$(echo '` + base64.StdEncoding.EncodeToString([]byte(src)) + `' | base64 -d)" > /dev/null 2>&1`
	}
	wrapped := base64.StdEncoding.EncodeToString([]byte("kubectl () \n{\n    command kubectl --context=dev \"$@\"\n}\n"))
	yes := []string{
		`kubectl() { command kubectl --context=dev "$@"; }`,
		"kubectl () \n{\n  :\n}",
		"function kubectl {\n  :\n}",
		"function kubectl() { :; }",
		"  alias kubectl='kubectl --context=dev'",
		"alias -- kubectl='k'",
		"alias -g kubectl=k",
		"alias ll='ls -l' kubectl=k",
		"alias 'kubectl=k'",
		"if true; then kubectl() { :; }; fi",
		encoded("kubectl () \n{ \n    :\n}\n"),
		"eval \"$(echo '" + wrapped[:20] + "\n" + wrapped[20:] + "' | base64 -d)\" > /dev/null 2>&1",
		"eval \"$(echo 'not*base64' | base64 -d)\"", // cannot tell
		strings.Replace(encoded("kubectl () { :; }"), "-d", "--decode", 1) + "\n" + encoded("k () { :; }"),
	}
	no := []string{
		"mykubectl() { :; }",
		"kubectlx() { :; }",
		"export kubectl=1",
		"kubectl get pods",
		"alias k=kubectl",
		`k() { kubectl "$@"; }`,
		"functions kubectl",
		encoded("k () \n{\n    kubectl \"$@\"\n}\n"),
		"",
	}
	for _, src := range yes {
		if !defines([]byte(src), "kubectl") {
			t.Errorf("defines(%q) = false, want true", src)
		}
	}
	for _, src := range no {
		if defines([]byte(src), "kubectl") {
			t.Errorf("defines(%q) = true, want false", src)
		}
	}
}

// ShellDefines looks in the environment, the start-up files and, for
// Claude Code, its shell snapshots; what it cannot read may define
// anything.
func TestShellDefines(t *testing.T) {
	fsys := fstest.MapFS{
		"home/u/.bashrc": {Data: []byte("[ -z \"$PS1\" ] && return\nkubectl() { command kubectl --context=dev \"$@\"; }\n")},
		"home/u/.zshrc":  {Data: []byte("alias rg='rg --hidden'\n")},
		"cc/shell-snapshots/snapshot-zsh-1760627850287-ab12cd.sh":         {Data: []byte("# Snapshot file\nmvn () {\n\tcommand mvn -o \"$@\"\n}\n")},
		"home/u/.claude/shell-snapshots/snapshot-bash-1760627850286-x.sh": {Data: []byte("alias -- npm='npm --prefix x'\n")},
		"zdot/.zshenv": {Data: []byte("cargo() { :; }\n")},
		"big/.bashrc":  {Data: []byte(strings.Repeat("#\n", maxShellFile))},
		"env/bash_env": {Data: []byte("function pytest { :; }\n")},
	}
	env := map[string]string{
		"BASH_FUNC_jq%%":    "() {  command jq -S \"$@\"; }",
		"CLAUDE_CONFIG_DIR": "/cc",
		"ZDOTDIR":           "/zdot",
		"BASH_ENV":          "/env/bash_env",
	}
	p := Places{Home: "/home/u", Env: func(k string) string { return env[k] }}
	claude := ShellDefines(Claude, files(fsys), p)
	for _, name := range []string{"kubectl", "rg", "jq", "mvn", "npm", "cargo", "pytest"} {
		if !claude(name) {
			t.Errorf("claude: %s not found defined", name)
		}
	}
	for _, name := range []string{"go", "make", "ls"} {
		if claude(name) {
			t.Errorf("claude: %s found defined", name)
		}
	}
	// Only Claude Code runs commands in its snapshots.
	gemini := ShellDefines(Gemini, files(fsys), p)
	if !gemini("kubectl") || gemini("mvn") || gemini("npm") {
		t.Errorf("gemini: kubectl %v, mvn %v, npm %v; want true, false, false", gemini("kubectl"), gemini("mvn"), gemini("npm"))
	}
	// A relative variable is not a path to read.
	env["CLAUDE_CONFIG_DIR"] = "cc"
	if claude("mvn") {
		t.Errorf("a relative CLAUDE_CONFIG_DIR was read")
	}
	if !ShellDefines(Claude, files(fsys), Places{Home: "/big"})("go") {
		t.Errorf("a start-up file too long to read did not count as defining everything")
	}
	unreadable := files(fsys)
	unreadable.Open = func(string) (fs.File, error) { return nil, fs.ErrPermission }
	if !ShellDefines(Claude, unreadable, Places{Home: "/home/u"})("go") {
		t.Errorf("an unreadable start-up file did not count as defining everything")
	}
}

func TestExecutable(t *testing.T) {
	fsys := fstest.MapFS{
		"w/bin/elf":      {Data: []byte("\x7fELF\x02\x01\x01"), Mode: 0o755},
		"w/bin/macho":    {Data: []byte("\xcf\xfa\xed\xfe\x07"), Mode: 0o755},
		"w/bin/script":   {Data: []byte("#!/bin/sh\necho ran\n"), Mode: 0o755},
		"w/bin/bare":     {Data: []byte("echo ran\n"), Mode: 0o755},
		"w/bin/short":    {Data: []byte("#"), Mode: 0o755},
		"w/bin/readonly": {Data: []byte("#!/bin/sh\n"), Mode: 0o644},
		"w/bin/dir":      {Mode: fs.ModeDir | 0o755},
	}
	runs := Executable(files(fsys), "/w")
	for _, p := range []string{"./bin/elf", "bin/macho", "./bin/script", "/w/bin/script"} {
		if err := runs(p); err != nil {
			t.Errorf("%s: %v, want it runnable", p, err)
		}
	}
	for p, why := range map[string]string{
		"./bin/bare": "as a script", "./bin/short": "as a script", "./bin/readonly": "not executable",
		"./bin/dir": "not a regular file", "./bin/missing": "cannot be looked at",
	} {
		if err := runs(p); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: %v, want an error about %q", p, err, why)
		}
	}
	if err := Executable(files(fsys), "")("./bin/elf"); err == nil {
		t.Errorf("a relative path was looked up in an unknown directory")
	}
	if err := Executable(files(fsys), "rel")(filepath.Join("bin", "elf")); err == nil {
		t.Errorf("a relative path was looked up in a relative directory")
	}
}

// BenchmarkShellDefines measures the look the hook takes before rewriting
// a command, with a snapshot the size a shell with completions loaded
// leaves: some 200 functions of 1 KB each, base64-encoded.
func BenchmarkShellDefines(b *testing.B) {
	var snap strings.Builder
	for i := range 200 {
		fn := fmt.Sprintf("_helper_%d () \n{\n%s}\n", i, strings.Repeat("    local x=\"$1\"; shift; printf '%s\\n' \"$x\"\n", 20))
		snap.WriteString(`eval "$(echo '` + base64.StdEncoding.EncodeToString([]byte(fn)) + "' | base64 -d)\" > /dev/null 2>&1\n")
	}
	fsys := fstest.MapFS{
		"home/u/.bashrc": {Data: []byte(strings.Repeat("# a line of a start-up file\n", 100) + "alias ll='ls -l'\n")},
		"home/u/.claude/shell-snapshots/snapshot-bash-1760627850286-aaaaaa.sh": {Data: []byte(snap.String())},
	}
	defined := ShellDefines(Claude, files(fsys), Places{Home: "/home/u"})
	for b.Loop() {
		if defined("go") {
			b.Fatal("go found defined")
		}
	}
}
