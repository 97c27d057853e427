package agent

import (
	"errors"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

func TestClaudeGuard(t *testing.T) {
	g, err := claudeGuard([]byte(`{
  "permissions": {
    "allow": ["Bash(go test:*)", "Bash(rg *)"],
    "ask": ["Bash(git push:*)", "Bash(npm run *)"],
    "deny": ["Bash(curl *)", "Bash(kubectl get secrets)", "Bash(* --force)", "Read(./.env)", "Bash"]
  }
}`))
	if err != nil {
		t.Fatal(err)
	}
	covered := []string{"git push origin", "npm run build", "curl x", "curl", "kubectl get secrets -o yaml",
		"git push --force", "A=1 curl x", "  npm run test"}
	checkCovers(t, "", g, true, covered)
	// Allow rules guard nothing: the rewritten command may be asked about,
	// which narrows, never widens.
	checkCovers(t, "", g, false, []string{"go test ./...", "rg x", "npm test", "curly", "kubectl get pods"})
}

func TestGeminiPolicyGuard(t *testing.T) {
	g, err := geminiPolicyGuard([]byte(`
# Ask before git pushes and kubectl.
[[rule]]
toolName = "run_shell_command"
commandPrefix = ["git push", 'kubectl']  # both
decision = "ask_user"
priority = 100

[[rule]]
commandRegex = "npm (publish|unpublish)"
decision = "deny"
priority = 200

[[rule]]
toolName = "run_shell_command"
commandPrefix = "go test"
decision = "allow"
priority = 10

[[rule]]
toolName = ["write_file", "replace"]
argsPattern = "secrets"
decision = "deny"
priority = 10

[other]
commandPrefix = "rg"
`))
	if err != nil {
		t.Fatal(err)
	}
	checkCovers(t, "", g, true, []string{"git push", "kubectl get pods", "npm publish --tag x"})
	checkCovers(t, "", g, false, []string{"go test ./...", "rg x", "npm test"})
}

func TestGeminiPolicyGuardFailsClosed(t *testing.T) {
	for name, src := range map[string]string{
		"multi-line string": "[[rule]]\ncommandPrefix = \"\"\"git\"\"\"\ndecision = \"deny\"\n",
		"unterminated":      "[[rule]]\ncommandPrefix = \"git\ndecision = \"deny\"\n",
		"not key value":     "[[rule]]\nwhat is this\n",
	} {
		if _, err := geminiPolicyGuard([]byte(src)); err == nil {
			t.Errorf("%s: parsed without error", name)
		}
	}
	// A pattern over the arguments may test more than the command.
	g, err := geminiPolicyGuard([]byte("[[rule]]\ntoolName = \"run_shell_command\"\nargsPattern = \"dir_path.*prod\"\ndecision = \"deny\"\n"))
	if err != nil || !g.Covers("go test") {
		t.Errorf("argsPattern rule: covers go test = %v, %v; want true", g.Covers("go test"), err)
	}
}

func TestGeminiSettingsGuard(t *testing.T) {
	g, err := geminiSettingsGuard([]byte(`{
  // comments are allowed here
  "tools": {"exclude": ["run_shell_command(rm -rf)"], "core": ["run_shell_command(git)", "read_file"], "allowed": ["run_shell_command(go test)"]},
}`))
	if err != nil {
		t.Fatal(err)
	}
	if !g.Covers("rm -rf /") || !g.Covers("git log") || g.Covers("go test ./...") {
		t.Errorf("settings guard: rm %v, git %v, go test %v; want true, true, false",
			g.Covers("rm -rf /"), g.Covers("git log"), g.Covers("go test ./..."))
	}
}

func TestOpenCodeGuard(t *testing.T) {
	g, err := openCodeGuard([]byte(`{
  "$schema": "https://opencode.ai/config.json",
  "permission": {"bash": {"*": "allow", "git push*": "ask", "kubectl *": "deny"}},
  "agent": {"build": {"permission": {"bash": {"terraform ?lan": "deny"}}}},
  /* a comment */ "plugin": []
}`))
	if err != nil {
		t.Fatal(err)
	}
	checkCovers(t, "", g, true, []string{"git push", "git push origin", "kubectl get pods", "kubectl", "terraform plan"})
	checkCovers(t, "", g, false, []string{"go test", "git log"})
}

func TestCodexGuard(t *testing.T) {
	g, err := codexGuard([]byte(`# Codex rules
prefix_rule(
    pattern = ["gh", "pr", "view"],
    decision = "prompt",
    justification = "Viewing PRs is allowed with approval",
    match = ["gh pr view 7888"],
)
prefix_rule(pattern = [["kubectl", "oc"], "delete"], decision = "forbidden")
prefix_rule(pattern = ["go", "test"], decision = "allow")
prefix_rule(pattern = ["make"])
`))
	if err != nil {
		t.Fatal(err)
	}
	checkCovers(t, "", g, true, []string{"gh pr list", "kubectl get pods", "oc get pods"})
	// decision defaults to allow.
	checkCovers(t, "", g, false, []string{"go test", "make check"})
	if _, err := codexGuard([]byte(`prefix_rule(pattern = ["x"`)); err == nil {
		t.Errorf("an unclosed call parsed")
	}
}

func TestStripJSONC(t *testing.T) {
	in := `{"a": "x // not a comment", /* gone */ "b": [1, 2,], // gone
"c": "\"/*\"",}`
	want := `{"a": "x // not a comment",  "b": [1, 2], ` + "\n" + `"c": "\"/*\""}`
	if got := string(stripJSONC([]byte(in))); got != want {
		t.Errorf("stripJSONC:\n%s\nwant:\n%s", got, want)
	}
}

// LoadGuard reads every settings file of an agent, and covers everything
// when one exists that it cannot read.
func TestLoadGuard(t *testing.T) {
	files := map[string]string{
		"/home/u/.claude/settings.json":          `{"permissions": {"deny": ["Bash(curl *)"]}}`,
		"/proj/.claude/settings.local.json":      `{"permissions": {"ask": ["Bash(make *)"]}}`,
		"/home/u/.gemini/policies/a.toml":        "[[rule]]\ncommandPrefix = \"make\"\ndecision = \"deny\"\n",
		"/proj/.gemini/settings.json":            `{"tools": {"exclude": ["run_shell_command(rg)"]}}`,
		"/proj/opencode.json":                    `{"permission": {"bash": {"make *": "ask"}}}`,
		"/home/u/.codex/rules/default.rules":     `prefix_rule(pattern = ["make"], decision = "prompt")`,
		"/broken/.claude/settings.json":          `{not json`,
		"/unreadable/.gemini/policies/x.toml":    "",
		"/home/u/.config/opencode/opencode.json": `{"permission": {"bash": {"rg *": "deny"}}}`,
	}
	f := Files{
		Read: func(name string) ([]byte, error) {
			if strings.HasPrefix(name, "/unreadable") {
				return nil, fs.ErrPermission
			}
			s, ok := files[name]
			if !ok {
				return nil, fs.ErrNotExist
			}
			return []byte(s), nil
		},
		Glob: func(pattern string) ([]string, error) {
			var m []string
			for name := range files {
				if ok, _ := filepath.Match(pattern, name); ok {
					m = append(m, name)
				}
			}
			return m, nil
		},
	}
	p := Places{Home: "/home/u", Config: "/home/u/.config", CodexHome: "/home/u/.codex", Projects: []string{"/proj"}}
	tests := []struct {
		a       Agent
		covered []string
		free    []string
	}{
		{Claude, []string{"curl x", "make check"}, []string{"rg x", "go test"}},
		{Gemini, []string{"make check", "rg x"}, []string{"go test"}},
		{OpenCode, []string{"make check", "rg x"}, []string{"go test"}},
		{Codex, []string{"make check"}, []string{"rg x"}},
	}
	for _, tt := range tests {
		g := LoadGuard(tt.a, f, p)
		checkCovers(t, string(tt.a), g, true, tt.covered)
		checkCovers(t, string(tt.a), g, false, tt.free)
	}
	if g := LoadGuard(Claude, f, Places{Home: "/home/u", Projects: []string{"/broken"}}); !g.Covers("go test") {
		t.Errorf("a settings file that does not parse did not make the guard cover everything")
	}
	if g := LoadGuard(Gemini, f, Places{Home: "/home/u", Projects: []string{"/unreadable"}}); !g.Covers("go test") {
		t.Errorf("an unreadable policy file did not make the guard cover everything")
	}
	if g := LoadGuard(Claude, Files{Read: func(string) ([]byte, error) { return nil, errors.New("io") }}, p); !g.Covers("go test") {
		t.Errorf("a read error did not make the guard cover everything")
	}
}

// A rule covers the command however its words are spaced or quoted: an
// agent that parses the command before it matches would still apply the
// rule, which no longer matches once the command is rewritten.
func TestGuardNormalises(t *testing.T) {
	g, err := claudeGuard([]byte(`{"permissions": {"deny": ["Bash(npm test:*)", "Bash(git log *)", "Bash(kubectl get secrets:*)",
		"Bash(make  check)", "Bash(grep \"TODO\":*)"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	covered := []string{"npm  test", "npm\ttest", `npm "test"`, `npm 't'est`, "npm te''st -- x", "git  log", "git\tlog -p",
		`git "log" -p`, "kubectl get  secrets", "kubectl  get\tsecrets -o yaml", "FOO=1 npm  test", " npm test",
		"make check", "make\t check", "grep TODO src", `grep "TODO" src`}
	checkCovers(t, "", g, true, covered)
	checkCovers(t, "", g, false, []string{"npm run test", "git show", "kubectl get pods", "make", `grep "TO DO"`})
}

// LoadGuard reads every place an agent takes rules from: the directories
// environment variables name, managed drop-in files, inline configuration
// and agent files; a place it cannot understand makes it cover everything.
func TestLoadGuardSources(t *testing.T) {
	deny := func(rule string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte(`{"permissions": {"deny": ["Bash(` + rule + `)"]}}`)}
	}
	fsys := fstest.MapFS{
		"cc/settings.json":                                                 deny("curl *"),
		"cc/settings.local.json":                                           deny("wget *"),
		"home/u/.claude/settings.local.json":                               deny("make *"),
		"etc/claude-code/managed-settings.d/10-net.json":                   deny("rg *"),
		"Library/Application Support/ClaudeCode/managed-settings.d/a.json": deny("jq *"),
		"sys/gemini.json":                                                  {Data: []byte(`{"tools": {"exclude": ["run_shell_command(curl)"]}}`)},
		"sys/defaults.json":                                                {Data: []byte(`{"tools": {"core": ["run_shell_command(git)"]}}`)},
		"etc/gemini-cli/system-defaults.json":                              {Data: []byte(`{"tools": {"exclude": ["run_shell_command(make)"]}}`)},
		"oc/custom.json":                                                   {Data: []byte(`{"permission": {"bash": {"curl *": "deny"}}}`)},
		"ocdir/opencode.json":                                              {Data: []byte(`{"permission": {"bash": {"wget *": "ask"}}}`)},
		"ocdir/agents/review.md":                                           {Data: []byte("---\ndescription: reviews\npermission:\n  edit: deny\n  bash:\n    \"git push*\": ask\n    '*': allow\n    make *: deny  # no builds\n---\nYou review code.\n")},
		"proj/.opencode/agent/plain.md":                                    {Data: []byte("---\ndescription: no rules\ntools:\n  bash: true\n---\nbody with permission: x\n")},
		"top/opencode.json":                                                {Data: []byte(`{"permission": {"bash": {"jq *": "deny"}}}`)},
		"etc/opencode/opencode.json":                                       {Data: []byte(`{"permission": {"bash": {"fd *": "deny"}}}`)},
	}
	env := map[string]string{
		"CLAUDE_CONFIG_DIR":               "/cc",
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH": "/sys/gemini.json",
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH": "/sys/defaults.json",
		"OPENCODE_CONFIG":                 "/oc/custom.json",
		"OPENCODE_CONFIG_DIR":             "/ocdir",
		"OPENCODE_CONFIG_CONTENT":         `{"permission": {"bash": {"tar *": "ask"}}}`,
	}
	p := Places{Home: "/home/u", Config: "/home/u/.config", CodexHome: "/home/u/.codex", Projects: []string{"/top/proj"},
		Env: func(k string) string { return env[k] }}
	tests := []struct {
		a       Agent
		covered []string
		free    []string
	}{
		{Claude, []string{"curl x", "wget x", "make x", "rg x", "jq ."}, []string{"go test"}},
		{Gemini, []string{"curl x", "git log", "make x"}, []string{"go test"}},
		{OpenCode, []string{"curl x", "wget x", "git push", "make x", "tar x", "jq .", "fd x"}, []string{"go test", "rg x"}},
	}
	for _, tt := range tests {
		g := LoadGuard(tt.a, files(fsys), p)
		checkCovers(t, string(tt.a), g, true, tt.covered)
		checkCovers(t, string(tt.a), g, false, tt.free)
	}
	// Front matter that is not the plain YAML read here covers everything.
	fsys["home/u/.config/opencode/agents/odd.md"] = &fstest.MapFile{Data: []byte("---\npermission: {bash: {\"rg *\": deny}}\n---\n")}
	p.Env = nil
	if g := LoadGuard(OpenCode, files(fsys), p); !g.Covers("go test") {
		t.Errorf("an agent file with permissions in flow style did not make the guard cover everything")
	}
	delete(fsys, "home/u/.config/opencode/agents/odd.md")
	if g := LoadGuard(OpenCode, files(fsys), p); g.Covers("go test") {
		t.Errorf("the guard covers everything with no odd agent file")
	}
	env["OPENCODE_CONFIG_CONTENT"] = "{not json"
	p.Env = func(k string) string { return env[k] }
	if g := LoadGuard(OpenCode, files(fsys), p); !g.Covers("go test") {
		t.Errorf("inline configuration that does not parse did not make the guard cover everything")
	}
	// Managed preferences on macOS are a property list, which is not read:
	// its presence covers everything.
	fsys["Library/Managed Preferences/com.anthropic.claudecode.plist"] = &fstest.MapFile{Data: []byte("bplist00")}
	if g := LoadGuard(Claude, files(fsys), p); !g.Covers("go test") {
		t.Errorf("managed preferences did not make the guard cover everything")
	}
}

func TestWildMatch(t *testing.T) {
	tests := []struct {
		pattern, s string
		want       bool
	}{
		{"git * main", "git checkout main", true}, {"git * main", "git main", false}, {"* --force", "git push --force", true},
		{"*", "", true}, {"", "", true}, {"", "x", false}, {"a*b*c", "aXbYbZc", true}, {"a*b*c", "aXbYbZ", false},
		{"terraform ?lan", "terraform plan", true}, {"ter?", "terr", true}, {"ter?", "ter", false}, {"é?", "éé", true},
		{"npm run *", "npm run", false}, {"**", "anything", true},
	}
	for _, tt := range tests {
		if got := wildMatch(tt.pattern, tt.s); got != tt.want {
			t.Errorf("wildMatch(%q, %q) = %v, want %v", tt.pattern, tt.s, got, tt.want)
		}
	}
}

func TestOpenCodeAgentGuard(t *testing.T) {
	g, err := openCodeAgentGuard([]byte(`---
description: >
  Reviews code. permission: none
mode: subagent
permission: # what it may do
  edit: deny
  webfetch: ask
  bash:
    "git push*": ask   # a comment
    'kubectl *': "deny"
    terraform ?lan: deny
    "*": allow
tools:
  bash: true
---
Body text with permission:
  bash:
    "rg *": deny
`))
	if err != nil {
		t.Fatal(err)
	}
	checkCovers(t, "", g, true, []string{"git push", "kubectl get pods", "terraform plan"})
	checkCovers(t, "", g, false, []string{"go test", "rg x"})
	// One decision for every command needs no guarding; no front matter,
	// no rules.
	for _, src := range []string{"---\npermission:\n  bash: ask\n---\n", "# An agent\n\npermission:\n  bash:\n    \"go *\": deny\n"} {
		if g, err := openCodeAgentGuard([]byte(src)); err != nil || g.Covers("go test") {
			t.Errorf("%q: covers go test = %v, %v; want false", src, g.Covers("go test"), err)
		}
	}
	for _, src := range []string{
		"---\npermission: {bash: deny}\n---\n",
		"---\npermission:\n  bash: {\"go *\": deny}\n---\n",
		"---\npermission:\n  bash:\n    - go test\n---\n",
		"---\npermission:\n\tbash: ask\n---\n",
		"---\npermission:\n  bash:\n    \"go *: deny\n---\n",
		"---\npermission:\n  bash:\n",
	} {
		if _, err := openCodeAgentGuard([]byte(src)); err == nil {
			t.Errorf("%q parsed without error", src)
		}
	}
}

// checkCovers reports each of commands that g does not cover when want is
// set, or covers when it is not.
func checkCovers(t *testing.T, what string, g Guard, want bool, commands []string) {
	t.Helper()
	if what != "" {
		what += ": "
	}
	for _, c := range commands {
		if g.Covers(c) != want {
			t.Errorf("%sCovers(%q) = %v, want %v", what, c, !want, want)
		}
	}
}

// FuzzWildMatch checks wildMatch against the regular expression the
// pattern stands for.
func FuzzWildMatch(f *testing.F) {
	for _, s := range [][2]string{{"git * main", "git checkout main"}, {"a*b*c", "aXbYbZ"}, {"?*?", "ab"}, {"**x", "yx"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, s string) {
		if len(pattern) > 64 || len(s) > 256 {
			return // the regexp's cost grows with both: keep the search quick
		}
		var re strings.Builder
		re.WriteString(`^(?s:`)
		for _, c := range pattern {
			switch c {
			case '*':
				re.WriteString(`.*`)
			case '?':
				re.WriteString(`.`)
			default:
				re.WriteString(regexp.QuoteMeta(string(c)))
			}
		}
		re.WriteString(`)$`)
		want := regexp.MustCompile(re.String()).MatchString(s)
		if got := wildMatch(pattern, s); got != want {
			t.Fatalf("wildMatch(%q, %q) = %v, the pattern's regexp says %v", pattern, s, got, want)
		}
	})
}

// Claude Code also takes rules on its command line (--disallowedTools,
// --allowedTools, --settings), which no file holds. The hook runs under
// Claude Code, so its command line is among the hook's callers.
func TestClaudeCommandLineRules(t *testing.T) {
	files := map[string]string{
		"/work/extra.json": `{"permissions": {"ask": ["Bash(make *)"]}}`,
		"/abs/extra.json":  `{"permissions": {"deny": ["Bash(cargo *)"]}}`,
	}
	f := Files{
		Read: func(name string) ([]byte, error) {
			s, ok := files[name]
			if !ok {
				return nil, fs.ErrNotExist
			}
			return []byte(s), nil
		},
		Glob: func(string) ([]string, error) { return nil, nil },
	}
	shell := Caller{Args: []string{"/bin/sh", "-c", "headroom hook claude"}, Dir: "/work"}
	node := func(args ...string) Caller {
		return Caller{Args: append([]string{"node", "/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js"}, args...), Dir: "/work"}
	}
	tests := []struct {
		name           string
		callers        []Caller
		covered, free  []string
		allowed, asked []string
	}{
		{"deny list, space and comma separated", []Caller{shell, node("-p", "hi", "--disallowedTools", "Bash(go test:*) Bash(git log *),Edit", "Bash(npm  test)", "--model", "x")},
			[]string{"go test ./...", "git log -p", "npm test"}, []string{"go vet ./...", "rg x"}, nil, nil},
		{"joined with =", []Caller{shell, node("--disallowed-tools=Bash(rg *)")},
			[]string{"rg foo"}, []string{"go test"}, nil, nil},
		{"allow list", []Caller{shell, node("--allowedTools", "Bash(go test *)", "Read")},
			nil, []string{"go test ./..."}, []string{"go test ./..."}, []string{"rg x"}},
		{"settings as JSON", []Caller{shell, node("--settings", `{"permissions":{"deny":["Bash(kubectl *)"]}}`)},
			[]string{"kubectl get secrets"}, []string{"go test"}, nil, nil},
		{"settings file relative to Claude's directory", []Caller{shell, node("--settings", "extra.json")},
			[]string{"make check"}, []string{"go test"}, nil, nil},
		{"settings file by its path", []Caller{shell, node("--settings=/abs/extra.json")},
			[]string{"cargo test"}, []string{"go test"}, nil, nil},
		{"a native binary", []Caller{{Args: []string{"/home/u/.local/bin/claude", "--disallowedTools", "Bash(go *)"}}},
			[]string{"go test"}, []string{"rg x"}, nil, nil},
		{"a settings file that is missing", []Caller{shell, node("--settings", "/nowhere.json")},
			[]string{"go test"}, nil, nil, nil},
		{"a settings file that does not parse", []Caller{shell, node("--settings", "{not json")},
			[]string{"go test"}, nil, nil, nil},
		{"a relative settings file where Claude's directory is unknown", []Caller{{Args: []string{"claude", "--settings", "extra.json"}}},
			[]string{"go test"}, nil, nil, nil},
		{"flags after -- are the prompt's", []Caller{shell, node("-p", "--", "--disallowedTools", "Bash(go *)")},
			nil, []string{"go test"}, nil, nil},
		{"another program's flags", []Caller{{Args: []string{"make", "--disallowedTools", "Bash(go *)"}}},
			nil, []string{"go test"}, nil, nil},
	}
	for _, tt := range tests {
		g := LoadGuard(Claude, f, Places{Callers: tt.callers})
		checkCovers(t, tt.name, g, true, tt.covered)
		checkCovers(t, tt.name, g, false, tt.free)
		for _, c := range tt.allowed {
			if !g.Allows(c) {
				t.Errorf("%s: %q is not allowed", tt.name, c)
			}
		}
		for _, c := range tt.asked {
			if g.Allows(c) {
				t.Errorf("%s: %q is allowed", tt.name, c)
			}
		}
	}
	// Other agents do not read Claude Code's flags.
	if g := LoadGuard(Gemini, f, Places{Callers: []Caller{node("--disallowedTools", "Bash(go *)")}}); g.Covers("go test") {
		t.Errorf("Gemini's guard read Claude Code's command line")
	}
}
