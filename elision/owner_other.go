//go:build !unix

package elision

import (
	"io/fs"
	"os"
)

// foreign trusts every directory where the system reports no owner or
// Unix permissions: there only links and file types are checked.
func foreign(fs.FileInfo, bool) string { return "" }

// lock does nothing where files have no advisory locks: Prune then goes
// by age alone.
func lock(*os.File) {}

// inUse reports no file in use where files have no advisory locks.
func inUse(*os.File) bool { return false }

const openNoWait = 0
