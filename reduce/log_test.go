package reduce

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/shape"
)

// logSamples are real outputs captured here for the log reducer's own
// tests, in testdata/log:
//
//	go-timeout-dump.out       go test -timeout 2s . (a test that starts 342 goroutines that block and never returns)
//	go-thousand-failures.out  go test . (a table test whose 1,000 cases all fail)
//	git-clone-progress.out    git clone --progress --no-local file:///work/main/.git /tmp/clonex
//	cargo-build-color.out     cargo build --color=always (testdata/corpus-src/rustbroken)
//	gxx-template-errors.out   g++ -std=c++17 -Wall -Wextra -c ledger.cpp (g++ 12)
//	clang-template-errors.out clang++ -std=c++17 -Wall -Wextra -c ledger.cpp (clang 14)
//
//	cmake-configure-errors.out  cmake -S . -B build (a project that includes a module that does not exist)
//	ctest-output-on-failure.out ctest --output-on-failure (six tests of a sum, two of which fail)
//	terraform-validate-color.out terraform validate (terraform 1.x, a main.tf with five errors)
//
// ledger.cpp, beside them, sorts a std::list and indexes a std::map of a
// type without a default constructor: errors deep in templates.
const logSamples = "testdata/log"

// logNeedlesLost lists, for corpus samples whose views at budget 2000
// cannot keep every needle, how many needles they may lose, and why.
var logNeedlesLost = map[string]int{
	// Five needles are Inst lines sampled from the middle of an 86-line
	// listing of packages (L60-145). The view keeps the listing's first
	// and last lines, its headings, its outcome line and the end of the
	// log; which lines from the middle of a listing a reader wants cannot
	// be told from the log, so none is preferred.
	"log-apt-get-install-simulate": 5,
	// The same: Remv lines sampled from the middle of a listing whose
	// lines carry their dependencies, 300 bytes and more each.
	"log-apt-get-remove-simulate": 6,
	// Passing tests (--- PASS, PASSED, ... ok) sampled from the middle of
	// hundreds: the view keeps the failures whole, the outcome, and the
	// first and last of each run of alike lines.
	"log-gotest-v-cobra-root-panic": 4,
	"log-pytest-v-pyproj-failures":  2,
	"log-python-regrtest-v-json":    4,
	// go build -x: twelve of the 100 packages it compiles, each named by
	// -p in a compile command of 2 KB, from the middle of 1,430 lines.
	"log-gobuild-x-fresh-cache": 12,
	// 45 warnings of 5 kinds: a warning that repeats another but for
	// its numbers (an MSRV of 1.37.0 rather than 1.45.0), and the
	// location of one more, are past the budget.
	"log-clippy-pedantic-semver": 2,
}

// TestLogGolden reduces every log sample of the corpus at the default
// budget and at a tight one, pins the views in golden files, and checks
// that each fits its budget and, at the default budget, shows its needles.
func TestLogGolden(t *testing.T) {
	for _, path := range corpus(t, "log-") {
		name := strings.TrimSuffix(filepath.Base(path), ".out")
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, budget := range []int{2000, 600} {
			got := checkLogView(t, name, input, budget)
			golden := name
			if budget != 2000 {
				golden = fmt.Sprintf("%s-%d", name, budget)
			}
			checkGolden(t, golden, got)
			if budget != 2000 {
				continue
			}
			var lost []string
			for _, n := range needles(t, path) {
				if !bytes.Contains(got, []byte(n)) {
					lost = append(lost, n)
				}
			}
			if len(lost) > logNeedlesLost[name] {
				t.Errorf("%s: the view lost %d needles:\n%s", name, len(lost), strings.Join(lost, "\n"))
			}
		}
	}
}

// checkLogView reduces input at budget and checks what holds for every
// view: it fits the budget, it is shorter than an input that does not
// fit (clip passes the others through without reducing them), and it has
// neither escape sequences nor carriage returns.
func checkLogView(t *testing.T, name string, input []byte, budget int) []byte {
	t.Helper()
	got := body(t, shape.Log, input, budget)
	if n := counter().Count(got); n > budget {
		t.Errorf("%s: view has %d tokens, budget %d", name, n, budget)
	}
	// A token is at most 128 bytes: a longer input cannot fit, and is not
	// worth counting.
	over := len(input) > budget*128 || counter().Count(input) > budget
	if over && len(got) >= len(input) {
		t.Errorf("%s: view (%d bytes) is not shorter than the input (%d bytes)", name, len(got), len(input))
	}
	if i := bytes.IndexAny(got, "\x1b\r"); i >= 0 {
		t.Errorf("%s: view holds an escape or a carriage return at byte %d", name, i)
	}
	return got
}

// readLogSample reads one of the log reducer's own samples.
func readLogSample(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(logSamples, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLogOwnSamples pins the views of the reducer's own samples and checks
// what each is there to show.
func TestLogOwnSamples(t *testing.T) {
	for _, c := range []struct {
		name   string
		budget int
		want   []string
		lack   []string // fragments the view must not show
	}{
		{"go-timeout-dump.out", 600, []string{
			"panic: test timed out after 2s",
			"\t\tTestStuck (2s)\n",
			// The test's own goroutine, where it is stuck, is kept; the
			// other goroutines are counted by state.
			"example.com/gdump.TestStuck(0x2023983a0488?)\n\t/tmp/gdump/dump_test.go:34 +0x1cc\n",
			"[headroom: 343 more goroutines: 201 chan receive, 90 select, 40 sync.Mutex.Lock, 12 sleep]\n",
			"FAIL\texample.com/gdump\t2.034s\n",
		}, nil},
		{"go-thousand-failures.out", 2000, []string{
			"[headroom: this log reports 1,001 failing tests]\n",
			"    --- FAIL: TestChecksum/item-0000 (0.00s)\n        many_test.go:22: checksum(\"item-0000\") = 668, want 669\n",
			"FAIL\texample.com/gmany\t0.067s\n",
		}, nil},
		{"git-clone-progress.out", 200, []string{
			// Each progress line shows only its last drawing.
			"\nremote: Counting objects: 100% (130/130), done.        \n",
			"\nReceiving objects: 100% (130/130), 120.66 KiB | 30.17 MiB/s, done.\n",
		}, nil},
		{"cargo-build-color.out", 200, []string{
			"error[E0308]: mismatched types\n  --> src/main.rs:55:22\n",
			"error: could not compile `shapes` (bin \"shapes\") due to 3 previous errors\n",
		}, nil},
		// gcc's chain of instantiations leads to each error in a system
		// header: the link in ledger.cpp comes with the error, the links
		// through the headers are left out first, and none is an error.
		{"gxx-template-errors.out", 600, []string{
			"ledger.cpp:25:41: error: ‘const struct Entry’ has no member named ‘cent’",
			"ledger.cpp:31:21: error: conversion from ‘std::vector<int>’",
			"ledger.cpp:19:14:   required from here\n/usr/include/c++/12/bits/stl_algo.h:1938:50: error: no match for ‘operator-’",
			"ledger.cpp:22:22:   required from here\n/usr/include/c++/12/tuple:1818:9: error: no matching function for call to ‘Account::Account()’",
			"ledger.cpp:8:14: note: candidate: ‘Account::Account(std::string)’",
		}, []string{"[headroom: this log reports", "bits/stl_tree.h:2461:13:   required from"}},
		// clang puts the chain after the error, as notes: the one in
		// ledger.cpp is kept before those in the headers.
		{"clang-template-errors.out", 900, []string{
			"ledger.cpp:25:41: error: no member named 'cent' in 'Entry'",
			"stl_algo.h:1938:22: error: invalid operands to binary expression",
			"stl_algo.h:1847:18: error: invalid operands to binary expression",
			"tuple:1818:2: error: no matching constructor for initialization of 'Account'",
			"ledger.cpp:22:12: note: in instantiation of member function 'std::map<std::basic_string<char>, Account>::operator[]' requested here",
			"5 errors generated.",
		}, []string{"bits/stl_tree.h:2461:13: note: in instantiation"}},
		// cmake indents its messages, with blank lines between
		// paragraphs: the message goes with its head.
		{"cmake-configure-errors.out", 100, []string{
			"CMake Error at CMakeLists.txt:16 (include):\n  include could not find requested file:\n\n    NoSuchModule\n",
		}, nil},
		// cmake --debug-find-pkg writes a record of each find command:
		// each record's head says what was looked for, where the paths
		// it tried, dozens of them, say little.
		{"cmake-debug-find.out", 1000, []string{
			"CMake Debug Log at /usr/share/cmake-3.25/Modules/FindLibArchive.cmake:34 (find_path):\n  find_path called with the following settings:\n",
			"CMake Debug Log at /usr/share/cmake-3.25/Modules/FindLibArchive.cmake:41 (find_library):\n  find_library called with the following settings:\n",
			"CMake Error at /usr/share/cmake-3.25/Modules/FindPackageHandleStandardArgs.cmake:230 (message):\n  Could NOT find LibArchive",
		}, nil},
		// Each test that failed is a failure of its own.
		{"ctest-output-on-failure.out", 150, []string{
			"3/6 Test #3: sum_3 ............................***Failed",
			"6/6 Test #6: sum_6 ............................***Failed",
		}, nil},
		// terraform's box: the lines in it are the error's.
		{"terraform-validate-color.out", 200, []string{
			"│ Error: Invalid default value for variable\n│ \n│   on main.tf line 3, in variable \"replicas\":\n",
			"│ Error: Variables not allowed\n│ \n│   on main.tf line 14, in resource \"terraform_data\" \"svc\":\n",
		}, nil},
		// pytest's short frames, "ranges.py:3: in hosts", are each
		// followed by the line that called on: those lines are the
		// failure's path through the project, and go before the long
		// docstring of the library frame that raised.
		{"pytest-library-frame.out", 900, []string{
			"ranges.py:3: in hosts\n    return [str(h) for h in ipaddress.ip_network(net).hosts()]\n",
			"/usr/lib/python3.11/ipaddress.py:74: in ip_network\n    return IPv4Network(address, strict)\n",
			">               raise ValueError('%s has host bits set' % self)\nE               ValueError: 10.0.0.1/24 has host bits set\n",
			"2 failed, 41 passed in 0.21s\n",
		}, nil},
	} {
		input := readLogSample(t, c.name)
		got := checkLogView(t, c.name, input, c.budget)
		for _, w := range c.want {
			if !bytes.Contains(got, []byte(w)) {
				t.Errorf("%s: the view lacks %q", c.name, w)
			}
		}
		for _, l := range c.lack {
			if bytes.Contains(got, []byte(l)) {
				t.Errorf("%s: the view shows %q", c.name, l)
			}
		}
		checkGolden(t, "log-own-"+strings.TrimSuffix(c.name, ".out"), got)
	}
}

// When failures alone overflow the budget, each failing test kept keeps
// its first message with it, in order.
func TestLogFailuresKeepTheirMessages(t *testing.T) {
	got := body(t, shape.Log, readLogSample(t, "go-thousand-failures.out"), 600)
	lines := strings.Split(string(got), "\n")
	heads := 0
	for i, l := range lines {
		if !strings.HasPrefix(l, "    --- FAIL: TestChecksum/item-") {
			continue
		}
		heads++
		if i+1 == len(lines) || !strings.Contains(lines[i+1], "many_test.go:22: checksum(") {
			t.Errorf("%q is not followed by its message:\n%s", l, got)
		}
	}
	if heads < 5 {
		t.Errorf("only %d failing tests shown:\n%s", heads, got)
	}
}

// A run of lines that differ only in their numbers keeps its first and its
// last line; the gap line between them counts the rest exactly.
func TestLogCollapsesAlikeLines(t *testing.T) {
	input, err := os.ReadFile(corpusDir + "/log-python-script-chained-traceback.out")
	if err != nil {
		t.Fatal(err)
	}
	got := string(body(t, shape.Log, input, 600))
	want := "[etl] batch 0000: 12 rows loaded, running total 66\n" +
		"  [... L3-1342]\n" +
		"[etl] batch 1341: 12 rows loaded, running total 394546\n"
	if !strings.Contains(got, want) {
		t.Errorf("the run of batch lines is not collapsed to its ends:\n%s", got)
	}
}

// A cycle of lines repeated with other numbers (a table test's subtests)
// keeps its first and its last cycle.
func TestLogCollapsesCycles(t *testing.T) {
	input, err := os.ReadFile(corpusDir + "/log-gotest-v-pass.out")
	if err != nil {
		t.Fatal(err)
	}
	got := string(body(t, shape.Log, input, 600))
	want := "=== RUN   TestRoundTrip/wid/0\n    sku_test.go:21: code WID-0000 ok\n" +
		"  [... L176-251]\n" +
		"=== RUN   TestRoundTrip/wid/39\n    sku_test.go:21: code WID-0039 ok\n"
	if !strings.Contains(got, want) {
		t.Errorf("the cycle of subtests is not collapsed to its ends:\n%s", got)
	}
}

func TestLogClean(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain", "plain"},
		{"\x1b[1m\x1b[92m   Compiling\x1b[0m shapes v0.1.0", "   Compiling shapes v0.1.0"},
		{"  \x1b[1m\x1b[94m--> \x1b[0msrc/main.rs:55:22", "  --> src/main.rs:55:22"},
		{"Counting:   0% (1/130)   \rCounting:  50% (65/130)   \rCounting: 100% (130/130), done.", "Counting: 100% (130/130), done."},
		{"windows line\r", "windows line"},
		// What is not colour is shown, not dropped: a link's hidden
		// target, a title, a clipboard write, concealed text, a cursor
		// move that hides a line above.
		{"\x1b]8;;file:///x\x07link\x1b]8;;\x07 text", "␛]8;;file:///x␇link␛]8;;␇ text"},
		{"\x1b]0;title\x1b\\ done", "␛]0;title␛\\ done"},
		{"\x1b]52;c;Y3Vy\x07 copied", "␛]52;c;Y3Vy␇ copied"},
		{"shown \x1b[8msecret\x1b[28m shown", "shown ␛[8msecret shown"},
		{"\x1b[1A\x1b[2Kreplaced", "␛[1A␛[2Kreplaced"},
		{"\x1b[1mtrailing escape\x1b", "trailing escape␛"},
		// A redrawn line's erase, right after its carriage return or at
		// its start, erases nothing the view shows.
		{"Building 1/3\r\x1b[KBuilding 3/3", "Building 3/3"},
		{"\x1b[2K\x1b[1G  Compiling a v0.1.0", "  Compiling a v0.1.0"},
		{"\x1b[0K\x1b[32mok\x1b[0m", "ok"},
	} {
		got, _ := logClean([]byte(c.in), nil)
		if string(got) != c.want {
			t.Errorf("logClean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestLogClassify classifies lines taken from real logs.
func TestLogClassify(t *testing.T) {
	for _, c := range []struct {
		line string
		want logKind
	}{
		{"=== RUN   TestBalance/acct-0334", lkGoRun},
		{"    --- FAIL: TestBalance/acct-0334 (0.00s)", lkGoFail},
		{"--- PASS: TestValue (0.00s)", lkGoPass},
		{"ok  \texample.com/ledger/fx\t0.010s", lkSummary},
		{"FAIL\texample.com/ledger\t0.015s", lkSummaryFail},
		{"panic: runtime error: index out of range [8] with length 8", lkPanic},
		{"goroutine 407 [running]:", lkGoroutine},
		{"WARNING: DATA RACE", lkRace},
		{"Traceback (most recent call last):", lkTraceback},
		{"FAIL: test_bulk_price_qty_100 (test_inventory.TestBulkPrice.test_bulk_price_qty_100)", lkTestFail},
		{"Ran 282 tests in 0.018s", lkSummary},
		{"FAILED (failures=1, errors=1)", lkSummaryFail},
		{"error[E0308]: mismatched types", lkUntil},
		{"test result: FAILED. 19 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.19s", lkSummaryFail},
		{"test tests::top_word_tie_goes_to_first_seen ... FAILED", lkTestFail},
		{"src/parse.c:26:12: error: too many arguments to function ‘kv_put’", lkError},
		{"src/buffer.c:30:15: warning: conversion from ‘size_t’ to ‘int’ may change value [-Wconversion]", lkWarning},
		{"src/kv.h:29:7: note: declared here", lkNote},
		{"store/store.go:39:9: not enough return values", lkError},
		{"make: *** [Makefile:11: build/parse.o] Error 1", lkError},
		{"gmake[2]: *** [CMakeFiles/rb.dir/build.make:104: CMakeFiles/rb.dir/src/h03.c.o] Error 1", lkError},
		{"gmake: *** [Makefile:91: all] Error 2", lkError},
		{"tests/test_x.py::test_y PASSED 40%]", lkNoise},
		{"src/buffer.c: In function ‘buf_append’:", lkContext},
		{"# example.com/svc/store", lkContext},
		{"npm error code EUSAGE", lkNpm},
		{"Exception in thread \"main\" app.ServiceException: cannot total order ORD-00629", lkError},
		{"Caused by: java.io.IOException: corrupt order file for ORD-00629", lkCause},
		{"    TypeError [Error]: Cannot read properties of undefined (reading 'percent')", lkError},
		{"not ok 2 - Cart.summary", lkTestFail},
		{"# fail 3", lkSummaryFail},
		{"ℹ tests 90", lkSummary},
		{"4 upgraded, 81 newly installed, 0 to remove and 132 not upgraded.", lkSummary},
		{"The following NEW packages will be installed:", lkHeading},
		{"built build/debug/kvtool", lkMilestone},
		// gcc's chain of instantiations leads to the error after it.
		{"ledger.cpp:19:14:   required from here", lkChain},
		{"/usr/include/c++/12/bits/stl_algo.h:4853:18:   required from ‘void std::sort(_RAIter, _RAIter, _Compare)’", lkChain},
		{"/usr/include/c++/12/tuple: In instantiation of ‘std::pair<_T1, _T2>::pair(...)’:", lkContext},
		{"In file included from /usr/include/c++/12/algorithm:61,", lkContext},
		// One test's line in pytest -v and unittest -v: a count glued to
		// a name is no outcome.
		{"test_inventory.py::TestBulkPrice::test_bulk_price_qty_195 PASSED         [ 99%]", lkNoise},
		{"test_inventory.py::TestBulkPrice::test_bulk_price_qty_100 FAILED         [ 92%]", lkTestFailed},
		{"tests/test_orders.py::test_reserve ERROR                                 [ 33%]", lkTestFailed},
		{"tests/test_pricing.py::test_discount_lowercase XFAIL (codes are case...) [ 95%]", lkNotable},
		{"test_bulk_price_qty_100 (test_inventory.TestBulkPrice.test_bulk_price_qty_100) ... FAIL", lkTestFailed},
		{"test_overflow (test.test_json.test_encode_basestring_ascii.TestCEncodeBasestringAscii.test_overflow) ... skipped 'not enough memory: 8589934592.0G minimum needed'", lkNotable},
		{"test_float (test.test_json.test_decode.TestPyDecode.test_float) ... ok", lkNoise},
		// shellcheck heads each excerpt with its location.
		{"In /usr/bin/ucf line 39:", lkInFile},
		{"In POSIX sh, 'local' is undefined:", lkHeading},
		// eslint's stylish format: a file, its problems under it.
		{"/tmp/headroom-corpus/lint/express/application.js", lkContext},
		{"   16:1   error  Unexpected var, use let or const instead  no-var", lkError},
		{"  1137:16  warning  'err' is defined but never used  no-unused-vars", lkWarning},
		{"✖ 384 problems (380 errors, 4 warnings)", lkSummaryFail},
		{"FAILED tests/test_pricing.py::test_split_adds_up[6] - AssertionError: assert ...", lkTestFailed},
		{"ERROR tests/test_shipping.py", lkTestFailed},
		// cmake, ctest, git merge.
		{"CMake Error at CMakeLists.txt:16 (include):", lkError},
		{"CMake Warning at CMakeLists.txt:5 (message):", lkWarning},
		{"CMake Debug Log at CMakeLists.txt:7 (find_package):", lkHeading},
		{"3/6 Test #3: sum_3 ............................***Failed    0.00 sec", lkTestFailed},
		{"1/6 Test #1: sum_1 ............................   Passed    0.00 sec", lkNoise},
		{"CONFLICT (content): Merge conflict in reduce/text.go", lkError},
		// Words glued to flags, paths and names are not markers.
		{"cc -std=c11 -O2 -Werror -c src/errors.c -o build/errors.o", lkNoise},
		{"=== RUN   TestParseErrors", lkGoRun},
		{"    sku_test.go:21: code WID-0013 ok", lkNoise},
		{"[etl] batch 0000: 12 rows loaded, running total 66", lkNoise},
		{"", lkBlank},
	} {
		if got := logClassify([]byte(c.line)); got != c.want {
			t.Errorf("logClassify(%q) = %d, want %d", c.line, got, c.want)
		}
	}
}

// TestLogMemoryIsBounded feeds a log of 50,050 failing tests, far more
// than any budget shows, and checks that what the reducer holds stays
// within its limits while its counts stay exact.
func TestLogMemoryIsBounded(t *testing.T) {
	input := bytes.Repeat(readLogSample(t, "go-thousand-failures.out"), 50)
	r := newLog(2000).(*Log)
	s := NewSplitter(r)
	s.Write(input)
	lines := s.Close()
	if r.keep.bytes > r.keep.limit || r.keep.dropped == 0 {
		t.Errorf("held %d bytes of candidates (limit %d), dropped %d", r.keep.bytes, r.keep.limit, r.keep.dropped)
	}
	if r.headBytes > r.headLimit+LongLine || r.tail.bytes > r.tail.limit {
		t.Errorf("head %d bytes (limit %d), tail %d bytes (limit %d)", r.headBytes, r.headLimit, r.tail.bytes, r.tail.limit)
	}
	if r.tests.bytes > r.tests.limit || len(r.tests.pending) > logMaxPending {
		t.Errorf("held %d bytes of output of %d running tests", r.tests.bytes, len(r.tests.pending))
	}
	got := Render(Fit(r.Pieces(lines, 2000, counter()), lines, 2000, counter()), lines)
	if !bytes.Contains(got, []byte("[headroom: this log reports 50,050 failing tests]\n")) {
		t.Errorf("the count of failures is wrong:\n%s", got[:min(len(got), 500)])
	}
}

// FuzzLog checks that any input gives a view within the budget, in fewer
// tokens than an input over the budget, free of escapes, and the same every
// time. (In bytes, a gap line may outweigh a short line it stands for; clip
// passes an input through when its view is no shorter.)
func FuzzLog(f *testing.F) {
	for _, name := range []string{"log-gotest-assert-short", "log-gotest-race", "log-cargo-build-errors-ansi",
		"log-java-exception-caused-by", "log-python-unittest-failures", "log-npm-ci-out-of-sync"} {
		b, err := os.ReadFile(corpusDir + "/" + name + ".out")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[:min(len(b), 8<<10)], 150)
	}
	f.Add(readLogSample(f, "git-clone-progress.out"), 100)
	for _, name := range []string{"gxx-template-errors.out", "clang-template-errors.out", "cmake-configure-errors.out",
		"ctest-output-on-failure.out", "terraform-validate-color.out"} {
		b := readLogSample(f, name)
		f.Add(b[:min(len(b), 8<<10)], 150)
	}
	f.Add([]byte("panic: x\n\ngoroutine 1 [running]:\nmain.main()\n\t/x.go:1\n\ngoroutine 2 [select]:\n"), 100)
	// A view one gap line long where a short line was, as long as its input.
	f.Add([]byte("00A00000A00000A00A 0A00A0000A00A00000A00000A0A0\n00A00A00A000\n0A00000A00000A00A 00A0A00A00A0\n"+
		"00000000A0000A00A00000A00000A0000A 0A00A0000A00A00000A00000A0A0A00A00A00A0000A00A00000A00000A0A0A0A0000A0A00A00A0000A00A0000A00A0A0A00A\n"+
		"0X0000A00X00A0A0A\n0"), 60)
	f.Fuzz(func(t *testing.T, input []byte, budget int) {
		budget = 100 + logAbs(budget)%2000
		got := checkFuzzView(t, shape.Log, input, budget)
		if bytes.IndexByte(got, 0x1b) >= 0 {
			t.Errorf("view holds an escape")
		}
	})
}

func logAbs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// TestLogMask compares logMask, which skips stretches without digits
// eight bytes at a time, and logAlikeKey, which hashes lines, with a plain
// reading of their rule on the lines of a few real logs.
func TestLogMask(t *testing.T) {
	// symbols returns the line's bytes, with each word that holds a digit
	// as one symbol, 256, or as '#' if hash is set.
	symbols := func(line []byte, hash bool) []int {
		var out []int
		for i := 0; i < len(line); {
			if logAlnum[line[i]] == 0 {
				out = append(out, int(line[i]))
				i++
				continue
			}
			j, digit := i, false
			for ; j < len(line) && logAlnum[line[j]] != 0; j++ {
				digit = digit || logDigit(line[j])
			}
			switch {
			case digit && hash:
				out = append(out, '#')
			case digit:
				out = append(out, 256)
			default:
				for _, c := range line[i:j] {
					out = append(out, int(c))
				}
			}
			i = j
		}
		return out
	}
	var buf []byte
	pairs, alike := 0, 0
	for _, name := range []string{"log-gotest-v-pass", "log-gotest-panic-goroutines", "log-make-gcc-warnings-error", "log-apt-get-install-simulate"} {
		input, err := os.ReadFile(corpusDir + "/" + name + ".out")
		if err != nil {
			t.Fatal(err)
		}
		lines := bytes.Split(input, []byte("\n"))
		for i, line := range lines {
			buf = logMask(buf[:0], line)
			if want := intsToBytes(symbols(line, true)); !bytes.Equal(buf, want) {
				t.Fatalf("logMask(%q) = %q, want %q", line, buf, want)
			}
			// Keys are equal exactly when the lines' symbols are.
			for _, other := range lines[max(0, i-8):i] {
				got, want := logAlikeKey(line) == logAlikeKey(other), slices.Equal(symbols(line, false), symbols(other, false))
				if got != want {
					t.Fatalf("logAlikeKey(%q) == logAlikeKey(%q) is %v, want %v", line, other, got, want)
				}
				pairs++
				if want {
					alike++
				}
			}
		}
	}
	if alike == 0 || alike == pairs {
		t.Errorf("%d of %d pairs of lines alike: the test tells nothing", alike, pairs)
	}
	// A literal # is not a number.
	if logAlikeKey([]byte("step #")) == logAlikeKey([]byte("step 5")) {
		t.Error(`"step #" and "step 5" have one key`)
	}
}

func intsToBytes(s []int) []byte {
	b := make([]byte, len(s))
	for i, c := range s {
		b[i] = byte(c)
	}
	return b
}

// A caret line's label says what it points at; a caret line without one
// (a compiler's) has none.
func TestLogCaretLabel(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"^-- SC2086 (info): Double quote to prevent globbing and word splitting.", "SC2086 (info): Double quote to prevent globbing and word splitting."},
		{"^------------^ SC3043 (warning): In POSIX sh, 'local' is undefined.", "SC3043 (warning): In POSIX sh, 'local' is undefined."},
		{"^~~~", ""},
		{"~~~~~~~^~~~~~~~~", ""},
		{"^ SC1000 (error): x", "SC1000 (error): x"},
	} {
		if got := string(logCaretLabel([]byte(c.line))); got != c.want {
			t.Errorf("logCaretLabel(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

// A Java exception's causes may lie deep in a chain of frames, past the
// lines a block holds from its start: each is kept all the same.
func TestLogKeepsDeepCauses(t *testing.T) {
	input, err := os.ReadFile(filepath.Join(corpusDir, "log-mvn-debug-plugin-unresolved.out"))
	if err != nil {
		t.Fatal(err)
	}
	got := body(t, shape.Log, input, 2000)
	for _, w := range []string{
		"\nCaused by: org.eclipse.aether.resolution.ArtifactResolutionException: ",
		"\nCaused by: org.eclipse.aether.transfer.ArtifactNotFoundException: ",
	} {
		if !bytes.Contains(got, []byte(w)) {
			t.Errorf("the view lacks %q", w)
		}
	}
}

// A compiler's note that quotes no code and repeats word for word (gcc's
// on the first undeclared name of every function) ranks last in its
// block, after the first warning of every kind; the first of them ranks
// with its error.
func TestLogRepeatedNoteRanksLast(t *testing.T) {
	got := logBuild(t, func(b *strings.Builder, i int, n string) {
		fmt.Fprintf(b, "gcc -O2 -Wall -c -o src/%s.o src/%s.c\n", n, n)
		fmt.Fprintf(b, "src/%s.c: In function ‘%s_run’:\n", n, n)
		if i == 1 {
			b.WriteString("src/bravo.c:6:13: warning: unused variable ‘spare’ [-Wunused-variable]\n" +
				"    6 |         int spare;\n      |             ^~~~~\n")
		}
		fmt.Fprintf(b, "src/%s.c:8:16: error: ‘totl’ undeclared (first use in this function); did you mean ‘total’?\n", n)
		fmt.Fprintf(b, "    8 |         return totl + %s;\n      |                ^~~~\n", n)
		fmt.Fprintf(b, "src/%s.c:8:16: note: each undeclared identifier is reported only once for each function it appears in\n", n)
		fmt.Fprintf(b, "make: *** [Makefile:9: src/%s.o] Error 1\n", n)
	}, "", 1300)
	logWants(t, got, "src/alpha.c:8:16: note: each undeclared", "src/bravo.c:6:13: warning: unused variable ‘spare’")
}

// In a build that goes on after errors (make -k), each file with errors of
// two kinds shows both: the second kind, seen before in other files, is
// new to its file, and its line ranks before the code under the others.
func TestLogNewKindInFileRanksBeforeExcerpts(t *testing.T) {
	var wants []string
	got := logBuild(t, func(b *strings.Builder, _ int, n string) {
		fmt.Fprintf(b, "g++ -std=c++17 -Wall -c -o src/%s.o src/%s.cpp\n", n, n)
		fmt.Fprintf(b, "src/%s.cpp: In function ‘int %s_size(const std::vector<int>&)’:\n", n, n)
		fmt.Fprintf(b, "src/%s.cpp:6:31: error: conversion from ‘std::vector<int>::size_type’ to non-scalar type ‘std::string’ requested\n", n)
		b.WriteString("    6 |         std::string s = v.size();\n      |                         ~~~~~~^~\n")
		fmt.Fprintf(b, "src/%s.cpp:10:24: error: ‘%s_total’ was not declared in this scope\n", n, n)
		fmt.Fprintf(b, "   10 |         return total + %s_total(v);\n      |                        ^~~~~~~~~\n", n)
		fmt.Fprintf(b, "make: *** [Makefile:5: src/%s.o] Error 1\n", n)
		wants = append(wants, fmt.Sprintf("src/%s.cpp:10:24: error: ‘%s_total’ was not declared", n, n))
	}, "", 1500)
	logWants(t, got, wants...)
}

// An error said word for word about file after file (a typo in a macro
// every file uses) shows its line for each file, but the code under it
// only once: the first warning of each kind ranks before the code under
// the error's repeats.
func TestLogSaidErrorExcerptsRankAfterWarnings(t *testing.T) {
	warning := "src/lima.c:12:9: warning: unused variable ‘spare’ [-Wunused-variable]"
	wants := []string{warning}
	got := logBuild(t, func(b *strings.Builder, _ int, n string) {
		fmt.Fprintf(b, "gcc -O2 -Wall -c -o src/%s.o src/%s.c\n", n, n)
		fmt.Fprintf(b, "src/%s.c: In function ‘%s_run’:\n", n, n)
		fmt.Fprintf(b, "src/%s.c:8:16: error: ‘totl’ undeclared (first use in this function); did you mean ‘total’?\n", n)
		b.WriteString("    8 |         return totl + base;\n      |                ^~~~\n      |                total\n")
		fmt.Fprintf(b, "make: *** [Makefile:9: src/%s.o] Error 1\n", n)
		wants = append(wants, fmt.Sprintf("src/%s.c:8:16: error: ‘totl’ undeclared", n))
	}, warning+"\n   12 |     int spare;\n      |         ^~~~~\n", 900)
	logWants(t, got, wants...)
}

// logBuild returns the view at budget of a build log of a part for each of
// a dozen files, which part writes, and end after them.
func logBuild(t *testing.T, part func(b *strings.Builder, i int, name string), end string, budget int) string {
	t.Helper()
	var b strings.Builder
	names := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima"}
	for i, n := range names {
		part(&b, i, n)
	}
	b.WriteString(end)
	return string(body(t, shape.Log, []byte(b.String()), budget))
}

// logWants reports each of wants that got lacks.
func logWants(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("the view lacks %q:\n%s", w, got)
		}
	}
}

// A log whose every line starts with the date and time (a CI runner's,
// a container's) is read by what follows the stamp: a failing test's
// message printed before its --- FAIL line stays with it.
func TestLogStampedLinesReadAsPrinted(t *testing.T) {
	var b strings.Builder
	n := 0
	stamp := func(line string) {
		n++
		fmt.Fprintf(&b, "2026-11-27T03:%02d:%02d.%07dZ %s\n", n/60%60, n%60, n*1234567%10000000, line)
	}
	for i := range 150 {
		stamp(fmt.Sprintf("=== RUN   TestParse%03d", i))
		stamp(fmt.Sprintf("    parse_test.go:9: parsed case %d", i))
		stamp(fmt.Sprintf("--- PASS: TestParse%03d (0.00s)", i))
	}
	stamp("=== RUN   TestClampLow")
	stamp("    clamp_test.go:13: Clamp(-2,0,3) = 0, want -2")
	stamp("--- FAIL: TestClampLow (0.00s)")
	for i := range 150 {
		stamp(fmt.Sprintf("=== RUN   TestFormat%03d", i))
		stamp(fmt.Sprintf("--- PASS: TestFormat%03d (0.00s)", i))
	}
	stamp("FAIL")
	stamp("FAIL\texample.com/clamp\t0.131s")
	got := string(body(t, shape.Log, []byte(b.String()), 300))
	logWants(t, got, "Z --- FAIL: TestClampLow (0.00s)\n", "Z     clamp_test.go:13: Clamp(-2,0,3) = 0, want -2\n",
		"Z FAIL\texample.com/clamp\t0.131s\n")
}

func TestLogStampLen(t *testing.T) {
	for _, c := range []struct {
		line string
		want int
	}{
		{"2026-11-27T03:00:01.1234567Z --- FAIL: TestX (0.00s)", 29},
		{"2026-11-27 03:00:01,123 ERROR loader: bad port", 24},
		{"2026-11-27T03:00:01+00:00 panic: boom", 26},
		{"2026-11-27T03:00:01+0000\tok", 25},
		{"2026-11-27T03:00:01Z ", 21},
		{"2026-11-27T03:00:01Z", 0},     // nothing printed after it
		{"2026-11-27 build started", 0}, // a date without a time
		{"03:00:01 build started", 9},   // a time without a date
		{"03:00:01.250 ERROR x", 13},
		{"2026/11/27 03:00:01 setup: no fixture", 20}, // Go's log package
		{"2026/11/27 03:00:01.123456 x", 27},
		{"2026/11/27T03:00:01 x", 0},
		{"3:00:01 x", 0},
		{"03:00 x", 0},
		{"12:34:56:78 x", 0},
		{"2026-11-27T03:00:01.Z x", 0},    // no digit after the point
		{"2026-11-27T03:00:01+00:0 x", 0}, // a short offset
		{"20261127T030001Z x", 0},
		{"", 0},
	} {
		if got := logStampLen([]byte(c.line)); got != c.want {
			t.Errorf("logStampLen(%q) = %d, want %d", c.line, got, c.want)
		}
	}
}

// ctest --output-on-failure prints a failing test's output after its
// line, up to a blank line; the output's first line ranks with the test,
// whether or not ctest pads the test's number.
func TestLogCtestOutputStaysWithItsTest(t *testing.T) {
	var b strings.Builder
	var wants []string
	b.WriteString("Test project /tmp/ctst/build\n")
	for i := 1; i <= 120; i++ {
		fmt.Fprintf(&b, "        Start %3d: check_%d\n", i, i)
		status := "   Passed    0.00 sec"
		if i%5 == 0 {
			status = "***Failed    0.01 sec"
		}
		fmt.Fprintf(&b, "%3d/120 Test %*s#%d: check_%d .........%s\n", i, 3-len(fmt.Sprint(i)), "", i, i, status)
		if i%5 == 0 {
			msg := fmt.Sprintf("check %d: expected %d, got %d", i, i*i, i*i+1)
			fmt.Fprintf(&b, "%s\nchecking %d\n\n", msg, i)
			wants = append(wants, fmt.Sprintf("Test %*s#%d: check_%d ...", 3-len(fmt.Sprint(i)), "", i, i), msg)
		}
	}
	b.WriteString("\n80% tests passed, 24 tests failed out of 120\n")
	got := string(body(t, shape.Log, []byte(b.String()), 2000))
	logWants(t, got, wants...)
}

func TestLogCtestLine(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"Start  16: check_16", true},
		{"Start 116: check_116", true},
		{"15/160 Test  #15: check_15 ......***Failed    0.01 sec", true},
		{"100/160 Test #100: check_100 ....   Passed    0.00 sec", true},
		{"Start the engine: now", false},
		{"Test #3 passed in 0.2 sec", false},
		{"Start 3 workers", false},
	} {
		if got := logCtestLine([]byte(c.line)); got != c.want {
			t.Errorf("logCtestLine(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

// go test indents a message's empty lines like its other lines: the
// lines after one are still the failing test's.
func TestLogGoTestMessageGoesOnPastEmptyLine(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		fmt.Fprintf(&b, "loading fixture %c%c.json\n", 'a'+i%26, 'a'+i/26)
	}
	b.WriteString("--- FAIL: TestRender (0.00s)\n    render_test.go:31: page differs:\n        \n" +
		"        want <h1>Title</h1>\n        got  <h1>title</h1>\nFAIL\nFAIL\texample.com/app/render\t0.012s\n")
	for i := range 200 {
		fmt.Fprintf(&b, "cleaning fixture %c%c.json\n", 'a'+i%26, 'a'+i/26)
	}
	got := string(body(t, shape.Log, []byte(b.String()), 300))
	logWants(t, got, "    render_test.go:31: page differs:\n        \n        want <h1>Title</h1>\n        got  <h1>title</h1>\n")
}

// A failing test that reports many cases, each message several lines
// long, keeps the first lines of the messages after the first too, with
// or without -v, though their other lines are past the budget.
func TestLogGoTestKeepsEachMessageHead(t *testing.T) {
	for _, verbose := range []bool{true, false} {
		var b strings.Builder
		if verbose {
			b.WriteString("=== RUN   TestSpec\n")
		} else {
			b.WriteString("--- FAIL: TestSpec (0.01s)\n")
		}
		var wants []string
		for c := 300; c < 360; c += 3 {
			head := fmt.Sprintf("    spec_test.go:227: case %d: rendered wrong", c)
			// go test indents a message's empty lines too.
			fmt.Fprintf(&b, "%s\n        Markdown:\n        -----------\n        **foo bar %d**\n        \n", head, c)
			fmt.Fprintf(&b, "        Expected:\n        <p><strong>foo bar %d</strong></p>\n", c)
			fmt.Fprintf(&b, "        Actual:\n        <p><b>foo bar %d</b></p>\n        \n", c)
			fmt.Fprintf(&b, "        Diff:\n        - | <p><strong>foo bar %d</strong></p>\n        + | <p><b>foo bar %d</b></p>\n", c, c)
			if c > 300 && c <= 324 {
				wants = append(wants, head+"\n")
			}
		}
		if verbose {
			b.WriteString("--- FAIL: TestSpec (0.01s)\n")
		}
		b.WriteString("FAIL\nFAIL\texample.com/spec\t0.015s\nFAIL\n")
		got := string(body(t, shape.Log, []byte(b.String()), 500))
		logWants(t, got, wants...)
	}
}

// In a build that goes on after errors (make -k), make's line for each
// target it could not build names a target no line named before, though
// the targets differ only in their numbers: it ranks before the code under
// the compiler's errors, which repeats word for word.
// GNU make run as gmake, as the Makefiles cmake generates call it, says so
// in the same words.
func TestLogMakeTargetLineRanksBeforeExcerpts(t *testing.T) {
	for _, make := range []string{"make", "gmake[2]"} {
		t.Run(make, func(t *testing.T) {
			var wants []string
			got := logBuild(t, func(b *strings.Builder, i int, _ string) {
				n := fmt.Sprintf("part%02d", i+1)
				fmt.Fprintf(b, "gcc -O2 -Wall -c -o src/%s.o src/%s.c\n", n, n)
				fmt.Fprintf(b, "src/%s.c: In function ‘%s’:\n", n, n)
				fmt.Fprintf(b, "src/%s.c:8:16: error: ‘totl’ undeclared (first use in this function); did you mean ‘total’?\n", n)
				b.WriteString("    8 |         return totl + base;\n      |                ^~~~\n      |                total\n")
				line := fmt.Sprintf("%s: *** [Makefile:9: src/%s.o] Error 1", make, n)
				b.WriteString(line + "\n")
				wants = append(wants, line)
			}, make+": Target 'all' not remade because of errors.\n", 1000)
			logWants(t, got, wants...)
		})
	}
}

// A warning that differs from the others of its kind only in a number it
// quotes (a version, a name with digits) is new but for the names it
// quotes: it ranks before the warnings repeated word for word.
func TestLogQuotedNumberIsANewWarning(t *testing.T) {
	var b strings.Builder
	msrv := func(since string, line int) {
		fmt.Fprintf(&b, "warning: current MSRV (Minimum Supported Rust Version) is `1.31.0` but this item is stable since `%s`\n", since)
		fmt.Fprintf(&b, "   --> src/parse.rs:%d:50\n    |\n%d |     let s = value.strip_prefix(\"v\");\n    |                   ^^^^^^^^^^^^\n\n", line, line)
	}
	for i := range 40 {
		msrv("1.53.0", 100+i*7)
	}
	msrv("1.37.0", 413)
	for i := range 20 {
		msrv("1.45.0", 500+i*7)
	}
	b.WriteString("warning: `semver` (lib) generated 61 warnings\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.91s\n")
	got := string(body(t, shape.Log, []byte(b.String()), 900))
	logWants(t, got, "is stable since `1.37.0`", "is stable since `1.45.0`")
}

// Python says "The above exception was the direct cause of the following
// exception:" in every chained traceback. Said word for word again, the
// sentence ranks as a repeat, not as a failure of its own: the budget goes
// to the exceptions, which differ.
func TestLogRepeatedChainSentenceRanksAsRepeat(t *testing.T) {
	const cause = "The above exception was the direct cause of the following exception:"
	var b strings.Builder
	for i := range 30 {
		fmt.Fprintf(&b, "%02d:00:00 ERROR worker: skipping record %d\n", i%24, i)
		b.WriteString("Traceback (most recent call last):\n  File \"worker.py\", line 13, in parse\n    return json.loads(raw)\n")
		fmt.Fprintf(&b, "json.decoder.JSONDecodeError: Expecting value: line 1 column %d\n\n%s\n\n", i+10, cause)
		b.WriteString("Traceback (most recent call last):\n  File \"worker.py\", line 24, in fetch\n    raise FeedError(msg) from e\n")
		fmt.Fprintf(&b, "FeedError: record %d: bad payload\n", i)
		for j := range 8 {
			fmt.Fprintf(&b, "%02d:00:00 INFO worker: record %d stored\n", i%24, 100*i+j)
		}
	}
	got := string(body(t, shape.Log, []byte(b.String()), 800))
	if n := strings.Count(got, cause); n > 3 {
		t.Errorf("the chain sentence shows %d times:\n%s", n, got)
	}
	logWants(t, got, cause+"\n", "FeedError: record 8: bad payload\n")
}

// gcc -fanalyzer prints a path of events under each warning, dozens of
// lines. A warning of a kind seen before, about another place, ranks its
// head after the first lines of the warnings shown whole, before their
// depths: where each problem is matters more than the path to the first.
func TestLogRepeatedWarningKindOutranksDeepPaths(t *testing.T) {
	var b strings.Builder
	var wants []string
	for i, kind := range []string{"use after ‘free’ of ‘%s’ [CWE-416] [-Wanalyzer-use-after-free]",
		"dereference of possibly-NULL ‘%s’ [CWE-690] [-Wanalyzer-possible-null-dereference]"} {
		for j, name := range []string{"buf", "node", "list", "head"} {
			w := fmt.Sprintf("pool.c:%d:%d: warning: "+kind, 10+10*i+j, 5+j, name)
			wants = append(wants, w+"\n")
			b.WriteString(w + "\n")
			for e := range 30 {
				fmt.Fprintf(&b, "    |   %2d |   step(%s, %d);\n    |      |   (%d) event %d of the path\n", e, name, e, e, e)
			}
		}
	}
	got := string(body(t, shape.Log, []byte(b.String()), 1200))
	logWants(t, got, wants...)
}

// In a build that reports many errors of the same kinds in file after file
// (go build -gcflags=-e), each file shows its next error before any shows
// the one after: the first files' repeats do not crowd out the last's.
func TestLogRepeatsRankByTheirFile(t *testing.T) {
	var wants []string
	got := logBuild(t, func(b *strings.Builder, _ int, n string) {
		for i := 1; i <= 6; i++ {
			line := fmt.Sprintf("%s/%s.go:%d:6: declared and not used: total", n, n, 5*i+1)
			fmt.Fprintf(b, "%s\n%s/%s.go:%d:27: undefined: missing%02d\n", line, n, n, 5*i+2, i)
			if i == 2 {
				wants = append(wants, line)
			}
		}
	}, "", 1100)
	logWants(t, got, wants...)
}

// In a build that goes on after errors (make -k), an error said word for
// word about file after file gives way, past the first few files, to what
// is new about each: its other error and make's line for its target.
func TestLogSaidErrorGivesWayToNewOnes(t *testing.T) {
	var wants []string
	got := logBuild(t, func(b *strings.Builder, i int, n string) {
		fmt.Fprintf(b, "g++ -std=c++17 -Wall -c -o src/%s.o src/%s.cpp\n", n, n)
		fmt.Fprintf(b, "src/%s.cpp:6:31: error: conversion from ‘std::vector<int>::size_type’ to non-scalar type ‘std::string’ requested\n", n)
		b.WriteString("    6 |         std::string s = v.size();\n      |                         ~~~~~~^~\n")
		other := fmt.Sprintf("src/%s.cpp:10:24: error: ‘%s_total’ was not declared in this scope", n, n)
		target := fmt.Sprintf("make: *** [Makefile:5: src/%s.o] Error 1", n)
		fmt.Fprintf(b, "%s\n   10 |         return total + %s_total(v);\n      |                        ^~~~~~~~~\n%s\n", other, n, target)
		if i == 5 {
			wants = append(wants, other, target)
		}
	}, "", 1000)
	logWants(t, got, wants...)
}
