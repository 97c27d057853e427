//go:build unix

package elision

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// foreign says why a directory is not one headroom may trust as its own:
// another user owns it, or others may write to it (or, if private, read
// it). It returns "" for a directory that is the user's alone.
func foreign(fi fs.FileInfo, private bool) string {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		if uid := os.Geteuid(); int(st.Uid) != uid {
			return fmt.Sprintf("is owned by uid %d, not by you (uid %d)", st.Uid, uid)
		}
	}
	perm := fi.Mode().Perm()
	switch {
	case private && perm&0o077 != 0:
		return fmt.Sprintf("is open to other users (mode %04o; a store in a shared directory must be 0700)", perm)
	case perm&0o022 != 0:
		return fmt.Sprintf("is writable by other users (mode %04o)", perm)
	}
	return ""
}

// links returns the number of names a file has.
func links(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// lock marks a file as in use by this process until it is closed, so that
// Prune leaves it alone however old it is. A file system without locks
// leaves only the age to go by.
func lock(f *os.File) {
	unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
}

// inUse reports whether another process holds a file's lock. The caller
// holds the lock when it returns false, until it closes f.
func inUse(f *os.File) bool {
	err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	return errors.Is(err, unix.EWOULDBLOCK)
}

// lockWait takes f's lock, waiting for a process that holds it, and
// reports whether it got it. It gives up after wait without progress:
// moved, if not nil, reports whether the locked file changed since it was
// last asked, and each change starts the wait again, up to lockWaitMax in
// all. The lock is released when f is closed. A file system without locks
// counts as locked: there, appends in one write are all that keeps
// records apart.
func lockWait(f *os.File, wait time.Duration, moved func() bool) bool {
	start := time.Now()
	deadline := start.Add(wait)
	const firstPause = 50 * time.Microsecond
	pause := firstPause
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case err == nil:
			return true
		case errors.Is(err, unix.EINTR):
			continue
		case !errors.Is(err, unix.EWOULDBLOCK):
			return true
		}
		now := time.Now()
		if moved != nil && moved() && now.Sub(start) < lockWaitMax {
			deadline = now.Add(wait)
		}
		// The first try is no wait: the holder is given one pause,
		// however short the wait.
		if pause > firstPause && now.After(deadline) {
			return false
		}
		lockBusy()
		// Polling rather than a blocking flock: a flock cannot be given up
		// on, and a holder keeps the lock for one write, or one cut of the
		// ledger.
		time.Sleep(pause)
		pause = min(2*pause, 10*time.Millisecond)
	}
}

// lockWaitMax bounds lockWait's whole wait however long the locked file
// keeps changing.
const lockWaitMax = 10 * time.Second

// openNoWait is the flag that keeps an open of a FIFO from waiting for a
// writer: the file is checked before it is read.
const openNoWait = unix.O_NONBLOCK
