package shape

import (
	"bytes"
	"fmt"
)

// outlineTally counts the lines of a sample by what they look like, for
// the outline sniffers.
type outlineTally struct {
	lines    int // non-blank lines
	first    []byte
	code     int // lines that read as code: declarations, statements, comments
	decls    int // declarations at or near the left margin
	blame    int // lines of git blame
	headings int // markdown headings standing alone
	fences   int // markdown code fences, indented less than four columns
	inline   int // lines with markdown's links, code spans or emphasis
	sections int // manual sections: NAME, SYNOPSIS, DESCRIPTION at the margin
	indented int // lines indented by three columns or more
	comments int // lines in block comments or starting one, or a // comment
	options  int // lines documenting an option: "  -a, --all   list all"
	commands int // lines of a command list: "  add        Add file contents"
	asm      int // an assembler's instructions: "\tMOVQ\tAX, DI", "\tmovq\t%rdi, %rax"
	// bareOptions counts option lines that describe nothing: "-fdce
	// [enabled]", "-daystart -follow -nowarn".
	bareOptions int
	rules       int // a makefile's rules whose recipe follows: "lib.a: $(OBJS)"
	makeRefs    int // lines that refer to a makefile's variables: $(CC), ${RM}
	usage       bool
	helpStart   bool // the first line is "usage: ..."
	// helpHeads counts the headings help text puts over its lists, at
	// the margin: "positional arguments:", "Options:", "Commands:".
	helpHeads int
	manStart  bool // the first line is a manual's section, at the margin
	// docker counts a Dockerfile's instructions at the margin (FROM,
	// RUN, COPY); dockerStart is set when the first line that is no
	// comment is a FROM or an ARG, as a Dockerfile's is.
	docker      int
	dockerStart bool
	// flow counts statements that steer control (if, for, return,
	// raise), which a cut from a function's body holds though it
	// declares nothing.
	flow int
}

// sniffDocument reports whether sample is documentation with a mark no
// other output has: a manual page's header, go doc's package line,
// pydoc's "Help on", javap's "Compiled from", git blame's lines. Such
// documents may quote errors and commands, so they are recognised before
// logs are.
func sniffDocument(sample []byte) (bool, string) {
	// The first lines tell: a look at them costs little, and this sniffer
	// runs before the log sniffer on every log.
	var t outlineTally
	for line := range sampleLines(sample) {
		if t.lines == 20 {
			break
		}
		line = unnumbered(bytes.TrimSuffix(line, []byte{'\r'}))
		if trimmed := bytes.TrimSpace(line); len(trimmed) > 0 {
			if t.lines == 0 {
				t.first = trimmed
			}
			t.lines++
			if blameLine(line) {
				t.blame++
			}
		}
	}
	switch {
	case t.lines == 0:
		return false, ""
	case manHeader(t.first):
		return true, "a manual page (NAME(1) header)"
	case bytes.HasPrefix(t.first, []byte("package ")) && bytes.Contains(t.first, []byte(` // import "`)):
		return true, `go doc output (package x // import "x")`
	case bytes.HasPrefix(t.first, []byte("Help on ")) && bytes.HasSuffix(t.first, []byte(":")):
		return true, "pydoc output (Help on ...:)"
	case bytes.HasPrefix(t.first, []byte(`Compiled from "`)):
		return true, `javap output (Compiled from "...")`
	case t.blame*2 > t.lines:
		return true, fmt.Sprintf("%d of %d lines are git blame's", t.blame, t.lines)
	case shebang(t.first):
		return true, "a script (#!)"
	}
	return false, ""
}

// shebang reports whether a line is a script's first, naming its
// interpreter: #!/bin/sh, and as autoconf and older scripts write it,
// #! /bin/sh.
func shebang(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, []byte("#!"))
	rest = bytes.TrimLeft(rest, " ")
	return ok && len(rest) > 0 && (rest[0] == '/' || isLetter(rest[0]))
}

// sniffOutline reports whether sample is source code or documentation:
// most lines read as code and some declare things, or markdown headings
// and code fences, manual sections, or a usage line and options.
func sniffOutline(sample []byte) (bool, string) {
	t := tallyOutline(sample)
	switch {
	case t.lines < 3:
		return false, ""
	case t.code*2 >= t.lines && t.decls >= 2 && t.decls*100 >= t.lines-t.comments:
		// Comments do not thin declarations out: a declaration file is
		// mostly documentation.
		return true, fmt.Sprintf("source code: %d of %d lines read as code, %d declare", t.code, t.lines, t.decls)
	case t.code*4 >= t.lines*3 && t.flow >= 6 && t.flow*5 >= t.lines:
		// A cut from inside a file (tail, sed -n) may hold a function's
		// body and not its head: its statements tell it.
		return true, fmt.Sprintf("source code: %d of %d lines read as code, %d steer control", t.code, t.lines, t.flow)
	case t.asm >= 10 && t.asm*3 >= t.lines-t.comments:
		return true, fmt.Sprintf("assembly: %d of %d lines are instructions", t.asm, t.lines)
	case t.fences >= 2 || t.headings >= 2 && t.inline >= 2:
		return true, "markdown: headings or code fences"
	case t.sections >= 2 && t.indented*2 >= t.lines:
		return true, "a manual: sections (NAME, SYNOPSIS, DESCRIPTION) and indented text"
	case t.manStart && t.lines >= 10 && t.indented*4 >= t.lines*3:
		// One section cut from a manual: its heading, then its text
		// indented under it; a table's rows are not all indented.
		return true, "a manual's section: its heading and indented text"
	case (t.helpStart || t.usage) && t.options+t.bareOptions+t.commands+t.helpHeads >= 3:
		// Under a usage line, lists of options ("-depth -maxdepth LEVELS")
		// and of commands are help text too, and so is a short one whose
		// few options stand under their headings (argparse's, click's).
		return true, "help text: a usage line and options or commands"
	case t.options >= 8 && t.options*12 >= t.lines:
		return true, fmt.Sprintf("help text: %d of %d lines document options", t.options, t.lines)
	case t.commands >= 8 && t.commands*3 >= t.lines:
		return true, fmt.Sprintf("help text: %d of %d lines name commands", t.commands, t.lines)
	case t.rules >= 3 && t.rules*40 >= t.lines && t.makeRefs >= t.rules:
		return true, fmt.Sprintf("a makefile: %d rules with recipes", t.rules)
	case t.dockerStart && t.docker >= 3 && t.docker*3 >= t.lines-t.comments:
		return true, fmt.Sprintf("a Dockerfile: %d instructions", t.docker)
	}
	return false, ""
}

func tallyOutline(sample []byte) outlineTally {
	var (
		t            outlineTally
		prev         []byte // the line before, blank or not
		prevBlank    = true
		pendHeading  bool // the line before is a heading, if a blank line follows
		pendSetext   bool
		inFence      bool
		inComment    bool // inside a block comment or a docstring
		inPOD        bool // inside Perl's documentation, from =head1 or =pod to =cut
		linesChecked int
		pendOption   = -1 // the indentation of an option line not yet described
		seenCode     bool // a line that is not blank and no # comment has been read
	)
	for line := range sampleLines(sample) {
		line = unnumbered(bytes.TrimSuffix(line, []byte{'\r'}))
		if bytes.IndexByte(line, 0x1b) >= 0 {
			line = stripANSI(line)
		}
		trimmed := bytes.TrimSpace(line)
		if len(trimmed) == 0 {
			if pendHeading || pendSetext {
				t.headings++
			}
			pendHeading, pendSetext = false, false
			prev, prevBlank = line, true
			continue
		}
		pendHeading, pendSetext = false, false
		t.lines++
		linesChecked++
		if t.first == nil {
			t.first = trimmed
			t.helpStart = hasPrefixFold(trimmed, "usage:")
			t.manStart = manSection(line)
		}
		if bytes.HasPrefix(trimmed, []byte("```")) {
			if len(line)-len(bytes.TrimLeft(line, " \t")) < 4 {
				// Deeper, it is no fence but text indented as code, as in
				// markdown quoted by a YAML file's strings.
				t.fences++
			}
			inFence = !inFence
		}
		switch {
		case markdownHeading(line) && prevBlank && !inFence:
			pendHeading = true
		case setextRule(line) && !prevBlank && len(bytes.TrimSpace(prev)) > 0:
			pendSetext = true
		}
		if markdownInline(trimmed) {
			t.inline++
		}
		if manSection(line) {
			t.sections++
		}
		if len(line) > 3 && (line[0] == '\t' || bytes.HasPrefix(line, []byte("   "))) {
			t.indented++
		}
		// An option counts when it is described, on its line or, hanging,
		// on the next one indented deeper: a bare list of option names
		// and states ("-fdce  [enabled]") documents nothing.
		if pendOption >= 0 {
			if indent(line) > pendOption && isLetter(trimmed[0]) {
				t.options++
			} else {
				t.bareOptions++
			}
			pendOption = -1
		}
		if optionLine(line) || t.helpStart && marginOption(line) {
			if optionDescribed(trimmed) {
				t.options++
			} else {
				pendOption = indent(line)
			}
		}
		if commandEntry(line) {
			t.commands++
		}
		if asmInstruction(line) {
			t.asm++
		}
		if line[0] == '\t' && !prevBlank && makeRule(prev) {
			t.rules++
		}
		if bytes.Contains(line, []byte("$(")) || bytes.Contains(line, []byte("${")) {
			t.makeRefs++
		}
		if linesChecked <= 40 && (hasPrefixFold(trimmed, "usage:") || string(trimmed) == "Usage:" || bytes.HasPrefix(trimmed, []byte("Usage of "))) {
			t.usage = true
		}
		if len(trimmed) == len(line) && helpHeading(trimmed) {
			t.helpHeads++
		}
		if blameLine(line) {
			t.blame++
		}
		if !seenCode && line[0] != '#' {
			seenCode = true
			t.dockerStart = bytes.HasPrefix(line, []byte("FROM ")) || bytes.HasPrefix(line, []byte("ARG "))
		}
		if dockerInstruction(line) {
			t.docker++
		}
		if cmd, ok := podCommand(line); ok {
			inPOD = cmd != "cut"
		}
		if inPOD || inComment || codeLine(trimmed) || hashComment(trimmed) {
			t.code++
		}
		if inPOD || inComment || bytes.HasPrefix(trimmed, []byte("/*")) || bytes.HasPrefix(trimmed, []byte("//")) || hashComment(trimmed) {
			t.comments++
		}
		inComment = commentState(trimmed, inComment)
		if declaration(line) {
			t.decls++
		}
		if flowStatement(trimmed) {
			t.flow++
		}
		prev, prevBlank = line, false
	}
	if pendHeading || pendSetext {
		t.headings++
	}
	return t
}

// unnumbered returns a line without the number cat -n and nl put before
// it: blanks, the number and a tab ("    12\tfunc main() {").
func unnumbered(line []byte) []byte {
	i := 0
	for i < len(line) && i < 8 && line[i] == ' ' {
		i++
	}
	_, j := digits(line, i)
	if j == i || j-i > 7 || j >= len(line) || line[j] != '\t' {
		return line
	}
	return line[j+1:]
}

// stripANSI returns a line without its ANSI escape sequences, as a
// terminal shows it.
func stripANSI(line []byte) []byte {
	out := make([]byte, 0, len(line))
	for i := 0; i < len(line); i++ {
		if line[i] == 0x1b && i+1 < len(line) && line[i+1] == '[' {
			j := i + 2
			for j < len(line) && (line[j] >= '0' && line[j] <= '9' || line[j] == ';' || line[j] == '?') {
				j++
			}
			i = j // the final letter
			continue
		}
		out = append(out, line[i])
	}
	return out
}

func hasPrefixFold(b []byte, prefix string) bool {
	return len(b) >= len(prefix) && bytes.EqualFold(b[:len(prefix)], []byte(prefix))
}

// manHeader reports whether a line is a manual page's first: the page's
// name and section at both ends, "BASH(1)   General Commands Manual   BASH(1)".
func manHeader(line []byte) bool {
	i := bytes.IndexByte(line, '(')
	if i <= 0 || bytes.IndexByte(line[:i], ' ') >= 0 {
		return false
	}
	j := bytes.IndexByte(line[i:], ')')
	if j < 2 {
		return false
	}
	name := line[:i+j+1]
	return len(line) > 2*len(name) && bytes.HasSuffix(line, name)
}

// manSection reports whether a line is a section heading of a manual or of
// go doc: capital words at the left margin, alone on their line.
func manSection(line []byte) bool {
	if len(line) < 4 || len(line) > 40 || line[0] < 'A' || line[0] > 'Z' {
		return false
	}
	for _, c := range line {
		if !(c >= 'A' && c <= 'Z' || c == ' ' || c == '-') {
			return false
		}
	}
	return true
}

// markdownHeading reports whether a line is a markdown heading: one to six
// hashes, a space and a title.
func markdownHeading(line []byte) bool {
	n := 0
	for n < len(line) && n < 7 && line[n] == '#' {
		n++
	}
	return n >= 1 && n <= 6 && len(line) > n+1 && line[n] == ' ' && line[n+1] != ' '
}

// markdownInline reports whether a line holds a markdown link, code span
// or strong emphasis.
func markdownInline(t []byte) bool {
	if bytes.Contains(t, []byte("](")) || bytes.Contains(t, []byte("**")) {
		return true
	}
	i := bytes.IndexByte(t, '`')
	return i >= 0 && i+2 < len(t) && t[i+1] != '`' && bytes.IndexByte(t[i+2:], '`') >= 0
}

// setextRule reports whether a line underlines a markdown heading: only
// equals signs or only dashes, three or more.
func setextRule(line []byte) bool {
	t := bytes.TrimRight(line, " ")
	if len(t) < 3 || t[0] != '=' && t[0] != '-' {
		return false
	}
	for _, c := range t {
		if c != t[0] {
			return false
		}
	}
	return true
}

// helpHeading reports whether a line is one of the headings that help
// text puts over its lists of arguments, options and commands (argparse,
// click, cobra).
func helpHeading(line []byte) bool {
	switch string(line) {
	case "positional arguments:", "optional arguments:", "options:", "Options:", "Arguments:",
		"Commands:", "Flags:", "Global Flags:", "Available Commands:":
		return true
	}
	return false
}

// optionLine reports whether a line documents a command's option: an
// indentation, then -x or --long; not a declaration of a style sheet,
// "-webkit-box-sizing: border-box;".
func optionLine(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	if len(t) == len(line) || len(t) < 2 || t[0] != '-' || t[len(t)-1] == ';' && !optionDescribed(t) {
		// Code's lines end in semicolons ("--depth;"); jq's help ends
		// its options' descriptions in them.
		return false
	}
	if w, _, _ := bytes.Cut(t, []byte(" ")); len(w) > 1 && w[len(w)-1] == ':' {
		return false
	}
	if t[1] == '-' {
		return len(t) > 2 && isLetter(t[2])
	}
	return isLetter(t[1]) || isDigit(t[1])
}

// optionDescribed reports whether a trimmed option line says what its
// option does: words after the option and its argument, past a run of
// blanks, outside brackets ("-Wall   Enable most warnings", not
// "-fdce   [enabled]").
func optionDescribed(t []byte) bool {
	gap := bytes.Index(t, []byte("  "))
	if tab := bytes.IndexByte(t, '\t'); tab >= 0 && (gap < 0 || tab < gap) {
		gap = tab
	}
	if gap < 0 {
		return false
	}
	// A description starts with a word, and is a phrase or a capital's
	// sentence: gcc -Q's states and values ("-Wbidi-chars=   unpaired",
	// "-Wcomments   -Wcomment", "-Walloca-larger-than=<number>   9223372036854775807 bytes")
	// describe nothing.
	rest := bytes.TrimSpace(t[gap:])
	return len(rest) > 0 && isLetter(rest[0]) && (bytes.ContainsAny(rest, " \t") || 'A' <= rest[0] && rest[0] <= 'Z')
}

// metaCommand reports whether a line is an entry of the list of a
// shell's own commands, as sqlite3's .help and psql's \? write them: at
// or near the margin, a dot, a backslash or a colon, a command's name in
// small letters, its arguments perhaps, a run of blanks and a description
// (".backup ?DB? FILE        Backup DB to FILE").
func metaCommand(line []byte) bool {
	t := bytes.TrimLeft(line, " ")
	if len(line)-len(t) > 2 || len(t) < 2 || bytes.IndexByte([]byte(`.\:`), t[0]) < 0 || !('a' <= t[1] && t[1] <= 'z') {
		return false
	}
	i := bytes.Index(t, []byte("  "))
	if i < 0 {
		return false
	}
	desc := bytes.TrimLeft(t[i:], " ")
	return len(desc) > 0 && isLetter(desc[0]) && bytes.IndexByte(t[:i], '\t') < 0
}

// commandEntry reports whether a line is an entry of a command list, as
// git help -a and kubectl --help write them: an indentation, a command's
// name, a run of blanks, and a description that starts with a capital
// letter ("   add          Add file contents to the index"); or, as apt
// writes them, a name, a dash and a description; or, as go help writes
// them, a tab, the name, blanks and a description in small letters
// ("\tdownload    download modules to local cache").
func commandEntry(line []byte) bool {
	if metaCommand(line) {
		return true
	}
	tab := len(line) > 1 && line[0] == '\t' && line[1] != '\t' && line[1] != ' '
	t := bytes.TrimLeft(line, " ")
	if tab {
		t = line[1:]
	} else if n := len(line) - len(t); n < 2 || n > 8 {
		return false
	}
	if len(t) == 0 || !('a' <= t[0] && t[0] <= 'z') {
		return false
	}
	i := 0
	for i < len(t) && ('a' <= t[i] && t[i] <= 'z' || isDigit(t[i]) || t[i] == '-' || t[i] == '_' || t[i] == ':') {
		i++
	}
	if rest, ok := bytes.CutPrefix(t[i:], []byte(" - ")); ok && i > 0 {
		// apt's list: "  update - Retrieve new lists of packages".
		return len(rest) > 0 && isLetter(rest[0])
	}
	j := i
	for j < len(t) && t[j] == ' ' {
		j++
	}
	return j-i >= 2 && j < len(t) && ('A' <= t[j] && t[j] <= 'Z' || tab && 'a' <= t[j] && t[j] <= 'z')
}

// asmInstruction reports whether a line is an assembler's instruction or
// directive as Go's assembler and gcc -S write them: a tab, a mnemonic in
// one case or a directive, then a tab and operands ("\tMOVQ\tAX, DI",
// "\tmovq\t%rdi, %rax", "\tjmp\t.L3", "\t.globl\tmain"), or a blank and operands that
// read as such ("\tMOVQ dig+0(FP), SI", "\tJE   avx2_done", "\tmovl $7,
// %eax"), or nothing more in lower case ("\tret", "\t.text").
func asmInstruction(line []byte) bool {
	if len(line) < 3 || line[0] != '\t' {
		return false
	}
	t := line[1:]
	start := 0
	directive := t[0] == '.'
	if directive {
		start = 1
	}
	i, upper, lower := start, false, false
	for i < len(t) && (isLetter(t[i]) || i > start && (isDigit(t[i]) || t[i] == '_')) {
		upper = upper || 'A' <= t[i] && t[i] <= 'Z'
		lower = lower || 'a' <= t[i] && t[i] <= 'z'
		i++
	}
	if n := i - start; n < 2 || n > 12 || upper && lower {
		return false
	}
	if i == len(t) {
		return lower
	}
	ops := t[i+1:]
	switch t[i] {
	case '\t':
		if len(ops) == 0 || ops[0] == ' ' || ops[0] == '\t' {
			return false
		}
		// A table's rows indent their keys too ("\tdep\tgithub.com/x\tv1.0.0",
		// "\tbuild\tGOOS=linux"): in lower case, operands show registers,
		// constants, addresses or a local label.
		return upper && bytes.IndexByte(ops, '=') < 0 || directive || bytes.ContainsAny(ops, "%$(,") || ops[0] == '.'
	case ' ':
		ops = bytes.TrimLeft(ops, " ")
		if len(ops) == 0 {
			return false
		}
		if upper || directive {
			return bytes.ContainsAny(ops, ",($") || bytes.IndexByte(ops, ' ') < 0
		}
		return bytes.ContainsAny(ops, "%$")
	}
	return false
}

// indent returns the number of blanks a line starts with, a tab counting
// as one.
func indent(line []byte) int {
	return len(line) - len(bytes.TrimLeft(line, " \t"))
}

// dockerInstruction reports whether a line is a Dockerfile's instruction,
// at the margin and in capitals: "FROM golang:1.22 AS build", "RUN make".
func dockerInstruction(line []byte) bool {
	if line[0] < 'A' || line[0] > 'W' {
		return false
	}
	word, _, ok := bytes.Cut(line[:min(len(line), 13)], []byte(" "))
	if !ok {
		return false
	}
	switch string(word) {
	case "FROM", "RUN", "COPY", "ADD", "WORKDIR", "ENV", "ARG", "EXPOSE", "CMD",
		"ENTRYPOINT", "USER", "LABEL", "VOLUME", "HEALTHCHECK", "SHELL", "STOPSIGNAL", "ONBUILD":
		return true
	}
	return false
}

// makeRule reports whether a line is a makefile's rule: targets at the
// left margin, a colon, prerequisites ("all: lua", "%.o: %.c config.h",
// "$(LIB): $(OBJS)"); not an assignment (":=", "::=").
func makeRule(line []byte) bool {
	i := bytes.IndexByte(line, ':')
	if i <= 0 || line[0] == ' ' || line[0] == '\t' || line[0] == '#' || bytes.HasPrefix(line[i:], []byte(":=")) ||
		bytes.HasPrefix(line[i:], []byte("::=")) || bytes.IndexByte(line[:i], '=') >= 0 {
		return false
	}
	for _, c := range line[:i] {
		if !isLetter(c) && !isDigit(c) && bytes.IndexByte([]byte(" ._-/%$(){}"), c) < 0 {
			return false
		}
	}
	return true
}

// marginOption reports whether a line documents an option at the left
// margin, as python3 --help does after its usage line: "-b     : issue
// warnings", "--version : print the version". Elsewhere such a line may be
// a diff's or a table's.
func marginOption(line []byte) bool {
	i := 1
	if len(line) > 2 && line[1] == '-' {
		i = 2
	}
	if len(line) <= i || line[0] != '-' || !isLetter(line[i]) {
		return false
	}
	for i < len(line) && (isLetter(line[i]) || isDigit(line[i]) || line[i] == '-') {
		i++
	}
	return i+1 < len(line) && line[i] == ' ' && (line[i+1] == ' ' || line[i+1] == ':')
}

// blameLine reports whether a line is git blame's: a commit's short hash,
// then its author, date and line number in parentheses, then the line.
func blameLine(line []byte) bool {
	h := bytes.TrimPrefix(line, []byte("^"))
	n := 0
	for n < len(h) && (isDigit(h[n]) || h[n] >= 'a' && h[n] <= 'f') {
		n++
	}
	if n < 7 || n >= len(h) || h[n] != ' ' {
		return false
	}
	rest := h[n+1:]
	open := bytes.IndexByte(rest, '(')
	if open < 0 || open > 256 {
		return false
	}
	rest = rest[open+1:]
	end := bytes.Index(rest, []byte(") "))
	if end < 0 {
		end = bytes.IndexByte(rest, ')')
	}
	if end < 1 {
		return false
	}
	inside := bytes.Fields(rest[:end])
	if len(inside) < 3 || !allDigits(inside[len(inside)-1]) {
		return false
	}
	// The author's name may have any number of words; the date is there.
	for _, f := range inside {
		if isoDate(f) {
			return true
		}
	}
	return false
}

// podCommand returns the command of a line of Perl's documentation at the
// left margin ("=head1 NAME", "=item", "=cut"), and whether it is one.
func podCommand(line []byte) (string, bool) {
	if len(line) < 3 || line[0] != '=' {
		return "", false
	}
	w, _, _ := bytes.Cut(bytes.TrimRight(line[1:], " \t"), []byte(" "))
	switch cmd := string(w); cmd {
	case "pod", "head1", "head2", "head3", "head4", "over", "item", "back", "begin", "end", "for", "encoding", "cut":
		return cmd, true
	}
	return "", false
}

// commentState returns whether a block comment or a Python docstring is
// open after a line, given whether one was open before it. A docstring
// opens only where a string may start (stringStart): in prose, as a
// commit message that names the quote itself, it opens nothing, or all
// that follows would read as code.
func commentState(t []byte, open bool) bool {
	for _, q := range []string{`"""`, `'''`} {
		i := bytes.Index(t, []byte(q))
		if i < 0 || !open && !stringStart(t[:i]) {
			continue
		}
		if bytes.Count(t[i:], []byte(q))%2 == 1 {
			return !open
		}
	}
	if open {
		return !bytes.Contains(t, []byte("*/"))
	}
	i := bytes.LastIndex(t, []byte("/*"))
	return i >= 0 && !bytes.Contains(t[i:], []byte("*/"))
}

// stringStart reports whether a string may start after before, what a
// line holds up to it: nothing, an operator, a bracket or a keyword, then
// perhaps a string's prefix ("x = r", "return ", "f(").
func stringStart(before []byte) bool {
	prefix := 0
	for prefix < 2 && len(before) > 0 && bytes.IndexByte([]byte("rRbBuUfF"), before[len(before)-1]) >= 0 {
		before = before[:len(before)-1]
		prefix++
	}
	if prefix > 0 && len(before) > 0 && isLetter(before[len(before)-1]) {
		return false // a word's end ("policy'''s"), not a prefix
	}
	before = bytes.TrimRight(before, " \t")
	return len(before) == 0 || bytes.IndexByte([]byte("=([{,:+%"), before[len(before)-1]) >= 0 ||
		bytes.HasSuffix(before, []byte("return"))
}

// codeWords start lines of code in the languages headroom's users read:
// keywords and preprocessor directives.
var codeWords = map[string]bool{
	"package": true, "import": true, "from": true, "func": true, "def": true, "class": true, "return": true,
	"if": true, "for": true, "while": true, "else": true, "elif": true, "static": true, "const": true,
	"var": true, "let": true, "type": true, "struct": true, "public": true, "private": true, "protected": true,
	"#include": true, "#define": true, "#if": true, "#ifdef": true, "#ifndef": true, "#endif": true,
	"#else": true, "#elif": true, "#undef": true, "#pragma": true, "fn": true, "pub": true, "use": true,
	"impl": true, "try": true, "except": true, "finally": true, "switch": true, "case": true, "break": true,
	"continue": true, "typedef": true, "enum": true, "extern": true, "namespace": true, "template": true,
	"export": true, "function": true, "async": true, "await": true, "yield": true, "raise": true,
	"with": true, "assert": true, "do": true, "done": true, "fi": true, "then": true, "esac": true,
	"local": true, "echo": true, "module": true, "require": true, "interface": true, "override": true,
	"virtual": true, "inline": true, "unsigned": true, "int": true, "void": true, "char": true, "bool": true,
	"float": true, "double": true, "my": true, "our": true, "sub": true, "unless": true, "foreach": true,
	"elsif": true,
}

// codeLine reports whether a trimmed line reads as code: it starts with a
// keyword or a comment, assigns, or ends as statements and blocks do.
func codeLine(t []byte) bool {
	switch t[0] {
	case '@', '*':
		return true // decorators, annotations, block comments
	case '/':
		if len(t) > 1 && (t[1] == '/' || t[1] == '*') {
			return true
		}
	case '<':
		if bytes.HasPrefix(t, []byte("<?php")) {
			return true
		}
	case '#':
		if len(t) == 1 || t[1] == ' ' || isLetter(t[1]) {
			// A line comment of shell, Python, Perl, Ruby or make ("#
			// Usage", "#pod =head1"), a directive of C's preprocessor.
			return true
		}
	}
	w := 0
	for w < len(t) && (isLetter(t[w]) || w == 0 && t[w] == '#') {
		w++
	}
	if codeWords[string(t[:w])] || bytes.HasPrefix(t, []byte("self.")) || bytes.HasPrefix(t, []byte("this.")) || bytes.HasPrefix(t, []byte("#!")) {
		return true
	}
	switch t[len(t)-1] {
	case '{', '}', ';', '(', ')', '[', ']', ',', ':', '\\':
		return true
	}
	return bytes.Contains(t, []byte(" = ")) || bytes.Contains(t, []byte(" := ")) || bytes.Contains(t, []byte(" += "))
}

// flowWords start statements that steer control, in the languages
// codeWords are of.
var flowWords = map[string]bool{
	"if": true, "else": true, "elif": true, "elsif": true, "unless": true, "for": true, "foreach": true,
	"while": true, "do": true, "switch": true, "case": true, "return": true, "raise": true, "throw": true,
	"try": true, "except": true, "catch": true, "finally": true, "break": true, "continue": true,
	"yield": true, "defer": true, "goto": true,
}

// flowStatement reports whether a trimmed line is a statement that steers
// control: a flow word, then a blank, a bracket or a statement's end
// ("if err != nil {", "return x", "else:", "} else {", "break;"). A flow
// word as a key ("if: ${{ ... }}") or opening a sentence ("if the file
// exists, ...") is none.
func flowStatement(t []byte) bool {
	t = bytes.TrimPrefix(t, []byte("} "))
	w := 0
	for w < len(t) && isLetter(t[w]) {
		w++
	}
	if !flowWords[string(t[:w])] {
		return false
	}
	rest := t[w:]
	switch {
	case len(rest) == 0 || string(rest) == ":" || string(rest) == ";":
		return true
	case rest[0] == '(' || rest[0] == '{':
		return true
	case rest[0] != ' ':
		return false
	}
	switch t[len(t)-1] {
	case ':', '{', ';', ')', ']', '}':
		return !bytes.HasPrefix(rest, []byte(": "))
	}
	// return and raise end as their value does: a name, a number, a
	// string. Prose ends its sentence with a stop or runs on with a comma.
	switch string(t[:w]) {
	case "return", "raise", "throw", "yield":
		return bytes.IndexByte(rest, ',') < 0 && t[len(t)-1] != '.'
	}
	return false
}

// hashComment reports whether a trimmed line is a comment of a script
// (shell, Python, Perl, Ruby): a hash, then a blank, another hash, or
// nothing; or a directive of Perl's documentation kept in comments
// (#pod). A preprocessor's directive (#include) and a markdown heading
// read as code and headings elsewhere.
func hashComment(t []byte) bool {
	return len(t) > 0 && t[0] == '#' && (len(t) == 1 || t[1] == ' ' || t[1] == '#' || bytes.HasPrefix(t, []byte("#pod")))
}

// declStarts start declarations: of functions, types, classes, macros;
// SQL's CREATE statements and a Dockerfile's stages (FROM image).
var declStarts = []string{
	"func ", "type ", "def ", "class ", "struct ", "interface ", "fn ", "pub fn ", "pub struct ",
	"pub enum ", "pub trait ", "impl ", "impl<", "trait ", "public ", "private ", "protected ",
	"function ", "export function ", "export class ", "export const ", "export default ",
	"export interface ", "export type ", "async def ", "async function ", "#define ", "typedef ",
	"enum ", "namespace ", "template<", "template <", "module.exports", "static ", "extern ", "abstract class ",
	"final class ", "object ", "data class ", "const ", "var (", "declare ", "export declare ", "sub ",
	"package ", "proc ", "message ", "service ", "rpc ", "CREATE ", "create ", "FROM ",
}

// assignedFunction reports whether a line assigns a function to a name or
// a property: a dotted name, " = ", then function or an arrow function's
// parameters.
func assignedFunction(t []byte) bool {
	i := 0
	for i < len(t) && (isLetter(t[i]) || isDigit(t[i]) || t[i] == '.' || t[i] == '_' || t[i] == '$') {
		i++
	}
	rest, ok := bytes.CutPrefix(t[i:], []byte(" = "))
	if i == 0 || !ok {
		return false
	}
	rest = bytes.TrimPrefix(rest, []byte("async "))
	return bytes.HasPrefix(rest, []byte("function")) ||
		bytes.HasPrefix(rest, []byte("(")) && bytes.Contains(rest, []byte(") => "))
}

// cssRule reports whether a line opens a style sheet's rule: selectors
// or an at-rule, then a brace ("body {", ".slides > article.far-past {",
// "@media screen {", "h1, h2:hover {"). Code's blocks open after a
// keyword, a call's parentheses, an assignment, a quoted name or a key
// and its value ("foo: Bar{").
func cssRule(t []byte) bool {
	head, ok := bytes.CutSuffix(t, []byte("{"))
	head = bytes.TrimRight(head, " ")
	if !ok || len(head) == 0 || bytes.IndexByte([]byte(".#@:*["), head[0]) < 0 && !isLetter(head[0]) {
		return false
	}
	if bytes.ContainsAny(head, `;="'{}`) || bytes.Contains(head, []byte(": ")) ||
		head[0] != '@' && bytes.IndexByte(head, '(') >= 0 && !bytes.Contains(head, []byte(":")) {
		return false
	}
	w := 0
	for w < len(head) && isLetter(head[w]) {
		w++
	}
	return !codeWords[string(head[:w])] && string(head[:w]) != "else"
}

// declaration reports whether a line declares something at or near the
// left margin, where a file's outline is.
func declaration(line []byte) bool {
	t := line
	for i := 0; i < 4 && len(t) > 0 && (t[0] == ' ' || t[0] == '\t'); i++ {
		t = t[1:]
	}
	if len(t) == 0 || t[0] == ' ' || t[0] == '\t' {
		return false
	}
	if !isLetter(t[0]) && t[0] != '#' && t[0] != '_' {
		return false
	}
	for _, s := range declStarts {
		if rest, ok := bytes.CutPrefix(t, []byte(s)); ok {
			// A config's key that is a keyword assigns: package = [],
			// type = "module".
			return !bytes.HasPrefix(rest, []byte("= ")) && !bytes.HasPrefix(rest, []byte(": "))
		}
	}
	// A function assigned to a name, as JavaScript declares methods and
	// exports: "app.init = function init() {", "exports.x = async (a) => {".
	if assignedFunction(t) {
		return true
	}
	if cssRule(t) {
		return true
	}
	// A shell function: name() {, or name () as GNU and completion
	// scripts write it.
	if i := bytes.Index(t, []byte("()")); i > 0 && len(t) == len(line) && weakName(bytes.TrimSuffix(t[:i], []byte(" "))) {
		rest := bytes.TrimSpace(t[i+2:])
		return len(rest) == 0 || string(rest) == "{"
	}
	return false
}
