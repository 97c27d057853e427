package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// agents run each agent's scenarios.
var agents = map[string]func(*config) error{
	"claude":   claude,
	"codex":    codex,
	"gemini":   gemini,
	"opencode": opencode,
}

// prompt is all the user says; the mock model does the rest.
const prompt = "Do the task."

// claudeSettings is a project's own .claude/settings.json.
const claudeSettings = `{
  "env": {
    "DEMO_LEVEL": "2"
  },
  "permissions": {
    "deny": [
      "Bash(rm -rf:*)"
    ]
  }
}
`

func claude(c *config) error {
	a, err := c.newAgent("claude", ".claude/settings.json", map[string]string{".claude/settings.json": claudeSettings},
		filepath.Join(c.prefix, "bin", "claude"), "-p", prompt, "--allowedTools", "Bash")
	if err != nil {
		return err
	}
	a.args = map[string]any{"description": "Run the command.", "timeout": 600000}
	a.extraEnv = []string{"ANTHROPIC_API_KEY=sk-mock", "ANTHROPIC_BASE_URL=" + c.mock.url, "DISABLE_TELEMETRY=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1"}
	// Claude Code reads a project's permission rules only once its
	// folder is trusted, which the first interactive run asks.
	trust, _ := json.Marshal(map[string]any{"hasCompletedOnboarding": true,
		"projects": map[string]any{a.proj: map[string]any{"hasTrustDialogAccepted": true}}})
	if err := writeFile(filepath.Join(a.home, ".claude.json"), string(trust)); err != nil {
		return err
	}
	a.compare()

	// D-G3 for Claude Code: a command its allow rules name, which the
	// rewritten command no longer matches, so that a headless run refused
	// it ("This command requires approval").
	settings := filepath.Join(a.proj, ".claude", "settings.json")
	argv := a.argv
	a.argv = []string{argv[0], "-p", prompt, "--add-dir", filepath.Join(c.goroot, "src")}
	writeFile(settings, `{"permissions": {"allow": ["Bash(rg:*)"]}}`+"\n")
	uninstall := a.install()
	o := a.session("allow-rule", true, call{command: c.search()})
	uninstall()
	hooks, runs := hookCalls(o.spy)
	r := o.results[0].text
	c.checks.check("claude allow rule", hooks == 1 && len(runs) == 0 && !strings.Contains(r, "requires approval") && strings.Contains(r, "func"),
		fmt.Sprintf("with Bash(rg:*) allowed, the hook left rg alone and it ran (%d hook calls, runs %q): %q", hooks, runs, firstLine(r)))
	writeFile(settings, `{"permissions": {"allow": ["Bash(rg:*)", "Bash(headroom run -- rg:*)"]}}`+"\n")
	uninstall = a.install()
	o = a.session("allow-rule-headroom", true, call{command: c.search()})
	uninstall()
	_, runs = hookCalls(o.spy)
	hash, _, _ := view(o.results[0].text)
	c.checks.check("claude allow rule through headroom", len(runs) == 1 && hash != "",
		fmt.Sprintf("with Bash(headroom run -- rg:*) allowed too, the hook rewrote rg and the model got the view %s", hash))
	writeFile(settings, claudeSettings)

	// A rule on Claude Code's own command line, which no settings file
	// holds: the hook leaves the command it denies alone, so that the
	// rule still applies and the model gets Claude Code's refusal. Were
	// it rewritten, "headroom run -- rg ..." would escape the rule and run.
	a.argv = []string{argv[0], "-p", prompt, "--add-dir", filepath.Join(c.goroot, "src"), "--allowedTools", "Bash", "--disallowedTools", "Bash(rg:*)"}
	uninstall = a.install()
	o = a.session("deny-flag", true, call{command: c.search()})
	uninstall()
	hooks, runs = hookCalls(o.spy)
	r = o.results[0].text
	c.checks.check("claude deny rule on its command line", hooks == 1 && len(runs) == 0 && !strings.Contains(r, "[headroom:") && !strings.Contains(r, "func("),
		fmt.Sprintf("with --disallowedTools Bash(rg:*), the hook left rg alone and Claude Code refused it (%d hook calls, runs %q): %q", hooks, runs, firstLine(r)))
	a.argv = argv

	// D-G4 for Claude Code: without headroom on PATH the hook fails,
	// and Claude Code runs the command as it is.
	uninstall = a.install()
	o = a.session("missing-headroom", false, call{command: failingTest})
	r = o.results[0].text
	c.checks.check("claude without headroom on PATH", strings.Contains(r, "=== RUN   TestConfig") && !strings.Contains(r, "[headroom:"),
		"the hook cannot run, and the command runs as it is: "+firstLine(r))
	uninstall()
	return nil
}

// codexHooks is a project's own .codex/hooks.json, with a hook of its
// own after each command.
const codexHooks = `{
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Bash",
        "hooks": [{"type": "command", "command": "true"}]
      }
    ]
  }
}
`

func codex(c *config) error {
	a, err := c.newAgent("codex", ".codex/hooks.json", map[string]string{".codex/hooks.json": codexHooks},
		filepath.Join(c.prefix, "bin", "codex"), "exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", prompt)
	if err != nil {
		return err
	}
	codexHome := filepath.Join(a.home, ".codex")
	a.extraEnv = []string{"CODEX_HOME=" + codexHome, "MOCK_API_KEY=mock"}
	a.profile = true
	// gpt-5.5 is a model Codex knows, so it cuts output as it would for
	// it: 10,000 tokens of head and tail. Hooks of a project load only in
	// a trusted project; --dangerously-bypass-hook-trust stands for
	// trusting the hook in /hooks.
	config := fmt.Sprintf(`model = "gpt-5.5"
model_provider = "mock"
approval_policy = "never"
sandbox_mode = "danger-full-access"

[model_providers.mock]
name = "mock"
base_url = "%s/v1"
wire_api = "responses"
env_key = "MOCK_API_KEY"

[projects.%q]
trust_level = "trusted"
`, c.mock.url, a.proj)
	if err := writeFile(filepath.Join(codexHome, "config.toml"), config); err != nil {
		return err
	}
	a.compare()

	// D-C3 and D-C4: rules stay in force. A forbidden and a prompt rule;
	// the hook leaves their commands alone, so Codex rejects them as it
	// would without headroom; the same commands put through headroom run
	// by the model, as the AGENTS.md instructions ask, are refused by
	// headroom run.
	rules := filepath.Join(a.proj, ".codex", "rules", "default.rules")
	writeFile(rules, `prefix_rule(pattern = ["rg", "-n", "--sort"], decision = "forbidden")
prefix_rule(pattern = ["go", "test"], decision = "prompt")
`)
	calls := []call{{command: c.search()}, {command: failingTest}, {command: "headroom run -- " + c.search()}, {command: "headroom run -- " + failingTest}}
	plain := a.session("rules-plain", true, calls...)
	uninstall := a.install()
	with := a.session("rules-hook", true, calls...)
	uninstall()
	os.RemoveAll(filepath.Dir(rules))
	hooks, runs := hookCalls(with.spy)
	for i, r := range with.results[:2] {
		c.checks.check(fmt.Sprintf("codex rules %d", i+1), r.text == plain.results[i].text && hooks == 4,
			fmt.Sprintf("the hook left %q alone, and Codex answered as without it: %q", calls[i].command, firstLine(r.text)))
	}
	for i, r := range with.results[2:] {
		c.checks.check(fmt.Sprintf("codex rules through headroom %d", i+1),
			strings.Contains(r.text, "a rule of Codex denies or asks about this command") && strings.Contains(plain.results[i+2].text, "a rule of Codex"),
			fmt.Sprintf("%q is refused by headroom run, with or without the hook: %q", calls[i+2].command, outputLine(r.text)))
	}
	c.checks.check("codex rules, nothing rewritten", len(runs) == 2, fmt.Sprintf("headroom run was called only by the model: %q", runs))

	// The sandbox stays in force too: a command the hook rewrites runs in
	// Codex's workspace-write sandbox, which lets it write only in the
	// project and temporary directories, not in /var/tmp.
	// The "allow" the hook answers with approves nothing either: a call
	// that asks to run outside the sandbox is refused, with approvals off,
	// as it is without headroom.
	probe := fmt.Sprintf("/var/tmp/headroom-e2e-probe-%d", os.Getpid())
	defer os.Remove(probe)
	argv := a.argv
	a.argv = []string{argv[0], "exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "--sandbox", "workspace-write", prompt}
	sandboxed := []call{{command: "find . -maxdepth 0 -fprint " + probe},
		{command: "find . -maxdepth 0 -fprint " + probe, extra: map[string]any{"sandbox_permissions": "require_escalated", "justification": "Write the probe."}}}
	o := a.session("sandbox-plain", false, sandboxed...)
	_, plainErr := os.Stat(probe)
	os.Remove(probe)
	uninstall = a.install()
	w := a.session("sandbox-hook", true, sandboxed...)
	uninstall()
	a.argv = argv
	_, runs = hookCalls(w.spy)
	_, statErr := os.Stat(probe)
	c.checks.check("codex sandbox", len(runs) >= 1 && os.IsNotExist(statErr) && os.IsNotExist(plainErr) && outputLine(w.results[0].text) == outputLine(o.results[0].text),
		fmt.Sprintf("rewritten (%q), it still runs in the sandbox, as without headroom: %q", runs, outputLine(w.results[0].text)))
	c.checks.check("codex escalation", outputLine(w.results[1].text) == outputLine(o.results[1].text) && os.IsNotExist(statErr),
		fmt.Sprintf("asking to leave the sandbox gets what it gets without headroom: %q", outputLine(w.results[1].text)))

	// The model's other arguments reach the command: workdir.
	inDir := call{command: "rg -l func", extra: map[string]any{"workdir": "failmod"}}
	o = a.session("workdir-plain", false, inDir)
	uninstall = a.install()
	w = a.session("workdir-hook", true, inDir)
	uninstall()
	_, runs = hookCalls(w.spy)
	c.checks.check("codex workdir", len(runs) == 1 && outputLine(w.results[0].text) == outputLine(o.results[0].text) && strings.Contains(w.results[0].text, "fail_test.go"),
		fmt.Sprintf("rg -l func in workdir failmod, rewritten (%q), gives what it gives without headroom: %q", runs, outputLine(w.results[0].text)))

	// Without headroom on PATH the hook fails, and Codex runs the
	// command as it is.
	uninstall = a.install()
	o = a.session("missing-headroom", false, call{command: failingTest})
	uninstall()
	r := o.results[0].text
	c.checks.check("codex without headroom on PATH", strings.Contains(r, "=== RUN   TestConfig") && !strings.Contains(r, "[headroom:"),
		"the hook cannot run, and the command runs as it is: "+outputLine(r))

	// In a project Codex does not trust, it loads none of the project's
	// hooks; init and doctor say so.
	writeFile(filepath.Join(codexHome, "config.toml"), strings.Split(config, "\n[projects.")[0])
	uninstall = a.install()
	doctor, _ := a.headroom("doctor")
	o = a.session("untrusted", true, call{command: failingTest})
	writeFile(filepath.Join(codexHome, "config.toml"), config)
	trusted, _ := a.headroom("doctor")
	uninstall()
	hooks, _ = hookCalls(o.spy)
	c.checks.check("codex untrusted project", hooks == 0 && strings.Contains(doctor, "Codex ignores this project's hooks") &&
		strings.Contains(trusted, "codex     project: installed; Codex runs it once you trust it in /hooks"),
		"Codex does not run the project's hook, and doctor says: "+grepLine(doctor, "codex ")+"; once trusted: "+grepLine(trusted, "codex "))

	// D-G2 and Codex's yield: a test that prints for 13 s. Codex gives
	// the model what the command printed after 10 s; through headroom,
	// that is the heartbeat, not nothing.
	slowPlain := a.session("slow-plain", false, call{command: slowTest})
	uninstall = a.install()
	slow := a.session("slow-hook", true, call{command: slowTest})
	uninstall()
	first := slow.results[0].chunks
	hash, _, _ := view(slow.results[0].text)
	c.checks.check("codex yield", len(first) > 1 && strings.Contains(first[0], "headroom: still running after 5s") && hash != "" &&
		strings.Contains(slow.results[0].text, "ok  \tdemo/slowmod"),
		fmt.Sprintf("at Codex's first yield the model sees %q (without headroom: %q), and the view %s at the end",
			outputLine(chunkAt(first, 0)), outputLine(chunkAt(slowPlain.results[0].chunks, 0)), hash))

	// D-C1 and D-C2: instructions Codex never reads. An AGENTS.md of
	// 40 KB with the instructions at its end, as an earlier headroom
	// wrote them, and one shadowed by AGENTS.override.md.
	agentsMD := filepath.Join(a.proj, "AGENTS.md")
	var big strings.Builder
	big.WriteString("# Rules\n\n")
	for i := 1; big.Len() < 40000; i++ {
		fmt.Fprintf(&big, "Rule %04d: keep functions small and name them for what they do in this repository.\n", i)
	}
	writeFile(agentsMD, big.String())
	a.settings = "AGENTS.md"
	uninstall = a.install("--instructions")
	o = a.session("instructions-big", false, call{command: "true"})
	c.checks.check("codex AGENTS.md of 40 KB", strings.Contains(o.first, "headroom:begin"),
		"the instructions init put at the top of a 40 KB AGENTS.md reach the model")
	uninstall()
	writeFile(agentsMD, big.String()+"\n<!-- headroom:begin (headroom init codex --uninstall removes this block) -->\n## Long command output\n<!-- headroom:end -->\n")
	o = a.session("instructions-big-appended", false, call{command: "true"})
	doctor, _ = a.headroom("doctor")
	c.checks.check("codex AGENTS.md of 40 KB, appended", !strings.Contains(o.first, "headroom:begin") && strings.Contains(doctor, "end past the first 32 KiB"),
		"instructions appended to it, as an earlier headroom did, do not reach the model, and doctor says so: "+grepLine(doctor, "project instructions"))
	writeFile(agentsMD, "# Rules\n\nUse tabs.\n")
	writeFile(filepath.Join(a.proj, "AGENTS.override.md"), "# Override\n\nUse spaces this week.\n")
	a.settings = "AGENTS.override.md"
	uninstall = a.install("--instructions")
	o = a.session("instructions-override", false, call{command: "true"})
	c.checks.check("codex AGENTS.override.md", strings.Contains(o.first, "headroom:begin") && strings.Contains(o.first, "Use spaces this week"),
		"with AGENTS.override.md, init writes the instructions there, and they reach the model")
	uninstall()
	return nil
}

func gemini(c *config) error {
	a, err := c.newAgent("gemini", ".gemini/settings.json", map[string]string{".gemini/settings.json": "{\n  \"general\": {\n    \"vimMode\": true\n  }\n}\n"},
		filepath.Join(c.prefix, "bin", "gemini"), "-p", prompt, "--skip-trust", "--approval-mode", "yolo")
	if err != nil {
		return err
	}
	a.extraEnv = []string{"GEMINI_API_KEY=mock", "GOOGLE_GEMINI_BASE_URL=" + c.mock.url, "GEMINI_CLI_TRUST_WORKSPACE=true"}
	a.args = map[string]any{"description": "Run the command."}
	// Gemini CLI 0.61 takes GOOGLE_GEMINI_BASE_URL for a gateway, whose
	// auth it refuses; the API key auth still honours the URL.
	user := func(extra string) {
		writeFile(filepath.Join(a.home, ".gemini", "settings.json"), `{
  "security": {"auth": {"selectedType": "gemini-api-key"}},
  "privacy": {"usageStatisticsEnabled": false},
  "telemetry": {"enabled": false},
  "general": {"disableAutoUpdate": true, "disableUpdateNag": true}`+extra+`
}
`)
	}
	user("")
	a.compare()

	// D-G1: the model's dir_path and is_background reach the command.
	calls := []call{{command: "rg -l func", extra: map[string]any{"dir_path": "failmod", "description": "Find the files."}},
		{command: slowTest, extra: map[string]any{"is_background": true, "description": "Start the test."}}}
	plain := a.session("args-plain", false, calls...)
	uninstall := a.install()
	with := a.session("args-hook", true, calls...)
	uninstall()
	hooks, runs := hookCalls(with.spy)
	n, diff := echoed(with.spy)
	if diff != "" {
		diff = "; but " + diff
	}
	c.checks.check("gemini dir_path", hooks == 2 && len(runs) == 1 && n == 1 && diff == "" &&
		outputLine(with.results[0].text) == outputLine(plain.results[0].text) && strings.Contains(with.results[0].text, "fail_test.go"),
		fmt.Sprintf("rg -l func in dir_path failmod, rewritten (%q) with the other arguments given back, gives what it gives without headroom: %q%s",
			runs, outputLine(with.results[0].text), diff))
	c.checks.check("gemini is_background", strings.Contains(with.results[1].text, "background") && strings.Contains(plain.results[1].text, "background"),
		"a command sent to the background is left alone, and goes there: "+outputLine(with.results[1].text))

	// D-G2: Gemini cancels a command silent for inactivityTimeout
	// seconds; 10 s here, for a test that prints for 13 s. Through
	// headroom, the heartbeat after 5 s keeps it alive.
	user(`,
  "tools": {"shell": {"inactivityTimeout": 10}}`)
	uninstall = a.install()
	slow := a.session("slow-hook", true, call{command: slowTest})
	uninstall()
	user("")
	r := slow.results[0].text
	hash, _, _ := view(r)
	c.checks.check("gemini inactivity timeout", strings.Contains(r, "ok  \tdemo/slowmod") && !strings.Contains(r, "cancelled") &&
		strings.Contains(r, "headroom: still running after 5s") && hash != "",
		fmt.Sprintf("with tools.shell.inactivityTimeout 10, the 13 s test through headroom runs to its end, and the model gets the view %s after %q",
			hash, grepLine(r, "still running")))

	// D-G3: a policy allows rg; in the default approval mode a headless
	// run refuses what no rule allows.
	writeFile(filepath.Join(a.home, ".gemini", "policies", "allow-rg.toml"), "[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"rg\"\ndecision = \"allow\"\npriority = 100\n")
	argv := a.argv
	a.argv = argv[:len(argv)-2]
	uninstall = a.install()
	o := a.session("allow-policy", true, call{command: c.search()})
	uninstall()
	a.argv = argv
	os.RemoveAll(filepath.Join(a.home, ".gemini", "policies"))
	hooks, runs = hookCalls(o.spy)
	c.checks.check("gemini allow policy", hooks == 1 && len(runs) == 0 && !strings.Contains(o.results[0].text, "denied by policy") && strings.Contains(o.results[0].text, "func"),
		"with a policy allowing rg, the hook leaves rg alone and it runs: "+outputLine(o.results[0].text))

	// D-G4: without headroom on PATH, the hook still answers, and the
	// command runs as it is.
	uninstall = a.install()
	o = a.session("missing-headroom", false, call{command: failingTest})
	uninstall()
	r = o.results[0].text
	doctor, _ := output(a.proj, a.env(false), a.c.headroom, "doctor")
	c.checks.check("gemini without headroom on PATH", strings.Contains(r, "=== RUN   TestConfig") && !strings.Contains(r, "blocked") &&
		strings.Contains(doctor, "on PATH   no: "),
		"the command runs as it is: "+outputLine(r)+"; and doctor says: "+grepLine(doctor, "on PATH"))

	// D-G5: in a folder Gemini does not trust, the project's hook does
	// not run; doctor says so, and says it once the folder is trusted.
	a.extraEnv = a.extraEnv[:len(a.extraEnv)-1]
	uninstall = a.install()
	doctor, _ = a.headroom("doctor")
	o = a.session("untrusted", true, call{command: failingTest})
	hooks, _ = hookCalls(o.spy)
	c.checks.check("gemini untrusted folder", hooks == 0 && strings.Contains(doctor, "ignores this folder's settings"),
		"Gemini CLI does not run the project's hook, and doctor says: "+grepLine(doctor, "gemini "))
	trusted, _ := json.Marshal(map[string]string{a.proj: "TRUST_FOLDER"})
	writeFile(filepath.Join(a.home, ".gemini", "trustedFolders.json"), string(trusted))
	doctor, _ = a.headroom("doctor")
	o = a.session("trusted", true, call{command: failingTest})
	hooks, _ = hookCalls(o.spy)
	c.checks.check("gemini trusted folder", hooks == 1 && strings.Contains(doctor, "gemini    project: installed ("),
		"once trusted, the hook runs, and doctor says: "+grepLine(doctor, "gemini "))
	uninstall()
	os.Remove(filepath.Join(a.home, ".gemini", "trustedFolders.json"))
	a.extraEnv = append(a.extraEnv, "GEMINI_CLI_TRUST_WORKSPACE=true")

	// D-G6: a search that fails for a missing directory.
	command := c.search() + " /nonexistent-dir"
	uninstall = a.install()
	o = a.session("search-error", true, call{command: command})
	uninstall()
	r = o.results[0].text
	hash, _, _ = view(r)
	c.checks.check("gemini search error", hash != "" && strings.Contains(r, "/nonexistent-dir: ") && strings.Contains(r, "No such file or directory") && strings.Contains(r, "Exit Code: 2"),
		"the view keeps why the search failed: "+grepLine(r, "nonexistent-dir"))
	return nil
}

func opencode(c *config) error {
	a, err := c.newAgent("opencode", ".opencode/plugins/headroom.js", nil,
		filepath.Join(c.prefix, "bin", "opencode"), "run", prompt)
	if err != nil {
		return err
	}
	a.warm = true
	a.extraEnv = []string{"XDG_CONFIG_HOME=" + filepath.Join(a.home, ".config"), "XDG_DATA_HOME=" + filepath.Join(a.home, ".local", "share"),
		"XDG_CACHE_HOME=" + filepath.Join(a.home, ".cache"), "XDG_STATE_HOME=" + filepath.Join(a.home, ".local", "state"),
		"OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_LSP_DOWNLOAD=1", "OPENCODE_DISABLE_DEFAULT_PLUGINS=1"}
	// A custom provider speaking OpenAI's Chat Completions.
	config, _ := json.MarshalIndent(map[string]any{
		"$schema": "https://opencode.ai/config.json",
		"provider": map[string]any{"mock": map[string]any{"npm": "@ai-sdk/openai-compatible", "name": "Mock",
			"options": map[string]any{"baseURL": c.mock.url + "/v1", "apiKey": "mock"},
			"models":  map[string]any{"mock-model": map[string]any{"name": "Mock", "tool_call": true}}}},
		"model": "mock/mock-model", "autoupdate": false, "share": "disabled",
	}, "", "  ")
	if err := writeFile(filepath.Join(a.proj, "opencode.json"), string(config)+"\n"); err != nil {
		return err
	}
	a.compare()

	// Without headroom on PATH the plugin lets the command run as it is.
	uninstall := a.install()
	o := a.session("missing-headroom", false, call{command: failingTest})
	uninstall()
	r := o.results[0].text
	// opencode cuts long output itself, differently from run to run (at
	// times to the last line alone), and keeps the whole of it in a file
	// it names: the failure line is in one or the other.
	full := r + savedOutput(r)
	c.checks.check("opencode without headroom on PATH", strings.Contains(full, "FAIL\tdemo/failmod") && !strings.Contains(full, "[headroom:"),
		"the plugin cannot run headroom, and the command runs as it is: "+lastLine(r))
	return nil
}

// savedOutput returns the contents of the file in which opencode says it
// saved a tool's whole output ("Full output saved to: PATH"), or "".
func savedOutput(result string) string {
	_, rest, ok := strings.Cut(result, "Full output saved to: ")
	if !ok {
		return ""
	}
	path, _, _ := strings.Cut(rest, "\n")
	b, err := os.ReadFile(strings.TrimSpace(path))
	if err != nil {
		return ""
	}
	return string(b)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 160 {
		s = s[:160] + "..."
	}
	return s
}

// outputLine is the first line of what a command printed, after the
// agent's own header.
func outputLine(s string) string {
	s = strings.TrimPrefix(s, "<untrusted_context>\n")
	for _, mark := range []string{"Output:\n", "Output: "} {
		if _, after, ok := strings.Cut(s, mark); ok {
			return firstLine(after)
		}
	}
	return firstLine(s)
}

// grepLine is the first line of s holding sub.
func grepLine(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return firstLine(l)
		}
	}
	return "(none)"
}

func chunkAt(chunks []string, i int) string {
	if i < len(chunks) {
		return chunks[i]
	}
	return ""
}
