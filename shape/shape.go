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
// Diffs and JSON have strict syntax and go first; a listing needs three
// quarters of entries, and grep output a clear majority of path-like lines
// with matches; documents whose first line names them (manual pages, go doc)
// come before logs, as they may quote errors; anything else with the
// marks of a build or test is a log, and of what is left, source code and
// documentation are outlines.
var sniffers = []sniffer{
	{Diff, sniffDiff},
	{JSON, sniffJSON},
	{Listing, sniffListing},
	{Grep, sniffGrep},
	{Outline, sniffDocument},
	{Log, sniffLog},
	{Outline, sniffOutline},
}

// The sniffer looks at windows of its sample: the first HeadWindow bytes,
// and, of a longer sample, LaterWindow bytes from its middle and from its
// end. Builds, CI jobs and scripts often start with a preamble (configure's
// checks, go build -x's commands, a listing, a banner) that a look at the
// start alone would take for the whole.
const (
	HeadWindow  = 64 << 10
	LaterWindow = 16 << 10
)

// Sniff tells the kind of output from a sample of it, and why. The sample
// is what the caller holds of the input: its start, or all of it. Its
// first window decides, unless it reads as text, a listing or an outline
// and a later window holds a log: then the output is a log with a
// preamble. Source code and documentation quote errors, so after an
// outline it takes three lines with the marks of a log. Sniff looks at no
// more than HeadWindow+2*LaterWindow bytes of the sample, whatever its
// length.
func Sniff(sample []byte) (Kind, string) {
	head := sample[:min(len(sample), HeadWindow)]
	kind, why := sniffWindow(head)
	if len(sample) <= HeadWindow || (kind != Text && kind != Listing && kind != Outline) {
		return kind, why
	}
	mid := len(sample)/2 - LaterWindow/2
	for _, w := range []struct {
		at    int
		where string
	}{{mid, "middle"}, {len(sample) - LaterWindow, "end"}} {
		win := window(sample, max(w.at, HeadWindow))
		if bytes.IndexByte(win, 0) >= 0 {
			continue
		}
		if ok, why := sniffLog(win); ok && (kind != Outline || tallyLog(win).marks >= 3) {
			return Log, why + ", at the " + w.where + " of what was read"
		}
	}
	return kind, why
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

// sniffWindow tells the kind of one window of the output, and why.
func sniffWindow(sample []byte) (Kind, string) {
	if bytes.IndexByte(sample, 0) >= 0 {
		return Binary, "the input holds NUL bytes"
	}
	for _, s := range sniffers {
		if ok, why := s.sniff(sample); ok {
			return s.kind, why
		}
	}
	return Text, "no other shape matched"
}
