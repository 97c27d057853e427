//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cmd

import "golang.org/x/sys/unix"

// terminalForeground reports whether headroom is in the foreground process
// group of its controlling terminal, where the signals the terminal sends
// on Ctrl-C and Ctrl-\ reach its command directly.
func terminalForeground() bool {
	fd, err := unix.Open("/dev/tty", unix.O_RDONLY|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return false // no controlling terminal
	}
	defer unix.Close(fd)
	pgrp, err := unix.IoctlGetInt(fd, unix.TIOCGPGRP)
	return err == nil && pgrp == unix.Getpgrp()
}
