package shape

import (
	"bytes"
	"strings"
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
	{"Get:", false, ""}, // checked below: Get:1 http...
	{"Cloning into ", false, "git output"},
	{"remote: ", false, "git output"},
}

// sniffLog reports whether sample looks like log output: build, test or CI
// output, or any lines with timestamps or log levels. The log reducer is
// the default for command output, so this is generous; it runs after the
// stricter sniffers, and a test log's --- PASS lines are not a diff's.
func sniffLog(sample []byte) (bool, string) {
	var lines, stamped, structured, located int
	mark := ""   // why the first line with a mark of a log is one
	pkg := false // a go build package header was seen
	for len(sample) > 0 {
		i := bytes.IndexByte(sample, '\n')
		line := sample
		if i >= 0 {
			line, sample = sample[:i], sample[i+1:]
		} else {
			sample = nil
		}
		line = logTerminal(line)
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		lines++
		if mark == "" {
			mark = logMark(line)
		}
		switch {
		case logStructured(line):
			structured++
		case logTimestamped(line):
			stamped++
		case logGoDiagnostic(line):
			located++
			if pkg && mark == "" {
				mark = "go build output (# package, file:line: message)"
			}
		}
		pkg = bytes.HasPrefix(line, []byte("# ")) && bytes.IndexByte(line[2:], ' ') < 0
	}
	switch {
	case structured*2 >= lines:
		// JSON with a few log lines around it is JSON.
		return false, ""
	case mark != "":
		return true, mark
	case lines >= 3 && stamped*3 >= lines:
		return true, "timestamps, log levels or [tags] on most lines"
	case located > 0 && located*2 >= lines:
		return true, "compiler or vet diagnostics (file:line:col: message)"
	}
	return false, ""
}

// logStructured reports whether a line looks like part of a JSON
// document: it starts with a brace, a bracket or a quoted key.
func logStructured(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	return len(t) > 0 && (t[0] == '{' || t[0] == '}' || t[0] == '[' && !logTagged(t) || t[0] == ']' || t[0] == '"')
}

// logGoDiagnostic reports whether a line is a diagnostic of the go tools:
// a source location, one space and a message in words, as in
// "store/store.go:39:9: not enough return values". grep output puts the
// line's text right after the colon instead.
func logGoDiagnostic(line []byte) bool {
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
// last carriage return, without the ANSI escapes at its start.
func logTerminal(line []byte) []byte {
	line = bytes.TrimRight(line, "\r")
	if i := bytes.LastIndexByte(line, '\r'); i >= 0 {
		line = line[i+1:]
	}
	for len(line) > 2 && line[0] == 0x1b && line[1] == '[' {
		j := 2
		for j < len(line) && (line[j] >= '0' && line[j] <= '9' || line[j] == ';') {
			j++
		}
		line = line[min(j+1, len(line)):]
	}
	return line
}

// logMark returns the reason a line marks a log, or "".
func logMark(line []byte) string {
	inner := bytes.TrimLeft(line, " \t")
	for _, m := range logMarks {
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
		switch rest := string(l[len(m.start):]); m.start {
		case "running ":
			if n, _, ok := strings.Cut(rest, " "); ok && logDigits(n) && strings.HasPrefix(rest[len(n):], " test") {
				return "cargo test output"
			}
		case "Ran ":
			if n, _, ok := strings.Cut(rest, " "); ok && logDigits(n) && strings.HasPrefix(rest[len(n):], " test") {
				return "python unittest output"
			}
		case "Get:":
			if n, _, ok := strings.Cut(rest, " "); ok && logDigits(n) {
				return "apt output"
			}
		}
	}
	if logDiagnosticLine(line) {
		return "compiler diagnostics (file:line: error:)"
	}
	return ""
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

// logTimestamped reports whether a line starts with a date or time, or
// carries a log level near its start.
func logTimestamped(line []byte) bool {
	if logTagged(line) {
		return true
	}
	if len(line) > 0 && line[0] == '[' {
		line = line[1:]
	}
	if len(line) >= 8 && logIsDigits(line[:2]) && line[2] == ':' && logIsDigits(line[3:5]) && line[5] == ':' {
		return true // 12:04:05
	}
	if len(line) >= 16 && logIsDigits(line[:4]) && (line[4] == '-' || line[4] == '/') && logIsDigits(line[5:7]) &&
		(line[7] == '-' || line[7] == '/') && logIsDigits(line[8:10]) && (line[10] == 'T' || line[10] == ' ') {
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

// logTagged reports whether a line starts with a bracketed tag, as
// "[etl] batch 12 loaded" and "[main] starting" do.
func logTagged(line []byte) bool {
	if len(line) < 4 || line[0] != '[' {
		return false
	}
	end := bytes.IndexByte(line[:min(len(line), 32)], ']')
	if end < 2 || end+1 >= len(line) || line[end+1] != ' ' {
		return false
	}
	for _, c := range line[1:end] {
		if !logIsLetter(c) && !(c >= '0' && c <= '9') && c != '-' && c != '_' && c != '.' && c != ':' && c != '/' {
			return false
		}
	}
	return true
}

func logIsDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

func logDigits(s string) bool { return logIsDigits([]byte(s)) }

func logIsLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
