package agent

import (
	"fmt"
	"strings"
	"testing"
)

func TestAnswer(t *testing.T) {
	tests := []struct {
		name    string
		a       Agent
		payload string
		want    string // the answer; "" for none
		why     string // part of the reason when left alone
	}{
		{
			"claude rewrites, keeping the rest of the input in order", Claude,
			`{"session_id":"s","cwd":"/p","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash",
			  "tool_input":{"command":"npm test","description":"Run the tests","timeout":120000,"run_in_background":false},"tool_use_id":"t"}`,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"headroom run -- npm test","description":"Run the tests","timeout":120000,"run_in_background":false}}}` + "\n",
			"",
		},
		{
			"claude leaves a background command", Claude,
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"npm test","run_in_background":true}}`,
			"", "background",
		},
		{
			"claude leaves commands alone in plan mode", Claude,
			`{"hook_event_name":"PreToolUse","permission_mode":"plan","tool_name":"Bash","tool_input":{"command":"npm test"}}`,
			"", "planning",
		},
		{
			"claude leaves commands alone when it asks nothing", Claude,
			`{"hook_event_name":"PreToolUse","permission_mode":"dontAsk","tool_name":"Bash","tool_input":{"command":"npm test"}}`,
			"", "only what its rules allow",
		},
		{
			"claude leaves other tools", Claude,
			`{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/p/a.go"}}`,
			"", "not a shell command",
		},
		{
			"claude leaves other events", Claude,
			`{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"npm test"},"tool_response":{}}`,
			"", "not a shell command",
		},
		{
			"claude leaves a pipe", Claude,
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"npm test | tail"}}`,
			"", "pipes",
		},
		{
			"gemini rewrites, keeping the rest of the input in order", Gemini,
			`{"session_id":"s","transcript_path":"/t","cwd":"/p","hook_event_name":"BeforeTool","timestamp":"2026-01-01T00:00:00Z",
			  "tool_name":"run_shell_command","tool_input":{"command":"go test ./...","description":"Run tests","dir_path":"sub","is_background":false}}`,
			`{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"headroom run -- go test ./...","description":"Run tests","dir_path":"sub","is_background":false}}}` + "\n",
			"",
		},
		{
			"gemini leaves a background command", Gemini,
			`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"go test ./...","is_background":true}}`,
			"{}\n", "background",
		},
		{
			"gemini passes with an empty object", Gemini,
			`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"vim x"}}`,
			"{}\n", "not known",
		},
		{
			"codex rewrites, with the allow its rewrites need", Codex,
			`{"session_id":"s","turn_id":"u","cwd":"/p","hook_event_name":"PreToolUse","model":"gpt-5","permission_mode":"default",
			  "tool_name":"Bash","tool_use_id":"c","tool_input":{"command":"cargo test"}}`,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"headroom run -- cargo test"}}}` + "\n",
			"",
		},
		{
			"codex rewrites an argument list as one", Codex,
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":["bash","-lc","cargo test"],"workdir":"sub"}}`,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":["bash","-lc","headroom run -- cargo test"],"workdir":"sub"}}}` + "\n",
			"",
		},
		{
			"codex reads an argument list", Codex,
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":["bash","-lc","headroom run -- cargo test"]}}`,
			"", "already calls headroom",
		},
		// A tool input that names its command twice, or whose command
		// the hook cannot give back byte for byte, is left alone: the
		// hook would check one command and send back another, or bytes
		// the model did not write.
		{"claude, command twice", Claude,
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"go test","command":"rm -rf /"}}`, "", "twice"},
		{"claude, tool_input twice", Claude,
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"vim x"},"tool_input":{"command":"go test"}}`, "", "twice"},
		{"gemini, command twice", Gemini,
			`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"vim x","command":"go test"}}`, "{}\n", "twice"},
		{"codex, command twice", Codex,
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"vim x","command":"go test"}}`, "", "twice"},
		{"opencode, command twice", OpenCode, `{"tool":"bash","args":{"command":"vim x","command":"go test"}}`, "", "twice"},
		{"claude, invalid UTF-8", Claude,
			"{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"rg \xff\"}}", "", "UTF-8"},
		{"claude, lone surrogate", Claude,
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rg \ud800"}}`, "", "UTF-8"},
		{"gemini, lone low surrogate", Gemini,
			`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"rg x\udc00"}}`, "{}\n", "UTF-8"},
		{"opencode, invalid UTF-8", OpenCode, "{\"tool\":\"bash\",\"args\":{\"command\":\"rg \xc3\"}}", "", "UTF-8"},
		{
			"opencode rewrites", OpenCode,
			`{"tool":"bash","args":{"command":"pytest -x","description":"tests"},"directory":"/p"}`,
			`{"command":"headroom run -- pytest -x"}` + "\n",
			"",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ReadRequest(tt.a, []byte(tt.payload))
			if err != nil {
				t.Fatal(err)
			}
			got, why := r.Answer(Host{})
			if string(got) != tt.want {
				t.Errorf("answer:\n%s\nwant:\n%s", got, tt.want)
			}
			if !strings.Contains(why, tt.why) {
				t.Errorf("reason %q, want one about %q", why, tt.why)
			}
		})
	}
}

func TestReadRequestErrors(t *testing.T) {
	for _, payload := range []string{"", "not json", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":[1]}`,
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":3}}`} {
		if _, err := ReadRequest(Claude, []byte(payload)); err == nil {
			t.Errorf("ReadRequest(%q) did not fail", payload)
		}
	}
}

// A surrogate pair, and an escaped backslash before a u, decode exactly:
// the command is rewritten.
func TestAnswerExactText(t *testing.T) {
	r, err := ReadRequest(Claude, []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rg '\ud83d\ude00 \\ud800'"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, why := r.Answer(Host{}); why != "" {
		t.Errorf("an exact command was left alone: %q, %s", got, why)
	}
}

// Dir is where the command runs, against which a program named by a path
// is looked up: the directory the tool call names, else the agent's.
func TestRequestDir(t *testing.T) {
	tests := []struct {
		a       Agent
		payload string
		want    string
	}{
		{Claude, `{"cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"make"}}`, "/p"},
		{Gemini, `{"cwd":"/p","hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"make","dir_path":"sub"}}`, "/p/sub"},
		{Gemini, `{"cwd":"/p","hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"make","dir_path":"/q"}}`, "/q"},
		{Gemini, `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"make","dir_path":"sub"}}`, "sub"},
		{Codex, `{"cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"make","workdir":"sub"}}`, "/p/sub"},
		{Codex, `{"cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"make"}}`, "/p"},
		{OpenCode, `{"tool":"bash","args":{"command":"make"},"directory":"/p"}`, "/p"},
	}
	for _, tt := range tests {
		r, err := ReadRequest(tt.a, []byte(tt.payload))
		if err != nil {
			t.Fatal(err)
		}
		if r.Dir != tt.want {
			t.Errorf("%s %s: Dir %q, want %q", tt.a, tt.payload, r.Dir, tt.want)
		}
	}
}

// Where the agent asks about nothing, its allow rules do not matter, and a
// command they name is rewritten.
func TestAnswerAsksNothing(t *testing.T) {
	g, err := claudeGuard([]byte(`{"permissions": {"allow": ["Bash(go test:*)"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		a             Agent
		mode, payload string
		rewritten     bool
	}{
		{Claude, "default", `{"hook_event_name":"PreToolUse","permission_mode":"%s","tool_name":"Bash","tool_input":{"command":"go test ./..."}}`, false},
		{Claude, "bypassPermissions", `{"hook_event_name":"PreToolUse","permission_mode":"%s","tool_name":"Bash","tool_input":{"command":"go test ./..."}}`, true},
		{Codex, "default", `{"hook_event_name":"PreToolUse","permission_mode":"%s","tool_name":"Bash","tool_input":{"command":"go test ./..."}}`, false},
		{Codex, "bypassPermissions", `{"hook_event_name":"PreToolUse","permission_mode":"%s","tool_name":"Bash","tool_input":{"command":"go test ./..."}}`, true},
	} {
		r, err := ReadRequest(tt.a, []byte(fmt.Sprintf(tt.payload, tt.mode)))
		if err != nil {
			t.Fatal(err)
		}
		out, why := r.Answer(Host{Guard: g})
		if got := why == ""; got != tt.rewritten {
			t.Errorf("%s in %s mode: answer %s (%s), want rewritten %v", tt.a, tt.mode, out, why, tt.rewritten)
		}
	}
}
