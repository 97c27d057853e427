package reduce

import "bytes"

// logKind is what a log line is, judged by itself. The open block, if
// any, may still take a line as its own whatever its kind.
type logKind uint8

const (
	lkNoise logKind = iota
	lkBlank
	lkGoRun     // === RUN, PAUSE, CONT, NAME: which test speaks next
	lkGoPass    // --- PASS, --- SKIP
	lkGoFail    // --- FAIL
	lkPanic     // a Go panic or fatal runtime error, before its goroutines
	lkGoroutine // goroutine 7 [running]:
	lkRace      // WARNING: DATA RACE
	lkTraceback // Traceback (most recent call last):
	lkTestFail  // a failing test's header in other runners
	lkUntil     // a block that runs to the next blank line: rustc, cargo test
	lkNpm       // npm ERR!, npm error
	lkCause     // Caused by: in a Java exception chain
	lkNote      // a compiler's note: on the diagnostic before it
	lkError     // any other error line
	lkWarning
	lkSummary     // a runner's or build tool's outcome
	lkSummaryFail // an outcome that reports a failure
	lkContext     // a line that names what the block after it is about
	lkChain       // a link of a chain that leads to the diagnostic after it: gcc's "required from"
	lkSep         // a separator line: ====, ----
	lkHeading     // a line that introduces a list: "Suggested packages:"
	lkMilestone   // a step of a build done: "Finished ...", "built x"
	lkTestFailed  // a runner's line for one test that failed: "path::test FAILED"
	lkNotable     // a runner's line for one test skipped or expected to fail
	lkInFile      // a location that heads an excerpt with labelled carets: shellcheck's "In x.sh line 3:"
)

// opens reports whether lines of the kind open a block of their own.
func (k logKind) opens() bool {
	switch k {
	case lkGoFail, lkPanic, lkRace, lkTraceback, lkTestFail, lkUntil, lkNpm, lkCause, lkError, lkWarning, lkInFile:
		return true
	}
	return false
}

// logClassify tells what a cleaned log line is. It looks first at how the
// line starts, which settles most lines of known tools, then scans the line
// once for words that mark errors, warnings and outcomes.
func logClassify(t []byte) logKind {
	ind, n := logIndent(t)
	s := t[n:]
	if len(s) == 0 {
		return lkBlank
	}
	if k := logByStart(s, ind); k != lkNoise {
		return k
	}
	if ind == 0 {
		if k := logDiagnostic(s); k != lkNoise {
			return k
		}
		if k := logTestStatus(s); k != lkNoise {
			return k
		}
		if logBarePath(s) {
			return lkContext // a file whose diagnostics follow: eslint's stylish format
		}
	} else if logDigit(s[0]) {
		if logCtestLine(s) {
			// ctest right-aligns its count of tests run.
			return logTestStatus(s)
		}
		if k := logStylish(s); k != lkNoise {
			return k
		}
	}
	if k := logScanWords(s, ind <= 2); k != lkNoise {
		return k
	}
	return logShape(s, ind)
}

// logClassifyStart classifies a line by how it starts only.
func logClassifyStart(t []byte) logKind {
	ind, n := logIndent(t)
	if n == len(t) {
		return lkBlank
	}
	return logByStart(t[n:], ind)
}

// logMilestones are the words that start a line reporting a step done.
var logMilestones = []string{"Built ", "built ", "Finished ", "Successfully ", "Done", "done."}

// logShape classifies a line that has no marker by its shape: a heading
// ends with a colon, a milestone starts with a word of success.
func logShape(s []byte, ind int) logKind {
	if ind == 0 && len(s) <= 100 && s[len(s)-1] == ':' && bytes.IndexByte(s, ' ') > 0 &&
		bytes.IndexByte(s[:len(s)-1], ':') < 0 {
		return lkHeading
	}
	if ind > 0 && (s[0] == 'R' || s[0] == 'D' || s[0] == 'F') && logCargoStatus(s, ind) {
		// cargo's steps: the test binaries it runs, and the build done.
		for _, v := range []string{"Running ", "Doc-tests ", "Finished "} {
			if logHas(s, v) {
				return lkMilestone
			}
		}
	}
	switch s[0] {
	case 'B', 'b', 'F', 'S', 'D', 'd':
		for _, m := range logMilestones {
			if ind <= 4 && logHas(s, m) {
				return lkMilestone
			}
		}
	case '[':
		if bytes.Contains(s, []byte("] Built target ")) {
			return lkMilestone // cmake
		}
	}
	return lkNoise
}

// logByStart classifies a line by its first bytes, after its indentation.
func logByStart(s []byte, ind int) logKind {
	top := ind == 0
	switch s[0] {
	case '=':
		switch {
		case logHas(s, "=== RUN "), logHas(s, "=== PAUSE "), logHas(s, "=== CONT "), logHas(s, "=== NAME "):
			return lkGoRun
		case logHas(s, "=="):
			// pytest frames its sections and its outcome in = signs.
			if k := logScanWords(s, true); k == lkSummary || k == lkSummaryFail {
				return k
			}
			return lkSep
		}
	case '-':
		switch {
		case logHas(s, "--- FAIL: "):
			return lkGoFail
		case logHas(s, "--- PASS: "), logHas(s, "--- SKIP: "):
			return lkGoPass
		case logHas(s, "---- ") && bytes.HasSuffix(s, []byte(" ----")):
			return lkUntil // cargo test: ---- tests::name stdout ----
		case logAllOf(s, '-', 10):
			return lkSep
		}
	case '_':
		if top && logHas(s, "___") && bytes.HasSuffix(s, []byte("___")) && bytes.IndexByte(s, ' ') > 0 {
			return lkTestFail // pytest: ____ test_name ____
		}
	case 'o':
		if top && logHas(s, "ok  ") && bytes.IndexByte(s, '\t') > 0 {
			return lkSummary
		}
	case 'F':
		switch {
		case !top:
		case string(s) == "FAIL", logHas(s, "FAIL\t"), logHas(s, "FAILED ("):
			return lkSummaryFail
		case logHas(s, "FAIL: "):
			return lkTestFail // unittest
		case logHas(s, "FAILED "):
			return lkTestFailed // pytest's short summary: FAILED file::test - message
		}
	case 'I':
		if top && logInFile(s) != nil {
			return lkInFile
		}
	case 'E':
		switch {
		case top && logHas(s, "ERROR: test"):
			return lkTestFail // unittest
		case top && logHas(s, "ERROR ") && (bytes.Contains(s, []byte("::")) || bytes.HasSuffix(s, []byte(".py"))):
			return lkTestFailed // pytest's short summary: ERROR file::test - message
		case top && logHas(s, "E: "):
			return lkError // apt
		case logHas(s, "Exception in thread "):
			return lkError
		}
	case 'P':
		if top && string(s) == "PASS" {
			return lkSummary
		}
	case 'p':
		if top && logHas(s, "panic: ") {
			return lkPanic
		}
	case 'T':
		switch {
		case logHas(s, "Traceback (most recent call last):"):
			return lkTraceback
		case top && (logHas(s, "Tests: ") || logHas(s, "Test Suites: ")):
			return lkSummary
		}
	case 'W':
		switch {
		case top && logHas(s, "WARNING: DATA RACE"):
			return lkRace
		case top && logHas(s, "W: "):
			return lkWarning // apt
		}
	case 'g':
		switch {
		case top && logHas(s, "goroutine ") && len(s) > 10 && logDigit(s[10]):
			return lkGoroutine
		case top && logHas(s, "gmake") && bytes.Contains(s, []byte(": *** ")):
			// GNU make installed or called as gmake, as the Makefiles
			// cmake generates call it: its line for a target it could
			// not build.
			return lkError
		}
	case 'n':
		switch {
		case top && (logHas(s, "npm ERR!") || logHas(s, "npm error")):
			return lkNpm
		case top && (logHas(s, "npm WARN") || logHas(s, "npm warn")):
			return lkWarning
		case logHas(s, "not ok "):
			return lkTestFail // TAP
		}
	case 'm':
		if top && logHas(s, "make") && bytes.Contains(s, []byte(": *** ")) {
			return lkError
		}
	case 't':
		switch {
		case top && logHas(s, "test result: "):
			if logHas(s[13:], "ok") {
				return lkSummary
			}
			return lkSummaryFail
		case top && logHas(s, "thread '") && bytes.Contains(s, []byte("' panicked at")):
			return lkUntil // a Rust panic, with its message on the next lines
		case top && logHas(s, "test ") && bytes.HasSuffix(s, []byte(" ... FAILED")):
			return lkTestFail
		}
	case 'f':
		switch {
		case top && logHas(s, "fatal error: "):
			return lkPanic // the Go runtime's, with a goroutine dump
		case top && logHas(s, "fatal: "):
			return lkError
		}
	case 'S':
		if top && logHas(s, "SIG") && len(s) > 5 && bytes.Contains(s[:min(len(s), 12)], []byte(": ")) {
			return lkPanic // SIGQUIT: quit, with a goroutine dump
		}
	case 'C':
		switch {
		case logHas(s, "Caused by: "):
			return lkCause
		case top && logHas(s, "CONFLICT ("):
			return lkError // git merge: CONFLICT (content): Merge conflict in x
		case top && (logHas(s, "CMake Error") || logHas(s, "CMake Internal Error")):
			return lkError
		case top && (logHas(s, "CMake Warning") || logHas(s, "CMake Deprecation Warning")):
			return lkWarning
		case top && logHas(s, "CMake Debug Log at "):
			// --debug-find and --debug-find-pkg: a record of what
			// one find command looked for, and where.
			return lkHeading
		}
	case '#':
		if top {
			return logHashLine(s)
		}
	case 'B':
		switch {
		case logHas(s, "BUILD FAIL"):
			return lkSummaryFail
		case logHas(s, "BUILD SUCCESS"):
			return lkSummary
		}
	case 'R':
		if top && logHas(s, "Ran ") && bytes.Contains(s, []byte(" test")) {
			return lkSummary // unittest
		}
	case 'O':
		if top && (string(s) == "OK" || logHas(s, "OK (")) {
			return lkSummary
		}
	case 'e':
		switch {
		case top && logHas(s, "exit status "):
			return lkSummaryFail
		case top && (logHas(s, "error[") || logHas(s, "error: ")):
			return lkUntil // rustc and cargo: the diagnostic runs to a blank line
		}
	case 'w':
		if top && logHas(s, "warning: ") {
			return lkWarning
		}
	case 0xe2:
		switch {
		case logHas(s, "✖ ") && len(s) > 4 && logDigit(s[4]) && bytes.Contains(s, []byte(" problem")):
			return lkSummaryFail // eslint: ✖ 384 problems (380 errors, 4 warnings)
		case logHas(s, "✖ "):
			return lkTestFail // node --test's spec reporter
		case logHas(s, "ℹ "):
			return lkSummary
		}
	}
	return lkNoise
}

// logInFile returns the file of a location line that heads an excerpt,
// as shellcheck prints it: "In /usr/bin/ucf line 39:"; nil for any other
// line.
func logInFile(s []byte) []byte {
	if !logHas(s, "In ") || s[len(s)-1] != ':' {
		return nil
	}
	i := bytes.LastIndex(s, []byte(" line "))
	if i <= 3 || !logAllDigits(s[i+6:len(s)-1]) || i+6 == len(s)-1 {
		return nil
	}
	return s[3:i]
}

// logCaretLabel returns the label after the carets of a caret line, as
// shellcheck writes it under the code it is about ("^-- SC2086 (info):
// Double quote ..."), or nil if s is no such line.
func logCaretLabel(s []byte) []byte {
	i := 0
	for i < len(s) && (s[i] == '^' || s[i] == '-' || s[i] == '~') {
		i++
	}
	if i == 0 || s[0] != '^' || i+1 >= len(s) || s[i] != ' ' {
		return nil
	}
	return s[i+1:]
}

// logBarePath reports whether s is a path and nothing else, with a
// directory and a file name with an extension: "/src/app/router.js".
func logBarePath(s []byte) bool {
	// Most lines end in no letter or hold a space early: a byte or two
	// tells them apart.
	if len(s) > 1024 || logAlnum[s[len(s)-1]] != 1 || bytes.IndexByte(s, ' ') >= 0 {
		return false
	}
	slash := bytes.LastIndexAny(s, `/\`)
	if slash < 0 || bytes.ContainsAny(s, "\t:") && !drivePath(s) {
		return false
	}
	dot := bytes.LastIndexByte(s, '.')
	return dot > slash+1 && dot < len(s)-1 && logAlnum[s[len(s)-1]] == 1
}

// drivePath reports whether s starts with a Windows drive, C:\.
func drivePath(s []byte) bool {
	return len(s) > 3 && s[1] == ':' && (s[2] == '\\' || s[2] == '/') && !bytes.ContainsAny(s[2:], " \t:")
}

// logStylish classifies a problem as eslint's stylish format lists it
// under its file: "  334:36  error  Unnecessary escape character  rule".
func logStylish(s []byte) logKind {
	i := 0
	for i < len(s) && logDigit(s[i]) {
		i++
	}
	if i == 0 || i == len(s) || s[i] != ':' {
		return lkNoise
	}
	j := i + 1
	for j < len(s) && logDigit(s[j]) {
		j++
	}
	if j == i+1 || j == len(s) || s[j] != ' ' {
		return lkNoise
	}
	for j < len(s) && s[j] == ' ' {
		j++
	}
	switch {
	case logHas(s[j:], "error  "):
		return lkError
	case logHas(s[j:], "warning  "):
		return lkWarning
	}
	return lkNoise
}

// logTestStatus classifies a test runner's line for one test, as pytest -v
// ("path::Class::test FAILED   [ 40%]") and unittest -v ("test_x
// (mod.Class.test_x) ... ok") print them: a failure, a test skipped or
// expected to fail, or noise. It looks at the end of the line first, so
// that most lines cost a byte or two.
func logTestStatus(s []byte) logKind {
	var status []byte
	switch last := s[len(s)-1]; {
	case last == 'c' && bytes.HasSuffix(s, []byte(" sec")):
		// ctest: "3/6 Test #3: sum_3 ......***Failed    0.00 sec"
		if i := bytes.Index(s, []byte("***")); i > 0 && logCtestNumber(s[:i]) > 0 {
			if logHas(s[i+3:], "Skipped") || logHas(s[i+3:], "Not Run") {
				return lkNotable
			}
			return lkTestFailed
		}
		return lkNoise
	case last == ']' && bytes.HasSuffix(s, []byte("%]")):
		open := bytes.LastIndexByte(s, '[')
		if open < 0 {
			return lkNoise // a share with no bracket before it
		}
		t := s[:open]
		i := bytes.Index(t, []byte("::"))
		if i < 0 {
			return lkNoise
		}
		j := bytes.IndexByte(t[i:], ' ')
		if j < 0 {
			return lkNoise
		}
		status = t[i+j+1:]
	case last == 'k' || last == 'L' || last == 'R' || last == 'e' || last == 's' || last == '\'':
		// unittest -v: the status ends the line, but for a skip's
		// reason; a look at the end spares the search of most lines.
		if !logEndsStatus(s) {
			return lkNoise
		}
		i := bytes.LastIndex(s, []byte(" ... "))
		if i < 0 {
			return lkNoise
		}
		status = s[i+5:]
	default:
		return lkNoise
	}
	if status == nil {
		return lkNoise
	}
	for _, f := range []string{"FAILED", "FAIL", "ERROR", "unexpected success"} {
		if logHas(status, f) {
			return lkTestFailed
		}
	}
	for _, n := range []string{"SKIPPED", "XFAIL", "XPASS", "skipped", "expected failure"} {
		if logHas(status, n) {
			return lkNotable
		}
	}
	return lkNoise
}

// logEndsStatus reports whether s ends as a line of unittest -v can: with
// a status, or with a skip's quoted reason.
func logEndsStatus(s []byte) bool {
	for _, st := range []string{" ok", " FAIL", " ERROR", " expected failure", " unexpected success", "'"} {
		if bytes.HasSuffix(s, []byte(st)) {
			return true
		}
	}
	return false
}

// logTapCounts start the count lines at the end of TAP output.
var logTapCounts = []string{"# tests ", "# suites ", "# pass ", "# skipped ", "# todo ", "# cancelled ", "# duration_ms "}

// logHashLine classifies a line starting with #: a TAP count (# fail 2)
// or the package header go build prints before its errors.
func logHashLine(s []byte) logKind {
	for _, w := range logTapCounts {
		if logHas(s, w) {
			return lkSummary
		}
	}
	if logHas(s, "# fail ") {
		if logHas(s, "# fail 0") {
			return lkSummary
		}
		return lkSummaryFail
	}
	if len(s) > 2 && s[1] == ' ' && bytes.IndexByte(s[2:], ' ') < 0 {
		return lkContext // # example.com/pkg
	}
	return lkNoise
}

// logDiagnostic classifies a compiler's diagnostic, a line that starts with
// a source location: file.c:12:5: error: ..., main.go:7:2: undefined: x,
// Main.java:3: error: ..., app.ts(4,7): error TS2322: ....
func logDiagnostic(s []byte) logKind {
	file, msg := logLocation(s)
	if msg == nil {
		if logHas(s, "In file included from ") || logScope(s) {
			return lkContext
		}
		return lkNoise
	}
	// gcc aligns the links of a chain of instantiations: "   required from".
	msg = bytes.TrimLeft(msg, " ")
	switch {
	case logFold(msg, "warning"):
		return lkWarning
	case logHas(msg, "required from"), logHas(msg, "required by substitution"):
		return lkChain
	case logHas(msg, "note:"), logHas(msg, "info:"):
		return lkNote
	case logHas(msg, "In ") && msg[len(msg)-1] == ':' && len(file) > 0:
		return lkContext // file.cpp:12:5: In instantiation of ...:
	}
	return lkError
}

// logScope reports whether s names the scope of the diagnostics after it,
// as gcc does: "file.c: In function ‘main’:", "x.h: In instantiation of
// ‘...’:", "file.cpp: At global scope:".
func logScope(s []byte) bool {
	i := bytes.Index(s, []byte(": In "))
	if i < 0 {
		i = bytes.Index(s, []byte(": At "))
	}
	return i > 0 && s[len(s)-1] == ':' && bytes.IndexByte(s[:i], ' ') < 0
}

// logIncludedFrom reports whether s, indented, continues gcc's "In file
// included from" with one more file: "from main.c:3,".
func logIncludedFrom(s []byte) bool {
	return logHas(s, "from ") && (s[len(s)-1] == ',' || s[len(s)-1] == ':') && bytes.IndexByte(s[5:], ' ') < 0
}

// logSystemPath reports whether a diagnostic's file is a system header or
// library rather than the code being built: the links of a chain through
// them tell less than the one in the code.
func logSystemPath(file []byte) bool {
	for _, p := range []string{"/usr/", "/opt/", "/nix/store/", "/Library/", "/System/"} {
		if logHas(file, p) {
			return true
		}
	}
	return bytes.Contains(file, []byte("/include/c++/")) || bytes.Contains(file, []byte("/node_modules/"))
}

// logAfterLocation returns what follows a source location at the start of
// s, or nil if s does not start with one. The file must have an extension,
// so that times and URLs are not taken for locations.
func logAfterLocation(s []byte) []byte {
	_, msg := logLocation(s)
	return msg
}

// logLocation returns the file of a source location at the start of s and
// what follows the location, or nils if s does not start with one.
func logLocation(s []byte) (file, msg []byte) {
	end := min(len(s), 512)
	dot := false
	for i := 0; i < end; i++ {
		switch c := s[i]; c {
		case '.':
			dot = true
		case ' ', '\t':
			return nil, nil
		case ':', '(':
			if !dot || i == 0 || i+1 >= len(s) || !logDigit(s[i+1]) {
				if c == ':' && i+2 < len(s) && s[i+1] == '/' {
					return nil, nil // a URL
				}
				continue
			}
			j := i + 1
			for j < len(s) && (logDigit(s[j]) || s[j] == ':' || s[j] == ',' || s[j] == ')') {
				j++
			}
			if j < len(s) && s[j] == ' ' && s[j-1] == ':' {
				return s[:i], s[j+1:]
			}
			return nil, nil
		}
	}
	return nil, nil
}

// logScanWords classifies a line by its words, in one pass: a count
// followed by an outcome (3 passed, 0 failed) makes a summary, if outcomes
// is set (deeply indented lines are messages, not outcomes); error,
// failure, fatal, panic and exception words an error; warnings a warning.
// Words glued to a flag, a path or a name (-Werror, errors.go, my_error,
// TestErrors) are not markers; class names are (TypeError:,
// java.lang.NullPointerException).
func logScanWords(s []byte, outcomes bool) logKind {
	var summary, failing, err, warn bool
	for i := 0; i < len(s); {
		if logAlnum[s[i]] == 0 {
			i++
			continue
		}
		end, digit := logWordEnd(s, i)
		w, rest := s[i:end], s[end:]
		prev := byte(' ')
		if i > 0 {
			prev = s[i-1]
		}
		switch {
		case digit:
			// A count is a word of its own: test_qty_100 PASSED is
			// no outcome of 100 tests.
			if outcomes && prev != '.' && prev != '_' && prev != '-' && prev != '/' && logAllDigits(w) && len(rest) > 1 && rest[0] == ' ' {
				if outcome, f := logOutcome(rest[1:]); outcome {
					summary = true
					failing = failing || f && !logAllZero(w)
				}
			}
		case prev == '-' || prev == '_' || prev == '/':
		case !logMaybeMarker(w):
			// Most words: none of the checks below can hold.
		default:
			err = err || logClassName(w, rest, "Error") || logClassName(w, rest, "Exception")
			if prev != '.' {
				err = err || logErrorWord(w, rest, i == 0) || logPhrase(w, s[i:])
				warn = warn || logWarningWord(w, rest)
			}
		}
		i = end
	}
	switch {
	case summary && failing:
		return lkSummaryFail
	case summary:
		return lkSummary
	case err:
		return lkError
	case warn:
		return lkWarning
	}
	return lkNoise
}

// logMarkFirst holds the first letters of the words that logErrorWord,
// logWarningWord and logPhrase look for.
var logMarkFirst = func() (t [256]bool) {
	for _, c := range "eEfFpPwWScuN" {
		t[c] = true
	}
	return t
}()

// logMaybeMarker reports whether the word w of letters and digits could
// mark an error or a warning: it starts like one of the marker words, or
// it could be a class name ending in Error, Exception or Warning.
func logMaybeMarker(w []byte) bool {
	if logMarkFirst[w[0]] {
		return true
	}
	last := w[len(w)-1]
	return len(w) > len("Error") && 'A' <= w[0] && w[0] <= 'Z' && (last == 'r' || last == 'n' || last == 'g')
}

// logErrorWord reports whether w, followed by rest, marks an error: error:,
// error[E0308], ERROR, Error: (or Error at the start of a line), FAIL,
// FAILED, failed, failure, fail:, fatal, panic:, panicked, exception:.
func logErrorWord(w, rest []byte, start bool) bool {
	next := byte(0)
	if len(rest) > 0 {
		next = rest[0]
	}
	switch w[0] | 0x20 {
	case 'e':
		switch {
		case logFold(w, "error") && len(w) == 5:
			switch {
			case next == ':', next == '[':
				return true
			case string(w) == "ERROR":
				return next == 0 || next == ' ' || next == ']' || next == '!'
			case w[0] == 'E':
				return start && (next == 0 || next == ' ')
			}
		case logFold(w, "exception") && len(w) == 9:
			return next == ':'
		}
	case 'f':
		return logHas(w, "FAIL") || len(w) == 6 && logFold(w, "failed") || len(w) == 7 && logFold(w, "failure") ||
			len(w) == 4 && logFold(w, "fail") && next == ':' || len(w) == 5 && logFold(w, "fatal")
	case 'p':
		return len(w) == 5 && logFold(w, "panic") && next == ':' || len(w) == 8 && logFold(w, "panicked")
	}
	return false
}

// logClassName reports whether w is the name of an error or exception
// class, ending in suffix and followed by a colon, a space or nothing:
// TypeError: x, NullPointerException.
func logClassName(w, rest []byte, suffix string) bool {
	n := len(w) - len(suffix)
	if n < 1 || string(w[n:]) != suffix || !logLower(w[n-1]) || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	return len(rest) == 0 || rest[0] == ':' || rest[0] == ' '
}

// logPhrase reports whether a message of an error that carries no error
// word starts at s, whose first word is w.
func logPhrase(w, s []byte) bool {
	switch string(w) {
	case "Segmentation":
		return logHas(s, "Segmentation fault")
	case "core":
		return logHas(s, "core dumped")
	case "command":
		return logHas(s, "command not found")
	case "undefined":
		return logHas(s, "undefined reference to")
	case "No":
		return logHas(s, "No such file or directory")
	}
	return false
}

// logWarningWord reports whether w, followed by rest, marks a warning:
// warning:, WARNING, Warning:, a WARN level, DeprecationWarning:.
func logWarningWord(w, rest []byte) bool {
	next := byte(0)
	if len(rest) > 0 {
		next = rest[0]
	}
	switch {
	case len(w) == 7 && logFold(w, "warning"):
		return next == ':' || string(w) == "WARNING" || w[0] == 'W' && next == ' '
	case string(w) == "WARN":
		return next == 0 || next == ' ' || next == ']' || next == ':'
	}
	return logClassName(w, rest, "Warning") && next == ':'
}

func logAllDigits(w []byte) bool {
	for _, c := range w {
		if !logDigit(c) {
			return false
		}
	}
	return true
}

// logOutcome reports whether w starts with a word that a count before it
// makes an outcome (3 passed), and whether that outcome is a failure.
func logOutcome(w []byte) (outcome, failing bool) {
	for _, o := range logOutcomes {
		if logFold(w, o.word) {
			return true, o.failing
		}
	}
	return false, false
}

// logOutcomes are the words that a count before makes an outcome.
var logOutcomes = []struct {
	word    string
	failing bool
}{
	{"passed", false}, {"passing", false}, {"failed", true}, {"failing", true},
	{"failures", true}, {"errors", true}, {"error", true}, {"warnings", false},
	{"warning", false}, {"skipped", false}, {"tests", false}, {"test ", false},
	{"pending", false}, {"succeeded", false}, {"packages", false}, {"upgraded", false},
	{"vulnerabilities", false}, {"xfailed", false}, {"deselected", false},
}

func logAllZero(d []byte) bool {
	for _, c := range d {
		if c != '0' {
			return false
		}
	}
	return true
}
