// Package shape names the kinds of tool output headroom knows and tells
// which kind a sample of output is.
package shape

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// Kind is a kind of output, and so the reducer that handles it.
type Kind string

// The kinds of output.
const (
	Grep   Kind = "grep"
	Log    Kind = "log"
	Diff   Kind = "diff"
	JSON   Kind = "json"
	Text   Kind = "text"
	Binary Kind = "binary"
	// Listing is a list of names: paths (find, rg -l, git ls-files), ls -l
	// and tree, package and process tables.
	Listing Kind = "listing"
	// Outline is source code or documentation: a file printed with cat,
	// go doc, a man page, --help.
	Outline Kind = "outline"
)

// Auto is the --tool value that asks for sniffing.
const Auto = "auto"

// tools maps the names of producing tools to the kind of what they print.
var tools = map[string]Kind{
	"grep": Grep, "rg": Grep, "ripgrep": Grep, "ag": Grep, "ack": Grep, "git-grep": Grep,
	"log": Log, "go-test": Log, "go-build": Log, "go": Log, "pytest": Log, "python": Log, "cargo": Log, "rustc": Log,
	"npm": Log, "yarn": Log, "pnpm": Log, "node": Log, "jest": Log, "vitest": Log, "make": Log, "gcc": Log,
	"clang": Log, "cmake": Log, "mvn": Log, "gradle": Log, "javac": Log, "apt": Log, "docker": Log, "ci": Log,
	"diff": Diff, "git-diff": Diff, "git-show": Diff, "git-log": Diff, "patch": Diff,
	"json": JSON, "jq": JSON, "curl": JSON, "kubectl": JSON, "go-list": JSON,
	"listing": Listing, "ls": Listing, "find": Listing, "fd": Listing, "tree": Listing, "du": Listing, "ps": Listing,
	"git-ls-files": Listing, "git-status": Listing,
	"outline": Outline, "man": Outline, "pydoc": Outline, "go-doc": Outline, "javap": Outline,
	"text": Text,
}

// Kinds lists the kinds a reducer handles, in the order users meet them.
var Kinds = []Kind{Grep, Log, Diff, JSON, Listing, Outline, Text}

// Tools returns the names of producing tools --tool accepts, sorted; the
// kinds themselves and Auto are accepted too.
func Tools() []string {
	var names []string
	for n, k := range tools {
		if string(k) != n {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// ParseTool returns the kind a --tool value stands for; Auto gives "".
func ParseTool(name string) (Kind, error) {
	if name == Auto || name == "" {
		return "", nil
	}
	if k, ok := tools[strings.ToLower(name)]; ok {
		return k, nil
	}
	kinds := []string{Auto}
	for _, k := range Kinds {
		kinds = append(kinds, string(k))
	}
	return "", fmt.Errorf("unknown tool %q (valid: %s, or a tool's name: %s)", name, strings.Join(kinds, ", "), strings.Join(Tools(), ", "))
}

// sniffer tells whether a sample is of one kind, and why.
type sniffer struct {
	kind  Kind
	sniff func(sample []byte) (bool, string)
}

// sniffers are tried in order; the first that recognises the sample wins.
// Diffs and JSON have strict syntax and go first, then the forms of diff
// that no reducer reads, which hold source code; a listing needs three
// quarters of entries, and grep output a clear majority of path-like lines
// with matches; documents whose first line names them (manual pages, go doc)
// come before logs, as they may quote errors; anything else with the
// marks of a build or test is a log, and of what is left, source code and
// documentation are outlines.
var sniffers = []sniffer{
	{Diff, sniffDiff},
	{JSON, sniffJSON},
	{Text, sniffSideBySide},
	{Text, sniffEdScript},
	{Listing, sniffListing},
	{Grep, sniffGrep},
	{Outline, sniffDocument},
	{Log, sniffLog},
	{Outline, sniffOutline},
}

// The sniffer looks at windows of its sample: the first HeadWindow bytes,
// and, of a longer sample, LaterWindow bytes at a quarter, half and three
// quarters of it and at its end. Builds, CI jobs and scripts often start
// with a preamble (configure's checks, go build -x's commands, a listing,
// a banner) that a look at the start alone would take for the whole.
const (
	HeadWindow  = 64 << 10
	LaterWindow = 16 << 10
	// After an outline, the last TailLines lines of the sample, within
	// its last TailWindow bytes, are looked at on their own.
	TailWindow = 4 << 10
	TailLines  = 24
)

// lastLines returns the last n lines of b that are not blank, from the
// start of the first of them, or all of b if it holds fewer.
func lastLines(b []byte, n int) []byte {
	end := len(bytes.TrimRight(b, " \t\r\n"))
	for i := end - 1; i >= 0; i-- {
		if b[i] != '\n' {
			continue
		}
		if len(bytes.TrimSpace(b[i+1:end])) > 0 {
			n--
			if n == 0 {
				return b[i+1:]
			}
		}
		end = i
	}
	return b
}

// laterWindows are where Sniff looks past the first window, in eighths of
// the sample (8 is its end), with what it calls them.
var laterWindows = []struct {
	eighths int
	where   string
}{{2, "a quarter"}, {4, "the middle"}, {6, "three quarters"}, {8, "the end"}}

// Sniff tells the kind of output from a sample of it, and why. The sample
// is what the caller holds of the input: its start, or all of it. Its
// first window decides, unless a later window holds a log: then the output
// is a log with a preamble. After text, a later window holds a log if it
// has the marks of one; after a listing, if it has them and is no listing
// itself (the listing reducer keeps the lines of a short log at its end);
// source code and documentation quote errors, so after an outline it takes
// three lines that only a log has, and a third of the window's lines or
// half of the sample's last lines. Grep output, JSON and diffs have strict
// forms of their own and are taken as they start. Sniff looks at no more
// than HeadWindow+4*LaterWindow bytes of the sample, whatever its length.
func Sniff(sample []byte) (Kind, string) {
	head := sample[:min(len(sample), HeadWindow)]
	kind, why := sniffWindow(head)
	if len(sample) <= HeadWindow || kind != Text && kind != Listing && kind != Outline {
		return kind, why
	}
	seen := 0 // where the windows looked at so far end
	for _, w := range laterWindows {
		at := len(sample)/8*w.eighths - LaterWindow/2
		if w.eighths == 8 {
			at = len(sample) - LaterWindow
		}
		at = max(at, seen, HeadWindow)
		if at >= len(sample) || w.eighths < 8 && at+LaterWindow > len(sample)-LaterWindow {
			continue // the end's window covers it
		}
		seen = at + LaterWindow
		win := window(sample, at)
		if len(win) == 0 || binary(win) {
			continue
		}
		if ok, why := laterLog(kind, win); ok {
			return Log, why + ", at " + w.where + " of what was read, after " + string(kind)
		}
	}
	if kind == Outline {
		// A short log at the end, as of a build after a file was printed,
		// is too short for a third of the end's window.
		tail := lastLines(sample[max(len(sample)-TailWindow, HeadWindow):], TailLines)
		if t := tallyLog(tail); t.logish >= 3 && t.logish*2 >= t.lines {
			if ok, why := sniffLog(tail); ok {
				return Log, why + ", in the last lines of what was read, after " + string(kind)
			}
		}
	}
	return kind, why
}

// laterLog reports whether a later window of a sample whose first window
// is of kind holds a log, and why.
func laterLog(kind Kind, win []byte) (bool, string) {
	switch kind {
	case Text:
		return sniffLog(win)
	case Listing:
		if ok, why := sniffLog(win); ok {
			if entries, _ := sniffListing(win); !entries {
				return true, why
			}
		}
	case Outline:
		if t := tallyLog(win); t.logish >= 3 && t.logish*3 >= t.lines {
			return sniffLog(win)
		}
	}
	return false, ""
}

// window returns the whole lines of up to LaterWindow bytes of sample from
// at on: from the first line that starts in it to the last that ends in it.
func window(sample []byte, at int) []byte {
	w := sample[at:min(len(sample), at+LaterWindow)]
	if i := bytes.IndexByte(w, '\n'); i >= 0 && at > 0 && sample[at-1] != '\n' {
		w = w[i+1:]
	}
	if at+LaterWindow < len(sample) {
		if i := bytes.LastIndexByte(w, '\n'); i >= 0 {
			w = w[:i+1]
		}
	}
	return w
}

// binaryControls is how many bytes of text may hold one control byte
// (one that no text tool prints: NUL, and the others below a space but
// tab, the line breaks, backspace and escape) when text holds a NUL.
const binaryControls = 1024

// binary reports whether a window of the sample is binary data: it holds
// a NUL byte that does not end a path as grep -Z prints it, and control
// bytes are more than one in binaryControls. A
// log holding a NUL or two among thousands of bytes of text (a test that
// prints the input it fuzzed, a program that logs a raw byte string) is
// read as text; binary data holds control bytes throughout.
func binary(w []byte) bool {
	if bytes.IndexByte(w, 0) < 0 || nulPaths(w) {
		return false
	}
	n := 0
	for _, c := range w {
		if c < ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f' && c != '\b' && c != 0x1b {
			n++
			if n*binaryControls > len(w) {
				return true
			}
		}
	}
	return false
}

// sniffWindow tells the kind of one window of the output, and why.
func sniffWindow(sample []byte) (Kind, string) {
	if binary(sample) {
		return Binary, "the input holds NUL bytes"
	}
	for _, s := range sniffers {
		if ok, why := s.sniff(sample); ok {
			return s.kind, why
		}
	}
	return Text, "no other shape matched"
}
