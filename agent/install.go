package agent

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// plugin is the opencode plugin that routes the bash tool's commands
// through "headroom hook opencode".
//
//go:embed opencode/headroom.js
var plugin []byte

// pluginMark begins every version of the plugin, so that uninstall knows
// the file for headroom's even after an upgrade changed its text.
const pluginMark = "// headroom plugin for opencode"

// Target returns the file that holds agent a's adapter: in the project at
// dir, or in the user's own settings when user is set.
func Target(a Agent, user bool, p Places, dir string) string {
	base := dir
	if user {
		base = p.Home
	}
	switch a {
	case Claude:
		// https://code.claude.com/docs/en/settings#settings-files
		return filepath.Join(base, ".claude", "settings.json")
	case Gemini:
		// https://geminicli.com/docs/hooks/reference/#configuration-schema
		return filepath.Join(base, ".gemini", "settings.json")
	case Codex:
		// https://developers.openai.com/codex/hooks
		if user {
			return filepath.Join(p.CodexHome, "hooks.json")
		}
		return filepath.Join(base, ".codex", "hooks.json")
	case CodexInstructions:
		// https://developers.openai.com/codex/guides/agents-md
		if user {
			return filepath.Join(p.CodexHome, "AGENTS.md")
		}
		return filepath.Join(base, "AGENTS.md")
	case OpenCode:
		// https://opencode.ai/docs/plugins/#from-local-files
		if user {
			return filepath.Join(p.Config, "opencode", "plugins", "headroom.js")
		}
		return filepath.Join(base, ".opencode", "plugins", "headroom.js")
	}
	return ""
}

// An Edit is what installing or removing headroom does to a file.
type Edit struct {
	// Content is the file's new content. Remove is set when headroom
	// created the file and nothing else is left in it; Content then holds
	// that remainder (such as "{}"), for a caller that must keep the file.
	Content []byte
	Remove  bool
	// Changed is unset when the file is already as asked.
	Changed bool
	// Note says what changed, in a few words.
	Note string
	// Fixes, when installing changes a file that already holds
	// headroom's adapter, says what is wrong with the one it holds.
	Fixes string
}

// hookCommand is the command each agent's settings run. Claude Code and
// Codex run a command as it is when its hook fails, as they do when
// headroom is not installed; Gemini CLI refuses the command when a hook
// exits with a status other than 0 or 1 and says something on stderr, as
// a shell does for a program it cannot find. So Gemini's hook answers
// Gemini's "go ahead" itself when headroom cannot.
func hookCommand(a Agent) string {
	if a == Gemini {
		return "headroom hook gemini || echo {}"
	}
	return "headroom hook " + string(a)
}

// isHookCommand reports whether command runs headroom's hook for agent a:
// the current form or one that an earlier headroom installed.
func isHookCommand(a Agent, command string) bool {
	command = strings.TrimSpace(command)
	return command == hookCommand(a) || command == "headroom hook "+string(a)
}

// hookEntry describes where an agent's settings register a hook.
type hookEntry struct {
	event, matcher string
	hook           map[string]string
}

func entry(a Agent) hookEntry {
	switch a {
	case Claude:
		// https://code.claude.com/docs/en/hooks#configuration
		return hookEntry{"PreToolUse", "Bash", map[string]string{"type": "command", "command": hookCommand(a)}}
	case Gemini:
		// https://geminicli.com/docs/hooks/reference/#configuration-schema
		return hookEntry{"BeforeTool", "run_shell_command", map[string]string{"name": "headroom", "type": "command", "command": hookCommand(a)}}
	case Codex:
		// https://developers.openai.com/codex/hooks#config-shape
		return hookEntry{"PreToolUse", "Bash", map[string]string{"type": "command", "command": hookCommand(a)}}
	}
	return hookEntry{}
}

// Install returns current, the content of agent a's settings file or nil
// if there is none, with headroom's adapter added.
func Install(a Agent, current []byte) (Edit, error) {
	switch a {
	case Claude, Gemini, Codex:
		return installHook(a, current)
	case CodexInstructions:
		return installBlock(current), nil
	case OpenCode:
		if bytes.Equal(current, plugin) {
			return Edit{Content: current, Note: "already holds the headroom plugin"}, nil
		}
		note := "wrote the headroom plugin"
		if current != nil {
			note = "replaced the file with the headroom plugin"
		}
		return Edit{Content: plugin, Changed: true, Note: note}, nil
	}
	return Edit{}, fmt.Errorf("unknown agent %q", a)
}

// Uninstall returns current with headroom's adapter removed. If backup,
// the file as it was before Install, is what Install turns into current,
// the backup comes back byte for byte; otherwise only headroom's part is
// taken out, keeping whatever else changed since.
func Uninstall(a Agent, current, backup []byte) (Edit, error) {
	if current == nil {
		return Edit{Note: "does not exist"}, nil
	}
	if backup != nil {
		if e, err := Install(a, backup); err == nil && e.Changed && bytes.Equal(e.Content, current) {
			return Edit{Content: backup, Changed: true, Note: "restored from the backup"}, nil
		}
	}
	var e Edit
	var err error
	switch a {
	case Claude, Gemini, Codex:
		e, err = uninstallHook(a, current, backup)
	case CodexInstructions:
		e = removeBlock(current)
	case OpenCode:
		if !bytes.HasPrefix(current, []byte(pluginMark)) {
			return Edit{}, errors.New("is not headroom's plugin; remove it by hand")
		}
		e = Edit{Changed: true, Note: "removed the headroom plugin"}
		if backup != nil {
			e.Content = backup
			e.Note = "restored the plugin it replaced"
		} else {
			e.Remove = true
		}
		return e, nil
	default:
		return Edit{}, fmt.Errorf("unknown agent %q", a)
	}
	if err != nil {
		return Edit{}, err
	}
	// Nothing but what headroom put there: the file was headroom's.
	if e.Changed && backup == nil && empty(a, e.Content) {
		e.Remove = true
	}
	return e, nil
}

func empty(a Agent, content []byte) bool {
	if a == CodexInstructions {
		return len(bytes.TrimSpace(content)) == 0
	}
	o, err := parseObject(content)
	return err == nil && len(o) == 0
}

func installHook(a Agent, current []byte) (Edit, error) {
	src := current
	if src == nil {
		src = []byte("{}")
	}
	root, err := parseSettings(src)
	if err != nil {
		return Edit{}, err
	}
	e := entry(a)
	hooks, groups, err := e.groups(root)
	if err != nil {
		return Edit{}, err
	}
	note := fmt.Sprintf("added a %s hook running %q on %s", e.event, hookCommand(a), e.matcher)
	fixes := ""
	isCurrent := func(c string) bool { return c == hookCommand(a) }
	earlier := func(c string) bool { return isHookCommand(a, c) && !isCurrent(c) }
	var kept []json.RawMessage
	for _, g := range groups {
		if _, n := withoutHooks(g, isCurrent); n > 0 {
			return Edit{Content: current, Note: fmt.Sprintf("already runs %q before each %s call", hookCommand(a), e.matcher)}, nil
		}
		rest, n := withoutHooks(g, earlier)
		if n > 0 {
			note = fmt.Sprintf("replaced the hook of an earlier headroom with one running %q", hookCommand(a))
			fixes = "its hook is an earlier headroom's"
			if a == Gemini {
				fixes += ", which stops every shell command when headroom is not on PATH"
			}
		}
		if rest != nil {
			kept = append(kept, rest)
		}
	}
	// Keys in the documentation's order rather than sorted.
	group := object{{"matcher", jsonValue(e.matcher)}, {"hooks", arrayValue([]json.RawMessage{orderedHook(e.hook)})}}
	hooks.set(e.event, arrayValue(append(kept, group.marshal())))
	root.set("hooks", hooks.marshal())
	return Edit{Content: format(root, current), Changed: true, Note: note, Fixes: fixes}, nil
}

// orderedHook writes a hook's fields in the order the documentation shows
// them: name, type, command.
func orderedHook(h map[string]string) json.RawMessage {
	var o object
	for _, k := range []string{"name", "type", "command"} {
		if v, ok := h[k]; ok {
			o = append(o, member{k, jsonValue(v)})
		}
	}
	return o.marshal()
}

// groups returns the settings' "hooks" object and the matcher groups under
// e's event in it. It refuses a key given twice on that path: headroom
// would edit the first, and the agent read the last.
func (e hookEntry) groups(root object) (object, []json.RawMessage, error) {
	if root.count("hooks") > 1 {
		return nil, nil, errors.New(`has a duplicate key "hooks"; edit it by hand`)
	}
	hooks, err := root.subObject("hooks")
	if err != nil {
		return nil, nil, err
	}
	if hooks.count(e.event) > 1 {
		return nil, nil, fmt.Errorf(`has a duplicate key %q in "hooks"; edit it by hand`, e.event)
	}
	groups, err := hooks.array(e.event)
	if err != nil {
		return nil, nil, err
	}
	return hooks, groups, nil
}

// had reports whether backup, the settings before Install, already held
// a "hooks" object and e's event in it: those are the user's, and stay
// when headroom's hook leaves them empty.
func (e hookEntry) had(backup []byte) (hooks, event bool) {
	root, err := parseObject(backup)
	if err != nil {
		return false, false
	}
	v, hooks := root.get("hooks")
	if sub, err := parseObject(v); err == nil {
		_, event = sub.get(e.event)
	}
	return hooks, event
}

func uninstallHook(a Agent, current, backup []byte) (Edit, error) {
	root, err := parseSettings(current)
	if err != nil {
		return Edit{}, err
	}
	e := entry(a)
	hooks, groups, err := e.groups(root)
	if err != nil {
		return Edit{}, err
	}
	var kept []json.RawMessage
	removed := 0
	for _, g := range groups {
		rest, n := withoutHooks(g, func(c string) bool { return isHookCommand(a, c) })
		removed += n
		if rest != nil {
			kept = append(kept, rest)
		}
	}
	if removed == 0 {
		return Edit{Content: current, Note: fmt.Sprintf("has no %s hook running %q", e.event, hookCommand(a))}, nil
	}
	hadHooks, hadEvent := e.had(backup)
	if len(kept) == 0 && !hadEvent {
		hooks.del(e.event)
	} else {
		hooks.set(e.event, arrayValue(kept))
	}
	if len(hooks) == 0 && !hadHooks {
		root.del("hooks")
	} else {
		root.set("hooks", hooks.marshal())
	}
	return Edit{Content: format(root, current), Changed: true,
		Note: fmt.Sprintf("removed the %s hook running %q", e.event, hookCommand(a))}, nil
}

// withoutHooks returns a matcher group with the hooks whose command ours
// approves taken out, nil if nothing else was in it, and how many it took
// out.
func withoutHooks(group json.RawMessage, ours func(command string) bool) (json.RawMessage, int) {
	g, err := parseObject(group)
	if err != nil {
		return group, 0
	}
	hooks, err := g.array("hooks")
	if err != nil {
		return group, 0
	}
	var kept []json.RawMessage
	for _, h := range hooks {
		var hook struct {
			Command string `json:"command"`
		}
		if json.Unmarshal(h, &hook) == nil && ours(strings.TrimSpace(hook.Command)) {
			continue
		}
		kept = append(kept, h)
	}
	n := len(hooks) - len(kept)
	switch {
	case n == 0:
		return group, 0
	case len(kept) == 0:
		return nil, n
	}
	g.set("hooks", arrayValue(kept))
	return g.marshal(), n
}

// parseSettings reads a settings file, which must be plain JSON: headroom
// rewrites it, and would lose comments.
func parseSettings(b []byte) (object, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return object{}, nil
	}
	o, err := parseObject(b)
	if err != nil {
		return nil, fmt.Errorf("is not a plain JSON object (%v); add the hook by hand", err)
	}
	return o, nil
}

// format writes a settings object indented as like is (two spaces if like
// has no indented line), with like's line ends, ending with one unless
// like does not.
func format(o object, like []byte) []byte {
	indent := "  "
	for _, line := range bytes.Split(like, []byte("\n"))[1:] {
		if trimmed := bytes.TrimLeft(line, " \t"); len(trimmed) < len(line) && len(trimmed) > 0 {
			indent = string(line[:len(line)-len(trimmed)])
			break
		}
	}
	var b bytes.Buffer
	if err := json.Indent(&b, o.marshal(), "", indent); err != nil {
		panic(err) // marshal wrote valid JSON
	}
	if like == nil || bytes.HasSuffix(like, []byte("\n")) {
		b.WriteByte('\n')
	}
	return withLineEnds(b.Bytes(), lineEnd(like))
}

// lineEnd returns the line end a file uses, judged by its first line: CRLF
// or, as for a file of one line, LF.
func lineEnd(b []byte) string {
	if i := bytes.IndexByte(b, '\n'); i > 0 && b[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// withLineEnds returns b, whose lines end in LF, with its lines ending in
// eol instead.
func withLineEnds(b []byte, eol string) []byte {
	if eol == "\n" {
		return b
	}
	return bytes.ReplaceAll(b, []byte("\n"), []byte(eol))
}

// The marks around the instructions headroom adds to an AGENTS.md file.
const (
	blockBegin = "<!-- headroom:begin (headroom init codex --uninstall removes this block) -->\n"
	blockEnd   = "<!-- headroom:end -->\n"
)

// Instructions tell a model, in a file such as AGENTS.md, how to run
// commands through headroom and get back what a view leaves out. They are
// the whole adapter for agents without hooks.
const Instructions = `## Long command output

Run commands whose output can be long, such as tests, builds, linters,
searches, diffs and logs, as ` + "`headroom run -- COMMAND ARGS...`" + `, for example
` + "`headroom run -- go test ./...`" + `. Short output comes back unchanged; long
output comes back as a view that keeps the errors, failures, matches and
changed lines, between two ` + "`[headroom: ...]`" + ` lines that name a hash. The exit
status is the command's.

Use it only for commands that read and report. Never use it for interactive
commands, for commands that install, deploy, delete, push or change remote
systems, or for commands whose output goes to a file or another program.

To see what a view left out, do not run the command again: run
` + "`headroom expand HASH --lines A:B`" + ` for a range a gap line names, or
` + "`headroom expand HASH --grep REGEX`" + ` for the lines that match.
`

// CodexDocLimit is how much of its AGENTS.md files Codex reads, all
// together, unless project_doc_max_bytes says otherwise: instructions past
// it never reach the model.
const CodexDocLimit = 32 << 10

// installBlock adds the instructions to the end of an AGENTS.md file, or
// to its start if the end is past CodexDocLimit.
func installBlock(current []byte) Edit {
	if i, end := blockAt(current); i >= 0 {
		if end <= CodexDocLimit {
			return Edit{Content: current, Note: "already holds the headroom instructions"}
		}
		return Edit{Content: prependBlock(removeBlock(current).Content), Changed: true,
			Note:  "moved the headroom instructions to the top, where Codex reads them",
			Fixes: "its headroom instructions end past the first 32 KiB, which is all of AGENTS.md that Codex reads"}
	}
	if b := appendBlock(current); len(b) <= CodexDocLimit {
		return Edit{Content: b, Changed: true, Note: "added the headroom instructions"}
	}
	return Edit{Content: prependBlock(current), Changed: true,
		Note: "added the headroom instructions at the top: Codex reads only the first 32 KiB"}
}

// blockAt returns where the instructions start and end in b, or -1.
func blockAt(b []byte) (start, end int) {
	i := bytes.Index(b, []byte(strings.TrimSuffix(blockBegin, "\n")))
	if i < 0 {
		return -1, -1
	}
	j := bytes.Index(b[i:], []byte(strings.TrimSuffix(blockEnd, "\n")))
	if j < 0 {
		return i, len(b)
	}
	return i, i + j + len(blockEnd)
}

// prependBlock puts the instructions first, then a blank line, with the
// line ends current uses.
func prependBlock(current []byte) []byte {
	eol := lineEnd(current)
	var b bytes.Buffer
	b.Write(withLineEnds([]byte(blockBegin+Instructions+blockEnd), eol))
	if len(current) > 0 {
		b.WriteString(eol)
		b.Write(current)
	}
	return b.Bytes()
}

// appendBlock adds the instructions after a blank line, with the line ends
// current uses.
func appendBlock(current []byte) []byte {
	eol := lineEnd(current)
	var b bytes.Buffer
	b.Write(current)
	if len(current) > 0 {
		if !bytes.HasSuffix(current, []byte("\n")) {
			b.WriteString(eol)
		}
		b.WriteString(eol)
	}
	b.Write(withLineEnds([]byte(blockBegin+Instructions+blockEnd), eol))
	return b.Bytes()
}

func removeBlock(current []byte) Edit {
	mark := []byte(strings.TrimSuffix(blockBegin, "\n"))
	i := bytes.Index(current, mark)
	if i < 0 {
		return Edit{Content: current, Note: "holds no headroom instructions"}
	}
	// The block's line ends are those appendBlock chose, whatever the
	// file's first line now shows.
	eol := "\n"
	if bytes.HasPrefix(current[i+len(mark):], []byte("\r\n")) {
		eol = "\r\n"
	}
	end := withLineEnds([]byte(blockEnd), eol)
	j := bytes.Index(current[i:], end)
	if j < 0 {
		return Edit{Content: current, Note: "holds the start of the headroom instructions but not their end; remove them by hand"}
	}
	before, after := current[:i], current[i+j+len(end):]
	switch {
	case len(after) == 0 && bytes.HasSuffix(before, []byte(eol+eol)):
		before = before[:len(before)-len(eol)] // the blank line appendBlock added
	case len(before) == 0 && bytes.HasPrefix(after, []byte(eol)):
		after = after[len(eol):] // the blank line prependBlock added
	}
	out := append(append([]byte{}, before...), after...)
	return Edit{Content: out, Changed: true, Note: "removed the headroom instructions"}
}
