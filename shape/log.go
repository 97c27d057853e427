package shape

import (
	"bytes"
	"fmt"
)

// logMarks are line starts that only build, test and CI output has, each
// with the reason Sniff gives for it. They are checked on every line
// (after its indentation, where indent is set) until one matches.
var logMarks = []struct {
	start  string
	indent bool
	why    string
}{
	{"=== RUN ", false, "go test -v output (=== RUN)"},
	{"--- FAIL: ", true, "go test output (--- FAIL)"},
	{"--- PASS: ", true, "go test output (--- PASS)"},
	{"--- SKIP: ", true, "go test output (--- SKIP)"},
	{"ok  \t", false, "go test package lines (ok)"},
	{"FAIL\t", false, "go test package lines (FAIL)"},
	{"?   \t", false, "go test package lines (no test files)"},
	{"panic: ", false, "a Go panic"},
	{"fatal error: ", false, "a Go runtime error"},
	{"WARNING: DATA RACE", false, "a Go data race report"},
	{"Traceback (most recent call last):", true, "a Python traceback"},
	{"npm ERR!", false, "npm output"},
	{"npm error ", false, "npm output"},
	{"npm warn ", false, "npm output"},
	{"npm WARN ", false, "npm output"},
	{"make: ", false, "make output"},
	{"make[", false, "make output"},
	{"test result: ", false, "cargo test output"},
	{"running ", false, ""}, // checked below: running N tests
	{"   Compiling ", false, "cargo output"},
	{"    Finished ", false, "cargo output"},
	{"    Checking ", false, "cargo output"},
	{"error[E", false, "rustc diagnostics"},
	{"error: ", false, "error lines"},
	{"warning: ", false, "warning lines"},
	{"Exception in thread ", false, "a Java exception"},
	{"Caused by: ", false, "a Java exception chain"},
	{"Ran ", false, ""}, // checked below: Ran N tests in
	{"Failed example:", false, "python doctest output"},
	{"***Test Failed*** ", false, "python doctest output"},
	{"TAP version ", false, "TAP test output"},
	{"not ok ", true, "TAP test output"},
	{"# Subtest: ", true, "TAP test output"},
	{"ℹ tests ", false, "node --test output"},
	{"✖ ", true, "node --test output"},
	{"✔ ", true, "node --test output"},
	{"BUILD SUCCESSFUL", false, "gradle output"},
	{"BUILD FAILED", false, "build output"},
	{"[INFO] ", false, "maven output"},
	{"[ERROR] ", false, "maven output"},
	{"Reading package lists...", false, "apt output"},
	{"E: ", false, "apt output"},
	{"fatal: ", false, "fatal errors (fatal: ...)"},
	{"Get:", false, ""}, // checked below: Get:1 http...
	{"% Total    % Received % Xferd", true, "curl's progress meter"},
	{"Cloning into ", false, "git output"},
	{"remote: ", false, "git output"},
	{"Auto-merging ", false, "git merge output"},
	{"CONFLICT (", false, "git merge output"},
	{"Automatic merge failed", false, "git merge output"},
	{"Updating ", false, ""},       // checked below: Updating 39221e1..0188dfd
	{"dangling ", false, ""},       // checked below: dangling commit ac3d503a...
	{"HEAD is now at ", false, ""}, // checked below: HEAD is now at 0188dfd subject
	{"Saved working directory and index state ", false, "git stash output"},
	{"Dropped refs/stash@{", false, "git stash output"},
	{"Switched to branch '", false, "git checkout output"},
	{"Switched to a new branch '", false, "git checkout output"},
	{"checking ", false, ""}, // checked below: checking for gcc... gcc; checking file a.go
	{"patching file ", false, "patch output (patching file)"},
	{"Hunk #", false, ""},      // checked below: Hunk #1 FAILED at 6.
	{"Bisecting: ", false, ""}, // checked below: Bisecting: 2 revisions left to test
	{"configure: ", false, "configure output"},
	{"config.status: ", false, "configure output"},
	{"This file contains any messages produced by compilers while", false, "a configure log (config.log)"},
	{"CMake Error", false, "cmake output"},
	{"CMake Warning", false, "cmake output"},
	{"CMake Deprecation Warning", false, "cmake output"},
	{"-- Configuring done", false, "cmake output"},
	{"-- Build files have been written to", false, "cmake output"},
	{"Test project ", false, "ctest output"},
	{"UpdateCTestConfiguration", false, "ctest output"},
	{"WORK=", false, "go build -x output"},
	{"mkdir -p $WORK/", false, "go build -x output"},
	{"go: ", false, "go command output"},
	{"platform ", false, ""}, // checked below: platform linux -- Python 3.11.2, pytest-7.2.1
	{"== Tests result: ", false, "python regrtest output"},
	{"In ", false, ""}, // checked below: In FILE line N:
	{"Error: ", false, "error lines"},
	{"│ Error: ", false, "error lines"},
	{"yarn ", false, ""},     // checked below: yarn add v1.22.22
	{"Node.js v", false, ""}, // checked below: Node.js v20.11.1, after an uncaught exception
	{"Program received signal ", false, "a debugger's report (Program received signal)"},
	{"(node:", false, ""}, // checked below: (node:13678) DeprecationWarning: ...
}

// sniffLog reports whether sample looks like log output: build, test or CI
// output, or any lines with timestamps or log levels. The log reducer is
// the default for command output, so this is generous; it runs after the
// stricter sniffers, and a test log's --- PASS lines are not a diff's.
func sniffLog(sample []byte) (bool, string) {
	t := tallyLog(sample)
	switch {
	case t.structured*2 >= t.lines:
		// JSON with a few log lines around it is JSON.
		return false, ""
	case t.mark != "":
		return true, t.mark
	case t.lines >= 3 && t.stamped*3 >= t.lines:
		return true, "timestamps, log levels or [tags] on most lines"
	case t.lines >= 3 && t.progress*2 >= t.lines:
		return true, "progress lines (Compiling ...)"
	case t.located > 0 && t.located*2 >= t.lines:
		return true, "compiler or vet diagnostics (file:line:col: message)"
	case t.lines >= 3 && t.named*2 >= t.lines:
		return true, fmt.Sprintf("%d of %d lines start with %s's name (%s: ...)", t.named, t.lines, t.tool, t.tool)
	case (t.logish >= 3 || t.logish == 2 && t.lines <= 4) && t.logish*2 >= t.lines:
		// A Python syntax error has no mark: a frame, the source, a
		// caret and the exception; an indentation error has no caret.
		return true, fmt.Sprintf("%d of %d lines only a log has (frames, carets, exceptions)", t.logish, t.lines)
	}
	return false, ""
}

// logTally counts the lines of a sample by what they look like.
type logTally struct {
	lines, stamped, structured, located int
	progress                            int    // lines that tell a step begun: "Compiling 'a.py'..."
	marks                               int    // lines with a mark of a log
	mark                                string // why the first of them is one
	// logish counts the lines only a log has: those with a mark, compiler
	// diagnostics and the lines logQuote knows.
	logish int
	// bars counts the lines that start with a bar, indented, which are
	// logish only where lines numbered so or carets (excerpts) show a
	// compiler's excerpt.
	bars, excerpts int
	// tool is the name before the first line that a tool's name starts
	// (gpg: ...); named counts the lines that it starts.
	tool  []byte
	named int
}

func tallyLog(sample []byte) logTally {
	var t logTally
	pkg := false     // a go build package header was seen
	fence := false   // inside a markdown code block, which quotes
	example := false // after a doctest's prompt, before what it expects
	trace := -1      // the indentation of the traceback an example expects, while in it
	run := 0         // diagnostics in a row
	rest := sample   // what follows the line being read
	for line := range sampleLines(sample) {
		rest = rest[min(len(line)+1, len(rest)):]
		line = logTerminal(line)
		if len(bytes.TrimSpace(line)) == 0 {
			example, trace = false, -1
			continue
		}
		if bytes.HasPrefix(line, []byte("```")) {
			fence = !fence
		}
		if fence {
			continue
		}
		switch {
		case doctestPrompt(line):
			example, trace = true, -1
		case trace >= 0:
			// The traceback a docstring's example expects: its frames
			// elided ("...") or indented under it, then the exception
			// at its own indentation, which ends it. No log's.
			if !doctestMore(line) && indent(line) <= trace {
				trace = -1
			}
			continue
		case !example || doctestMore(line):
		case pythonFrame(rest[:max(bytes.IndexByte(rest, '\n'), 0)]):
			// A traceback with its frames is one an interactive
			// session printed: an example's elides them ("...").
			example = false
		case bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte("Traceback (")):
			example, trace = false, indent(line)
			continue
		default:
			// Any other output an example expects reads as it would
			// anywhere: the lines after a prompt-like mark of a log
			// (Buildroot's and emerge's ">>> pkg Building") are the
			// log's, however long they run without a blank line.
			example = false
		}
		t.lines++
		if m := logMark(line); m != "" {
			t.marks++
			t.logish++
			if t.mark == "" {
				t.mark = m
			}
		} else if logPerlAt(line) {
			// One is enough: prose does not end "at FILE line N.".
			t.marks++
			t.logish++
			if t.mark == "" {
				t.mark = "perl's warnings or errors (MESSAGE at FILE line N.)"
			}
		} else if logBar(line) {
			// A bar alone before the code or the carets of a
			// compiler's excerpt (rustc's, gcc's) goes with lines
			// numbered so; under a grammar's rule it starts an
			// alternative ("  | Return(expr? value)"). Python draws
			// an exception group's tracebacks behind bars: what the
			// bar stands before marks a log as it would alone.
			if m := logMark(behindBar(line)); m != "" {
				t.marks++
				t.logish++
				if t.mark == "" {
					t.mark = m
				}
			} else {
				t.bars++
			}
		} else if logQuote(line) {
			t.logish++
		}
		if logExcerpt(line) {
			t.excerpts++
		}
		if logProgress(line) {
			t.progress++
		}
		if name := logToolName(line); name != nil {
			if t.tool == nil {
				t.tool = name
			}
			if bytes.Equal(name, t.tool) {
				t.named++
			}
		}
		switch {
		case logStructured(line):
			t.structured++
		case logTimestamped(line):
			t.stamped++
		case logGoDiagnostic(line):
			t.located++
			if logMark(line) == "" {
				t.logish++
			}
			run++
			if pkg && t.mark == "" {
				t.mark = "go build output (# package, file:line: message)"
			}
			if run == 3 && t.mark == "" {
				// A block of them marks a log even among other lines, as
				// at the end of a CI job.
				t.mark = "compiler or vet diagnostics (file:line:col: message)"
			}
			pkg = false
			continue
		}
		run = 0
		pkg = bytes.HasPrefix(line, []byte("# ")) && bytes.IndexByte(line[2:], ' ') < 0
	}
	if t.excerpts > 0 {
		t.logish += t.bars
	}
	return t
}

// doctestPrompt reports whether line is a doctest's prompt (">>> f(1)"),
// as a docstring's or a manual's example has it before the output it
// expects; doctestMore, whether it is the prompt that continues one
// ("... ):").
func doctestPrompt(line []byte) bool { return promptLine(line, ">>>") }
func doctestMore(line []byte) bool   { return promptLine(line, "...") }

// pythonFrame reports whether line is a frame of a Python traceback:
// '  File "x.py", line 3, in f'.
func pythonFrame(line []byte) bool {
	t := bytes.TrimLeft(line, " ")
	return bytes.HasPrefix(t, []byte(`File "`)) && bytes.Contains(t, []byte(`", line `))
}

func promptLine(line []byte, prompt string) bool {
	rest, ok := bytes.CutPrefix(bytes.TrimLeft(line, " \t"), []byte(prompt))
	return ok && (len(rest) == 0 || rest[0] == ' ')
}

// logBar reports whether a line is indented and starts with a bar alone
// or before a blank, as a compiler's excerpt has it between the lines it
// numbers.
func logBar(line []byte) bool {
	t := bytes.TrimLeft(line, " ")
	return len(t) < len(line) && len(t) > 0 && t[0] == '|' && (len(t) == 1 || t[1] == ' ')
}

// behindBar returns what a line that logBar takes has after its bar and
// the blank behind it, with the blanks that indent it there.
func behindBar(line []byte) []byte {
	t := bytes.TrimLeft(line, " ")[1:]
	if len(t) > 0 {
		t = t[1:]
	}
	return t
}

// logExcerpt reports whether a line is a compiler's excerpt by its number
// and bar ("   10 |     if (n > max) {", rustc's "2 |     let x = y;") or
// its carets alone.
func logExcerpt(line []byte) bool {
	t := bytes.TrimLeft(line, " ")
	n := 0
	for n < len(t) && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	return n > 0 && n < 8 && len(t) > n+1 && t[n] == ' ' && t[n+1] == '|' || len(bytes.Trim(t, "^~")) == 0
}

// logQuote reports whether a line is one that only a log has, though no
// mark of one: the source a compiler quotes under a diagnostic, with a
// line number or not, a bar, the code or a caret ("   10 |     if (n >
// max) {", "      |  ^~~"); a Python traceback's frame, carets and
// exception; unittest's headers and verdict.
func logQuote(line []byte) bool {
	if in := bytes.TrimLeft(line, " \t"); len(in) < len(line) && (logFrame(in) || logTclFrame(in)) {
		return true
	}
	if logTrace(line) || logNativeFrame(line) {
		return true
	}
	t := bytes.TrimLeft(line, " ")
	if len(t) < len(line) {
		n := 0
		for n < len(t) && t[n] >= '0' && t[n] <= '9' {
			n++
		}
		switch {
		case n < 8 && len(t) > n+1 && t[n] == ' ' && t[n+1] == '|',
			n == 0 && len(t) > 0 && t[0] == '|' && (len(t) == 1 || t[1] == ' '):
			return true
		case pythonFrame(t):
			return true
		case len(bytes.Trim(t, "^~")) == 0:
			return true
		}
		return false
	}
	for _, p := range []string{"FAIL: ", "ERROR: ", "FAILED (", "OK ("} {
		if bytes.HasPrefix(line, []byte(p)) {
			return true
		}
	}
	if logPerlAt(line) || logSyscall(line) || logErrno(line) || logToolPath(line) {
		return true
	}
	// A Python exception: ValueError: ..., json.decoder.JSONDecodeError: ...
	name, _, ok := bytes.Cut(line, []byte(": "))
	if !ok || len(name) > 80 || bytes.IndexByte(name, ' ') >= 0 {
		return false
	}
	return bytes.HasSuffix(name, []byte("Error")) || bytes.HasSuffix(name, []byte("Exception"))
}

// logFrame reports whether an indented line, without its indentation, is
// a frame of a JavaScript or Java stack trace: "at", then where, in
// parentheses or not, ending in a line number ("at new Buffer
// (node:buffer:269:3)", "at [eval]:1:1", "at X.main(X.java:3)") or in a
// method without one ("at java.base/java.lang.Thread.run(Native Method)").
func logFrame(t []byte) bool {
	where, ok := bytes.CutPrefix(t, []byte("at "))
	if !ok || len(where) < 3 {
		return false
	}
	if where[len(where)-1] == ')' {
		open := bytes.LastIndexByte(where, '(')
		if open < 0 {
			return false
		}
		where = where[open+1 : len(where)-1]
		if string(where) == "Native Method" || string(where) == "Unknown Source" {
			return true
		}
	}
	c := bytes.LastIndexByte(where, ':')
	return c > 0 && logIsDigits(where[c+1:]) && bytes.IndexByte(where, ' ') < 0
}

// logNativeFrame reports whether a line is a frame of a native program's
// stack, as gdb's backtrace and the sanitizers print it: "#", the frame's
// number, then the address and "in" and the function ("#1  0x00005555
// in mid (d=0) at c.c:3", "    #0 0x4f2a in main /src/a.c:3:5"), or the
// function alone, where the program stopped, and its place ("#0  crash
// (p=0x0) at c.c:2").
func logNativeFrame(line []byte) bool {
	t := bytes.TrimLeft(line, " ")
	if len(t) < 4 || t[0] != '#' {
		return false
	}
	n := 1
	for n < len(t) && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	if n == 1 || n == len(t) || t[n] != ' ' {
		return false
	}
	rest := bytes.TrimLeft(t[n:], " ")
	if addr, ok := bytes.CutPrefix(rest, []byte("0x")); ok {
		hex, in, _ := bytes.Cut(addr, []byte(" "))
		return len(hex) > 0 && hexDigits(hex) && bytes.HasPrefix(in, []byte("in "))
	}
	at := bytes.LastIndex(rest, []byte(") at "))
	if at < 0 {
		return false
	}
	c := bytes.LastIndexByte(rest, ':')
	return c > at && logIsDigits(rest[c+1:])
}

// logTclFrame reports whether an indented line, without its indentation,
// is one of Tcl's trace of an error, which tclsh prints under it: how a
// command was reached ("while executing", "invoked from within"), or where
// it was, in parentheses and ending in a line number ("(procedure "f" line
// 1)", "("foreach" body line 3)", "(file "e.tcl" line 3)").
func logTclFrame(t []byte) bool {
	switch string(t) {
	case "while executing", "invoked from within", "while compiling":
		return true
	}
	if len(t) < 3 || t[0] != '(' || t[len(t)-1] != ')' {
		return false
	}
	in := t[1 : len(t)-1]
	if in[0] != '"' && !bytes.Contains(in, []byte(` "`)) {
		return false // a quoted name of the procedure, file or command
	}
	i := bytes.LastIndex(in, []byte(" line "))
	return i > 0 && logIsDigits(in[i+len(" line "):])
}

// logTrace reports whether a line is one of a shell's trace of the
// commands it runs (set -x, bash -x): a plus sign, one more for each
// level of substitution, a blank and the command ("+ make build", "++ pwd").
func logTrace(line []byte) bool {
	n := 0
	for n < len(line) && n < 4 && line[n] == '+' {
		n++
	}
	return n > 0 && n+1 < len(line) && line[n] == ' ' && line[n+1] != ' '
}

// errnoTexts are the system's words for the errors that tools meet most,
// as strerror gives them (Go's errors give them in lower case).
var errnoTexts = []string{
	"No such file or directory", "Permission denied", "Is a directory", "Not a directory",
	"File exists", "Operation not permitted", "Directory not empty", "No space left on device",
	"Read-only file system", "Connection refused", "Connection timed out", "Input/output error",
	"Too many open files", "Broken pipe", "Invalid argument", "Device or resource busy",
	"Text file busy", "Network is unreachable", "No route to host", "Bad file descriptor",
}

// logErrno reports whether a line ends in a system error, after a colon,
// as tools report what they could not do ("ls: cannot access '/x': No
// such file or directory", "open /etc/x: permission denied").
func logErrno(line []byte) bool {
	if len(line) < 13 || !logIsLetter(line[len(line)-1]) {
		return false
	}
	i := bytes.LastIndex(line, []byte(": "))
	if i < 0 || len(line)-i-2 < 11 {
		return false
	}
	msg := line[i+2:]
	for _, e := range errnoTexts {
		if bytes.EqualFold(msg, []byte(e)) {
			return true
		}
	}
	return false
}

// logPerlAt reports whether a line ends as Perl's errors and warnings
// do, with where they were raised: " at FILE line N." or ", near ..."
// after it ("Global symbol "$y" requires explicit package name at bad.pl
// line 3.", "syntax error at bad.pl line 2, near "= ;""), or the line of
// the input being read after that ("at -e line 1, <STDIN> line 3.").
func logPerlAt(line []byte) bool {
	if n := len(line); n < 12 || line[n-1] != '.' && line[n-1] != '"' {
		return false
	}
	if i := bytes.LastIndex(line, []byte(", <")); i > 0 && bytes.IndexByte(line[i:], '>') > 0 {
		line = line[:i]
	}
	i := bytes.LastIndex(line, []byte(" line "))
	if i < 0 {
		return false
	}
	rest := line[i+6:]
	n := 0
	for n < len(rest) && isDigit(rest[n]) {
		n++
	}
	if n == 0 || n < len(rest) && rest[n] != '.' && rest[n] != ',' {
		return false
	}
	j := bytes.LastIndex(line[:i], []byte(" at "))
	return j >= 0 && j+4 < i && bytes.IndexByte(line[j+4:i], ' ') < 0
}

// logSyscall reports whether a line is one of strace's: a system call,
// its arguments, " = " (padded to a column) and its result, a number or
// "?", perhaps after the process's id ("openat(AT_FDCWD, "/etc/ld.so.cache",
// O_RDONLY) = 3", "[pid  4242] read(3, "", 4096) = 0", "close(3)    = -1
// EBADF (...)").
func logSyscall(line []byte) bool {
	if bytes.HasPrefix(line, []byte("[pid ")) {
		end := bytes.IndexByte(line, ']')
		if end < 0 {
			return false
		}
		line = bytes.TrimLeft(line[end+1:], " ")
	}
	n := 0
	for n < len(line) && ('a' <= line[n] && line[n] <= 'z' || isDigit(line[n]) || line[n] == '_') {
		n++
	}
	if n == 0 || n == len(line) || line[n] != '(' {
		return false
	}
	i := bytes.LastIndex(line, []byte(" = "))
	if i < n {
		return false
	}
	if call := bytes.TrimRight(line[:i], " "); call[len(call)-1] != ')' {
		return false
	}
	r := line[i+3:]
	return len(r) > 0 && (isDigit(r[0]) || r[0] == '?' || r[0] == '-' && len(r) > 1 && isDigit(r[1]))
}

// logProgress reports whether a line tells of a step a tool has begun,
// as installers and compilers print them one a line: a capitalised verb
// in -ing at the margin, and an ellipsis at the end ("Compiling
// 'json/decoder.py'...", "Unpacking git (1:2.39.5-0) ...", "Setting up
// git (1:2.39.5-0) ..."), perhaps followed by a verdict ("... done").
func logProgress(line []byte) bool {
	w, _, ok := bytes.Cut(line, []byte(" "))
	if !ok || len(w) < 5 || w[0] < 'A' || w[0] > 'Z' || !bytes.HasSuffix(w, []byte("ing")) {
		return false
	}
	for _, c := range w[1:] {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	i := bytes.LastIndex(line, []byte("..."))
	if i < 0 {
		return false
	}
	verdict := bytes.TrimRight(bytes.TrimSpace(line[i+3:]), ".!")
	if len(verdict) > 12 {
		return false
	}
	for _, c := range verdict {
		if !logIsLetter(c) {
			return false
		}
	}
	return true
}

// logStructured reports whether a line looks like part of a JSON
// document: it starts with a brace, a bracket or a quoted key.
func logStructured(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	return len(t) > 0 && (t[0] == '{' || t[0] == '}' || t[0] == '[' && !logTagged(t) && !logPercentTag(t) && !logUptime(t) && !logCalendar(t[1:]) && !logGitCommitted(t) || t[0] == ']' || t[0] == '"')
}

// logGoDiagnostic reports whether a line is a diagnostic of the go tools:
// a source location, one space and a message in words, as in
// "store/store.go:39:9: not enough return values", or go vet's "vet: "
// before one it could not type check. grep output puts the line's text
// right after the colon instead.
func logGoDiagnostic(line []byte) bool {
	line = bytes.TrimPrefix(line, []byte("vet: "))
	i := bytes.Index(line, []byte(".go:"))
	if i <= 0 || bytes.IndexByte(line[:i], ' ') >= 0 {
		return false
	}
	rest := line[i+4:]
	n := 0
	for n < len(rest) && (rest[n] >= '0' && rest[n] <= '9' || rest[n] == ':') {
		n++
	}
	rest = rest[n:]
	return n > 0 && len(rest) > 2 && rest[0] == ' ' && logIsLetter(rest[1])
}

// logTerminal returns a line as a terminal shows it: its text after the
// last carriage return, without ANSI escapes (gcc and clang colour the
// parts of a diagnostic, so its location and its "error:" are apart).
func logTerminal(line []byte) []byte {
	line = bytes.TrimRight(line, "\r")
	if i := bytes.LastIndexByte(line, '\r'); i >= 0 {
		line = line[i+1:]
	}
	if bytes.IndexByte(line, 0x1b) >= 0 {
		line = stripANSI(line)
	}
	return line
}

// logMarksAt lists for each byte the indices of the logMarks that start
// with it, in order: a line is checked against those of its first byte only.
var logMarksAt = func() (at [256][]int) {
	for i, m := range logMarks {
		at[m.start[0]] = append(at[m.start[0]], i)
	}
	return at
}()

// logMark returns the reason a line marks a log, or "".
func logMark(line []byte) string {
	if why := logStartMark(line); why != "" {
		return why
	}
	return logShapeMark(line)
}

// logStartMark returns the reason a line marks a log by how it starts, as
// one of logMarks, or "".
func logStartMark(line []byte) string {
	if len(line) == 0 {
		return ""
	}
	inner := bytes.TrimLeft(line, " ")
	a, b := logMarksAt[line[0]], []int(nil)
	if len(inner) > 0 && len(inner) < len(line) {
		// An indented line: the marks that may be indented, of its first
		// byte after the indentation, count too, in the marks' order.
		// Tools nest their lines with blanks; a line indented by a tab
		// is quoted, as a document's code block quotes a test's log.
		b = logMarksAt[inner[0]]
	}
	for len(a)+len(b) > 0 {
		var i int
		if len(b) == 0 || len(a) > 0 && a[0] < b[0] {
			i, a = a[0], a[1:]
		} else {
			i, b = b[0], b[1:]
		}
		m := logMarks[i]
		l := line
		if m.indent {
			l = inner
		}
		if !bytes.HasPrefix(l, []byte(m.start)) {
			continue
		}
		if m.why != "" {
			return m.why
		}
		// rest stays bytes: a string of it would be allocated on every
		// line that starts as configure's "checking " lines do.
		switch rest := l[len(m.start):]; m.start {
		case "running ":
			if n, _, ok := bytes.Cut(rest, []byte(" ")); ok && logIsDigits(n) && bytes.HasPrefix(rest[len(n):], []byte(" test")) {
				return "cargo test output"
			}
		case "Ran ":
			if n, _, ok := bytes.Cut(rest, []byte(" ")); ok && logIsDigits(n) && bytes.HasPrefix(rest[len(n):], []byte(" test")) {
				return "python unittest output"
			}
		case "Get:":
			if n, _, ok := bytes.Cut(rest, []byte(" ")); ok && logIsDigits(n) {
				return "apt output"
			}
		case "checking ":
			if bytes.Contains(rest, []byte("...")) {
				return "configure output (checking ...)"
			}
			if bytes.HasPrefix(rest, []byte("file ")) {
				return "patch --dry-run output (checking file)"
			}
		case "Hunk #":
			if n, _, ok := bytes.Cut(rest, []byte(" ")); ok && logIsDigits(n) && (bytes.HasPrefix(rest[len(n):], []byte(" FAILED")) || bytes.HasPrefix(rest[len(n):], []byte(" succeeded"))) {
				return "patch output (Hunk #N FAILED)"
			}
		case "Bisecting: ":
			if n, _, ok := bytes.Cut(rest, []byte(" ")); ok && logIsDigits(n) && bytes.HasPrefix(rest[len(n):], []byte(" revision")) {
				return "git bisect output (Bisecting: N revisions left)"
			}
		case "platform ":
			if bytes.Contains(rest, []byte(" -- Python ")) {
				return "pytest output"
			}
		case "In ":
			if bytes.HasSuffix(rest, []byte(":")) && bytes.Contains(rest, []byte(" line ")) && logIsDigits(rest[bytes.LastIndex(rest, []byte(" line "))+6:len(rest)-1]) {
				return "shellcheck output (In FILE line N:)"
			}
		case "yarn ":
			if _, v, ok := bytes.Cut(rest, []byte(" v")); ok && len(v) > 0 && v[0] >= '0' && v[0] <= '9' {
				return "yarn output"
			}
		case "Updating ":
			// git pull and git merge, fast-forwarding.
			if a, b, ok := bytes.Cut(rest, []byte("..")); ok && shortObjectName(a) && shortObjectName(b) {
				return "git merge output (Updating a..b)"
			}
		case "dangling ":
			if typ, name, ok := bytes.Cut(rest, []byte(" ")); ok && gitObjectType(typ) && objectName(name) {
				return "git fsck output (dangling OBJECT)"
			}
		case "HEAD is now at ":
			if name, _, _ := bytes.Cut(rest, []byte(" ")); shortObjectName(name) {
				return "git reset output (HEAD is now at)"
			}
		case "Node.js v":
			if len(rest) > 0 && len(bytes.Trim(rest, "0123456789.")) == 0 {
				return "a Node.js crash (Node.js v and its version)"
			}
		case "(node:":
			if pid, _, ok := bytes.Cut(rest, []byte(") ")); ok && logIsDigits(pid) {
				return "node's warnings ((node:PID) Warning: ...)"
			}
		}
	}
	return ""
}

// logShapeMarks are the forms of line that mark a log, each with the
// reason clip --explain gives, tried in order.
var logShapeMarks = []struct {
	is  func([]byte) bool
	why string
}{
	{logDiagnosticLine, "compiler diagnostics (file:line: error:)"},
	{logToolError, "a tool's error (collect2: error:)"},
	{logPythonWarning, "Python warnings (file:line: DeprecationWarning:)"},
	{logTSC, "tsc diagnostics (file(line,col): error TS)"},
	{logGitCommitted, "git commit output ([branch commit] subject)"},
	{logPIDFence, "a memory checker's report (==PID== ...)"},
	{logShellError, "a shell's errors (script: line N: message)"},
	{logGitRefUpdate, "git fetch or push output ( * [new branch] a -> b)"},
	{logGitCheck, "git diff --check output (file:line: trailing whitespace.)"},
}

// logShapeMark returns the reason a line marks a log by its form, or "":
// a diagnostic, a tool's error, a warning, a memory checker's line.
func logShapeMark(line []byte) string {
	for _, m := range logShapeMarks {
		if m.is(line) {
			return m.why
		}
	}
	return logRunnerLine(line)
}

// gitCheckProblems are what git diff --check says is wrong with a line.
var gitCheckProblems = []string{"trailing whitespace.", "space before tab in indent.", "indent with spaces.",
	"tab in indent.", "new blank line at EOF.", "leftover conflict marker"}

// logGitCheck reports whether a line is one of git diff --check's: a path,
// the number of the line and what is wrong with it ("README.md:38:
// trailing whitespace.").
func logGitCheck(line []byte) bool {
	if len(line) < 8 || line[len(line)-1] != '.' && line[len(line)-1] != 'r' {
		return false
	}
	for _, p := range gitCheckProblems {
		if rest, ok := bytes.CutSuffix(line, []byte(p)); ok {
			rest, ok = bytes.CutSuffix(rest, []byte(": "))
			i := bytes.LastIndexByte(rest, ':')
			return ok && i > 0 && i+1 < len(rest) && logIsDigits(rest[i+1:])
		}
	}
	return false
}

// logShellError reports whether a line is an error of bash or sh about a
// script: its name, with no blank, ": line ", the line's number and ": "
// ("./run.sh: line 12: foo: command not found", "bash: line 1: ...").
func logShellError(line []byte) bool {
	name, rest, ok := bytes.Cut(line, []byte(": line "))
	if !ok || len(name) == 0 || len(name) > 256 || bytes.ContainsAny(name, " \t:") {
		return false
	}
	n, _, ok := bytes.Cut(rest, []byte(": "))
	return ok && logIsDigits(n)
}

// gitRefSummaries are the words git fetch and git push put in brackets
// for a reference they did not move from one commit to another.
var gitRefSummaries = []string{"[up to date]", "[new branch]", "[new tag]", "[new ref]",
	"[rejected]", "[remote rejected]", "[deleted]", "[tag update]"}

// logGitRefUpdate reports whether a line is one git fetch and git push
// print for each reference: a blank, a flag (" +-*=!t"), a blank, the
// update (a summary in brackets, or two commits' short names between ".."
// or "..."), then the two references around " -> " ("   39221e1..0188dfd
// main -> origin/main", " * [new branch]      topic -> origin/topic").
func logGitRefUpdate(line []byte) bool {
	if len(line) < 8 || line[0] != ' ' || line[2] != ' ' || bytes.IndexByte([]byte(" +-*=!t"), line[1]) < 0 {
		return false
	}
	rest := bytes.TrimLeft(line[3:], " ")
	update, refs := rest, []byte(nil)
	if len(rest) > 0 && rest[0] == '[' {
		end := bytes.IndexByte(rest, ']')
		if end < 0 {
			return false
		}
		update, refs = rest[:end+1], rest[end+1:]
		known := false
		for _, s := range gitRefSummaries {
			known = known || string(update) == s
		}
		if !known {
			return false
		}
	} else {
		update, refs, _ = bytes.Cut(rest, []byte(" "))
		a, b, ok := bytes.Cut(update, []byte(".."))
		if !ok || !shortObjectName(a) || !shortObjectName(bytes.TrimPrefix(b, []byte("."))) {
			return false
		}
	}
	return bytes.Contains(refs, []byte(" -> "))
}

// logToolName returns the name of the tool that starts a line as a
// program names itself before each message it prints ("gpg: keybox
// created", "update-alternatives: using /usr/bin/vim"), or nil: a lower-
// case word of at most 32 bytes, a colon, a blank and the message. Keys of
// settings look alike, but a tool's messages start with its one name
// line after line, and keys differ.
func logToolName(line []byte) []byte {
	if len(line) < 4 || line[0] < 'a' || line[0] > 'z' {
		return nil
	}
	i := bytes.IndexByte(line[:min(len(line), 33)], ':')
	if i < 2 || i+2 >= len(line) || line[i+1] != ' ' || line[i+2] == ' ' {
		return nil
	}
	for _, c := range line[1:i] {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return nil
		}
	}
	return line[:i]
}

// logToolPath reports whether a line is a tool's complaint about a file,
// as GNU tools write them: the tool, the file and the message, each after
// a colon ("xz: /etc/hostname: File format not recognized", "gzip: a.gz:
// not in gzip format").
func logToolPath(line []byte) bool {
	name := logToolName(line)
	if name == nil {
		return false
	}
	p, _, ok := bytes.Cut(line[len(name)+2:], []byte(": "))
	if !ok {
		return false
	}
	path, strong := pathPrefix(p)
	return path && strong
}

// logTSC reports whether a line is a TypeScript compiler's diagnostic:
// src/a.ts(12,5): error TS2322: ...
func logTSC(line []byte) bool {
	i := bytes.Index(line, []byte("): "))
	if i <= 0 {
		return false
	}
	msg := line[i+3:]
	if !bytes.HasPrefix(msg, []byte("error TS")) && !bytes.HasPrefix(msg, []byte("warning TS")) {
		return false
	}
	return TSCLocation(line[:i+1])
}

// TSCLocation reports whether p ends in a TypeScript compiler's location,
// (line,col), as in src/a.ts(12,5): such a line is a diagnostic, not a
// search match.
func TSCLocation(p []byte) bool {
	if len(p) < 5 || p[len(p)-1] != ')' {
		return false
	}
	open := bytes.LastIndexByte(p, '(')
	if open <= 0 {
		return false
	}
	l, c, ok := bytes.Cut(p[open+1:len(p)-1], []byte(","))
	return ok && logIsDigits(l) && logIsDigits(c)
}

// logRunnerLine returns the reason a line marks the output of a test
// runner or a build tool that has no fixed start: pytest's banners and
// results, ctest's results, cmake's progress, regrtest's progress.
func logRunnerLine(line []byte) string {
	switch {
	case len(line) > 10 && line[0] == '=' && line[1] == '=' && logPytestBanner(line):
		return "pytest output"
	case bytes.Contains(line, []byte("::")) && logPytestResult(line):
		return "pytest output (path::test RESULT)"
	case logCtestResult(line):
		return "ctest output"
	case logPercentTag(line):
		return "build progress ([ 50%] ...)"
	case logToolCommand(line):
		return "a build's commands (a compiler, assembler or linker run with -c or -o)"
	case logOpenSSLError(line):
		return "OpenSSL's errors (thread:error:code:...)"
	case logNpmScript(line):
		return "npm's run of a package's script (> name@version script)"
	case bytes.Contains(line[:min(len(line), 24)], []byte(" load avg: ")):
		return "python regrtest output"
	}
	return ""
}

// logOpenSSLError reports whether a line is one of OpenSSL's errors: the
// thread in hex, "error", the error's code in hex, then the library, the
// function and the reason ("4047DFC3717F0000:error:8000006F:system
// library:BIO_connect:Connection refused:...").
func logOpenSSLError(line []byte) bool {
	if len(line) < 24 || !logHex(line[:1]) {
		return false
	}
	thread, rest, ok := bytes.Cut(line, []byte(":error:"))
	if !ok || len(thread) < 8 || len(thread) > 16 || !logHex(thread) {
		return false
	}
	code, _, ok := bytes.Cut(rest, []byte(":"))
	return ok && len(code) == 8 && logHex(code)
}

// logHex reports whether b is made of upper-case hex digits.
func logHex(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) && (c < 'A' || c > 'F') {
			return false
		}
	}
	return true
}

// logNpmScript reports whether a line is the one npm, pnpm and yarn print
// before they run a package's script: "> ", the package's name, an "@" and
// its version, a blank and the script's name ("> web@1.0.0 build", ">
// @acme/api@2.3.1 test").
func logNpmScript(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, []byte("> "))
	if !ok {
		return false
	}
	pkg, script, ok := bytes.Cut(rest, []byte(" "))
	at := bytes.LastIndexByte(pkg, '@')
	return ok && at > 0 && at+1 < len(pkg) && isDigit(pkg[at+1]) && len(script) > 0 && bytes.IndexByte(script, ' ') < 0
}

// buildTools are the compilers, assemblers and linkers whose commands a
// build echoes: make its recipes, gcc -v its passes, cmake's VERBOSE=1 its
// steps.
var buildTools = map[string]bool{
	"cc": true, "gcc": true, "g++": true, "c++": true, "clang": true, "clang++": true, "cc1": true,
	"cc1plus": true, "collect2": true, "ld": true, "as": true, "gfortran": true, "nvcc": true,
}

// logToolCommand reports whether a line runs a compiler, an assembler or
// a linker: at the margin or a space in (as gcc -v indents its passes),
// the tool's name, perhaps with a path, a target's prefix or a version
// ("/usr/lib/gcc/x86_64-linux-gnu/12/cc1", "x86_64-linux-gnu-gcc-12"),
// then arguments among which -c or -o. Deeper, as in a makefile's recipe
// or a manual's example, it is quoted.
func logToolCommand(line []byte) bool {
	t := bytes.TrimPrefix(line, []byte(" "))
	if len(t) == 0 || t[0] == ' ' || t[0] == '\t' {
		return false
	}
	name, args, ok := bytes.Cut(t, []byte(" "))
	if !ok || !(bytes.Contains(args, []byte("-o ")) || bytes.Contains(args, []byte("-c ")) ||
		bytes.HasSuffix(args, []byte(" -c"))) {
		return false
	}
	name = name[bytes.LastIndexByte(name, '/')+1:]
	if i := bytes.LastIndexByte(name, '-'); i > 0 && logIsDigits(bytes.ReplaceAll(name[i+1:], []byte("."), nil)) {
		name = name[:i] // a version: gcc-12, clang-14
	}
	if i := bytes.LastIndexByte(name, '-'); i > 0 && !buildTools[string(name)] {
		name = name[i+1:] // a target: x86_64-linux-gnu-gcc
	}
	if !buildTools[string(name)] {
		return false
	}
	// The first argument is an option or a file ("-O2", "main.c"), not a
	// word of prose ("as shown, -o names ...").
	first, _, _ := bytes.Cut(bytes.TrimLeft(args, " "), []byte(" "))
	if len(first) == 0 || first[0] != '-' && (bytes.IndexByte(first, '.') <= 0 || !logIsLetter(first[len(first)-1]) && !logIsDigits(first[len(first)-1:])) {
		return false
	}
	return logHasWord(args, "-o") || logHasWord(args, "-c")
}

// logHasWord reports whether w is one of the words of s, which blanks
// part.
func logHasWord(s []byte, w string) bool {
	for len(s) > 0 {
		i := bytes.Index(s, []byte(w))
		if i < 0 {
			return false
		}
		end := i + len(w)
		if (i == 0 || s[i-1] == ' ') && (end == len(s) || s[end] == ' ') {
			return true
		}
		s = s[end:]
	}
	return false
}

// logPytestBanner reports whether a line is one of pytest's banners:
// "==== test session starts ====", "==== 3 failed, 5 passed in 0.12s ====".
func logPytestBanner(line []byte) bool {
	t := bytes.Trim(line, "= ")
	if len(line)-len(t) < 6 {
		return false
	}
	for _, w := range []string{"test session starts", "short test summary info", "FAILURES", "ERRORS", " passed", " failed", " error"} {
		if bytes.Contains(t, []byte(w)) {
			return true
		}
	}
	return false
}

// logPytestResult reports whether a line is pytest -v's result of one
// test: tests/test_a.py::test_b PASSED    [ 12%].
func logPytestResult(line []byte) bool {
	for _, r := range []string{" PASSED", " FAILED", " ERROR", " SKIPPED", " XFAIL", " XPASS"} {
		if i := bytes.Index(line, []byte(r)); i > 0 && bytes.Contains(line[:i], []byte("::")) && bytes.IndexByte(line[:i], ' ') < 0 {
			return true
		}
	}
	return false
}

// logCtestResult reports whether a line is ctest's result of one test:
// " 1/22 Test  #1: cJSON_test ....   Passed    0.00 sec".
func logCtestResult(line []byte) bool {
	t := bytes.TrimLeft(line, " ")
	n, rest, ok := bytes.Cut(t, []byte(" Test "))
	if !ok {
		return false
	}
	a, b, ok := bytes.Cut(n, []byte("/"))
	rest = bytes.TrimLeft(rest, " ")
	return ok && logIsDigits(a) && logIsDigits(b) && len(rest) > 1 && rest[0] == '#'
}

// logPercentTag reports whether a line starts with a build's progress in
// percent, as cmake's make and ninja print it: "[ 50%] Building C object".
func logPercentTag(line []byte) bool {
	end := bytes.Index(line[:min(len(line), 8)], []byte("%] "))
	if len(line) < 6 || line[0] != '[' || end < 2 {
		return false
	}
	return logIsDigits(bytes.TrimLeft(line[1:end], " "))
}

// logDiagnosticLine reports whether line is a compiler's error or warning at
// a source location: main.c:12:5: error: ..., Main.java:3: warning: ....
func logDiagnosticLine(line []byte) bool {
	i := bytes.IndexByte(line, ':')
	if i <= 0 || bytes.IndexByte(line[:i], ' ') >= 0 || bytes.IndexByte(line[:i], '.') < 0 {
		return false
	}
	rest := line[i+1:]
	n := 0
	for n < len(rest) && (rest[n] >= '0' && rest[n] <= '9' || rest[n] == ':') {
		n++
	}
	if n == 0 || rest[n-1] != ':' {
		return false
	}
	msg := bytes.TrimLeft(rest[n:], " ")
	return bytes.HasPrefix(msg, []byte("error")) || bytes.HasPrefix(msg, []byte("warning")) ||
		bytes.HasPrefix(msg, []byte("fatal error"))
}

// logToolError reports whether a line is a tool's error or warning about
// no source line, as compiler drivers and linkers print them: the tool,
// perhaps with its path, then "error:" ("collect2: error: ld returned 1
// exit status", "gcc: fatal error: no input files", "/usr/bin/ld:
// warning: ...").
func logToolError(line []byte) bool {
	name, msg, ok := bytes.Cut(line, []byte(": "))
	if !ok || len(name) == 0 || len(name) > 64 || bytes.IndexByte(name, ' ') >= 0 || bytes.IndexByte(name, ':') >= 0 {
		return false
	}
	// Tools' names are lower case: "Note: error: ..." is prose.
	tool := name[bytes.LastIndexByte(name, '/')+1:]
	if len(tool) == 0 || tool[0] < 'a' || tool[0] > 'z' {
		return false
	}
	for _, c := range tool {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || bytes.IndexByte([]byte("+-_."), c) >= 0) {
			return false
		}
	}
	return bytes.HasPrefix(msg, []byte("error: ")) || bytes.HasPrefix(msg, []byte("fatal error: ")) ||
		bytes.HasPrefix(msg, []byte("warning: "))
}

// logPythonWarning reports whether a line is one of Python's warnings: a
// location, a category that ends in Warning, a message
// ("<string>:3: DeprecationWarning: old api", "/src/a.py:12:
// UserWarning: ...").
func logPythonWarning(line []byte) bool {
	i := bytes.Index(line, []byte("Warning: "))
	if i <= 0 {
		return false
	}
	head := line[:i]
	sp := bytes.LastIndexByte(head, ' ')
	if sp < 2 || sp+1 == len(head) || head[sp-1] != ':' || !logIsLetter(head[sp+1]) {
		return false
	}
	loc := head[:sp-1] // path:line
	c := bytes.LastIndexByte(loc, ':')
	return c > 0 && logIsDigits(loc[c+1:]) && bytes.IndexByte(loc[:c], ' ') < 0
}

// logGitCommitted reports whether a line is the one git commit, git
// revert and git cherry-pick print of the commit they made: the branch and
// the commit's short name in brackets, and its subject ("[main 8d6f83d]
// touch readme", "[main (root-commit) 39221e1] import").
func logGitCommitted(line []byte) bool {
	if len(line) < 12 || line[0] != '[' {
		return false
	}
	end := bytes.IndexByte(line, ']')
	if end < 0 || end+2 > len(line) || line[end+1] != ' ' {
		return false
	}
	in := line[1:end]
	sp := bytes.LastIndexByte(in, ' ')
	return sp > 0 && shortObjectName(in[sp+1:])
}

// logPIDFence reports whether a line starts with a process id between
// pairs of equals signs, as valgrind and the sanitizers (AddressSanitizer,
// LeakSanitizer) start every line of their reports: "==4127== Invalid
// write of size 4", "==4127==ERROR: AddressSanitizer: ...".
func logPIDFence(line []byte) bool {
	if !bytes.HasPrefix(line, []byte("==")) {
		return false
	}
	pid, _, ok := bytes.Cut(line[2:min(len(line), 16)], []byte("=="))
	return ok && len(pid) > 0 && logIsDigits(pid)
}

// logAccessStamp reports whether a line carries, in brackets near its
// start, a date with the month's name between slashes, as web servers'
// access logs write it after the client: "127.0.0.1 - - [27/Nov/2026
// 01:32:08] "GET / HTTP/1.1" 200 -" (python -m http.server), "[27/Nov/
// 2026:01:32:08 +0000]" (the common log format).
func logAccessStamp(line []byte) bool {
	i := bytes.IndexByte(line[:min(len(line), 64)], '[')
	if i < 0 || len(line) < i+12 {
		return false
	}
	d := line[i+1 : i+12] // 27/Nov/2026
	return logIsDigits(d[:2]) && d[2] == '/' && month(d[3:6]) && d[6] == '/' && logIsDigits(d[7:11])
}

// logTimestamped reports whether a line starts with a date or time, or
// carries a log level near its start.
func logTimestamped(line []byte) bool {
	if logTagged(line) {
		return true
	}
	if logUptime(line) || logNumberedLevel(line) || logAccessStamp(line) {
		return true
	}
	if len(line) > 0 && line[0] == '[' {
		line = line[1:]
	} else if name := logProgramName(line); name > 0 && !shortObjectName(line[:name]) && logISODate(line[name+1:]) {
		// A program that names itself before each stamp, a date and a
		// time: "update-alternatives 2025-06-24 14:36:53: link group ...".
		// A commit's abbreviated name before its date is git log's
		// record of history (--format='%h %ad %s' --date=iso), no log.
		t, _, _ := bytes.Cut(line[name+12:], []byte(" "))
		if clock(bytes.TrimSuffix(t, []byte(":"))) {
			return true
		}
	}
	if logCalendar(line) {
		return true
	}
	if len(line) >= 8 && logIsDigits(line[:2]) && line[2] == ':' && logIsDigits(line[3:5]) && line[5] == ':' {
		return true // 12:04:05
	}
	if logISODate(line) {
		return true // 2024-01-02T12:04:05, 2024/01/02 12:04:05
	}
	head := line[:min(len(line), 40)]
	for _, level := range []string{"INFO", "DEBUG", "WARN", "ERROR", "TRACE", "level="} {
		if i := bytes.Index(head, []byte(level)); i >= 0 && (i == 0 || !logIsLetter(head[i-1])) {
			return true
		}
	}
	return false
}

// logISODate reports whether a line starts with a date written year first
// and a T or a blank before the time: "2024-01-02T12:04:05", "2024/01/02
// 12:04:05".
func logISODate(line []byte) bool {
	return len(line) >= 16 && logIsDigits(line[:4]) && (line[4] == '-' || line[4] == '/') && logIsDigits(line[5:7]) &&
		(line[7] == '-' || line[7] == '/') && logIsDigits(line[8:10]) && (line[10] == 'T' || line[10] == ' ')
}

// logProgramName returns the length of the program's name that starts a
// line, before a blank: a lower-case word of letters, digits, '-' and
// '_', of at most 32 bytes; or 0.
func logProgramName(line []byte) int {
	if len(line) == 0 || line[0] < 'a' || line[0] > 'z' {
		return 0
	}
	for i, c := range line[:min(len(line), 33)] {
		switch {
		case c == ' ':
			return i
		case !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_'):
			return 0
		}
	}
	return 0
}

// logCalendar reports whether a line starts with a date in words and a
// time to the second, as syslog and ctime write them: "Nov 27 00:42:44
// host sshd[812]: ...", "Thu Nov 26 19:26:36 2026] ..." (dmesg -T, after
// its bracket), with a day of one digit padded: "Nov  7".
func logCalendar(line []byte) bool {
	if len(line) < 15 || line[3] != ' ' {
		return false
	}
	w, rest, _ := bytes.Cut(line, []byte(" "))
	if weekday(w) {
		w, rest, _ = bytes.Cut(rest, []byte(" "))
	}
	if !month(w) {
		return false
	}
	day, rest, ok := bytes.Cut(bytes.TrimLeft(rest, " "), []byte(" "))
	if !ok || len(day) > 2 || !logIsDigits(day) {
		return false
	}
	t, _, _ := bytes.Cut(rest, []byte(" "))
	return len(t) >= 8 && clock(t)
}

// logUptime reports whether a line carries the kernel's stamp near its
// start: the seconds since boot, to the microsecond, in brackets
// ("[    0.412345] pci 0000:00:01.0: ..."), perhaps after dmesg -x's
// facility and level ("kern  :info  : [    0.412345] ...").
func logUptime(line []byte) bool {
	i := bytes.IndexByte(line[:min(len(line), 32)], '[')
	if i < 0 {
		return false
	}
	t := bytes.TrimLeft(line[i+1:], " ")
	end := bytes.IndexByte(t[:min(len(t), 16)], ']')
	if end < 0 {
		return false
	}
	secs, micros, ok := bytes.Cut(t[:end], []byte("."))
	return ok && logIsDigits(secs) && len(micros) == 6 && logIsDigits(micros)
}

// npmLevels are the levels of npm's debug log, which numbers its lines:
// "12 verbose title npm install", "31 error code E404".
var npmLevels = []string{"silly ", "verbose ", "timing ", "http ", "info ", "notice ", "warn ", "error "}

// logNumberedLevel reports whether a line is one of npm's debug log: a
// number, a blank and one of npmLevels.
func logNumberedLevel(line []byte) bool {
	if len(line) < 6 || !isDigit(line[0]) {
		return false
	}
	n, rest, ok := bytes.Cut(line, []byte(" "))
	if !ok || !logIsDigits(n) {
		return false
	}
	for _, l := range npmLevels {
		if bytes.HasPrefix(rest, []byte(l)) {
			return true
		}
	}
	return false
}

// logTagged reports whether a line starts with a bracketed tag, as
// "[etl] batch 12 loaded" and "[main] starting" do, or with tags in a
// row, as the JVM's unified logging prints its uptime, level and tags
// ("[0.014s][info][gc,init] CPUs: 2 total").
func logTagged(line []byte) bool {
	for n := 0; n < 8; n++ {
		if len(line) < 4 || line[0] != '[' {
			return false
		}
		end := bytes.IndexByte(line[:min(len(line), 32)], ']')
		if end < 2 || end+1 >= len(line) || line[end+1] != ' ' && line[end+1] != '[' {
			return false
		}
		for _, c := range line[1:end] {
			if !logIsLetter(c) && !(c >= '0' && c <= '9') && c != '-' && c != '_' && c != '.' && c != ':' && c != '/' && (n == 0 || c != ',') {
				return false
			}
		}
		if line[end+1] == ' ' {
			return true
		}
		line = line[end+1:]
	}
	return false
}

func logIsDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

func logIsLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
