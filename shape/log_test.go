package shape

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSniffLogCorpus runs Sniff on every real sample of the tune set: the
// logs must be taken for logs, whatever other sniffer runs before the log
// sniffer, and no sample of another shape may be.
func TestSniffLogCorpus(t *testing.T) {
	paths := tuneCorpus(t, "*.out")
	samples, _ := filepath.Glob("../testdata/sample/*")
	paths = append(paths, samples...)
	logs := 0
	for _, path := range paths {
		name := filepath.Base(path)
		kind, why := Sniff(clipSample(t, path))
		isLog := strings.HasPrefix(name, "log-")
		switch {
		case isLog && kind != Log:
			t.Errorf("%s: sniffed as %s (%s), want log", name, kind, why)
		case !isLog && kind == Log:
			t.Errorf("%s: sniffed as log (%s)", name, why)
		}
		if isLog {
			logs++
		}
	}
	if logs < 15 {
		t.Errorf("only %d log samples in the corpus", logs)
	}
}

// TestSniffLogReasons checks why real samples are taken for logs.
func TestSniffLogReasons(t *testing.T) {
	for name, want := range map[string]string{
		"log-gotest-v-pass":                   "go test -v output (=== RUN)",
		"log-gotest-assert-short":             "go test output (--- FAIL)",
		"log-gotest-panic-goroutines":         "a Go panic",
		"log-gobuild-compile-errors":          "go build output (# package, file:line: message)",
		"log-govet":                           "compiler or vet diagnostics (file:line:col: message)",
		"log-cargo-build-errors-ansi":         "cargo output",
		"log-make-gcc-warnings-error":         "a build's commands (a compiler, assembler or linker run with -c or -o)",
		"log-python-script-chained-traceback": "timestamps, log levels or [tags] on most lines",
		"log-node-test-tap-failures":          "TAP test output",
		"log-gitclone-progress-cr":            "git output",
	} {
		ok, why := sniffLog(headWindow(clipSample(t, "../testdata/corpus/"+name+".out")))
		if !ok || why != want {
			t.Errorf("%s: sniffLog = %v, %q; want true, %q", name, ok, why, want)
		}
	}
}

// TestSniffLogLines covers the line-level rules on lines from real logs.
func TestSniffLogLines(t *testing.T) {
	for _, c := range []struct {
		sample string
		log    bool
	}{
		// A go test log's --- PASS lines and a diff's --- lines differ.
		{"=== RUN   TestValue\n--- PASS: TestValue (0.00s)\nPASS\n", true},
		// gcc -fdiagnostics-color=always: the location and "error:" apart.
		{"\x1b[01m\x1b[Kf1.c:1:23:\x1b[m\x1b[K \x1b[01;31m\x1b[Kerror: \x1b[m\x1b[K'undefined_1' undeclared\n", true},
		// node ends an uncaught exception's trace with its version.
		{"TypeError: Cannot read properties of null (reading 'x')\n    at [eval]:1:71\n\nNode.js v20.20.2\n", true},
		{"Node.js v20 is the current release.\n", false},
		{"\x1b[1m\x1b[91merror[E0308]\x1b[0m\x1b[1m: mismatched types\x1b[0m\n", true},
		{"remote: Counting objects:   0% (1/130)   \rremote: Counting objects: 100% (130/130), done.\n", true},
		{"2026-11-22T04:05:56.313Z INFO starting\n2026-11-22T04:05:57.001Z INFO ready\n2026-11-22T04:05:58.100Z WARN slow\n", true},
		// syslog's and ctime's dates in words (journalctl, dmesg -T), the
		// kernel's seconds since boot (dmesg, dmesg -x), npm's debug log.
		{"Nov 27 00:42:44 host sshd[812]: Accepted publickey for root\nNov 27 00:42:45 host systemd[1]: Started Session 4.\nNov  7 00:43:01 host kernel: eth0: link up\n", true},
		{"[Thu Nov 26 19:26:36 2026] Linux version 6.18.44\n[Thu Nov 26 19:26:36 2026] Command line: console=ttyS0\n[Thu Nov 26 19:26:37 2026] BIOS-provided physical RAM map:\n", true},
		{"[    0.000000] Linux version 6.18.44\n[    0.000000] Command line: console=ttyS0\n[    0.004211] BIOS-provided physical RAM map:\n", true},
		{"kern  :info  : [    0.000000] Command line: console=ttyS0\nkern  :warn  : [    0.000000] [Firmware Bug]: TSC doesn't count\nkern  :info  : [    0.000000] BIOS-provided physical RAM map:\n", true},
		{"0 verbose cli /usr/bin/node /usr/bin/npm\n1 info using npm@11.19.1\n2 info using node@v20.20.2\n", true},
		{"Nov 27 is the day.\nIt is 00:42:44 now.\nSee [1.5] for more.\n", false},
		{"12 info.txt\n3 error.log\n40 verbose.go\n", false},
		// curl's progress meter, on its standard error.
		{"  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n100     3  100     3    0     0  96774      0 --:--:-- --:--:-- --:--:-- 96774\n", true},
		// OpenSSL's errors.
		{"connect:errno=111\n4047DFC3717F0000:error:8000006F:system library:BIO_connect:Connection refused:../crypto/bio/bio_sock2.c:117:calling connect()\nUnable to load certificate\n", true},
		{"DEADBEEF:error:x\n", false},
		// npm run's header, before the script's own output.
		{"\n> web@1.0.0 build\n> node build.js\n\n1\n", true},
		{"> @acme/api@2.3.1 test\n> jest\n", true},
		{"> Mail from bob@example.com said\n> hello\n", false},
		// git's fatal errors; a tool that names itself before each message.
		{"fatal: '/nonexistent/repo' does not appear to be a git repository\nPlease make sure you have the correct access rights\nand the repository exists.\n", true},
		{"gpg: keybox '/tmp/g/pubring.kbx' created\ngpg: /tmp/g/trustdb.gpg: trustdb created\ngpg: no valid OpenPGP data found.\nPlease remember that the signature file (.sig or .asc)\n", true},
		{"name: headroom\nversion: 1.2.0\nlicense: MIT\nsummary: clips output\n", false},
		// JSON with log lines around it is JSON's.
		{"npm error code ELSPROBLEMS\n{\n  \"version\": \"1.2.0\",\n  \"name\": \"report-cli\",\n  \"problems\": [\n  ]\n}\n", false},
		// node's warnings of the process, among a script's own lines.
		{strings.Repeat("processed chunk 1 (4096 bytes)\n", 12) + "(node:13678) SecurityWarning: cache directory is world-writable\n(Use `node --trace-warnings ...` to show where the warning was created)\n", true},
		{"(node:8) [DEP0005] DeprecationWarning: Buffer() is deprecated.\n", true},
		{"(node:the runtime) is what the guide calls it\nand it says more\nand more\n", false},
		// gdb -batch -ex run -ex bt: a signal, then the frames of the stack.
		{"Program received signal SIGSEGV, Segmentation fault.\n0x0000555555555145 in crash (p=0x0) at c.c:2\n2\tvoid crash(int *p){ *p = 1; }\n", true},
		{"#0  0x0000555555555145 in crash (p=0x0) at c.c:2\n#1  0x0000555555555169 in mid (d=0) at c.c:3\n#2  0x0000555555555198 in main () at c.c:4\nrip            0x555555555145      0x555555555145 <crash+12>\n", true},
		{"#1 priority: fix the crash at c.c:2\n#2 then the docs\n#3 and the site\n", false},
		// grep output puts a line of code right after the location.
		{"pool/pool.go:74:\tp.jobs[i] = j\npool/pool.go:50:\tp.dispatch(w)\n", false},
		// go vet of a package it cannot type check, then one it can.
		{"# example.com/govet2/b\nvet: b/b.go:11:64: cannot use &ErrX (value of type *error) as error value in argument to errors.Is\n" +
			"a/a.go:5:29: fmt.Printf format %s has arg n of wrong type int\n", true},
		{"The quick brown fox\njumps over the lazy dog.\n", false},
		// bash -x traces its commands, a command substitution a level down.
		{"+ cd /tmp\n++ echo hi\n+ x=hi\n+ test -d /nonexistent\n+ echo no\nno\n", true},
		// perl's warnings and death name the script's line.
		{"row 1\nrow 2\nUse of uninitialized value $a[5] in addition (+) at agg.pl line 4.\nsum=252\n", true},
		{"cannot open /nonexistent/agg.cfg: No such file or directory at -e line 1, <STDIN> line 3.\n", true},
		{"We met at the station line 5.\nThen left at noon.\n", false},
		// make and make -n echo their recipes; gcc -v its passes, a space in.
		{"gcc -O2 -Wall -Wextra -c ok.c -o ok.o\nprintf 'int util(void) { return 1; }\\n' > util.c\n", true},
		{"Using built-in specs.\n /usr/lib/gcc/x86_64-linux-gnu/12/collect2 -plugin /usr/lib/gcc/x86_64-linux-gnu/12/liblto_plugin.so -o ok\n", true},
		{"GNU assembler version 2.40\n as -v --64 -o /tmp/ccd0sl0n.o /tmp/ccJrd3ck.s\n", true},
		{"x86_64-linux-gnu-gcc-12 main.c -o main\n", true},
		// A makefile's recipe, a manual's example and prose are no build.
		{"ok.o: ok.c\n\tgcc -O2 -c ok.c -o ok.o\n", false},
		{"       gcc -c -o foo.o foo.c\n", false},
		{"as shown, -o names the output\n", false},
		{"gcc version 12.2.0 (Debian 12.2.0-14+deb12u1)\n", false},
		// A linker's errors, through gcc; Python's warnings.
		{"/usr/bin/ld: /tmp/ccWIaroZ.o: in function `main':\nmain.c:(.text+0x1f): undefined reference to `missing_fn'\ncollect2: error: ld returned 1 exit status\n", true},
		{"gcc: fatal error: no input files\ncompilation terminated.\n", true},
		{"<string>:2: DeprecationWarning: the imp module is deprecated in favour of importlib\n", true},
		{"/usr/lib/python3.11/a.py:12: UserWarning: no display\n  warnings.warn(x)\n", true},
		{"Note: error: is a word here\nAnd: warning: too\n", false},
		{"See the Warning: section below.\n", false},
		// A tool that names itself before its warning (vim, under git
		// rebase -i with no terminal) is no Python warning, and no panic.
		{"Vim: Warning: Output is not to a terminal\n", false},
		// git's reports of what it did: commit, pull, stash, fsck, reset.
		{"[main 8d6f83d] touch readme\n 1 file changed, 1 insertion(+)\n", true},
		{"[main (root-commit) 39221e1] import three files\n 3 files changed, 700 insertions(+)\n", true},
		{"[1] see the notes\n[draft text] more\n", false},
		{"Updating 39221e1..0188dfd\nFast-forward\n search.go | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n", true},
		{"Updating the docs..finally\n", false},
		{"Saved working directory and index state WIP on main: 0188dfd main: wording\n", true},
		{"dangling commit ac3d503a79a7ded62f4520a5260edbe6e1d9c6fb\n", true},
		{"dangling pointers are bad\n", false},
		{"HEAD is now at 0188dfd main: wording\n", true},
		// Tools nest their lines with blanks; a document indents the log
		// it quotes by a tab (markdown's code blocks, go doc).
		{"=== RUN   TestA\n    --- FAIL: TestA/b (0.00s)\n", true},
		{"# Scripts\n\nWhen a script fails, the output is:\n\n\t--- FAIL: TestScript (3.75s)\n\t    --- FAIL: TestScript/install (0.16s)\n\nThat names the script.\n", false},
		// python -m doctest's report of a failed example.
		{"**********************************************************************\nFile \"dt.py\", line 5, in dt.add\nFailed example:\n    add(2, 2)\nExpected:\n    5\nGot:\n    4\n", true},
		// A docstring's example expects a traceback after its prompt;
		// a traceback printed alone is a log's.
		{"    >>> G[1][2][\"weight\"] = -7\n    >>> nx.bellman_ford(G, 0)\n    Traceback (most recent call last):\n        ...\n    networkx.exception.NetworkXUnbounded: Negative cycle detected.\n\n    See Also\n", false},
		{">>> f(1)\n1\n\nTraceback (most recent call last):\n  File \"t.py\", line 3, in <module>\nValueError: bad\n", true},
		// An interactive session's traceback names its frames.
		{">>> import cfg\nTraceback (most recent call last):\n  File \"<stdin>\", line 1, in <module>\nModuleNotFoundError: No module named 'cfg'\n", true},
		// An example's traceback ends at its exception; what follows
		// is read again.
		{">>> f()\nTraceback (most recent call last):\n...\nValueError: x\nmake: *** [all] Error 2\n", true},
		// A build that marks its steps ">>> " (Buildroot, emerge): the
		// lines after a mark are the build's, blank line or none.
		{">>> host-m4 1.4.19 Building\n/usr/bin/make -j3 -C /build/host-m4-1.4.19/\n" +
			"regex.c:12:3: error: 'x' undeclared (first use in this function)\n" +
			"make[1]: *** [Makefile:1915: regex.o] Error 1\n", true},
		{"1 items had failures:\n   1 of   2 in dt.add\n***Test Failed*** 1 failures.\n", true},
		// bash's errors name the script and its line.
		{"bs.sh: line 3: syntax error: unexpected end of file\n", true},
		{"./run.sh: line 12: foo: command not found\nbuilt\n", true},
		{"See also: line 3: of the poem\n", false},
		// git fetch's and git push's lines for each reference they
		// updated: a flag, the update, the references.
		{"From /tmp/repo\n = [up to date]      main       -> origin/main\n = [up to date]      feature    -> origin/feature\n", true},
		{"To /tmp/origin.git\n   39221e1..0188dfd  main -> main\n * [new tag]         v1.2 -> v1.2\n", true},
		{" + 0188dfd...39221e1 topic      -> origin/topic  (forced update)\n", true},
		{"x = [a] b -> c\n = [draft] see -> there\n", false},
		// valgrind's and AddressSanitizer's reports.
		{"==15327== Memcheck, a memory error detector\n==15327== Command: ./leak\n==15327== \n", true},
		{"=================================================================\n==15262==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000020\n", true},
		{"== Section ==\n==\n", false},
		// A web server's access log (python -m http.server, the common
		// log format), update-alternatives' log.
		{"Serving HTTP on 127.0.0.1 port 8765 (http://127.0.0.1:8765/) ...\n127.0.0.1 - - [27/Nov/2026 01:32:08] \"GET / HTTP/1.1\" 200 -\n127.0.0.1 - - [27/Nov/2026 01:32:09] code 404, message File not found\n", true},
		{"10.0.0.5 - bob [27/Nov/2026:01:32:08 +0000] \"GET /a HTTP/1.1\" 200 512\n10.0.0.5 - bob [27/Nov/2026:01:32:09 +0000] \"GET /b HTTP/1.1\" 404 0\n10.0.0.6 - - [27/Nov/2026:01:32:11 +0000] \"POST /c HTTP/1.1\" 201 9\n", true},
		{"update-alternatives 2025-06-24 14:36:53: link group pager updated to point to /usr/bin/less\nupdate-alternatives 2025-06-24 14:36:55: link group pinentry updated\nupdate-alternatives 2025-06-24 14:39:42: link group java updated\n", true},
		// git diff --check: where, what is wrong, and the line.
		{"README.md:38: trailing whitespace.\n+x  \nREADME.md:39: space before tab in indent.\n+ \tline\n", true},
		{"The hook warns of trailing whitespace.\nNothing else.\nDone.\n", false},
		// patch and git bisect report what they did line by line.
		{"checking file extra.go\nchecking file search.go\nHunk #1 FAILED at 6.\n1 out of 1 hunk FAILED\n", true},
		{"patching file README.md\npatching file search.go\n", true},
		{"Hunk #1 of this recipe is the smallest\n", false},
		{"running  'sh' '-c' 'make test'\nBisecting: 2 revisions left to test after this (roughly 2 steps)\n[33ecfab7d947f90566b2a523b7717dcd09e32e90] reduce: wording\n", true},
		{"bf7003e 2026-11-27 02:16:27 +0000 outline: an SQL statement runs to its end\n0188dfd 2026-11-27 02:20:03 +0000 main: wording\n981e5f4 2026-11-27 02:31:45 +0000 shape: tables of symbols\n", false},
		{"see [12/Nov/a] and\nrelease 2024-01-02 notes\nthe end\n", false},
		// python3 -m py_compile of a file with a syntax error.
		{"  File \"bad.py\", line 1\n    def f(:\n         ^\nSyntaxError: '(' was never closed\n", true},
		{"  File \"/tmp/py/indent.py\", line 3\n    return x\nIndentationError: unexpected indent\n", true},
		{"The error was ValueError.\nSee the docs\nfor more.\nValueError: bad\n", false},
		// python3 -m compileall tells each step it begins.
		{"Listing 'json'...\nCompiling 'json/__init__.py'...\nCompiling 'json/decoder.py'...\n", true},
		{"Preparing to unpack .../git_2.39.5-0_amd64.deb ...\nUnpacking git (1:2.39.5-0) ...\nSetting up git (1:2.39.5-0) ... done\n", true},
		{"Loading is slow...\nthe rest\nof a paragraph\n", false},
		{"Nothing... to see here\nWaiting... not yet\nThinking... about it\n", false},
		// The JVM's unified logging (java -Xlog): uptime, level and tags,
		// each in brackets, one after another.
		{"[0.013s][info][gc] Using G1\n[0.014s][info][gc,init] Version: 17.0.15+6-Debian-1deb12u1 (release)\n[0.014s][info][gc,init] CPUs: 2 total, 2 available\n[0.014s][info][gc,init] Memory: 24105M\n", true},
		{"[[1,2],[3]]\n[[4],[5,6]]\n[[7],[8]]\n", false},
		// tclsh's error and the trace of where it was raised.
		{"invalid command name \"g\"\n    while executing\n\"g\"\n    (procedure \"f\" line 1)\n    invoked from within\n\"f\"\n    (file \"e.tcl\" line 2)\n", true},
		{"Notes\n    (see the file \"a.txt\" for more)\n    (page 2)\n", false},
	} {
		if ok, why := sniffLog([]byte(c.sample)); ok != c.log {
			t.Errorf("sniffLog(%q) = %v (%s), want %v", c.sample, ok, why, c.log)
		}
	}
}

// TestLogQuote checks the lines that count as a log's though no mark of
// one starts them, on real lines: gcc's excerpt under an error (from
// log-tar-configure-make-bash-broken), a Python traceback and unittest's
// verdict (log-cat-source-then-unittest), and lines of source code and
// of its printing that are none (argparse.py, in the same sample).
func TestLogQuote(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"  316 |   return tmpfd_counter;", true},
		{"      |          ^~~~~~~~~~~~~", true},
		{`  File "/tmp/headroom-corpus/src/pyproj/inventory.py", line 39, in load_manifest`, true},
		{"               ^^^^^^^^^^^^^^", true},
		{"ValueError: invalid literal for int() with base 10: 'five'", true},
		{"ERROR: test_reserve_from_manifest (test_inventory.TestManifest.test_reserve_from_manifest)", true},
		{"FAILED (failures=1, errors=1)", true},
		// Frames of a native program's stack: gdb's backtrace, a sanitizer's.
		{"#1  0x0000555555555169 in mid (d=0) at c.c:3", true},
		{"#0  crash (p=0x0) at c.c:2", true},
		{"    #0 0x4f2a in main /src/a.c:3:5", true},
		{"#1 priority: look at it", false},
		{"#2 0xff is the mask", false},
		{"#include <stdio.h>", false},
		// Perl's errors and warnings end in where they were raised.
		{`Global symbol "$y" requires explicit package name (did you forget to declare "my $y"?) at bad.pl line 3.`, true},
		{`syntax error at bad.pl line 2, near "= ;"`, true},
		{"Use of uninitialized value $a[0] in addition (+) at -e line 1.", true},
		{"The error is at the start of line 3.", false},
		// JavaScript's and Java's stack frames, a shell's trace.
		{"    at new Buffer (node:buffer:269:3)", true},
		{"    at [eval]:1:1", true},
		{"\tat X.main(X.java:3)", true},
		{"\tat java.base/java.lang.Thread.run(Native Method)", true},
		{"    at the end of the day (see below)", false},
		// Tcl's trace of an error, from tclsh.
		{"    while executing", true},
		{"    invoked from within", true},
		{`    (procedure "f" line 1)`, true},
		{`    ("foreach" body line 3)`, true},
		{`    (file "e.tcl" line 3)`, true},
		{"    (in line 3 of the notes)", false},
		{"    ()", false},
		{"while executing the plan", false},
		{"+ echo step 1", true},
		{"++ pwd", true},
		{"+ ", false},
		// Tools' reports of system errors.
		{"ls: cannot access '/nonexistent': No such file or directory", true},
		{"tar: /nonexistent.tar: Cannot open: No such file or directory", true},
		{"open /etc/shadow: permission denied", true},
		{"Errors: none", false},
		{"xz: /etc/hostname: File format not recognized", true},
		{"gzip: a.gz: not in gzip format", true},
		{"note: see below: it works", false},
		// strace's system calls.
		{`openat(AT_FDCWD, "/etc/ld.so.cache", O_RDONLY|O_CLOEXEC) = 3`, true},
		{`access("/etc/ld.so.preload", R_OK)      = -1 ENOENT (No such file or directory)`, true},
		{`[pid  4242] read(3, "", 4096) = 0`, true},
		{"exit_group(0)                           = ?", true},
		{"result(x) = compute(y)", false},
		{"                raise ValueError(f'empty group {group}')", false},
		{`                    r'\(.*?\)+(?=\s|$)|'`, false},
		{"    out[sku] = parse_qty(qty)", false},
	} {
		if got := logQuote([]byte(tc.line)); got != tc.want {
			t.Errorf("logQuote(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// TestSniffLogBars checks that lines starting with a bar, indented, read
// as a compiler's excerpt only beside the lines it numbers or its carets:
// pydoc draws a class's members behind bars, and ASDL starts a rule's
// alternatives with them.
func TestSniffLogBars(t *testing.T) {
	pydoc := clipSample(t, "testdata/outline-pydoc-fraction-members.txt")
	asdl := "module Python\n{\n    mod = Module(stmt* body)\n        | Interactive(stmt* body)\n        | Expression(expr body)\n\n" +
		"    stmt = Return(expr? value)\n          | Delete(expr* targets)\n          | Pass | Break | Continue\n\n" +
		"    expr = BoolOp(boolop op, expr* values)\n         | Name(identifier id)\n         | Constant(constant value)\n\n" +
		"    boolop = And | Or\n}\n"
	// gcc's excerpts, without the diagnostics above them.
	gcc := "    2 |   int x = y;\n      |           ^\n    3 |   return x\n      |           ^\n      |           ;\n    4 | }\n      | ~\n"
	checkSniffs(t, "sniffLog", sniffLog, []sniffCase{{string(pydoc), false}, {asdl, false}, {gcc, true}})
	if k, why := Sniff([]byte(asdl)); k != Outline {
		t.Errorf("ASDL: Sniff = %s (%s), want %s", k, why, Outline)
	}
	// Python draws an exception group's tracebacks behind bars, with no
	// numbered excerpt: the frames and errors behind them are a log's.
	sniffsAs(t, "log-python-exceptiongroup-taskgroup.txt", Log)
}
