package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/agent"
	"github.com/headroom-cli/headroom/clip"
	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/shape"
	"github.com/headroom-cli/headroom/token"
)

// Exit statuses of run besides its command's own, the ones a shell uses.
const (
	ExitNotExecutable = 126 // the command exists but cannot be executed
	ExitNotFound      = 127 // there is no such command
	exitSignal        = 128 // plus the number of the signal that killed the command
)

// nestedVar is set in the environment of the commands headroom runs, so
// that a headroom inside one passes its output through rather than clip
// what the outer headroom will clip again.
const nestedVar = "HEADROOM_RUN"

// drainGrace is how long run keeps reading after its command exited. The
// pipe stays open as long as any process holds it, and a command may leave
// one behind (a server started with &, a daemon) that never closes it:
// waiting for end of file would hang the agent. So once the command has
// exited, run reads until the pipe is closed or drainGrace has passed, then
// reads what the pipe holds at that moment, which includes all the command
// itself wrote, and stops. What a process left behind writes later is not
// shown, and it gets SIGPIPE if it writes again.
const drainGrace = 100 * time.Millisecond

// drainCap bounds that last read: a pipe holds at most 1 MiB unless its
// owner raises the system's limit, and a process left behind may write
// without end.
const drainCap = 1 << 20

// drainPoll is how long a read waits for more in the last read; a pipe's
// content is ready at once.
const drainPoll = time.Millisecond

type runOptions struct {
	tool string
}

func newRun(env *environment) *cobra.Command {
	var o runOptions
	c := &cobra.Command{
		Use:   "run [flags] -- COMMAND [ARGS...]",
		Short: "Run a command, clip its output and exit with its status",
		Long: `run runs COMMAND with its standard output and error merged into one stream in
the order they were written, as agents capture them, clips that stream as
"headroom clip" would, and exits with COMMAND's status (128 plus the signal's
number if a signal killed it). The kind of output is inferred from the command:
searches as grep, diffs as diff, jq, curl and "-o json" as json, test runners
and builds as log; --tool overrides it.

Signals sent to headroom (INT, TERM, HUP, QUIT) are passed on to COMMAND. A
process that COMMAND leaves running does not keep headroom waiting. Inside a
command run by headroom, headroom run and headroom clip pass output through
unchanged, so that nothing is clipped twice. A command that cannot be started
is reported as a shell would, with status 127 (not found) or 126.`,
		Example: `  headroom run -- go test ./...
  headroom run -- rg -n parseConfig
  headroom run --tool log -- ./ci.sh`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return runRun(c, env, o, args)
		},
	}
	// Everything after the command's name is the command's.
	c.Flags().SetInterspersed(false)
	c.Flags().StringVar(&o.tool, "tool", "", "the kind of output or the tool that prints it (default: inferred from COMMAND, else sniffed)")
	return c
}

// childExit is the status of the command headroom ran, which headroom
// exits with. It is the command's outcome, not a failure of headroom's,
// so Run prints nothing for it.
type childExit struct {
	name string
	code int
}

func (e *childExit) Error() string { return fmt.Sprintf("%s: exit status %d", e.name, e.code) }

func runRun(c *cobra.Command, env *environment, o runOptions, args []string) error {
	if err := env.settings(c); err != nil {
		return err
	}
	tool := o.tool
	if tool == "" {
		tool = agent.Tool(args)
	}
	kind, err := shape.ParseTool(tool)
	if err != nil {
		return &exitError{code: ExitUsage, err: err}
	}
	if err := agentRule(env, args); err != nil {
		return err
	}
	child := exec.Command(args[0], args[1:]...)
	child.Env = append(os.Environ(), nestedVar+"=1")
	child.Stdin = c.InOrStdin()
	// Copies from and to streams that are not files end this long after
	// the command, even if a process it left behind holds them.
	child.WaitDelay = drainGrace
	if env.getenv(nestedVar) == "1" || env.getenv("HEADROOM_DISABLE") == "1" {
		child.Stdout, child.Stderr = c.OutOrStdout(), c.ErrOrStderr()
		return runPlain(child)
	}
	loc := env.location()
	counter, err := token.New(env.encoding)
	if err != nil {
		return &exitError{code: ExitUsage, err: err}
	}
	passed := passedLedger(loc)
	opts := clip.Options{Budget: env.budget, Kind: kind, Counter: counter, Store: loc, CountPassed: passed != nil}
	return runClipped(c, child, opts, passed)
}

// runPlain runs a command on headroom's own streams.
func runPlain(child *exec.Cmd) error {
	stop := forwardSignals()
	defer stop(nil)
	child, err := start(child)
	if err != nil {
		return startError(child.Args[0], err)
	}
	stop(child.Process)
	return exitOf(child, child.Wait())
}

// start starts a command as a shell would. A file the system cannot
// execute, such as a script without "#!", runs under /bin/sh, with its
// path as $0; without that a command that runs in the agent's shell would
// fail under headroom. The command that runs is returned.
func start(child *exec.Cmd) (*exec.Cmd, error) {
	dieWithHeadroom(child)
	err := child.Start()
	if !errors.Is(err, syscall.ENOEXEC) {
		return child, err
	}
	sh := exec.Command("/bin/sh", append([]string{child.Path}, child.Args[1:]...)...)
	sh.Env, sh.Dir, sh.Stdin, sh.Stdout, sh.Stderr = child.Env, child.Dir, child.Stdin, child.Stdout, child.Stderr
	sh.WaitDelay, sh.SysProcAttr = child.WaitDelay, child.SysProcAttr
	if err := sh.Start(); err != nil {
		return child, err
	}
	return sh, nil
}

// runClipped runs a command with its standard output and error on one pipe
// and clips what comes out of it, telling on standard error, as heartbeats
// says, that it still runs.
func runClipped(c *cobra.Command, child *exec.Cmd, opts clip.Options, passed *elision.Store) error {
	r, w, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("run %s: %w", child.Args[0], err)
	}
	defer r.Close()
	// One file for both: the command's writes reach the pipe in the order
	// it makes them.
	child.Stdout, child.Stderr = w, w
	stop := forwardSignals()
	defer stop(nil)
	child, err = start(child)
	w.Close() // the command holds its own copy; end of file comes when it closes it
	if err != nil {
		return startError(child.Args[0], err)
	}
	stop(child.Process)

	waited := make(chan error, 1)
	go func() {
		err := child.Wait()
		r.SetReadDeadline(time.Now().Add(drainGrace))
		waited <- err
	}()
	beat := &heartbeat{w: c.ErrOrStderr()}
	in := &pipeReader{f: r, seen: beat.count}
	done := make(chan struct{})
	go beat.run(heartbeats, done)
	res, clipErr := clip.Clip(in, &firstWrite{w: c.OutOrStdout(), before: beat.stop}, opts)
	close(done)
	beat.stop()
	if clipErr != nil {
		// Keep reading so that the command is never stuck on a full pipe.
		io.Copy(io.Discard, in)
	}
	exitErr := exitOf(child, <-waited)
	recordRun(c, passed, res, exitErr)
	if res.Warning != "" {
		warn(c.ErrOrStderr(), "%s: output printed unchanged", res.Warning)
	}
	if clipErr != nil && !errors.Is(clipErr, syscall.EPIPE) {
		if exitErr == nil {
			return fmt.Errorf("run %s: %w", child.Args[0], clipErr)
		}
		warn(c.ErrOrStderr(), "run %s: %v", child.Args[0], clipErr)
	}
	return exitErr
}

// pipeReader reads the command's output until every writer has closed the
// pipe or, once the command has exited and drainGrace has passed (the
// read deadline), until the pipe is empty.
type pipeReader struct {
	f        *os.File
	draining bool
	left     int
	// seen, if set, is told of what each read gives.
	seen func([]byte)
}

func (p *pipeReader) Read(b []byte) (int, error) {
	n, err := p.read(b)
	if p.seen != nil && n > 0 {
		p.seen(b[:n])
	}
	return n, err
}

func (p *pipeReader) read(b []byte) (int, error) {
	if !p.draining {
		n, err := p.f.Read(b)
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			return n, err
		}
		p.draining, p.left = true, drainCap
		if n > 0 {
			return n, nil
		}
	}
	if p.left == 0 {
		return 0, io.EOF
	}
	p.f.SetReadDeadline(time.Now().Add(drainPoll))
	n, err := p.f.Read(b[:min(len(b), p.left)])
	p.left -= n
	if errors.Is(err, os.ErrDeadlineExceeded) {
		err = nil
		if n == 0 {
			err = io.EOF
		}
	}
	return n, err
}

// heartbeats is when run tells that its command still runs: a first time
// after 5 s, then after twice the wait before, up to every 60 s. Agents
// give up on a command that prints nothing for a while: Gemini CLI cancels
// it after 300 s without output (tools.shell.inactivityTimeout), and Codex
// shows the model an empty result when a command has run for about 10 s,
// the default of its yield_time_ms. The first line comes well before the
// second, and the waits stay well below the first, while a long command
// gets few lines: 13 in 10 minutes. Tests shorten it.
var heartbeats = beatSchedule{first: 5 * time.Second, most: 60 * time.Second}

// A beatSchedule says when a heartbeat beats: first after first, then
// after twice the wait before, up to most.
type beatSchedule struct {
	first, most time.Duration
}

// A heartbeat tells on standard error that a command still runs and prints
// while run holds back its output, which it clips only once the command
// exits. It tells only when the command printed since it last told, so
// that a command that goes silent looks silent to the agent, as it would
// without headroom; it stops before the first byte of the view, which
// stays the same whether or not a heartbeat was shown.
type heartbeat struct {
	w            io.Writer
	bytes, lines atomic.Int64

	mu      sync.Mutex
	stopped bool
	told    int64 // bytes read when it last told
}

// count takes note of what the command printed.
func (h *heartbeat) count(b []byte) {
	h.bytes.Add(int64(len(b)))
	h.lines.Add(int64(bytes.Count(b, []byte{'\n'})))
}

// beat writes a line, if the command printed since the last one, saying
// for how long it has run.
func (h *heartbeat) beat(running time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := h.bytes.Load()
	if h.stopped || n == h.told {
		return
	}
	h.told = n
	printed := plural(h.lines.Load(), "line")
	if h.lines.Load() == 0 {
		printed = plural(n, "byte")
	}
	fmt.Fprintf(h.w, "headroom: still running after %s, %s so far; the view follows when it exits\n", running.Round(time.Second), printed)
}

// plural writes n and a noun, in the plural unless n is 1.
func plural(n int64, noun string) string {
	if n != 1 {
		noun += "s"
	}
	return elision.Thousands(n) + " " + noun
}

// stop ends the heartbeat, waiting for a line being written.
func (h *heartbeat) stop() {
	h.mu.Lock()
	h.stopped = true
	h.mu.Unlock()
}

// run beats on schedule until done is closed.
func (h *heartbeat) run(s beatSchedule, done <-chan struct{}) {
	start := time.Now()
	wait := s.first
	t := time.NewTimer(wait)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			h.beat(time.Since(start))
			wait = min(2*wait, s.most)
			t.Reset(wait)
		}
	}
}

// firstWrite calls before once, ahead of the first write to w.
type firstWrite struct {
	w      io.Writer
	before func()
	wrote  bool
}

func (f *firstWrite) Write(b []byte) (int, error) {
	if !f.wrote {
		f.wrote = true
		f.before()
	}
	return f.w.Write(b)
}

// forwarded are the signals headroom passes on to its command.
var forwarded = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

// forwardSignals catches the forwarded signals, so that headroom lives to
// print the output and pass on the status, and returns a function that
// starts passing them to the command's process (signals caught before it
// started are passed on then) or, given nil, stops catching them.
//
// The command stays in headroom's process group. In a group of its own
// it would miss what an agent sends to the whole group, SIGKILL above all,
// which cannot be passed on, and it would be stopped when it reads the
// terminal. The cost is that a signal sent to the whole group reaches it
// twice, once directly and once from headroom. For the signals a terminal
// sends its foreground group on Ctrl-C and Ctrl-\, headroom avoids that:
// when it is in the foreground of its terminal it does not pass them on.
func forwardSignals() func(*os.Process) {
	caught := make(chan os.Signal, len(forwarded))
	signal.Notify(caught, forwarded...)
	foreground := terminalForeground()
	started := make(chan *os.Process, 1)
	done := make(chan struct{})
	go func() {
		var p *os.Process
		var pending []os.Signal
		for {
			select {
			case s := <-caught:
				if foreground && (s == syscall.SIGINT || s == syscall.SIGQUIT) {
					continue
				}
				if p == nil {
					pending = append(pending, s)
					continue
				}
				p.Signal(s)
			case p = <-started:
				for _, s := range pending {
					p.Signal(s)
				}
				pending = nil
			case <-done:
				return
			}
		}
	}()
	stopped := false
	return func(p *os.Process) {
		if p != nil {
			started <- p
			return
		}
		if !stopped {
			stopped = true
			signal.Stop(caught)
			close(done)
		}
	}
}

// startError reports a command that could not be started as a shell does.
func startError(name string, err error) error {
	code, what := ExitNotExecutable, "cannot execute: "+errText(err)
	var pathErr *fs.PathError
	switch {
	case errors.Is(err, exec.ErrNotFound):
		code, what = ExitNotFound, "command not found"
	case errors.Is(err, fs.ErrNotExist):
		code, what = ExitNotFound, "no such file or directory"
	case isDir(name):
		what = "is a directory"
	case errors.Is(err, fs.ErrPermission):
		what = "permission denied"
	case errors.As(err, &pathErr):
		what = "cannot execute: " + errText(pathErr.Err)
	}
	return &exitError{code: code, err: fmt.Errorf("%s: %s", name, what)}
}

func errText(err error) string {
	var execErr *exec.Error
	if errors.As(err, &execErr) {
		err = execErr.Err
	}
	return err.Error()
}

func isDir(name string) bool {
	if !strings.Contains(name, "/") {
		return false
	}
	fi, err := os.Stat(name)
	return err == nil && fi.IsDir()
}

// exitOf turns how a command ended into headroom's result: nil for status
// 0, else its status, with 128 plus the signal's number if one killed it.
func exitOf(child *exec.Cmd, err error) error {
	var ee *exec.ExitError
	// ErrWaitDelay: the command ended; a process it left held its output.
	if err != nil && !errors.As(err, &ee) && !errors.Is(err, exec.ErrWaitDelay) {
		return fmt.Errorf("run %s: %w", child.Args[0], err)
	}
	ps := child.ProcessState
	code := ps.ExitCode()
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		code = exitSignal + int(ws.Signal())
	}
	if code == 0 {
		return nil
	}
	return &exitError{code: code, err: &childExit{name: child.Args[0], code: code}}
}
