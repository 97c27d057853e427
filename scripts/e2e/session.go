package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// An agent is one installed agent with a home and a project of its own.
type agent struct {
	c               *config
	name, version   string
	home, proj, log string
	settings        string // the file headroom init changes, relative to proj
	argv            []string
	extraEnv        []string
	profile         bool // write the PATH into ~/.profile, which Codex's login shell reads
	// args are more arguments the model gives the shell tool in the
	// standard commands, as real models do (a description, a timeout).
	args map[string]any
	// warm, set for opencode, runs the agent once with headroom before
	// it is measured: the first time opencode sees .opencode/ it installs
	// its plugins' dependency from npm, and on a loaded machine it has
	// started a session without the plugin while that ran.
	warm bool
}

// newAgent makes an agent's home and project, holding files of its own.
func (c *config) newAgent(name, settings string, files map[string]string, argv ...string) (*agent, error) {
	dir := filepath.Join(c.work, name)
	a := &agent{c: c, name: name, home: filepath.Join(dir, "home"), proj: filepath.Join(dir, "proj"),
		log: filepath.Join(dir, "spy.jsonl"), settings: settings, argv: argv}
	if err := os.MkdirAll(a.home, 0o755); err != nil {
		return nil, err
	}
	if err := newProject(a.proj, files); err != nil {
		return nil, err
	}
	// Build the tests once, so that the agents' runs do not spend
	// seconds compiling in silence, which the inactivity timeouts would
	// count.
	if _, err := output(a.proj, c.baseEnv(a.home, "", false), "go", "test", "-count=1", "-run", "^$", "./..."); err != nil {
		return nil, err
	}
	v, err := output(a.proj, c.baseEnv(a.home, "", false), filepath.Join(c.prefix, "bin", name), "--version")
	if err != nil {
		return nil, err
	}
	v = strings.TrimSpace(strings.Split(strings.TrimSpace(v), "\n")[0])
	v = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(v, "codex-cli "), "opencode "), " (Claude Code)")
	a.version = displayNames[name] + " " + v
	fmt.Printf("   %s\n", a.version)
	return a, nil
}

// displayNames are the agents as their makers name them.
var displayNames = map[string]string{"claude": "Claude Code", "codex": "Codex CLI", "gemini": "Gemini CLI", "opencode": "opencode"}

// env is the environment of one run: headroom on PATH or not.
func (a *agent) env(withHeadroom bool) []string {
	env := append(a.c.baseEnv(a.home, a.log, withHeadroom), a.extraEnv...)
	if a.profile {
		// Codex runs commands in a login shell, whose /etc/profile sets
		// PATH anew; ~/.profile puts back what the agent had.
		for _, e := range env {
			if p, ok := strings.CutPrefix(e, "PATH="); ok {
				writeFile(filepath.Join(a.home, ".profile"), "PATH='"+p+"'\nexport PATH\n")
			}
		}
	}
	return env
}

// outcome is what one run of an agent gave.
type outcome struct {
	label   string
	results []toolResult
	spy     []spyEntry
	first   string
	stdout  string
	stderr  string
	err     error
	took    time.Duration
}

// session runs the agent once, the mock model making calls, and returns
// what the model received and what headroom was asked.
func (a *agent) session(label string, withHeadroom bool, calls ...call) outcome {
	return a.sessionEnv(label, a.env(withHeadroom), calls...)
}

func (a *agent) sessionEnv(label string, env []string, calls ...call) outcome {
	a.c.mock.play(calls...)
	os.Remove(a.log)
	start := time.Now()
	stdout, stderr, err := runAgent(a.proj, env, 5*time.Minute, a.argv...)
	o := outcome{label: label, results: a.c.mock.received(), spy: readSpy(a.log), first: a.c.mock.firstRequest(),
		stdout: stdout, stderr: stderr, err: err, took: time.Since(start)}
	base := filepath.Join(a.c.work, a.name, label)
	os.WriteFile(base+".stdout", []byte(stdout), 0o644)
	os.WriteFile(base+".stderr", []byte(stderr), 0o644)
	for i, r := range o.results {
		os.WriteFile(fmt.Sprintf("%s.result%d.txt", base, i+1), []byte(r.text), 0o644)
	}
	// What each headroom call was given and answered, to read afterwards.
	for _, e := range o.spy {
		appendEntry(base+".spy.jsonl", e)
	}
	fmt.Printf("   ran %s: %d of %d results, %s\n", label, len(o.results), len(calls), o.took.Round(100*time.Millisecond))
	if err != nil {
		a.c.checks.fail(a.name+" "+label, fmt.Sprintf("%v: %s", err, lastLine(stderr)))
	}
	if len(o.results) < len(calls) {
		a.c.checks.fail(a.name+" "+label, fmt.Sprintf("the model received %d results of %d calls", len(o.results), len(calls)))
		for len(o.results) < len(calls) {
			o.results = append(o.results, toolResult{})
		}
	}
	return o
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// headroom runs the real headroom in the project, with the agent's home.
func (a *agent) headroom(args ...string) (string, error) {
	return output(a.proj, a.env(true), a.c.headroom, args...)
}

// snapshot is a file as it was: its bytes, or nil when it did not exist.
func snapshot(path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	return b
}

// install runs headroom init and returns a function that uninstalls and
// checks that the settings came back byte for byte.
func (a *agent) install(args ...string) func() {
	path := filepath.Join(a.proj, a.settings)
	before := snapshot(path)
	out, err := a.headroom(append([]string{"init", a.name}, args...)...)
	if err != nil {
		a.c.checks.fail(a.name+" init", err.Error())
	}
	fmt.Printf("   headroom init %s %s\n%s", a.name, strings.Join(args, " "), indent(out))
	return func() {
		out, err := a.headroom(append([]string{"init", a.name, "--uninstall"}, args...)...)
		if err != nil {
			a.c.checks.fail(a.name+" uninstall", err.Error())
		}
		after := snapshot(path)
		what := "the file comes back byte for byte"
		if before == nil {
			what = "the file headroom created is gone"
		}
		_, backupErr := os.Stat(path + ".headroom-backup")
		a.c.checks.check(a.name+" uninstall", bytes.Equal(before, after) && (before == nil) == (after == nil) && os.IsNotExist(backupErr),
			fmt.Sprintf("headroom init %s --uninstall: %s (%s)", a.name, what, strings.TrimSpace(out)))
	}
}

func indent(s string) string {
	if s == "" {
		return ""
	}
	return "     " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n     ") + "\n"
}

// hookCalls counts the hook calls the spy logged, and returns the
// commands headroom run ran.
func hookCalls(spy []spyEntry) (hooks int, runs []string) {
	for _, e := range spy {
		switch {
		case len(e.Args) > 0 && e.Args[0] == "hook":
			hooks++
		case len(e.Args) > 1 && e.Args[0] == "run":
			args := e.Args[1:]
			if args[0] == "--" {
				args = args[1:]
			}
			runs = append(runs, "headroom run -- "+strings.Join(args, " "))
		}
	}
	return hooks, runs
}

// compare runs the standard commands without headroom and with "headroom
// init", adds their rows to the table and checks what the model received.
func (a *agent) compare() {
	calls := []call{{command: a.c.search(), extra: a.args}, {command: failingTest, extra: a.args}}
	plain := a.session("plain", false, calls...)
	uninstall := a.install()
	if a.warm {
		a.session("warmup", true)
	}
	with := a.session("headroom", true, calls...)
	uninstall()
	hooks, runs := hookCalls(with.spy)
	a.c.checks.check(a.name+" hook", hooks >= len(calls), fmt.Sprintf("headroom hook %s ran %d times for %d commands", a.name, hooks, len(calls)))
	if n, diff := echoed(with.spy); a.name != "opencode" {
		in, _ := json.Marshal(calls[0].args("command"))
		if diff != "" {
			diff = ": " + diff
		}
		a.c.checks.check(a.name+" hook input", n == len(calls) && diff == "",
			fmt.Sprintf("%d of %d answers give back the tool input with only the command changed (the model sent %s)%s", n, len(calls), in, diff))
	}
	for i, cl := range calls {
		p, w := plain.results[i], with.results[i]
		name := fmt.Sprintf("%s %s", a.name, strings.Fields(cl.command)[0]+map[bool]string{true: " test", false: ""}[i == 1])
		a.c.rows = append(a.c.rows, row{agent: a.version, mode: "without headroom", command: cl.command,
			bytes: len(p.text), tokens: tokens(p.text), marks: "–", hook: "–", ran: cl.command, expand: "–",
			status: status(a.name, p), failure: failureSeen(cl.command, p.text)})
		ran := cl.command + " (not rewritten)"
		for _, r := range runs {
			if strings.HasSuffix(r, cl.command) {
				ran = r
			}
		}
		hash, header, footer := view(w.text)
		expand := "–"
		if hash != "" {
			got, err := a.headroom("expand", hash)
			if err != nil {
				expand = "FAILED: " + err.Error()
			} else {
				expand = sameOutput([]byte(got), merged(a.proj, a.env(false), cl.command))
			}
		}
		r := row{agent: a.version, mode: "headroom init " + a.name, command: cl.command, bytes: len(w.text), tokens: tokens(w.text),
			marks: yesNo(header && footer), hook: fmt.Sprintf("yes (%d calls)", hooks), ran: ran, expand: expand,
			status: status(a.name, w), failure: failureSeen(cl.command, w.text)}
		a.c.rows = append(a.c.rows, r)
		a.c.checks.check(name+" rewritten", strings.HasPrefix(ran, "headroom run -- "), "ran "+ran)
		a.c.checks.check(name+" view", header && footer, fmt.Sprintf("the model received %s bytes, ~%s tokens (without headroom %s, ~%s), header %v, footer %v",
			thousands(r.bytes), thousands(r.tokens), thousands(len(p.text)), thousands(tokens(p.text)), header, footer))
		a.c.checks.check(name+" expand", strings.HasPrefix(expand, "exact"), "headroom expand "+hash+" against the command run again: "+expand)
		a.c.checks.check(name+" status", r.status == status(a.name, p), fmt.Sprintf("the model sees %q with headroom, %q without", r.status, status(a.name, p)))
		if i == 1 {
			a.c.checks.check(name+" failure", strings.Contains(w.text, failureLine), "the failing assertion is in what the model received: "+r.failure)
		}
	}
}

func failureSeen(command, text string) string {
	if command != failingTest {
		return "–"
	}
	if strings.Contains(text, failureLine) {
		return "visible"
	}
	return "**lost**"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
