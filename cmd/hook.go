package cmd

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/agent"
)

// maxPayload bounds the hook input read; agents send a few kilobytes.
const maxPayload = 16 << 20

type hookOptions struct {
	explain bool
}

func newHook(env *environment) *cobra.Command {
	var o hookOptions
	c := &cobra.Command{
		Use:   "hook AGENT",
		Short: "Answer an agent's hook: send long-output commands through headroom run",
		Long: `hook is run by a coding agent before each shell command (headroom init sets
that up). It reads the agent's hook input on standard input and writes only
the agent's answer on standard output: the command rewritten to
"headroom run -- COMMAND" when that is certain to change nothing but the
output's length, else the agent's way of letting the command run as it is.

AGENT is claude, gemini, codex or opencode. Interactive commands, watch,
follow, server and debugger modes, pipes, redirections, lists of commands,
commands run in the background, commands already calling headroom,
commands that set PATH or HEADROOM_ variables, programs the user's shell
defines as functions or aliases, commands that the agent's permission
rules deny or ask about, and commands they allow unless they allow them
through headroom run too, are never rewritten. The rest of the tool's input
goes back unchanged, and the agent's permission checks are never skipped:
the "allow" Codex needs with a rewritten command approves nothing, and
Codex still checks its rules and sandbox. With HEADROOM_DISABLE=1 nothing
is rewritten.`,
		Example:   `  echo '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"go test ./..."}}' | headroom hook claude --explain`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: agentNames(),
		RunE: func(c *cobra.Command, args []string) error {
			return runHook(c, env, o, args)
		},
	}
	c.Flags().BoolVar(&o.explain, "explain", false, "say on stderr whether the command was rewritten, and why not")
	return c
}

func agentNames() []string {
	names := make([]string, len(agent.Agents))
	for i, a := range agent.Agents {
		names[i] = string(a)
	}
	return names
}

func runHook(c *cobra.Command, env *environment, o hookOptions, args []string) error {
	a, err := agent.Parse(args[0])
	if err != nil {
		return &exitError{code: ExitUsage, err: err}
	}
	in, stdout, stderr := c.InOrStdin(), c.OutOrStdout(), c.ErrOrStderr()
	if isTerminal(in) {
		return usageError("no input: hook reads the agent's hook input on standard input (see headroom init)")
	}
	payload, err := io.ReadAll(io.LimitReader(in, maxPayload))
	if err != nil {
		return fmt.Errorf("read hook input: %w", err)
	}
	req, err := agent.ReadRequest(a, payload)
	if err != nil {
		// The agent runs the command as it is; say why on stderr, which
		// agents show only when asked.
		warn(stderr, "%v: command left as it is", err)
		_, err := stdout.Write(agent.Pass(a))
		return err
	}
	out, why := agent.Pass(a), "HEADROOM_DISABLE=1"
	if p := settingsProblem(c, env); p != "" {
		// headroom run would warn and use the default; a rewrite should
		// not carry a command into a setup the user did not mean.
		why = p
	} else if env.getenv("HEADROOM_DISABLE") != "1" {
		out, why = req.Answer(host(env, a, req))
	}
	if o.explain {
		if why == "" {
			fmt.Fprintf(stderr, "headroom: routed through headroom run: %s\n", req.Command)
		} else {
			fmt.Fprintf(stderr, "headroom: left as it is: %s\n", why)
		}
	}
	_, err = stdout.Write(out)
	return err
}

// host describes where the command of req would run: the agent's rules,
// its shell's definitions, the files the command may name, and PATH.
func host(env *environment, a agent.Agent, req agent.Request) agent.Host {
	files := settingsFiles()
	p := hookPlaces(env, a, req.Cwd)
	dir := req.Dir
	if dir == "" {
		dir, _ = os.Getwd()
	}
	return agent.Host{
		Guard:   agent.LoadGuard(a, files, p),
		Defines: agent.ShellDefines(a, files, p),
		Runs:    agent.Executable(files, dir),
		Path:    env.getenv("PATH"),
	}
}

// settingsFiles reads the agents' settings and the user's shell files.
func settingsFiles() agent.Files {
	return agent.Files{Read: readRegular, Glob: filepath.Glob, Open: openRegular}
}

// maxSettings bounds a settings file the hook reads; a larger one makes
// the guard cover every command.
const maxSettings = 16 << 20

// openRegular opens a regular file, and refuses anything else: opening a
// FIFO would wait for a writer, and a device may never end.
func openRegular(name string) (fs.File, error) {
	info, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", name)
	}
	return os.Open(name)
}

// readRegular reads a regular file of at most maxSettings bytes.
func readRegular(name string) ([]byte, error) {
	f, err := openRegular(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxSettings+1))
	if err == nil && len(b) > maxSettings {
		err = fmt.Errorf("%s: longer than %d bytes", name, maxSettings)
	}
	return b, err
}

// places says where agent a's settings live for a command run in cwd: the
// user's, found through $HOME and the variables that move them, and the
// project's, found through the directory the agent names as the project's,
// cwd and headroom's working directory. A relative HOME or
// XDG_CONFIG_HOME is taken for unset: it would be read relative to
// wherever headroom runs.
func places(env *environment, a agent.Agent, cwd string) agent.Places {
	return placesFrom(env, a, cwd, absPath(env.getenv("HOME")))
}

// hookPlaces is places for the hook, which, like the agents, falls back to
// the home directory the user database gives when HOME is unusable.
func hookPlaces(env *environment, a agent.Agent, cwd string) agent.Places {
	home := absPath(env.getenv("HOME"))
	if home == "" {
		home = absPath(passwdHome())
	}
	p := placesFrom(env, a, cwd, home)
	p.Env = env.getenv
	return p
}

// passwdHome returns the current user's home directory from the user
// database, or "". Tests replace it.
var passwdHome = func() string {
	u, err := user.Current()
	if err != nil {
		return ""
	}
	return u.HomeDir
}

func placesFrom(env *environment, a agent.Agent, cwd, home string) agent.Places {
	p := agent.Places{Home: home, Config: absPath(env.getenv("XDG_CONFIG_HOME")), CodexHome: env.getenv("CODEX_HOME")}
	if a == agent.Claude {
		p.Callers = callers()
	}
	if p.Home != "" {
		if p.Config == "" {
			p.Config = filepath.Join(p.Home, ".config")
		}
		if p.CodexHome == "" {
			p.CodexHome = filepath.Join(p.Home, ".codex")
		}
	}
	wd, _ := os.Getwd()
	for _, d := range []string{projectDir(env, a), cwd, wd} {
		if d != "" && !slices.Contains(p.Projects, d) {
			p.Projects = append(p.Projects, d)
		}
	}
	return p
}

// absPath returns path if it is absolute, else "".
func absPath(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return ""
}

// projectDir returns the project directory an agent passes its hooks.
func projectDir(env *environment, a agent.Agent) string {
	switch a {
	case agent.Claude:
		return env.getenv("CLAUDE_PROJECT_DIR")
	case agent.Gemini:
		return env.getenv("GEMINI_PROJECT_DIR")
	}
	return ""
}

// settingsProblem says what is wrong with the shared settings, if anything.
func settingsProblem(c *cobra.Command, env *environment) string {
	budget, encoding := env.resolve(c)
	for _, s := range []setting{budget, encoding} {
		if s.problem != "" {
			return s.problem
		}
	}
	return ""
}
