package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Guard holds the shell commands an agent's permission rules deny or ask
// about, and those they allow without asking. Rewrite leaves the first
// alone: the agent would check its rules against the rewritten command,
// which they no longer match. It leaves the second alone unless the rules
// allow the rewritten command too: the agent would ask about it, and in a
// headless run refuse it.
//
// A guard errs on the side of covering: its patterns match at least what
// the agent's own matching does, and rules it cannot read make it cover
// every command.
type Guard struct {
	all      bool
	prefixes []string
	globs    []string         // patterns in which * stands for any text and ? for one character
	regexps  []*regexp.Regexp // Gemini's commandRegex, tried on its JSON form too
	programs []string
	// allow covers the commands the rules allow without asking; nil for
	// none.
	allow *Guard
}

// CoverAll returns a guard that covers every command, for when an agent's
// rules cannot be read.
func CoverAll() Guard { return Guard{all: true} }

// Allows reports whether a rule of the guard may allow command without
// asking.
func (g Guard) Allows(command string) bool {
	return g.allow != nil && g.allow.Covers(command)
}

// allowed returns the guard of the commands the rules allow.
func (g *Guard) allowed() *Guard {
	if g.allow == nil {
		g.allow = &Guard{}
	}
	return g.allow
}

// Covers reports whether a rule of the guard that denies or asks may apply
// to command.
func (g Guard) Covers(command string) bool {
	if g.all {
		return true
	}
	for _, c := range commandForms(command) {
		for _, p := range g.prefixes {
			if strings.HasPrefix(c, p) {
				return true
			}
		}
		for _, glob := range g.globs {
			if wildMatch(glob, c) {
				return true
			}
		}
		js, _ := json.Marshal(c)
		for _, re := range g.regexps {
			if re.MatchString(c) || re.MatchString(`"command":`+string(js)) {
				return true
			}
		}
	}
	if len(g.programs) > 0 {
		if words, err := splitSimple(command); err == nil {
			if i := commandStart(words); i >= 0 {
				for _, p := range g.programs {
					if program(words[i].value) == p || words[i].value == p {
						return true
					}
				}
			}
		}
	}
	return false
}

// commandForms returns the ways an agent may see command when it matches
// rules: as written, and without its leading variable assignments; and
// both again as the shell's words, unquoted and one space apart, which is
// how an agent that parses the command before matching sees it.
func commandForms(command string) []string {
	c := strings.TrimSpace(command)
	forms := []string{c}
	if words, err := splitSimple(c); err == nil {
		i := max(commandStart(words), 0)
		forms = append(forms, c[words[i].start:], strings.Join(values(words), " "), strings.Join(values(words[i:]), " "))
	}
	return forms
}

func (g *Guard) merge(o Guard) {
	g.all = g.all || o.all
	g.prefixes = append(g.prefixes, o.prefixes...)
	g.globs = append(g.globs, o.globs...)
	g.regexps = append(g.regexps, o.regexps...)
	g.programs = append(g.programs, o.programs...)
	if o.allow != nil {
		g.allowed().merge(*o.allow)
	}
}

// addGlob adds a pattern in which * stands for any text, as Claude Code's
// and opencode's rules write them. A trailing " *" also matches nothing, so
// "ls *" covers "ls" as well as "ls -la".
func (g *Guard) addGlob(pattern string) {
	for _, p := range ruleForms(pattern) {
		if prefix, ok := strings.CutSuffix(p, ":*"); ok {
			// Claude Code's older prefix form: "npm run test:*".
			g.prefixes = append(g.prefixes, prefix)
			continue
		}
		if !strings.ContainsAny(p, "*?") {
			// An exact rule; covering what it starts also covers it.
			g.prefixes = append(g.prefixes, p)
			continue
		}
		g.globs = append(g.globs, p)
		if body, ok := strings.CutSuffix(p, " *"); ok {
			g.globs = append(g.globs, body)
		}
	}
}

// addPrefix adds a rule that covers the commands starting with prefix.
func (g *Guard) addPrefix(prefix string) {
	g.prefixes = append(g.prefixes, ruleForms(prefix)...)
}

// ruleForms returns the ways a rule may be meant: as written, with its
// runs of blanks made one space, and as the shell's words, unquoted and
// one space apart. Commands are compared in the same forms, so a rule
// covers its command however either spaces or quotes its words.
func ruleForms(rule string) []string {
	rule = strings.TrimSpace(rule)
	forms := []string{rule}
	add := func(f string) {
		if !slices.Contains(forms, f) {
			forms = append(forms, f)
		}
	}
	add(strings.Join(strings.Fields(rule), " "))
	body, suffix := rule, ""
	if b, ok := strings.CutSuffix(rule, ":*"); ok {
		body, suffix = b, ":*"
	}
	if words, err := splitSimple(body); err == nil && len(words) > 0 {
		add(strings.Join(values(words), " ") + suffix)
	}
	return forms
}

// wildMatch reports whether s matches pattern as a whole, where * in the
// pattern stands for any text and ? for any one character.
func wildMatch(pattern, s string) bool {
	p, t := []rune(pattern), []rune(s)
	i, j := 0, 0
	star, mark := -1, 0 // the last * seen, and where in t its match ends
	for j < len(t) {
		switch {
		case i < len(p) && p[i] == '*':
			star, mark = i, j
			i++
		case i < len(p) && (p[i] == '?' || p[i] == t[j]):
			i++
			j++
		case star >= 0:
			// Let the last * take one more character, and go on after it.
			mark++
			i, j = star+1, mark
		default:
			return false
		}
	}
	for i < len(p) && p[i] == '*' {
		i++
	}
	return i == len(p)
}

// Files gives read access to the agent's settings and the user's shell
// files. None of its functions may block on a FIFO or a device: they open
// regular files only.
type Files struct {
	Read func(name string) ([]byte, error)
	Glob func(pattern string) ([]string, error)
	Open func(name string) (fs.File, error)
}

// Places says where an agent's settings may live.
type Places struct {
	// Home is the user's home directory, Config the user's configuration
	// directory ($XDG_CONFIG_HOME or ~/.config), and CodexHome Codex's
	// ($CODEX_HOME or ~/.codex).
	Home, Config, CodexHome string
	// Projects are the directories the agent may take project settings
	// from: the project's root and the command's working directory.
	Projects []string
	// Env looks up the environment the agent gave the hook, which holds
	// the variables that move its settings and what its shell inherits.
	Env func(string) string
	// Callers are the processes the hook runs under, nearest first, where
	// the system shows them: the agent's own process among them holds
	// the rules given on its command line.
	Callers []Caller
}

// Caller is a process the hook runs under.
type Caller struct {
	// Args is its command line, Dir its working directory ("" if unknown).
	Args []string
	Dir  string
}

// env returns the value of an environment variable, "" when unknown.
func (p Places) env(name string) string {
	if p.Env == nil {
		return ""
	}
	return p.Env(name)
}

// envPath returns the value of an environment variable that names a file
// or directory, "" when it is not an absolute path: a relative one would
// be read relative to the hook's directory, not the agent's.
func (p Places) envPath(name string) string {
	if v := p.env(name); filepath.IsAbs(v) {
		return v
	}
	return ""
}

// sources lists the settings files of an agent that may hold rules about
// shell commands, and the parser of each.
func sources(a Agent, p Places) []source {
	var s []source
	add := func(parse func([]byte) (Guard, error), paths ...string) {
		for _, path := range paths {
			if filepath.IsAbs(path) {
				// A path under a directory that is not known is relative.
				s = append(s, source{path: path, parse: parse})
			}
		}
	}
	// addGlob adds the files in dir that match pattern.
	addGlob := func(parse func([]byte) (Guard, error), dir, pattern string) {
		if filepath.IsAbs(dir) {
			s = append(s, source{path: filepath.Join(escapeGlob(dir), pattern), parse: parse, glob: true})
		}
	}
	switch a {
	case Claude:
		// https://code.claude.com/docs/en/settings#settings-files; the
		// user's settings move to $CLAUDE_CONFIG_DIR when it is set.
		for _, d := range claudeDirs(p) {
			add(claudeGuard, filepath.Join(d, "settings.json"), filepath.Join(d, "settings.local.json"))
		}
		for _, d := range []string{"/etc/claude-code", "/Library/Application Support/ClaudeCode"} {
			add(claudeGuard, filepath.Join(d, "managed-settings.json"))
			addGlob(claudeGuard, filepath.Join(d, "managed-settings.d"), "*.json")
		}
		// Managed preferences on macOS are a property list, not read here.
		add(coverAll, "/Library/Managed Preferences/com.anthropic.claudecode.plist")
		addGlob(coverAll, "/Library/Managed Preferences", "*/com.anthropic.claudecode.plist")
		for _, d := range p.Projects {
			add(claudeGuard, filepath.Join(d, ".claude", "settings.json"), filepath.Join(d, ".claude", "settings.local.json"))
		}
	case Gemini:
		// https://geminicli.com/docs/reference/configuration/#settings-files
		// and https://geminicli.com/docs/reference/policy-engine/. The
		// variables move the system files; the usual places are read too.
		add(geminiSettingsGuard, filepath.Join(p.Home, ".gemini", "settings.json"),
			p.envPath("GEMINI_CLI_SYSTEM_SETTINGS_PATH"), p.envPath("GEMINI_CLI_SYSTEM_DEFAULTS_PATH"))
		for _, d := range []string{"/etc/gemini-cli", "/Library/Application Support/GeminiCli"} {
			add(geminiSettingsGuard, filepath.Join(d, "settings.json"), filepath.Join(d, "system-defaults.json"))
			addGlob(geminiPolicyGuard, filepath.Join(d, "policies"), "*.toml")
		}
		addGlob(geminiPolicyGuard, filepath.Join(p.Home, ".gemini", "policies"), "*.toml")
		for _, d := range p.Projects {
			add(geminiSettingsGuard, filepath.Join(d, ".gemini", "settings.json"))
			addGlob(geminiPolicyGuard, filepath.Join(d, ".gemini", "policies"), "*.toml")
		}
	case OpenCode:
		// https://opencode.ai/docs/config/: the global, custom, managed and
		// project files, the project's found up to the repository's root,
		// and the agents' markdown files in each configuration directory.
		add(openCodeGuard, p.envPath("OPENCODE_CONFIG"))
		dirs := []string{filepath.Join(p.Config, "opencode"), p.envPath("OPENCODE_CONFIG_DIR"),
			"/etc/opencode", "/Library/Application Support/opencode"}
		for _, d := range p.Projects {
			for ; filepath.IsAbs(d); d = filepath.Dir(d) {
				add(openCodeGuard, filepath.Join(d, "opencode.json"), filepath.Join(d, "opencode.jsonc"))
				dirs = append(dirs, filepath.Join(d, ".opencode"))
				if d == filepath.Dir(d) {
					break
				}
			}
		}
		for _, d := range dirs {
			add(openCodeGuard, filepath.Join(d, "opencode.json"), filepath.Join(d, "opencode.jsonc"), filepath.Join(d, "config.json"))
			for _, sub := range []string{"agent", "agents", "mode", "modes"} {
				addGlob(openCodeAgentGuard, filepath.Join(d, sub), "*.md")
			}
		}
	case Codex:
		// https://developers.openai.com/codex/rules
		addGlob(codexGuard, filepath.Join(p.CodexHome, "rules"), "*.rules")
		for _, d := range p.Projects {
			addGlob(codexGuard, filepath.Join(d, ".codex", "rules"), "*.rules")
		}
	}
	return s
}

type source struct {
	path  string
	parse func([]byte) (Guard, error)
	glob  bool // path is a pattern
}

// coverAll parses a file whose rules are not read: that it exists makes
// the guard cover everything.
func coverAll([]byte) (Guard, error) { return CoverAll(), nil }

// escapeGlob quotes the characters filepath.Glob would take for a pattern.
func escapeGlob(dir string) string {
	var b strings.Builder
	for _, c := range dir {
		if strings.ContainsRune(`*?[\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// LoadGuard reads the rules of agent a that deny or ask about shell
// commands. A file that exists but cannot be read or understood makes the
// guard cover every command.
func LoadGuard(a Agent, f Files, p Places) Guard {
	var g Guard
	if a == OpenCode {
		// opencode takes configuration inline, too.
		if inline := p.env("OPENCODE_CONFIG_CONTENT"); inline != "" {
			one, err := openCodeGuard([]byte(inline))
			if err != nil {
				return CoverAll()
			}
			g.merge(one)
		}
	}
	seen := map[string]bool{}
	for _, src := range sources(a, p) {
		paths := []string{src.path}
		if src.glob {
			m, err := f.Glob(src.path)
			if err != nil {
				return CoverAll()
			}
			paths = m
		}
		for _, path := range paths {
			if seen[path] {
				continue
			}
			seen[path] = true
			b, err := f.Read(path)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return CoverAll()
			}
			one, err := src.parse(b)
			if err != nil {
				return CoverAll()
			}
			g.merge(one)
		}
	}
	if a == Claude {
		one, err := claudeCommandLine(p.Callers, f)
		if err != nil {
			return CoverAll()
		}
		g.merge(one)
	}
	return g
}

// claudeCommandLine reads the rules given on Claude Code's command line:
// --disallowedTools and --allowedTools (or --disallowed-tools,
// --allowed-tools), each followed by rules separated by commas or spaces,
// and --settings, a settings file or its JSON.
// https://code.claude.com/docs/en/cli-reference
func claudeCommandLine(callers []Caller, f Files) (Guard, error) {
	var g Guard
	for _, c := range callers {
		if !IsClaude(c.Args) {
			continue
		}
		var deny, allow []string
		for i := 1; i < len(c.Args) && c.Args[i] != "--"; i++ {
			name, value, joined := strings.Cut(c.Args[i], "=")
			var values []string
			if joined {
				values = []string{value}
			} else {
				for i+1 < len(c.Args) && !strings.HasPrefix(c.Args[i+1], "-") {
					i++
					values = append(values, c.Args[i])
				}
			}
			switch name {
			case "--disallowedTools", "--disallowed-tools":
				deny = append(deny, toolRules(values)...)
			case "--allowedTools", "--allowed-tools":
				allow = append(allow, toolRules(values)...)
			case "--settings":
				for _, v := range values {
					one, err := claudeSettingsFlag(v, c.Dir, f)
					if err != nil {
						return Guard{}, err
					}
					g.merge(one)
				}
			}
		}
		g.merge(claudeRules(deny, allow))
	}
	return g, nil
}

// IsClaude reports whether a command line is Claude Code's: its program,
// or the script its interpreter runs, is claude, or lies in the package.
func IsClaude(args []string) bool {
	for _, a := range args[:min(2, len(args))] {
		if filepath.Base(a) == "claude" || strings.Contains(a, "claude-code") {
			return true
		}
	}
	return false
}

// toolRules splits the values of a tool list flag into rules: at commas
// and spaces, but not inside a rule's parentheses ("Bash(git log:*)").
func toolRules(values []string) []string {
	var rules []string
	for _, v := range values {
		depth, start := 0, 0
		for i := 0; i <= len(v); i++ {
			switch {
			case i < len(v) && v[i] == '(':
				depth++
			case i < len(v) && v[i] == ')':
				depth = max(depth-1, 0)
			case i == len(v) || depth == 0 && (v[i] == ',' || v[i] == ' ' || v[i] == '\t'):
				if r := strings.TrimSpace(v[start:i]); r != "" {
					rules = append(rules, r)
				}
				start = i + 1
			}
		}
	}
	return rules
}

// claudeSettingsFlag reads the value of --settings: JSON, or the path of
// a settings file, relative to the directory Claude Code runs in.
func claudeSettingsFlag(v, dir string, f Files) (Guard, error) {
	if strings.HasPrefix(strings.TrimSpace(v), "{") {
		return claudeGuard([]byte(v))
	}
	if !filepath.IsAbs(v) {
		if dir == "" {
			return Guard{}, errors.New("settings file in an unknown directory")
		}
		v = filepath.Join(dir, v)
	}
	b, err := f.Read(v)
	if err != nil {
		return Guard{}, err
	}
	return claudeGuard(b)
}

// claudeGuard reads the Bash rules under permissions.deny,
// permissions.ask and permissions.allow of a Claude Code settings file.
// https://code.claude.com/docs/en/permissions#permission-rule-syntax
func claudeGuard(b []byte) (Guard, error) {
	var s struct {
		Permissions struct {
			Deny  []string `json:"deny"`
			Ask   []string `json:"ask"`
			Allow []string `json:"allow"`
		} `json:"permissions"`
	}
	if err := json.Unmarshal(stripJSONC(b), &s); err != nil {
		return Guard{}, err
	}
	return claudeRules(append(s.Permissions.Deny, s.Permissions.Ask...), s.Permissions.Allow), nil
}

// claudeRules makes a guard of Claude Code's rules that deny or ask, and
// of those that allow.
func claudeRules(denyOrAsk, allow []string) Guard {
	var g Guard
	for _, r := range denyOrAsk {
		// A bare "Bash" denies the tool outright or asks about every
		// command, rewritten or not.
		if inner, ok := claudeBash(r); ok {
			g.addGlob(inner)
		}
	}
	for _, r := range allow {
		switch inner, ok := claudeBash(r); {
		case ok:
			g.allowed().addGlob(inner)
		case strings.TrimSpace(r) == "Bash":
			g.allowed().all = true // every command, rewritten or not
		}
	}
	return g
}

// claudeBash returns the pattern of a Bash rule: "go test *" of
// "Bash(go test *)".
func claudeBash(rule string) (string, bool) {
	inner, ok := strings.CutPrefix(strings.TrimSpace(rule), "Bash(")
	if !ok || !strings.HasSuffix(inner, ")") {
		return "", false
	}
	return strings.TrimSuffix(inner, ")"), true
}

// geminiSettingsGuard reads the shell commands a Gemini CLI settings file
// excludes (tools.exclude) or restricts the shell to (tools.core): a
// rewritten command would escape the first and be refused by the second;
// and those it approves without asking (tools.allowed).
// https://geminicli.com/docs/reference/configuration/
func geminiSettingsGuard(b []byte) (Guard, error) {
	var s struct {
		Tools struct {
			Exclude []string `json:"exclude"`
			Core    []string `json:"core"`
			Allowed []string `json:"allowed"`
		} `json:"tools"`
		ExcludeTools []string `json:"excludeTools"`
		CoreTools    []string `json:"coreTools"`
		AllowedTools []string `json:"allowedTools"`
	}
	if err := json.Unmarshal(stripJSONC(b), &s); err != nil {
		return Guard{}, err
	}
	var g Guard
	for _, list := range [][]string{s.Tools.Exclude, s.Tools.Core, s.ExcludeTools, s.CoreTools} {
		for _, t := range list {
			if p, ok := geminiShell(t); ok {
				g.addPrefix(p)
			}
		}
	}
	for _, t := range append(s.Tools.Allowed, s.AllowedTools...) {
		switch p, ok := geminiShell(t); {
		case ok:
			g.allowed().addPrefix(p)
		case strings.TrimSpace(t) == "run_shell_command" || strings.TrimSpace(t) == "ShellTool":
			g.allowed().all = true // every command, rewritten or not
		}
	}
	return g, nil
}

// geminiShell returns the command prefix of a tool entry of the shell:
// "git status" of "run_shell_command(git status)".
func geminiShell(tool string) (string, bool) {
	tool = strings.TrimSpace(tool)
	for _, name := range []string{"run_shell_command(", "ShellTool("} {
		if p, ok := strings.CutPrefix(tool, name); ok {
			return strings.TrimSuffix(p, ")"), true
		}
	}
	return "", false
}

// openCodeGuard reads the bash patterns an opencode configuration denies or
// asks about, under "permission" at the top or in any agent.
// https://opencode.ai/docs/permissions/
func openCodeGuard(b []byte) (Guard, error) {
	var v any
	if err := json.Unmarshal(stripJSONC(b), &v); err != nil {
		return Guard{}, err
	}
	var g Guard
	var walk func(v any, underPermission bool)
	walk = func(v any, underPermission bool) {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				if underPermission && k == "bash" {
					if rules, ok := e.(map[string]any); ok {
						for pattern, decision := range rules {
							if d, _ := decision.(string); d != "allow" {
								g.addGlob(pattern)
							}
						}
					}
					continue
				}
				walk(e, k == "permission")
			}
		case []any:
			for _, e := range v {
				walk(e, false)
			}
		}
	}
	walk(v, false)
	return g, nil
}

// openCodeAgentGuard reads the bash patterns an opencode agent's markdown
// file denies or asks about in its front matter, which is YAML:
//
//	---
//	permission:
//	  bash:
//	    "git push*": ask
//	    "*": allow
//	---
//
// It reads block mappings of plain or quoted keys and scalar values; any
// other YAML under permission is an error, which covers everything.
// https://opencode.ai/docs/agents/#markdown
func openCodeAgentGuard(b []byte) (Guard, error) {
	var g Guard
	lines := strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return g, nil // no front matter
	}
	var (
		inPermission bool
		bashIndent   = -1 // the indent of bash: under permission, once seen
	)
	for _, line := range lines[1:] {
		if strings.TrimSpace(line) == "---" {
			return g, nil
		}
		body := strings.TrimLeft(line, " ")
		if body == "" || strings.HasPrefix(body, "#") {
			continue
		}
		indent := len(line) - len(body)
		if strings.HasPrefix(body, "\t") {
			return Guard{}, errors.New("agent file: a tab indents the front matter")
		}
		key, value, err := yamlPair(body)
		if indent == 0 {
			if err != nil && inPermission {
				return Guard{}, err
			}
			inPermission, bashIndent = key == "permission" && err == nil, -1
			if inPermission && value != "" {
				return Guard{}, errors.New("agent file: permission is not a block mapping")
			}
			continue
		}
		if !inPermission {
			continue
		}
		if err != nil {
			return Guard{}, err
		}
		switch {
		case bashIndent >= 0 && indent > bashIndent:
			if d := strings.Trim(value, `"'`); d != "allow" {
				g.addGlob(key)
			}
		case key == "bash":
			bashIndent = -1
			if value == "" {
				bashIndent = indent
			} else if strings.HasPrefix(value, "{") || strings.HasPrefix(value, "[") {
				return Guard{}, errors.New("agent file: bash permissions in flow style")
			}
			// A single decision applies to every command, rewritten or not.
		default:
			bashIndent = -1
		}
	}
	return Guard{}, errors.New("agent file: front matter does not end")
}

// yamlPair splits a line of a YAML block mapping into its key, unquoted,
// and its value, with any comment dropped.
func yamlPair(line string) (key, value string, err error) {
	rest := line
	switch line[0] {
	case '"', '\'':
		end := strings.IndexByte(line[1:], line[0])
		if end < 0 {
			return "", "", errors.New("agent file: an unterminated key")
		}
		key, rest = line[1:1+end], line[2+end:]
		if !strings.HasPrefix(rest, ":") {
			return "", "", errors.New("agent file: a quoted key without a colon")
		}
		rest = rest[1:]
	default:
		i := strings.Index(line, ": ")
		if i < 0 && strings.HasSuffix(line, ":") {
			i = len(line) - 1
		}
		if i < 0 {
			return "", "", errors.New("agent file: not a key: value line")
		}
		key, rest = line[:i], line[i+1:]
	}
	value = strings.TrimSpace(rest)
	if i := strings.Index(value, " #"); i >= 0 && !strings.HasPrefix(value, `"`) && !strings.HasPrefix(value, "'") {
		value = strings.TrimSpace(value[:i])
	}
	if strings.HasPrefix(value, "#") {
		value = ""
	}
	return strings.TrimSpace(key), value, nil
}

// stripJSONC removes the comments and trailing commas that JSONC settings
// files allow, leaving strings alone.
func stripJSONC(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(b)-1)
			out = append(out, b[i:j+1]...)
			i = j
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			for i < len(b) && b[i] != '\n' {
				i++
			}
			i--
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			end := bytes.Index(b[i+2:], []byte("*/"))
			if end < 0 {
				return out
			}
			i += end + 3
		case c == ']' || c == '}':
			// Drop a comma that only whitespace separates from the close.
			k := len(out) - 1
			for k >= 0 && (out[k] == ' ' || out[k] == '\t' || out[k] == '\n' || out[k] == '\r') {
				k--
			}
			if k >= 0 && out[k] == ',' {
				out = append(out[:k], out[k+1:]...)
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// geminiPolicyGuard reads the [[rule]] tables of a Gemini CLI policy file
// that deny, ask about or allow shell commands by prefix or pattern. A rule
// without a pattern applies to rewritten commands too, so it needs no
// guarding.
// https://geminicli.com/docs/reference/policy-engine/#toml-rule-schema
func geminiPolicyGuard(b []byte) (Guard, error) {
	rules, err := parseRules(string(b))
	if err != nil {
		return Guard{}, err
	}
	var g Guard
	for _, r := range rules {
		if d := first(r["decision"]); d == "allow" {
			if err := geminiAllowRule(g.allowed(), r); err != nil {
				return Guard{}, err
			}
			continue
		}
		tools := r["toolName"]
		shell := len(tools) == 0
		for _, t := range tools {
			shell = shell || t == "run_shell_command" || strings.Contains(t, "*")
		}
		if !shell {
			continue
		}
		for _, p := range r["commandPrefix"] {
			g.addPrefix(p)
		}
		for _, pattern := range r["commandRegex"] {
			re, err := regexp.Compile(pattern)
			if err != nil {
				return CoverAll(), nil
			}
			g.regexps = append(g.regexps, re)
		}
		if len(r["argsPattern"]) > 0 {
			// It may test arguments besides the command; cover everything.
			return CoverAll(), nil
		}
	}
	return g, nil
}

// geminiAllowRule adds a policy rule that allows shell commands to g: by
// prefix, by a pattern of the command or of all the tool's arguments
// (tried on the command's JSON form), or, without either, every command.
func geminiAllowRule(g *Guard, r map[string][]string) error {
	shell := len(r["toolName"]) == 0
	for _, t := range r["toolName"] {
		shell = shell || t == "run_shell_command" || t == "*"
	}
	if !shell {
		return nil
	}
	for _, p := range r["commandPrefix"] {
		g.addPrefix(p)
	}
	for _, pattern := range append(r["commandRegex"], r["argsPattern"]...) {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return err
		}
		g.regexps = append(g.regexps, re)
	}
	if len(r["commandPrefix"])+len(r["commandRegex"])+len(r["argsPattern"]) == 0 {
		g.all = true // every command, rewritten or not
	}
	return nil
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// parseRules reads the [[rule]] tables of a TOML policy file, keeping the
// string and string-array values of each key. It understands the subset of
// TOML policy files use and fails on anything else.
func parseRules(src string) ([]map[string][]string, error) {
	lines, err := tomlLines(src)
	if err != nil {
		return nil, errors.New("policy: " + err.Error())
	}
	var (
		rules []map[string][]string
		cur   map[string][]string
	)
	for _, l := range lines {
		if l.header != "" {
			cur = nil
			if strings.HasPrefix(l.header, "[[rule]]") {
				cur = map[string][]string{}
				rules = append(rules, cur)
			}
			continue
		}
		if cur == nil {
			continue
		}
		strs, err := tomlStrings(l.value)
		if err != nil {
			return nil, err
		}
		cur[strings.Trim(l.key, `"`)] = strs
	}
	return rules, nil
}

// codexGuard reads the programs named first by the prefix rules of a Codex
// rules file: those that forbid a command or ask about it, and those that
// allow it (which may also let it run outside the sandbox).
// https://developers.openai.com/codex/rules
func codexGuard(b []byte) (Guard, error) {
	var g Guard
	src := string(b)
	for {
		i := strings.Index(src, "prefix_rule(")
		if i < 0 {
			return g, nil
		}
		src = src[i+len("prefix_rule("):]
		call, rest, err := untilClose(src)
		if err != nil {
			return Guard{}, err
		}
		src = rest
		pattern := keyword(call, "pattern")
		progs, err := firstToken(pattern)
		if err != nil {
			return Guard{}, err
		}
		to := &g
		if d := keyword(call, "decision"); d == "allow" || d == "" {
			to = g.allowed() // decision defaults to allow
		}
		to.programs = append(to.programs, progs...)
	}
}

// untilClose returns the text up to the parenthesis closing a call, and
// what follows it.
func untilClose(s string) (string, string, error) {
	depth := 1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '\'':
			q := s[i]
			for i++; i < len(s) && s[i] != q; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			if depth == 0 {
				return s[:i], s[i+1:], nil
			}
		}
	}
	return "", "", errors.New("rules: unclosed call")
}

// keyword returns the raw value of a keyword argument in a call's text,
// with quotes removed for a plain string, or "" if it is absent.
func keyword(call, name string) string {
	re := regexp.MustCompile(`(?:^|[\s,(])` + name + `\s*=\s*`)
	loc := re.FindStringIndex(call)
	if loc == nil {
		return ""
	}
	v := call[loc[1]:]
	if strings.HasPrefix(v, "[") {
		inner, _, err := untilClose(v[1:])
		if err != nil {
			return ""
		}
		return "[" + inner + "]"
	}
	if len(v) > 0 && (v[0] == '"' || v[0] == '\'') {
		if end := strings.IndexByte(v[1:], v[0]); end >= 0 {
			return v[1 : 1+end]
		}
	}
	return v
}

// firstToken returns the alternatives of the first token of a prefix
// rule's pattern: ["git", "push"] gives git, [["npm", "pnpm"], "test"]
// gives npm and pnpm.
func firstToken(pattern string) ([]string, error) {
	p := strings.TrimSpace(pattern)
	if !strings.HasPrefix(p, "[") {
		return nil, errors.New("rules: a pattern that is not a list")
	}
	p = strings.TrimSpace(p[1:])
	if strings.HasPrefix(p, "[") {
		inner, _, err := untilClose(p[1:])
		if err != nil {
			return nil, err
		}
		return quoted(inner), nil
	}
	s := quoted(p)
	if len(s) == 0 {
		return nil, errors.New("rules: an empty pattern")
	}
	return s[:1], nil
}

// quotedString matches a string in double or single quotes. It is compiled
// on first use: every headroom command would pay for it at start-up, and
// only the hooks use it.
var quotedString = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'`)
})

// quoted returns the string literals in s, in order.
func quoted(s string) []string {
	var out []string
	for _, m := range quotedString().FindAllStringSubmatch(s, -1) {
		out = append(out, m[1]+m[2])
	}
	return out
}
