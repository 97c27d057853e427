// Command e2e runs headroom inside the real coding agents, Claude Code,
// Codex, Gemini CLI and opencode, each pointed at a mock model on
// 127.0.0.1 that plays an obedient model: it asks the agent to run long
// commands, and records the tool results the agent sends back, which are
// what a real model would receive. scripts/e2e-agents.sh installs pinned
// versions of the agents and runs it:
//
//	e2e -prefix NPM_PREFIX -headroom HEADROOM -work DIR [-agents claude,codex,gemini,opencode]
//
// For each agent it runs the same commands without headroom and with
// "headroom init AGENT", and prints what the model received (bytes,
// tokens, the view's header and footer), whether the hook ran and what
// command ran, whether "headroom expand" gives back the command's output
// byte for byte, whether the model sees the same exit status, and whether
// "headroom init AGENT --uninstall" gives back the settings byte for byte;
// then the runs that show each integration defect of
// ../shared/reports/agents-end-to-end-codex-gemini.md fixed. It exits 1
// if a check failed.
//
// The same binary, installed as "headroom" ahead of the real one on the
// agents' PATH, logs each call of headroom and runs the real one: that is
// how it knows that a hook ran and what command ran.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	if real := os.Getenv(spyReal); real != "" {
		os.Exit(spy(real, os.Getenv(spyLog)))
	}
	var c config
	flag.StringVar(&c.prefix, "prefix", "", "the npm prefix the agents are installed in (bin/claude, bin/codex, ...)")
	flag.StringVar(&c.headroom, "headroom", "", "the headroom binary to test")
	flag.StringVar(&c.work, "work", "", "a directory to work in (default: a new temporary one)")
	agents := flag.String("agents", "claude,codex,gemini,opencode", "the agents to run, separated by commas")
	serve := flag.String("serve", "", "only serve the mock model, logging requests to this directory")
	command := flag.String("command", "echo hello", "with -serve, the command the mock model asks to run")
	flag.Parse()
	if *serve != "" {
		serveOnly(*serve, *command)
		return
	}
	if c.prefix == "" || c.headroom == "" {
		fmt.Fprintln(os.Stderr, "e2e: -prefix and -headroom are required")
		os.Exit(2)
	}
	c.agents = strings.Split(*agents, ",")
	if err := c.setup(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	start := time.Now()
	ok := c.run()
	fmt.Printf("\ne2e: %s in %s; work directory %s\n", map[bool]string{true: "all checks passed", false: "CHECKS FAILED"}[ok],
		time.Since(start).Round(time.Second), c.work)
	if !ok {
		os.Exit(1)
	}
}

// serveOnly runs the mock model alone, for trying an agent by hand.
func serveOnly(dir, command string) {
	m, err := startMock(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	m.play(call{command: command})
	fmt.Println(m.url)
	select {}
}

// config is what a run of the end-to-end test works with.
type config struct {
	prefix, headroom, work string
	agents                 []string
	goroot                 string
	goenv                  []string // GOCACHE and the like, shared with the agents' shells
	mock                   *mock
	spyBin                 string // the directory holding the spy named headroom
	realBin                string // a directory holding the real headroom alone
	checks                 checks
	rows                   []row
}

func (c *config) setup() error {
	var err error
	if c.work == "" {
		if c.work, err = os.MkdirTemp("", "headroom-e2e-"); err != nil {
			return err
		}
	}
	if c.work, err = filepath.Abs(c.work); err != nil {
		return err
	}
	if c.headroom, err = filepath.Abs(c.headroom); err != nil {
		return err
	}
	if c.prefix, err = filepath.Abs(c.prefix); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	c.spyBin = filepath.Join(c.work, "spybin")
	c.realBin = filepath.Join(c.work, "bin")
	for _, d := range []string{c.spyBin, c.realBin} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if err := copyFile(self, filepath.Join(c.spyBin, "headroom")); err != nil {
		return err
	}
	if err := copyFile(c.headroom, filepath.Join(c.realBin, "headroom")); err != nil {
		return err
	}
	c.headroom = filepath.Join(c.realBin, "headroom")
	out, err := output("", nil, "go", "env", "GOROOT", "GOCACHE", "GOMODCACHE", "GOPATH")
	if err != nil {
		return fmt.Errorf("go env: %w", err)
	}
	v := strings.Split(strings.TrimSpace(out), "\n")
	if len(v) != 4 {
		return fmt.Errorf("go env: %q", out)
	}
	c.goroot = v[0]
	c.goenv = []string{"GOCACHE=" + v[1], "GOMODCACHE=" + v[2], "GOPATH=" + v[3], "GOTOOLCHAIN=local", "GOFLAGS="}
	c.mock, err = startMock(filepath.Join(c.work, "requests"))
	return err
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o755)
}

// run runs every agent's scenarios and prints the table and the checks.
func (c *config) run() bool {
	for _, name := range c.agents {
		a, ok := agents[name]
		if !ok {
			c.checks.fail("agent "+name, "unknown")
			continue
		}
		fmt.Printf("== %s\n", name)
		start := time.Now()
		if err := a(c); err != nil {
			c.checks.fail(name, err.Error())
		}
		fmt.Printf("   (%s)\n", time.Since(start).Round(time.Second))
	}
	table := c.table()
	fmt.Printf("\n%s\n", table)
	os.WriteFile(filepath.Join(c.work, "table.md"), []byte(table), 0o644)
	fmt.Println(c.checks.summary())
	return c.checks.ok()
}
