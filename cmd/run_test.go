package cmd

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The tests of run need headroom as a process of its own, to signal it and
// read its exit status. The test binary is that process when
// TestHelperHeadroom runs with HEADROOM_TEST_HELPER set: it runs headroom
// with the arguments after "--" and exits with its status.
func TestHelperHeadroom(t *testing.T) {
	if os.Getenv("HEADROOM_TEST_HELPER") != "1" {
		t.Skip("runs only as headroom for the other tests")
	}
	args := os.Args
	for i, a := range args {
		if a == "--" {
			args = args[i+1:]
			break
		}
	}
	os.Exit(Run(args, os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

// headroom returns a command that runs headroom with args in its own
// session, so that no terminal sends it signals, with a store of its own
// and no HEADROOM_ variables but those in env.
func headroom(t *testing.T, env []string, args ...string) *exec.Cmd {
	t.Helper()
	c := exec.Command(os.Args[0], append([]string{"-test.run=^TestHelperHeadroom$", "--"}, args...)...)
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "HEADROOM_") {
			c.Env = append(c.Env, e)
		}
	}
	c.Env = append(c.Env, "HEADROOM_TEST_HELPER=1", "HEADROOM_STORE="+filepath.Join(t.TempDir(), "store"))
	c.Env = append(c.Env, env...)
	c.Dir = t.TempDir()
	c.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	return c
}

// result runs c and returns its exit status and streams.
func result(t *testing.T, c *exec.Cmd) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	err := c.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return c.ProcessState.ExitCode(), out.String(), errb.String()
}

func TestRunStatus(t *testing.T) {
	dir := t.TempDir()
	notExecutable := filepath.Join(dir, "script")
	if err := os.WriteFile(notExecutable, []byte("echo hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		env    []string
		args   []string
		want   int
		stderr string // the one line headroom prints, if any
	}{
		{"success", nil, []string{"run", "--", "sh", "-c", "exit 0"}, ExitOK, ""},
		{"failure", nil, []string{"run", "--", "sh", "-c", "exit 3"}, 3, ""},
		{"status 255", nil, []string{"run", "--", "sh", "-c", "exit 255"}, 255, ""},
		{"killed by TERM", nil, []string{"run", "--", "sh", "-c", "kill -TERM $$"}, exitSignal + int(syscall.SIGTERM), ""},
		{"killed by KILL", nil, []string{"run", "--", "sh", "-c", "kill -KILL $$"}, exitSignal + int(syscall.SIGKILL), ""},
		{"passed through, failure", []string{"HEADROOM_RUN=1"}, []string{"run", "--", "sh", "-c", "exit 4"}, 4, ""},
		{"disabled, killed", []string{"HEADROOM_DISABLE=1"}, []string{"run", "--", "sh", "-c", "kill -HUP $$"}, exitSignal + int(syscall.SIGHUP), ""},
		{"not found", nil, []string{"run", "--", "no-such-command-8f3a"}, ExitNotFound,
			"headroom: error: no-such-command-8f3a: command not found\n"},
		{"no such file", nil, []string{"run", "--", "./no-such-file"}, ExitNotFound,
			"headroom: error: ./no-such-file: no such file or directory\n"},
		{"not executable", nil, []string{"run", "--", notExecutable}, ExitNotExecutable,
			"headroom: error: " + notExecutable + ": permission denied\n"},
		{"a directory", nil, []string{"run", "--", dir}, ExitNotExecutable,
			"headroom: error: " + dir + ": is a directory\n"},
		{"not found, passed through", []string{"HEADROOM_RUN=1"}, []string{"run", "--", "no-such-command-8f3a"}, ExitNotFound,
			"headroom: error: no-such-command-8f3a: command not found\n"},
		{"no command", nil, []string{"run"}, ExitUsage, ""},
		{"unknown tool", nil, []string{"run", "--tool", "nope", "--", "true"}, ExitUsage, ""},
		{"bad budget", nil, []string{"run", "--budget", "5", "--", "true"}, ExitUsage, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := result(t, headroom(t, tt.env, tt.args...))
			if code != tt.want {
				t.Errorf("exit %d, want %d; stderr: %s", code, tt.want, stderr)
			}
			switch {
			case tt.stderr != "" && stderr != tt.stderr:
				t.Errorf("stderr = %q, want %q", stderr, tt.stderr)
			case tt.want == ExitUsage && strings.Count(stderr, "\n") != 1:
				t.Errorf("stderr = %q, want one line", stderr)
			}
		})
	}
}

// The command's failure is its own: headroom adds nothing to stderr.
func TestRunQuietWhenCommandFails(t *testing.T) {
	for _, script := range []string{"echo out; exit 3", "kill -TERM $$"} {
		code, stdout, stderr := result(t, headroom(t, nil, "run", "--", "sh", "-c", script))
		if code == 0 || stderr != "" {
			t.Errorf("%s: exit %d, stderr %q; want a failure and nothing from headroom", script, code, stderr)
		}
		if script == "echo out; exit 3" && stdout != "out\n" {
			t.Errorf("%s: stdout %q", script, stdout)
		}
	}
}

// Standard output and error reach the view in the order the command wrote
// them, and nothing comes out on headroom's stderr.
func TestRunMergesInOrder(t *testing.T) {
	var want strings.Builder
	for i := range 150 {
		fmt.Fprintf(&want, "out %d\nerr %d\n", i, i)
	}
	script := `i=0; while [ $i -lt 150 ]; do echo "out $i"; echo "err $i" >&2; i=$((i+1)); done`
	code, stdout, stderr := result(t, headroom(t, nil, "run", "--", "sh", "-c", script))
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if stdout != want.String() {
		t.Errorf("stdout is not the output in order:\n%s", stdout)
	}
}

// A signal sent to headroom reaches the command, which may handle it; the
// command's status is headroom's.
func TestRunForwardsSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			name := strings.TrimPrefix(fmt.Sprint(signalName(sig)), "SIG")
			// The trap stops the sleeper too, which holds the pipe.
			script := fmt.Sprintf(`trap 'kill $s; echo got %[1]s; exit 7' %[1]s; sleep 600 & s=$!; : > ready; wait`, name)
			c := headroom(t, nil, "run", "--", "sh", "-c", script)
			var out, errb bytes.Buffer
			c.Stdout, c.Stderr = &out, &errb
			if err := c.Start(); err != nil {
				t.Fatal(err)
			}
			waitForFile(t, filepath.Join(c.Dir, "ready"))
			if err := c.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			c.Wait()
			if code := c.ProcessState.ExitCode(); code != 7 || out.String() != "got "+name+"\n" {
				t.Errorf("exit %d, stdout %q, stderr %q; want 7 and the trap's line", code, out.String(), errb.String())
			}
		})
	}
}

func signalName(s syscall.Signal) string {
	return map[syscall.Signal]string{syscall.SIGINT: "INT", syscall.SIGTERM: "TERM", syscall.SIGHUP: "HUP", syscall.SIGQUIT: "QUIT"}[s]
}

// waitForFile waits until a command has created a file: the sign that it
// is ready for what the test does next.
func waitForFile(t *testing.T, path string) {
	t.Helper()
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A process the command leaves behind keeps the pipe open, but headroom
// returns when the command exits, with all the command wrote. If it waited
// for the pipe to close, the test would time out.
func TestRunDoesNotWaitForLeftovers(t *testing.T) {
	script := `sleep 600 & echo $! > sleeper; seq 1 300; echo last`
	c := headroom(t, nil, "run", "--", "sh", "-c", script)
	code, stdout, stderr := result(t, c)
	b, err := os.ReadFile(filepath.Join(c.Dir, "sleeper"))
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	fmt.Sscan(string(b), &pid)
	// It is still running, so headroom did not wait for it.
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Errorf("the process left behind was gone before headroom returned: %v", err)
	}
	seq, _ := exec.Command("seq", "1", "300").Output()
	if code != 0 || stderr != "" || stdout != string(seq)+"last\n" {
		t.Errorf("exit %d, stderr %q, stdout ends %q", code, stderr, stdout[max(0, len(stdout)-20):])
	}
}

// Inside a command headroom runs, headroom passes output through, so the
// outer headroom clips it once.
func TestRunNested(t *testing.T) {
	seq, _ := exec.Command("seq", "1", "20000").Output()
	code, stdout, _ := result(t, headroom(t, []string{"HEADROOM_RUN=1"}, "run", "--", "seq", "1", "20000"))
	if code != 0 || stdout != string(seq) {
		t.Errorf("nested: exit %d, output changed: %v", code, stdout != string(seq))
	}
	code, stdout, _ = result(t, headroom(t, nil, "run", "--", "seq", "1", "20000"))
	if code != 0 || !strings.HasPrefix(stdout, "[headroom: ") {
		t.Errorf("outermost: exit %d, output not clipped: %.60q", code, stdout)
	}
}

// A script without "#!" runs under /bin/sh, as a shell runs it, instead
// of failing with "exec format error" (review M2).
func TestRunScriptWithoutShebang(t *testing.T) {
	c := headroom(t, nil, "run", "--", "./make", "test")
	script := filepath.Join(c.Dir, "make")
	if err := os.WriteFile(script, []byte("echo ran \"$@\"\nexit 4\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := result(t, c)
	if code != 4 || stdout != "ran test\n" || stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 4, \"ran test\\n\", nothing", code, stdout, stderr)
	}
}

// When headroom alone is killed with SIGKILL, which it cannot pass on, its
// command does not live on without it (review L3).
func TestRunCommandDiesWithHeadroom(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal is Linux's")
	}
	c := headroom(t, nil, "run", "--", "sh", "-c", "echo $$ > pid; exec sleep 600")
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	pidFile := filepath.Join(c.Dir, "pid")
	waitForFile(t, pidFile)
	var pid int
	for pid == 0 {
		b, _ := os.ReadFile(pidFile)
		fmt.Sscan(string(b), &pid)
	}
	fd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		t.Skip("no pidfd here:", err)
	}
	defer unix.Close(fd)
	c.Process.Kill()
	c.Wait()
	// The descriptor becomes readable when the process ends; if it never
	// does, the test times out.
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(fds, -1)
		if err == nil && n == 1 {
			return
		}
		if err != nil && err != unix.EINTR {
			t.Fatal(err)
		}
	}
}

// A reader that goes away early is no failure: clip and expand exit 0, as
// documented, rather than die of SIGPIPE (review L2).
func TestClosedStdout(t *testing.T) {
	big := strings.Repeat("a line of output that goes on for a while\n", 50000)
	store := []string{"HEADROOM_STORE=" + filepath.Join(t.TempDir(), "store")}
	c := headroom(t, store, "clip", "--budget", "100")
	c.Stdin = strings.NewReader(big)
	if code, out, _ := result(t, c); code != 0 || !strings.Contains(out, "[headroom: ") {
		t.Fatalf("clip: exit %d, %.80q", code, out)
	}
	expand := []string{"expand", hashOf(big)}
	for _, args := range [][]string{{"clip", "--budget", "1000000"}, {"clip"}, {"run", "--", "sh", "-c", "yes | head -200000"}, expand} {
		c := headroom(t, store, args...)
		c.Stdin = strings.NewReader(big)
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close() // nobody reads
		c.Stdout = w
		var stderr bytes.Buffer
		c.Stderr = &stderr
		err = c.Run()
		w.Close()
		// yes and head exit 0, so run does too.
		if err != nil {
			t.Errorf("%v with stdout closed: %v (stderr %q), want exit 0", args, err, stderr.String())
		}
	}
}

func hashOf(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}
