//go:build !linux

package cmd

import "os/exec"

// dieWithHeadroom does nothing where the system has no parent-death
// signal: a command whose headroom is killed with SIGKILL goes on running.
func dieWithHeadroom(*exec.Cmd) {}
