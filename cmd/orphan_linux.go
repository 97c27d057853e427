package cmd

import (
	"os/exec"
	"syscall"
)

// dieWithHeadroom has the system kill the command if headroom dies first.
// Signals headroom can catch it passes on; SIGKILL it cannot, and without
// this a command killed through headroom would go on running, its output
// going nowhere. Processes the command starts are not affected.
func dieWithHeadroom(c *exec.Cmd) {
	if c.SysProcAttr == nil {
		c.SysProcAttr = &syscall.SysProcAttr{}
	}
	c.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
