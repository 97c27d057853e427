package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/headroom-cli/headroom/agent"
)

// agentMarks are the variables each agent sets for the commands it runs,
// by which headroom run knows that it runs inside one; an empty value
// stands for any.
var agentMarks = []struct {
	a               agent.Agent
	name            string
	variable, value string
}{
	{agent.Claude, "Claude Code", "CLAUDECODE", "1"},
	{agent.Gemini, "Gemini CLI", "GEMINI_CLI", "1"},
	{agent.Codex, "Codex", "CODEX_THREAD_ID", ""},
	{agent.OpenCode, "opencode", "OPENCODE", "1"},
}

// agentRule refuses to run a command that a rule of the agent headroom
// runs inside denies or asks about. The agent matched its rules against
// "headroom run -- COMMAND", which a rule written for COMMAND does not
// match: a model that puts headroom run before its commands by itself, as
// the instructions init writes for Codex ask, would escape the rule. The
// hooks never rewrite such a command, so this refuses only what the
// model wrote. Inside a command headroom runs, the agent saw that command,
// not this one.
func agentRule(env *environment, args []string) error {
	if env.getenv(nestedVar) == "1" {
		return nil // the agent saw the command that runs this one
	}
	cwd, err := os.Getwd()
	if err != nil {
		return nil
	}
	command := shellJoin(args)
	for _, m := range agentMarks {
		v := env.getenv(m.variable)
		if v == "" || m.value != "" && v != m.value {
			continue
		}
		p := hookPlaces(env, m.a, cwd)
		for _, d := range projectDirs(cwd) {
			if !slices.Contains(p.Projects, d) {
				p.Projects = append(p.Projects, d)
			}
		}
		if agent.LoadGuard(m.a, settingsFiles(), p).Covers(command) {
			return &exitError{code: ExitNotExecutable, err: fmt.Errorf(
				"%s: a rule of %s denies or asks about this command, and does not see it through headroom run; run it without headroom run",
				args[0], m.name)}
		}
	}
	return nil
}

// projectDirs returns dir and the directories above it up to the root of
// its git work tree, where agents take a project's settings from; dir
// alone outside a work tree.
func projectDirs(dir string) []string {
	var dirs []string
	for d := dir; ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return dirs
		}
		if d == filepath.Dir(d) {
			return dirs[:1]
		}
	}
}

// shellJoin writes argv as a POSIX shell would read it back: words of
// plain characters as they are, others in single quotes. It is how an
// agent would have seen the command.
func shellJoin(argv []string) string {
	var b strings.Builder
	for i, a := range argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		// A first word with "=" would read as an assignment, and a "~"
		// at the start or after "=" or ":" as a home directory to bash.
		home := strings.Contains(a, "~") && (a[0] == '~' || strings.ContainsAny(a, "=:"))
		if a != "" && strings.IndexFunc(a, needsQuote) < 0 && !home && (i > 0 || !strings.Contains(a, "=")) {
			b.WriteString(a)
			continue
		}
		b.WriteByte('\'')
		b.WriteString(strings.ReplaceAll(a, "'", `'\''`))
		b.WriteByte('\'')
	}
	return b.String()
}
