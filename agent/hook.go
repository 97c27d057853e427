package agent

import (
	"encoding/json"
	"fmt"
	"path/filepath"
)

// A Request is one hook call from an agent, about to run a shell command.
type Request struct {
	agent Agent
	// Command is the shell command the agent is about to run; it is empty
	// when the call is about something else.
	Command string
	// Cwd is the agent's working directory, if it says.
	Cwd string
	// Dir is the directory the command runs in, if the agent says.
	Dir string
	// hold, when set, says why the call must run as it is whatever its
	// command.
	hold string
	// asksNothing is set when the agent runs every command without
	// asking, so that its allow rules do not matter.
	asksNothing bool
	// input is the tool's whole input, which the agents want back whole
	// with only the command changed.
	input object
	// argv is the argument list a Codex shell call gives as its command,
	// whose last element is the command line.
	argv []string
}

// hookPayload is the input of the hooks of Claude Code, Gemini CLI and
// Codex before a tool runs, which share their field names.
//
// Claude Code's PreToolUse hook for its Bash tool
// (https://code.claude.com/docs/en/hooks#pretooluse-input):
//
//	{"session_id": "...", "transcript_path": "...", "cwd": "/home/user/project",
//	 "permission_mode": "default", "hook_event_name": "PreToolUse",
//	 "tool_name": "Bash", "tool_use_id": "toolu_...",
//	 "tool_input": {"command": "npm test", "description": "...",
//	                "timeout": 120000, "run_in_background": false}}
//
// Gemini CLI's BeforeTool hook
// (https://geminicli.com/docs/hooks/reference/#beforetool): session_id,
// transcript_path, cwd, hook_event_name and timestamp, then tool_name
// ("run_shell_command" for the shell) and tool_input ({"command": "...",
// "description": "...", "dir_path": "...", "is_background": false}).
//
// Codex's PreToolUse hook (https://developers.openai.com/codex/hooks):
// session_id, turn_id, transcript_path, cwd, hook_event_name, model,
// permission_mode, tool_name ("Bash" for every shell tool), tool_use_id
// and tool_input, whose command is a string, or an argument list for some
// shell tools.
type hookPayload struct {
	HookEventName  string          `json:"hook_event_name"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	Cwd            string          `json:"cwd"`
	PermissionMode string          `json:"permission_mode"`
}

// shellCall reads a hook's payload and reports whether it is about to run
// the shell tool tool at event, with a tool input.
func (r *Request) shellCall(payload []byte, event, tool string) (hookPayload, bool, error) {
	var p hookPayload
	if err := json.Unmarshal(payload, &p); err != nil {
		return p, false, err
	}
	r.Cwd = p.Cwd
	return p, p.HookEventName == event && p.ToolName == tool && len(p.ToolInput) > 0, nil
}

// openCodePayload is what headroom's opencode plugin sends: the tool and
// the arguments its tool.execute.before hook receives
// (https://opencode.ai/docs/plugins/), and the plugin's directory.
type openCodePayload struct {
	Tool string `json:"tool"`
	Args struct {
		Command string `json:"command"`
	} `json:"args"`
	Directory string `json:"directory"`
}

// ReadRequest reads the payload an agent's hook receives on its standard
// input.
func ReadRequest(a Agent, payload []byte) (Request, error) {
	r := Request{agent: a}
	var err error
	switch a {
	case Claude:
		err = r.readClaude(payload)
	case Gemini:
		err = r.readGemini(payload)
	case Codex:
		err = r.readCodex(payload)
	case OpenCode:
		var p openCodePayload
		if err = json.Unmarshal(payload, &p); err == nil {
			r.Cwd = p.Directory
			if p.Tool == "bash" {
				r.Command = p.Args.Command
			}
		}
	default:
		return r, fmt.Errorf("unknown agent %q", a)
	}
	if err != nil {
		return r, fmt.Errorf("read %s hook input: %w", a, err)
	}
	if r.Dir == "" {
		r.Dir = r.Cwd
	}
	if r.Command != "" && r.hold == "" {
		r.hold = ambiguous(payload, a)
	}
	return r, nil
}

// within returns the directory a tool call names, dir, relative to the
// agent's directory cwd; "" when it names none.
func within(cwd, dir string) string {
	if dir == "" || filepath.IsAbs(dir) {
		return dir
	}
	return filepath.Join(cwd, dir)
}

// ambiguous says why a payload may not mean the command read from it, if
// it may not. A key given twice is read as its first value by one JSON
// parser and its last by another, so the hook could check one command
// while the agent runs another. Invalid UTF-8 and lone surrogates decode
// to U+FFFD, so a rewrite would send back bytes the model did not write.
func ambiguous(payload []byte, a Agent) string {
	top, err := parseObject(payload)
	if err != nil {
		return "the hook input is not one JSON object"
	}
	if k := top.duplicate(); k != "" {
		return fmt.Sprintf("the hook input has the key %q twice", k)
	}
	key := "tool_input"
	if a == OpenCode {
		key = "args"
	}
	raw, _ := top.get(key)
	in, err := parseObject(raw)
	if err != nil {
		return fmt.Sprintf("the hook input's %s is not a JSON object", key)
	}
	if k := in.duplicate(); k != "" {
		return fmt.Sprintf("the tool input has the key %q twice", k)
	}
	if !exactText(raw) {
		return "the tool input is not valid UTF-8"
	}
	return ""
}

func (r *Request) readClaude(payload []byte) error {
	p, shell, err := r.shellCall(payload, "PreToolUse", "Bash")
	if !shell || err != nil {
		return err
	}
	if err := r.readInput(p.ToolInput); err != nil {
		return err
	}
	if r.input.is("run_in_background", "true") {
		// Claude Code reads a background command's output while it
		// runs; headroom prints its view once the command is done.
		r.hold = "runs in the background"
	}
	switch p.PermissionMode {
	case "bypassPermissions":
		r.asksNothing = true
	case "plan":
		r.hold = "the agent is planning"
	case "dontAsk":
		// Everything not allowed beforehand is denied, and the allow
		// rules name commands without headroom.
		r.hold = "the agent runs only what its rules allow"
	}
	return nil
}

// readInput reads a tool's input, an object whose command is a string.
func (r *Request) readInput(raw json.RawMessage) error {
	in, err := parseObject(raw)
	if err != nil {
		return fmt.Errorf("tool_input: %w", err)
	}
	var cmd string
	if v, ok := in.get("command"); ok {
		if err := json.Unmarshal(v, &cmd); err != nil {
			return fmt.Errorf("tool_input.command: %w", err)
		}
	}
	r.Command, r.input = cmd, in
	return nil
}

func (r *Request) readGemini(payload []byte) error {
	p, shell, err := r.shellCall(payload, "BeforeTool", "run_shell_command")
	if !shell || err != nil {
		return err
	}
	if err := r.readInput(p.ToolInput); err != nil {
		return err
	}
	// The command runs in dir_path, relative to the workspace, when the
	// model names one.
	var dir string
	if v, ok := r.input.get("dir_path"); ok {
		json.Unmarshal(v, &dir)
	}
	r.Dir = within(p.Cwd, dir)
	if r.input.is("is_background", "true") {
		// Gemini CLI moves the command to the background at once and
		// shows what it printed on request; headroom would print
		// nothing until the command ends.
		r.hold = "runs in the background"
	}
	return nil
}

func (r *Request) readCodex(payload []byte) error {
	p, shell, err := r.shellCall(payload, "PreToolUse", "Bash")
	if !shell || err != nil {
		return err
	}
	// Codex reports "bypassPermissions" when it never asks and runs
	// without a sandbox.
	r.asksNothing = p.PermissionMode == "bypassPermissions"
	in, err := parseObject(p.ToolInput)
	if err != nil {
		return fmt.Errorf("tool_input: %w", err)
	}
	r.input = in
	raw, _ := in.get("command")
	r.Command, r.argv = codexCommand(raw)
	var dir string
	if v, ok := in.get("workdir"); ok {
		json.Unmarshal(v, &dir)
	}
	r.Dir = within(p.Cwd, dir)
	return nil
}

// codexCommand returns the command line of a Codex shell call: a string,
// or the script of an argument list like ["bash", "-lc", "npm test"],
// which it returns too.
func codexCommand(raw json.RawMessage) (string, []string) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var argv []string
	if json.Unmarshal(raw, &argv) == nil && len(argv) == 3 && (argv[1] == "-c" || argv[1] == "-lc") {
		switch program(argv[0]) {
		case "sh", "bash", "zsh", "dash":
			return argv[2], argv
		}
	}
	return "", nil
}

// Answer returns what the hook writes back to the agent: the command routed
// through headroom run if Rewrite allows it, else the agent's way of
// letting the call run as it is. The second result says why the command was
// left alone, for diagnostics.
func (r Request) Answer(h Host) ([]byte, string) {
	if r.Command == "" {
		return Pass(r.agent), "not a shell command"
	}
	if r.hold != "" {
		return Pass(r.agent), r.hold
	}
	if r.asksNothing {
		h.Guard.allow = nil
	}
	rewritten, err := Rewrite(r.Command, h)
	if err != nil {
		return Pass(r.agent), "the command " + err.Error()
	}
	return r.rewrite(rewritten), ""
}

// Pass returns an agent's answer that lets the call run unchanged.
func Pass(a Agent) []byte {
	if a == Gemini {
		// Gemini CLI parses standard output as JSON when the hook exits 0.
		return []byte("{}\n")
	}
	return nil // "exit 0 with no output" proceeds as normal
}

func (r Request) rewrite(command string) []byte {
	// Every agent gets back the whole input the model sent, with only the
	// command changed: Claude Code and Gemini CLI replace the input with
	// what the hook returns, and would lose the description, the timeout,
	// the directory (Gemini's dir_path) and the background flag.
	in := append(object{}, r.input...)
	if r.argv != nil {
		in.set("command", jsonValue([]string{r.argv[0], r.argv[1], command}))
	} else {
		in.set("command", jsonValue(command))
	}
	var out any
	switch r.agent {
	case Claude:
		// No permissionDecision: "allow" would skip the prompt the user
		// would have been asked, and the docs do not require one for
		// updatedInput. Claude Code checks its permission rules against
		// the rewritten command, which is why Rewrite leaves alone what a
		// rule names.
		// https://code.claude.com/docs/en/hooks#pretooluse-decision-control
		out = map[string]any{"hookSpecificOutput": map[string]any{
			"hookEventName": "PreToolUse",
			"updatedInput":  in.marshal(),
		}}
	case Gemini:
		// https://geminicli.com/docs/hooks/reference/#beforetool
		out = map[string]any{"hookSpecificOutput": map[string]any{
			"hookEventName": "BeforeTool",
			"tool_input":    in.marshal(),
		}}
	case Codex:
		// Codex (0.131 and later) runs updatedInput only together with
		// permissionDecision "allow", which approves nothing: Codex
		// still checks the rewritten command against its rules and runs
		// it in its sandbox, and asks what it would have asked
		// (openai/codex#20527, #20702). Earlier versions refuse
		// updatedInput, and run the command as it is.
		// https://developers.openai.com/codex/hooks
		out = map[string]any{"hookSpecificOutput": map[string]any{
			"hookEventName":      "PreToolUse",
			"permissionDecision": "allow",
			"updatedInput":       in.marshal(),
		}}
	case OpenCode:
		out = map[string]string{"command": command}
	}
	return append(jsonValue(out), '\n')
}
