package cmd

import (
	"strings"
	"testing"
)

func TestHookStatus(t *testing.T) {
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
	tty := openTerminal(t)
	code := Run([]string{"hook", "claude"}, tty, new(strings.Builder), new(strings.Builder), func(string) string { return "" })
	if code != ExitUsage {
		t.Errorf("exit %d, want %d", code, ExitUsage)
	}
}

// The answer for a rewritten command is the agent's JSON and nothing
// else; a command left alone gets the agent's way of saying go on.
func TestHookOutput(t *testing.T) {
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
