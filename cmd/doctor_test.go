package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/agent"
	"github.com/headroom-cli/headroom/clip"
	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/token"
)

func installed(t *testing.T, a agent.Agent, current []byte) []byte {
	t.Helper()
	e, err := agent.Install(a, current)
	if err != nil || !e.Changed {
		t.Fatalf("install %s: %v (changed %v)", a, err, e.Changed)
	}
	return e.Content
}

// TestAdapterStatus checks doctor's detection against what init writes,
// for every agent, and against files init did not write.
func TestAdapterStatus(t *testing.T) {
	own := map[agent.Agent][]byte{
		agent.Claude:   []byte("{\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]}\n}\n"),
		agent.Gemini:   []byte("{\"hooks\": {\"BeforeTool\": [{\"matcher\": \"read_file\", \"hooks\": [{\"type\": \"command\", \"command\": \"mine\"}]}]}}\n"),
		agent.Codex:    []byte("{\"hooks\": {\"SessionStart\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"mine\"}]}]}}\n"),
		agent.OpenCode: []byte("export const Mine = async () => ({})\n"),
	}
	own[agent.CodexInstructions] = []byte("# Project\n\nRun the tests with make test.\n")
	for _, a := range append(agent.Agents, agent.CodexInstructions) {
		t.Run(string(a), func(t *testing.T) {
			if got := adapterStatus(a, installed(t, a, nil)); got != "installed" {
				t.Errorf("a file init created: %q, want installed", got)
			}
			if a != agent.OpenCode { // opencode's plugin replaces the file
				if got := adapterStatus(a, installed(t, a, own[a])); got != "installed" {
					t.Errorf("a file init added to: %q, want installed", got)
				}
			}
			got := adapterStatus(a, own[a])
			want := "not installed"
			if a == agent.OpenCode {
				want = "not installed: the file is not headroom's"
			}
			if got != want {
				t.Errorf("the user's own file: %q, want %q", got, want)
			}
		})
	}
}

func TestAdapterStatusOddFiles(t *testing.T) {
	tests := []struct {
		name    string
		a       agent.Agent
		content string
		want    string
	}{
		{"older plugin", agent.OpenCode, "// headroom plugin for opencode v0\nexport const H = 1\n",
			"installed, from another version of headroom: headroom init opencode replaces it"},
		{"settings with comments", agent.Claude, "{ // mine\n}\n", "cannot tell: the file is not a plain JSON object"},
		{"instructions cut short", agent.CodexInstructions, "# P\n\n<!-- headroom:begin (headroom init codex --uninstall removes this block) -->\n## Long command output\n",
			"installed, but damaged: the file holds the start of the headroom instructions but not their end"},
		{"empty settings", agent.Gemini, "", "not installed"},
		{"gemini hook of an earlier headroom", agent.Gemini, `{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "headroom hook gemini"}]}]}}`,
			"installed, but its hook is an earlier headroom's, which stops every shell command when headroom is not on PATH: headroom init gemini fixes it"},
		{"instructions past what Codex reads", agent.CodexInstructions, strings.Repeat("Use tabs.\n", 3400) +
			"\n<!-- headroom:begin (headroom init codex --uninstall removes this block) -->\n" + agent.Instructions + "<!-- headroom:end -->\n",
			"installed, but its headroom instructions end past the first 32 KiB, which is all of AGENTS.md that Codex reads: headroom init codex --instructions fixes it"},
		{"another hook command", agent.Claude, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "headroom hook gemini"}]}]}}`, "not installed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := adapterStatus(tt.a, []byte(tt.content)); !strings.HasPrefix(got, tt.want) {
				t.Errorf("got %q, want it to start with %q", got, tt.want)
			}
		})
	}
}

// TestResolveSettingsAgrees checks that doctor shows the values that the
// other commands take, and reports a problem exactly when they would stop.
func TestResolveSettingsAgrees(t *testing.T) {
	tests := []struct {
		args []string
		vars map[string]string
		want []string // fragments of budget, encoding, store's why
	}{
		{nil, nil, []string{"2,000 tokens (default)", "o200k_base (default)", ""}},
		{nil, map[string]string{"HEADROOM_BUDGET": "300", "HEADROOM_ENCODING": "cl100k_base", "HEADROOM_STORE": "/s"},
			[]string{"300 tokens (HEADROOM_BUDGET)", "cl100k_base (HEADROOM_ENCODING)", "named by HEADROOM_STORE"}},
		{[]string{"--budget", "500", "--encoding", "o200k_base", "--store", "/f"}, map[string]string{"HEADROOM_BUDGET": "300", "HEADROOM_ENCODING": "cl100k_base", "HEADROOM_STORE": "/s"},
			[]string{"500 tokens (--budget)", "o200k_base (--encoding)", "named by --store"}},
		{nil, map[string]string{"HEADROOM_BUDGET": "x"}, []string{"problem: HEADROOM_BUDGET=\"x\": not a number", "o200k_base (default)", ""}},
		{[]string{"--budget", "99"}, nil, []string{"problem: budget 99 (--budget) is outside 100 to 1,000,000", "o200k_base (default)", ""}},
		{nil, map[string]string{"HEADROOM_BUDGET": "1000001"}, []string{"problem: budget 1000001 (HEADROOM_BUDGET)", "o200k_base (default)", ""}},
		{nil, map[string]string{"HEADROOM_ENCODING": "gpt2"}, []string{"2,000 tokens (default)", "problem: unknown encoding \"gpt2\" (HEADROOM_ENCODING;", ""}},
		{[]string{"--encoding", "gpt2"}, map[string]string{"HEADROOM_ENCODING": "cl100k_base"}, []string{"2,000 tokens (default)", "problem: unknown encoding \"gpt2\" (--encoding;", ""}},
	}
	for _, tt := range tests {
		getenv := func(k string) string { return tt.vars[k] }
		env := &environment{getenv: getenv}
		root := newRoot(env)
		c, rest, err := root.Find(append([]string{"doctor"}, tt.args...))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.ParseFlags(rest); err != nil {
			t.Fatal(err)
		}
		s := resolveSettings(c, env)
		got := []string{s.budget, s.encoding, ""}
		if s.store.dir != "" {
			got[2] = s.store.why
		}
		for i := range got {
			if !strings.HasPrefix(got[i], tt.want[i]) {
				t.Errorf("%v %v: got %q, want it to start with %q", tt.args, tt.vars, got[i], tt.want[i])
			}
		}
		problem := strings.HasPrefix(s.budget, "problem") || strings.HasPrefix(s.encoding, "problem")
		flagProblem := problem && (strings.Contains(s.budget, flagFail) || strings.Contains(s.encoding, flagFail))
		var stderr bytes.Buffer
		c.SetErr(&stderr)
		err = env.settings(c)
		if flagProblem != (err != nil) {
			t.Errorf("%v %v: doctor reports a bad flag: %v; settings says: %v", tt.args, tt.vars, flagProblem, err)
		}
		// A bad variable is a warning, and the default takes its place.
		if warned := strings.Contains(stderr.String(), "using the default"); warned != (problem && !flagProblem) {
			t.Errorf("%v %v: doctor reports %q %q; settings warns %q", tt.args, tt.vars, s.budget, s.encoding, stderr.String())
		}
		if err == nil && !problem {
			if !strings.HasPrefix(s.budget, elision.Thousands(int64(env.budget))+" tokens") || !strings.HasPrefix(s.encoding, env.encoding+" ") || s.store.dir != env.store {
				t.Errorf("%v %v: doctor shows %+v, the commands take %d %s %q", tt.args, tt.vars, s, env.budget, env.encoding, env.store)
			}
		}
		if problem && !flagProblem && (env.budget != clip.DefaultBudget || env.encoding != token.DefaultEncoding) {
			t.Errorf("%v %v: a bad variable gives %d %s, not the defaults", tt.args, tt.vars, env.budget, env.encoding)
		}
	}
}

func TestProbeWritable(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		dir  string
		ok   bool
		want string
	}{
		{dir, true, "yes (created and removed a temporary file in it)"},
		{filepath.Join(dir, "a", "b"), true, "yes: it does not exist yet, and clip can create it (created and removed a temporary file in " + dir + ")"},
		{filepath.Join(file, "store"), false, "no: " + file + " is not a directory"},
		{file, false, "no: " + file + " is not a directory"},
	}
	for _, tt := range tests {
		ok, got := probeWritable(tt.dir)
		if ok != tt.ok || got != tt.want {
			t.Errorf("probeWritable(%s) = %v, %q; want %v, %q", tt.dir, ok, got, tt.ok, tt.want)
		}
	}
	// Nothing is left behind.
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("the probe left %v (err %v)", entries, err)
	}
}

func TestStoreContents(t *testing.T) {
	dir := t.TempDir()
	if got := storeContents(elision.Store{Dir: filepath.Join(dir, "none")}); got != "nothing: the store does not exist yet" {
		t.Errorf("missing store: %q", got)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if got := storeContents(elision.Store{Dir: file}); !strings.HasPrefix(got, "nothing: "+file+" is not a directory") {
		t.Errorf("a file: %q", got)
	}
	os.Remove(file)
	if got := storeContents(elision.Store{Dir: dir}); got != "0 originals, 0 bytes" {
		t.Errorf("empty store: %q", got)
	}
	s := elision.Store{Dir: dir}
	for _, text := range []string{"first original\n", "second\n", "first original\n"} {
		if _, err := s.Put([]byte(text), elision.Meta{Size: int64(len(text)), Lines: 1}); err != nil {
			t.Fatal(err)
		}
	}
	// A spool of a clip in progress is not an original.
	if err := os.WriteFile(filepath.Join(dir, "tmp", "spool-1"), []byte("partial"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, want := storeContents(s), "2 originals, 22 bytes"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSameBinary(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o700); err != nil {
			t.Fatal(err)
		}
		return p
	}
	big := strings.Repeat("x", 200<<10)
	a, copyOfA, other := write("a", big+"1"), write("b", big+"1"), write("c", big+"2")
	link := filepath.Join(dir, "link")
	if err := os.Link(a, link); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		x, y string
		want bool
	}{{a, a, true}, {a, link, true}, {a, copyOfA, true}, {a, other, false}, {a, filepath.Join(dir, "none"), false}} {
		if got := sameBinary(tt.x, tt.y); got != tt.want {
			t.Errorf("sameBinary(%s, %s) = %v, want %v", filepath.Base(tt.x), filepath.Base(tt.y), got, tt.want)
		}
	}
}

func TestDisabled(t *testing.T) {
	for _, tt := range []struct {
		vars map[string]string
		want string
	}{
		{nil, "no (HEADROOM_DISABLE is not set)"},
		{map[string]string{"HEADROOM_DISABLE": "1"}, "yes: HEADROOM_DISABLE=1"},
		{map[string]string{"HEADROOM_DISABLE": "0"}, "no: HEADROOM_DISABLE=\"0\""},
		{map[string]string{"HEADROOM_DISABLE": "0", nestedVar: "1"}, nestedVar + "=1"},
		{map[string]string{nestedVar: "1"}, nestedVar + "=1: inside headroom run"},
	} {
		if got := disabled(func(k string) string { return tt.vars[k] }); !strings.HasPrefix(got, tt.want) {
			t.Errorf("%v: got %q, want it to start with %q", tt.vars, got, tt.want)
		}
	}
}
