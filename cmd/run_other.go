//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package cmd

// terminalForeground reports false where headroom cannot ask: it then
// passes on every signal it catches.
func terminalForeground() bool { return false }
