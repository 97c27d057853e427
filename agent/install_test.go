package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// claudeWithHooks is a settings file as Claude Code writes it, with hooks
// of its own and keys in no particular order.
const claudeWithHooks = `{
  "permissions": {
    "allow": [
      "Bash(go test:*)"
    ]
  },
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Edit|Write",
        "hooks": [
          {
            "type": "command",
            "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/check-style.sh"
          }
        ]
      }
    ],
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "notify-send done <&-"
          }
        ]
      }
    ]
  },
  "model": "opus"
}
`

// Install then Uninstall gives back the original bytes, whether the file
// was missing, empty of hooks, full of other hooks, indented with tabs or
// without a final newline.
func TestInstallRoundTrip(t *testing.T) {
	tests := []struct {
		name     string
		a        Agent
		original []byte // nil: no file
	}{
		{"claude, no file", Claude, nil},
		{"claude, other hooks", Claude, []byte(claudeWithHooks)},
		{"claude, tabs, no newline", Claude, []byte("{\n\t\"model\": \"opus\"\n}")},
		{"claude, compact", Claude, []byte(`{"model":"opus"}`)},
		{"gemini, no file", Gemini, nil},
		{"gemini, other hooks", Gemini, []byte(strings.ReplaceAll(claudeWithHooks, "PreToolUse", "BeforeTool"))},
		{"codex, no file", Codex, nil},
		{"codex, other hooks", Codex, []byte(claudeWithHooks)},
		{"codex instructions, no file", CodexInstructions, nil},
		{"codex instructions, AGENTS.md", CodexInstructions, []byte("# Agents\n\nUse tabs.\n")},
		{"codex instructions, no final newline", CodexInstructions, []byte("# Agents\n\nUse tabs.")},
		{"codex instructions, CRLF", CodexInstructions, []byte("# Agents\r\n\r\nUse tabs.\r\n")},
		{"codex instructions, 32 KiB", CodexInstructions, bigAgents("\n")},
		{"codex instructions, 32 KiB, CRLF, starting blank", CodexInstructions, append([]byte("\r\n"), bigAgents("\r\n")...)},
		{"claude, CRLF", Claude, []byte("{\r\n  \"model\": \"opus\"\r\n}\r\n")},
		{"opencode, no file", OpenCode, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := Install(tt.a, tt.original)
			if err != nil || !in.Changed {
				t.Fatalf("Install: %v, changed %v", err, in.Changed)
			}
			again, err := Install(tt.a, in.Content)
			if err != nil || again.Changed || !bytes.Equal(again.Content, in.Content) {
				t.Errorf("Install is not idempotent: %v, changed %v", err, again.Changed)
			}
			// Without the backup, as when the file was new or the backup
			// is gone: only headroom's part comes out.
			out, err := Uninstall(tt.a, in.Content, nil)
			if err != nil || !out.Changed {
				t.Fatalf("Uninstall: %v, changed %v", err, out.Changed)
			}
			if tt.original == nil {
				if !out.Remove {
					t.Errorf("Uninstall kept a file headroom created: %q", out.Content)
				}
			} else if want := withoutBackup(tt.a, tt.original); !bytes.Equal(out.Content, want) {
				t.Errorf("Uninstall gave\n%s\nwant\n%s", out.Content, want)
			}
			if tt.original != nil {
				back, err := Uninstall(tt.a, in.Content, tt.original)
				if err != nil || !bytes.Equal(back.Content, tt.original) || back.Remove {
					t.Errorf("Uninstall with the backup gave %q, %v; want the original", back.Content, err)
				}
			}
		})
	}
}

// withoutBackup is what Uninstall gives back without the backup, where it
// cannot know the original's formatting: a compact JSON file comes back
// indented, and a file that did not end in a newline ends in one.
func withoutBackup(a Agent, original []byte) []byte {
	switch {
	case a == CodexInstructions && !bytes.HasSuffix(original, []byte("\n")):
		return append(original, '\n')
	case a != CodexInstructions && !bytes.Contains(original, []byte("\n")):
		o, _ := parseObject(original)
		return format(o, original)
	}
	return original
}

// A file whose lines end in CRLF gets headroom's lines with CRLF too, so
// that editors and diffs do not show a mix.
func TestInstallKeepsCRLF(t *testing.T) {
	for _, tt := range []struct {
		a        Agent
		original string
	}{
		{CodexInstructions, "# Agents\r\n\r\nUse tabs.\r\n"},
		{CodexInstructions, "# Agents\r\n\r\nUse tabs."},
		{Codex, "{\r\n  \"hooks\": {}\r\n}"},
		{Claude, "{\r\n  \"model\": \"opus\"\r\n}\r\n"},
		{Gemini, "{\r\n  \"hooks\": {}\r\n}"},
	} {
		in, err := Install(tt.a, []byte(tt.original))
		if err != nil {
			t.Fatal(err)
		}
		if lf, crlf := bytes.Count(in.Content, []byte("\n")), bytes.Count(in.Content, []byte("\r\n")); lf != crlf {
			t.Errorf("%s: %d of %d line ends are CRLF:\n%q", tt.a, crlf, lf, in.Content)
		}
		if again, err := Install(tt.a, in.Content); err != nil || again.Changed {
			t.Errorf("%s: Install again: changed %v, %v", tt.a, again.Changed, err)
		}
	}
}

// bigAgents is an AGENTS.md of 33 KiB, whose end Codex does not read.
func bigAgents(eol string) []byte {
	var b bytes.Buffer
	b.WriteString("# Rules" + eol + eol)
	for i := 0; b.Len() < 33<<10; i++ {
		fmt.Fprintf(&b, "Rule %04d: keep functions small and name them for what they do.%s", i, eol)
	}
	return b.Bytes()
}

// Codex reads only the first 32 KiB of AGENTS.md: instructions that would
// end past it go first instead, and instructions found past it move there.
func TestInstallBlockWithinLimit(t *testing.T) {
	big := bigAgents("\n")
	in, err := Install(CodexInstructions, big)
	if err != nil {
		t.Fatal(err)
	}
	if _, end := blockAt(in.Content); end > CodexDocLimit || !bytes.HasSuffix(in.Content, big) {
		t.Errorf("instructions end at byte %d of a big AGENTS.md (note %q)", end, in.Note)
	}
	small, _ := Install(CodexInstructions, []byte("# Rules\n"))
	if start, _ := blockAt(small.Content); start == 0 {
		t.Errorf("instructions put first in a small AGENTS.md")
	}
	// The block appended to a file that has grown since.
	grown := appendBlock(big)
	moved, err := Install(CodexInstructions, grown)
	if err != nil || !moved.Changed || moved.Fixes == "" {
		t.Fatalf("Install of instructions past the limit: changed %v, fixes %q, %v", moved.Changed, moved.Fixes, err)
	}
	if _, end := blockAt(moved.Content); end > CodexDocLimit {
		t.Errorf("instructions past the limit stayed at byte %d", end)
	}
	if out, _ := Uninstall(CodexInstructions, moved.Content, nil); !bytes.Equal(out.Content, big) {
		t.Errorf("Uninstall of moved instructions did not give back the file")
	}
}

// A hook of an earlier headroom counts as headroom's: Install replaces it,
// Uninstall removes it.
func TestInstallReplacesEarlierHook(t *testing.T) {
	earlier := `{"hooks":{"BeforeTool":[{"matcher":"run_shell_command","hooks":[{"name":"headroom","type":"command","command":"headroom hook gemini"}]}]}}`
	in, err := Install(Gemini, []byte(earlier))
	if err != nil || !in.Changed || !strings.Contains(in.Fixes, "stops every shell command") {
		t.Fatalf("Install over an earlier hook: changed %v, fixes %q, %v", in.Changed, in.Fixes, err)
	}
	if bytes.Count(in.Content, []byte("headroom hook gemini")) != 1 || !bytes.Contains(in.Content, []byte(`"headroom hook gemini || echo {}"`)) {
		t.Errorf("Install over an earlier hook gave\n%s", in.Content)
	}
	if out, err := Uninstall(Gemini, []byte(earlier), nil); err != nil || !out.Remove {
		t.Errorf("Uninstall did not remove an earlier hook: %s, %v", out.Content, err)
	}
}

func TestInstallClaudeHook(t *testing.T) {
	e, err := Install(Claude, []byte(claudeWithHooks))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type, Command string
			} `json:"hooks"`
		} `json:"hooks"`
		Model string `json:"model"`
	}
	if err := json.Unmarshal(e.Content, &s); err != nil {
		t.Fatal(err)
	}
	pre := s.Hooks["PreToolUse"]
	if len(pre) != 2 || pre[0].Matcher != "Edit|Write" || pre[1].Matcher != "Bash" ||
		len(pre[1].Hooks) != 1 || pre[1].Hooks[0].Command != "headroom hook claude" || pre[1].Hooks[0].Type != "command" {
		t.Errorf("PreToolUse = %+v", pre)
	}
	if len(s.Hooks["Stop"]) != 1 || s.Model != "opus" {
		t.Errorf("other settings changed: %+v", s)
	}
	// <, > and & stay as they are.
	if !bytes.Contains(e.Content, []byte("notify-send done <&-")) {
		t.Errorf("escaped HTML characters:\n%s", e.Content)
	}
}

// A user who put another hook into headroom's group keeps it.
func TestUninstallKeepsSharedGroup(t *testing.T) {
	in, _ := Install(Claude, nil)
	shared := bytes.Replace(in.Content,
		[]byte(`"command": "headroom hook claude"`),
		[]byte(`"command": "headroom hook claude"
          },
          {
            "type": "command",
            "command": "audit.sh"`), 1)
	out, err := Uninstall(Claude, shared, nil)
	if err != nil || out.Remove || !bytes.Contains(out.Content, []byte("audit.sh")) || bytes.Contains(out.Content, []byte("headroom")) {
		t.Errorf("Uninstall = %s, remove %v, %v", out.Content, out.Remove, err)
	}
}

// Changes made since Install survive Uninstall, and the backup is not
// used then.
func TestUninstallAfterOtherChanges(t *testing.T) {
	in, _ := Install(Claude, []byte(claudeWithHooks))
	edited := bytes.Replace(in.Content, []byte(`"model": "opus"`), []byte(`"model": "sonnet"`), 1)
	out, err := Uninstall(Claude, edited, []byte(claudeWithHooks))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(claudeWithHooks, `"model": "opus"`, `"model": "sonnet"`, 1)
	if string(out.Content) != want {
		t.Errorf("Uninstall gave\n%s\nwant\n%s", out.Content, want)
	}
}

// A user's own empty "hooks" object or hook list is not headroom's to
// remove: the backup shows it was there before, even when the file has
// changed since and so cannot simply be restored.
func TestUninstallKeepsEmptyHooks(t *testing.T) {
	for _, original := range []string{
		"{\n  \"model\": \"opus\",\n  \"hooks\": {}\n}\n",
		"{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"PreToolUse\": []\n  }\n}\n",
	} {
		in, _ := Install(Claude, []byte(original))
		edited := bytes.Replace(in.Content, []byte(`"opus"`), []byte(`"sonnet"`), 1)
		out, err := Uninstall(Claude, edited, []byte(original))
		want := strings.Replace(original, `"opus"`, `"sonnet"`, 1)
		if err != nil || string(out.Content) != want {
			t.Errorf("Uninstall gave\n%s\nwant\n%s", out.Content, want)
		}
	}
}

func TestInstallRefusesWhatItCannotEdit(t *testing.T) {
	for _, src := range []string{`{"hooks":{},"hooks":{"PreToolUse":[]}}`, `{"hooks":{"PreToolUse":[],"PreToolUse":[]}}`, "{\n  // a comment\n  \"model\": \"opus\"\n}\n", `["not", "an object"]`, `{"hooks": []}`,
		`{"hooks": {"PreToolUse": {}}}`, `{"model": "opus"} x`, `{"model": "opus"}{}`, `{"model": `} {
		if _, err := Install(Claude, []byte(src)); err == nil {
			t.Errorf("Install(%q) did not refuse", src)
		}
	}
	if _, err := Uninstall(OpenCode, []byte("export const Mine = 1\n"), nil); err == nil {
		t.Errorf("Uninstall removed an opencode plugin that is not headroom's")
	}
}

func TestPluginIsMarked(t *testing.T) {
	if !bytes.HasPrefix(plugin, []byte(pluginMark)) {
		t.Errorf("the opencode plugin does not start with %q", pluginMark)
	}
	if !bytes.Contains(plugin, []byte(`"tool.execute.before"`)) || !bytes.Contains(plugin, []byte(`"hook", "opencode"`)) {
		t.Errorf("the opencode plugin does not hook tool.execute.before through headroom hook opencode")
	}
}

// FuzzInstallRoundTrip checks on any settings file Install accepts that
// Uninstall with the backup gives back its bytes, and without the backup
// the same JSON.
func FuzzInstallRoundTrip(f *testing.F) {
	for _, s := range []string{claudeWithHooks, "{}", `{"hooks":{"PreToolUse":[]}}`, "{\n\t\"a\": [1, {\"b\": null}]\n}\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, original string) {
		for _, a := range []Agent{Claude, Gemini, Codex} {
			in, err := Install(a, []byte(original))
			if err != nil || !in.Changed {
				continue
			}
			back, err := Uninstall(a, in.Content, []byte(original))
			if err != nil || string(back.Content) != original {
				t.Fatalf("%s: with the backup, Uninstall(Install(%q)) = %q, %v", a, original, back.Content, err)
			}
			out, err := Uninstall(a, in.Content, nil)
			if err != nil || !out.Changed {
				t.Fatalf("%s: without the backup, Uninstall(Install(%q)): changed %v, %v", a, original, out.Changed, err)
			}
			if out.Remove {
				continue
			}
			var want, got any
			if json.Unmarshal([]byte(original), &want) != nil || json.Unmarshal(out.Content, &got) != nil {
				t.Fatalf("%s: Uninstall(Install(%q)) = %q, not JSON", a, original, out.Content)
			}
			if wb, _ := json.Marshal(want); !bytes.Equal(wb, mustMarshal(got)) && !emptyHooks(want) {
				t.Fatalf("%s: without the backup, Uninstall(Install(%q)) = %q", a, original, out.Content)
			}
		}
	})
}

func mustMarshal(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// emptyHooks reports whether settings hold an empty "hooks" object or hook
// list, which headroom cannot tell from none once its own entry is gone.
func emptyHooks(v any) bool {
	m, _ := v.(map[string]any)
	h, ok := m["hooks"].(map[string]any)
	if !ok {
		return false
	}
	if len(h) == 0 {
		return true
	}
	for _, e := range h {
		if l, ok := e.([]any); ok && len(l) == 0 {
			return true
		}
	}
	return false
}
