package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
)

// The spy is this binary installed as "headroom": spyReal names the real
// headroom, spyLog the file each call is logged to.
const (
	spyReal = "E2E_SPY_REAL"
	spyLog  = "E2E_SPY_LOG"
)

// A spyEntry is one call of headroom by an agent.
type spyEntry struct {
	Args []string `json:"args"`
	Cwd  string   `json:"cwd"`
	// In and Out are what a hook read and answered.
	In  string `json:"in,omitempty"`
	Out string `json:"out,omitempty"`
}

// spy logs a call of headroom and makes it: a hook runs as a child, so
// that its input and answer can be logged; anything else replaces the
// spy, so that signals and the exit status are headroom's own.
func spy(real, log string) int {
	args := os.Args[1:]
	cwd, _ := os.Getwd()
	e := spyEntry{Args: args, Cwd: cwd}
	if len(args) == 0 || args[0] != "hook" {
		appendEntry(log, e)
		err := syscall.Exec(real, append([]string{real}, args...), os.Environ())
		fmt.Fprintln(os.Stderr, "e2e spy:", err)
		return 127
	}
	in, _ := io.ReadAll(os.Stdin)
	cmd := exec.Command(real, args...)
	cmd.Stdin, cmd.Stderr = bytes.NewReader(in), os.Stderr
	out, err := cmd.Output()
	e.In, e.Out = string(in), string(out)
	appendEntry(log, e)
	os.Stdout.Write(out)
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return ee.ExitCode()
	case err != nil:
		fmt.Fprintln(os.Stderr, "e2e spy:", err)
		return 127
	}
	return 0
}

func appendEntry(log string, e spyEntry) {
	if log == "" {
		return
	}
	f, err := os.OpenFile(log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	b, _ := json.Marshal(e)
	f.Write(append(b, '\n'))
}

// readSpy returns the calls logged in log, and removes it.
func readSpy(log string) []spyEntry {
	f, err := os.Open(log)
	if err != nil {
		return nil
	}
	defer os.Remove(log)
	defer f.Close()
	var entries []spyEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var e spyEntry
		if json.Unmarshal(sc.Bytes(), &e) == nil {
			entries = append(entries, e)
		}
	}
	return entries
}
