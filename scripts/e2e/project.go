package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// The Go module every project holds: failmod fails one assertion in the
// middle of 4,500 lines of test log, which an agent's own cut of the
// output loses; slowmod prints 41 lines every half second for 13 s, more
// than a view holds.
var module = map[string]string{
	"go.mod": "module demo\n\ngo 1.21\n",
	"failmod/fail_test.go": `package failmod

import "testing"

func TestConfig(t *testing.T) {
	for i := 0; i < 2250; i++ {
		t.Logf("step %d: loaded section %d of the configuration, %d keys", i, i, i%17)
	}
	if got, want := "timeout=30s", "timeout=45s"; got != want {
		t.Errorf("parseConfig: got %q, want %q", got, want)
	}
	for i := 2250; i < 4500; i++ {
		t.Logf("step %d: loaded section %d of the configuration, %d keys", i, i, i%17)
	}
}
`,
	"slowmod/slow_test.go": `package slowmod

import (
	"fmt"
	"testing"
	"time"
)

func TestSlow(t *testing.T) {
	for i := 0; i < 26; i++ {
		fmt.Printf("step %d of 26\n", i+1)
		for j := 0; j < 40; j++ {
			fmt.Printf("    step %d: checked record %d of 40\n", i+1, j+1)
		}
		time.Sleep(500 * time.Millisecond)
	}
}
`,
}

// The commands the model runs: a search over the Go tree, and a test that
// fails.
const (
	failingTest = "go test -v ./failmod/"
	slowTest    = "go test -v -count=1 ./slowmod/"
	failureLine = `parseConfig: got "timeout=30s", want "timeout=45s"`
)

func (c *config) search() string {
	return "rg -n --sort path func " + filepath.Join(c.goroot, "src", "net", "http")
}

// newProject makes a git work tree holding the Go module, with files of
// the agent's own as a user would have them.
func newProject(dir string, files map[string]string) error {
	for name, text := range module {
		if err := writeFile(filepath.Join(dir, name), text); err != nil {
			return err
		}
	}
	for name, text := range files {
		if err := writeFile(filepath.Join(dir, name), text); err != nil {
			return err
		}
	}
	_, err := output(dir, nil, "git", "init", "-q")
	return err
}

func writeFile(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

// output runs a command and returns its standard output.
func output(dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		return string(out), fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return string(out), nil
}

// merged runs a shell command with its output and errors on one pipe, as
// the agents and headroom run capture them, and returns what it printed.
func merged(dir string, env []string, command string) []byte {
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Dir, cmd.Env = dir, env
	var b bytes.Buffer
	cmd.Stdout, cmd.Stderr = &b, &b
	cmd.Run()
	return b.Bytes()
}

// runAgent runs an agent's command line until it exits or timeout passes,
// and returns what it printed.
func runAgent(dir string, env []string, timeout time.Duration, argv ...string) (string, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = dir, env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.Stdin = nil
	err := cmd.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("%s did not finish in %s", argv[0], timeout)
	}
	return out.String(), errb.String(), err
}

// baseEnv is the environment every agent runs in: its own home, nothing
// of the user's, headroom's spy first on PATH when withHeadroom is set.
func (c *config) baseEnv(home, log string, withHeadroom bool) []string {
	var path []string
	add := func(dir string) {
		if dir != "" && !slices.Contains(path, dir) {
			path = append(path, dir)
		}
	}
	if withHeadroom {
		add(c.spyBin)
	}
	add(filepath.Join(c.prefix, "bin"))
	add(filepath.Join(c.goroot, "bin"))
	for _, tool := range []string{"node", "git", "rg"} {
		if p, err := exec.LookPath(tool); err == nil {
			add(filepath.Dir(p))
		}
	}
	if p, err := exec.LookPath("rg"); err != nil || p == "" {
		add(c.bundledRg())
	}
	for _, d := range []string{"/usr/local/bin", "/usr/bin", "/bin"} {
		add(d)
	}
	env := []string{
		"HOME=" + home, "PATH=" + strings.Join(path, ":"), "LANG=C.UTF-8", "TERM=dumb",
		"TMPDIR=" + filepath.Join(home, "tmp"), "USER=" + os.Getenv("USER"),
		spyReal + "=" + c.headroom, spyLog + "=" + log,
	}
	os.MkdirAll(filepath.Join(home, "tmp"), 0o755)
	return append(env, c.goenv...)
}

// bundledRg returns the directory of the ripgrep Codex ships, for a
// machine without one of its own.
func (c *config) bundledRg() string {
	found := ""
	filepath.WalkDir(filepath.Join(c.prefix, "lib", "node_modules", "@openai"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == "rg" && found == "" {
			found = filepath.Dir(p)
		}
		return nil
	})
	return found
}
