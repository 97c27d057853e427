//go:build !unix

package elision

import (
	"io/fs"
	"os"
	"time"
)

// foreign trusts every directory where the system reports no owner or
// Unix permissions: there only links and file types are checked.
func foreign(fs.FileInfo, bool) string { return "" }

// links reports one name for every file where the system does not count
// them.
func links(fs.FileInfo) uint64 { return 1 }

// lock does nothing where files have no advisory locks: Prune then goes
// by age alone.
func lock(*os.File) {}

// inUse reports no file in use where files have no advisory locks.
func inUse(*os.File) bool { return false }

// lockWait takes no lock where files have no advisory locks.
func lockWait(*os.File, time.Duration, func() bool) bool { return true }

const openNoWait = 0
