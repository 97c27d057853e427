package cmd

import (
	"bytes"
	"os"
	"strconv"
	"strings"

	"github.com/headroom-cli/headroom/agent"
)

// maxCallers bounds how far up the process tree callers looks: an agent
// runs its hooks and commands through a shell or two.
const maxCallers = 16

// callers returns the processes headroom runs under, nearest first, up to
// Claude Code's own, as far as /proc shows them: its command line holds
// rules it was given there, which no settings file has. Only Claude Code's
// working directory is read: its command line's paths are relative to it.
func callers() []agent.Caller {
	var cs []agent.Caller
	for pid := os.Getppid(); pid > 1 && len(cs) < maxCallers; {
		dir := "/proc/" + strconv.Itoa(pid)
		b, err := os.ReadFile(dir + "/cmdline")
		if err != nil || len(b) == 0 {
			break
		}
		c := agent.Caller{Args: strings.Split(strings.TrimSuffix(string(b), "\x00"), "\x00")}
		if agent.IsClaude(c.Args) {
			c.Dir, _ = os.Readlink(dir + "/cwd")
			return append(cs, c)
		}
		cs = append(cs, c)
		stat, err := os.ReadFile(dir + "/stat")
		if err != nil {
			break
		}
		pid = parentPID(stat)
	}
	return cs
}

// parentPID reads the parent's process ID from the text of /proc/PID/stat:
// the fourth field, after the command name in parentheses, which may hold
// spaces and parentheses itself. It returns 0 if the text is not that.
func parentPID(stat []byte) int {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0
	}
	fields := strings.Fields(string(stat[i+1:]))
	if len(fields) < 2 {
		return 0
	}
	ppid, err := strconv.Atoi(fields[1])
	if err != nil {
		return 0
	}
	return ppid
}
