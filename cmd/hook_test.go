package cmd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/agent"
)

func TestHookStatus(t *testing.T) {
	withPasswdHome(t, "")
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  int
	}{
		{"rewritten", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"go test ./..."}}`, []string{"hook", "claude"}, ExitOK},
		{"left alone", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"vim x"}}`, []string{"hook", "claude"}, ExitOK},
		{"not JSON: the command runs as it is", "go test", []string{"hook", "gemini"}, ExitOK},
		{"unknown agent", "{}", []string{"hook", "cursor"}, ExitUsage},
		{"no agent", "{}", []string{"hook"}, ExitUsage},
		{"two agents", "{}", []string{"hook", "claude", "gemini"}, ExitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, tt.stdin, tt.args...)
			if code != tt.want {
				t.Errorf("exit %d, want %d; stderr: %s", code, tt.want, stderr)
			}
			if tt.want != ExitOK && strings.Count(stderr, "\n") != 1 {
				t.Errorf("stderr is not one line: %q", stderr)
			}
		})
	}
}

// A hook whose input is a terminal says how it is meant to be used
// instead of waiting for typing.
func TestHookTerminalStdin(t *testing.T) {
	withPasswdHome(t, "")
	tty := openTerminal(t)
	code := Run([]string{"hook", "claude"}, tty, new(strings.Builder), new(strings.Builder), func(string) string { return "" })
	if code != ExitUsage {
		t.Errorf("exit %d, want %d", code, ExitUsage)
	}
}

// The answer for a rewritten command is the agent's JSON and nothing
// else; a command left alone gets the agent's way of saying go on.
func TestHookOutput(t *testing.T) {
	withPasswdHome(t, "")
	payload := `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"rg -n TODO"}}`
	_, stdout, stderr := run(t, payload, "hook", "gemini")
	want := `{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"headroom run -- rg -n TODO"}}}` + "\n"
	if stdout != want || stderr != "" {
		t.Errorf("stdout %q, stderr %q; want %q and nothing", stdout, stderr, want)
	}
	_, stdout, _ = run(t, strings.Replace(payload, "rg -n TODO", "rg -n TODO > todo.txt", 1), "hook", "gemini")
	if stdout != "{}\n" {
		t.Errorf("a redirected command: stdout %q, want {}", stdout)
	}
}

// withPasswdHome makes the user database give home for the rest of the
// test, so that no test reads the settings of whoever runs it.
func withPasswdHome(t *testing.T, home string) {
	t.Helper()
	saved := passwdHome
	passwdHome = func() string { return home }
	t.Cleanup(func() { passwdHome = saved })
}

// Without a usable HOME, the hook finds the user's settings where the
// agents do: in the home directory the user database gives. A relative
// HOME is no home at all.
func TestHookHome(t *testing.T) {
	tests := []struct {
		home, passwd string
		want         string
	}{
		{"/home/env", "/home/pw", "/home/env"},
		{"", "/home/pw", "/home/pw"},
		{"rel", "/home/pw", "/home/pw"},
		{"rel", "", ""},
		{"", "also-rel", ""},
	}
	for _, tt := range tests {
		withPasswdHome(t, tt.passwd)
		env := &environment{getenv: func(k string) string {
			return map[string]string{"HOME": tt.home, "XDG_CONFIG_HOME": "cfg"}[k]
		}}
		p := hookPlaces(env, agent.Claude, "/proj")
		wantConfig := ""
		if tt.want != "" {
			wantConfig = filepath.Join(tt.want, ".config")
		}
		if p.Home != tt.want || p.Config != wantConfig {
			t.Errorf("HOME %q, passwd %q: home %q, config %q; want %q, %q", tt.home, tt.passwd, p.Home, p.Config, tt.want, wantConfig)
		}
		if p := places(env, agent.Claude, ""); p.Home != "" && !filepath.IsAbs(p.Home) {
			t.Errorf("HOME %q: init and doctor would use the relative home %q", tt.home, p.Home)
		}
	}
}
