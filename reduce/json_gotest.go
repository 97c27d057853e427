package reduce

import (
	"bytes"
	"cmp"
	"slices"
	"sort"
	"strings"

	"github.com/headroom-cli/headroom/elision"
)

// goTest is what the events of go test -json tell: which tests and
// packages failed. Their events are what a person debugging reads.
type goTest struct {
	events      []goEvent // one for each record; zero for a record that is not an event
	failedTests map[string]bool
	failedPkgs  map[string]bool
	// results are the tests' outcomes (pass, fail, skip), one for each
	// test of each package, in the order they end.
	results []goEvent
	// failuresNamed is whether the census names every failed test, so
	// that the folds need not name them again.
	failuresNamed bool
}

// goEvent is one event of go test -json (test2json), or of the build that
// go test -json reports since Go 1.24.
type goEvent struct {
	action, pkg, test string
	output            []byte
}

// noise is test output that says only that a test runs, or what the
// events say anyway, as the Output field writes it (escaped).
var noise = [][]byte{[]byte("=== RUN"), []byte("=== PAUSE"), []byte("=== CONT"), []byte("=== NAME"),
	[]byte(`FAIL\n`), []byte(`PASS\n`)}

// goTest returns the go test events of the stream, or nil if most records
// are not such events.
func (s *stream) goTest(cen *census) *goTest {
	if cen.key != "Action" {
		return nil
	}
	t := &goTest{events: make([]goEvent, len(s.recs)), failedTests: map[string]bool{}, failedPkgs: map[string]bool{}}
	events := 0
	var failed []string
	ended := map[string]bool{}
	for i, r := range s.recs {
		if r.text || kindAt(s.b, r.v.start) != jObject {
			continue
		}
		e := readGoEvent(s.b, r.v)
		if e.action == "" || e.pkg == "" {
			continue
		}
		events++
		t.events[i] = e
		if e.test != "" && (e.action == "pass" || e.action == "fail" || e.action == "skip") && !ended[e.pkg+"\x00"+e.test] {
			ended[e.pkg+"\x00"+e.test] = true
			t.results = append(t.results, e)
		}
		switch {
		case e.action == "fail" && e.test != "":
			if !t.failedTests[e.pkg+"\x00"+e.test] {
				failed = append(failed, e.test)
			}
			t.failedTests[e.pkg+"\x00"+e.test] = true
			t.failedPkgs[e.pkg] = true
		case e.action == "fail" || e.action == "build-fail":
			t.failedPkgs[e.pkg] = true
		}
	}
	if events*2 < len(s.recs) {
		return nil
	}
	cen.extra = failures(failed, len(t.failedPkgs))
	t.failuresNamed = len(failed) <= maxNames
	return t
}

// failures writes what failed for the census.
func failures(tests []string, pkgs int) string {
	if pkgs == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("; failed: ")
	if len(tests) > 0 {
		b.WriteString(elision.Thousands(int64(len(tests))) + " " + noun(len(tests), "test", "tests") + " in ")
	}
	b.WriteString(elision.Thousands(int64(pkgs)) + " " + noun(pkgs, "package", "packages"))
	for i, name := range tests[:min(len(tests), maxNames)] {
		if i == 0 {
			b.WriteString(" (")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(name)
	}
	if len(tests) > maxNames {
		b.WriteString(" and " + elision.Thousands(int64(len(tests)-maxNames)) + " more")
	}
	if len(tests) > 0 {
		b.WriteString(")")
	}
	return b.String()
}

// resultOrder is the order in which a view names the tests by outcome:
// failures first, as what a person debugging looks for.
var resultOrder = []string{"fail", "skip", "pass"}

// names names the tests by outcome in folds, each line the outcome, the
// package when the run has several, and the tests' names as their events
// write them (pass "Test":"Test{A,B}"): the failures first, then the
// skipped and the passed tests, as many of each as fit in limit tokens
// with the rest counted; or "" if no name fits. A test whose name holds a
// brace or a comma, which would read as a fold, is counted. The failures
// the census names already, and whose events the view keeps, are not
// named again: the head says the folds name the other tests. The tests of
// the packages past the room are counted on one line: a line for each
// would make a run of many packages name its tests in more than limit.
func (t *goTest) names(limit int, c Counter) string {
	pkgs := map[string]bool{}
	listed := 0
	for _, e := range t.results {
		pkgs[e.pkg] = true
		if e.action != "fail" || !t.failuresNamed {
			listed++
		}
	}
	which := "the "
	if listed < len(t.results) {
		which = "the other "
	}
	head := "[headroom: " + which + elision.Thousands(int64(listed)) + " tests by outcome, in folds (" + FoldLegend + "):]"
	left := limit - c.Count([]byte(head))
	var lines []string
	named, rest := 0, 0
	restGroups, restOf := 0, "" // the groups rest counts, and the last's outcome and package
	for _, action := range resultOrder {
		if action == "fail" && t.failuresNamed {
			continue
		}
		groups := map[string][]string{}
		var order []string
		for _, e := range t.results {
			if e.action != action {
				continue
			}
			if _, ok := groups[e.pkg]; !ok {
				order = append(order, e.pkg)
			}
			groups[e.pkg] = append(groups[e.pkg], e.test)
		}
		for _, pkg := range order {
			prefix := action + " "
			if len(pkgs) > 1 && !strings.ContainsAny(pkg, "{}, ") {
				prefix += pkg + " "
			}
			if left <= 0 {
				rest += len(groups[pkg])
				restGroups, restOf = restGroups+1, strings.TrimSpace(prefix)
				continue
			}
			var names []string
			for _, n := range groups[pkg] {
				if !strings.ContainsAny(n, "{},") {
					names = append(names, n)
				}
			}
			slices.SortFunc(names, compareNatural)
			fold := func(m int) []string {
				if m == 0 {
					return nil
				}
				out := newFolds(names[:m], true).lines(listFoldWide)
				for i, l := range out {
					out[i] = "  " + prefix + `"Test":"` + l[2:] + `"`
				}
				return out
			}
			cost := func(ls []string) int { return c.Count([]byte(strings.Join(ls, "\n"))) + len(ls) }
			m := sort.Search(len(names)+1, func(m int) bool { return cost(fold(m)) > left }) - 1
			if m > 0 {
				named += m
				ls := fold(m)
				left -= cost(ls)
				lines = append(lines, ls...)
			}
			if more := len(groups[pkg]) - m; more > 0 {
				l := moreTests(more, strings.TrimSpace(prefix))
				left -= c.Count([]byte(l)) + 1
				lines = append(lines, l)
			}
		}
	}
	if named == 0 {
		return ""
	}
	switch {
	case restGroups == 1:
		lines = append(lines, moreTests(rest, restOf))
	case restGroups > 1:
		lines = append(lines, "  and "+grepCount(rest, "more test", "more tests"))
	}
	return head + "\n" + strings.Join(lines, "\n")
}

// compareNatural orders test names as text but for their runs of digits,
// which it orders by value: a table's subtests read TestPad/{n=2,n=10},
// in the order they were written, and what does not fit is the last of
// them, not every name that sorts after n=6 as text. Runs that differ only
// in leading zeros (n=02, n=2) order as text, so that the order is total.
func compareNatural(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if !digit(a[i]) || !digit(b[j]) {
			if a[i] != b[j] {
				return cmp.Compare(a[i], b[j])
			}
			i, j = i+1, j+1
			continue
		}
		ei, ej := i, j
		for ei < len(a) && digit(a[ei]) {
			ei++
		}
		for ej < len(b) && digit(b[ej]) {
			ej++
		}
		x, y := strings.TrimLeft(a[i:ei], "0"), strings.TrimLeft(b[j:ej], "0")
		if c := cmp.Compare(len(x), len(y)); c != 0 {
			return c
		}
		if c := strings.Compare(x, y); c != 0 {
			return c
		}
		i, j = ei, ej
	}
	if c := cmp.Compare(len(a)-i, len(b)-j); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

func digit(c byte) bool { return '0' <= c && c <= '9' }

// moreTests is the line that counts n tests of one outcome, and one
// package, that a view does not name: "  and 12 more pass example.com/x".
func moreTests(n int, of string) string {
	return "  and " + elision.Thousands(int64(n)) + " more " + of
}

// readGoEvent reads the fields of an event that matter here.
func readGoEvent(b []byte, v seg) goEvent {
	var e goEvent
	eachMember(b, v.start, func(key, val seg) bool {
		raw := b[val.start:val.end]
		if raw[0] != '"' {
			return true
		}
		content := raw[1 : len(raw)-1]
		switch string(b[key.start+1 : key.end-1]) {
		case "Action":
			e.action = string(content)
		case "Package", "ImportPath":
			// A build names the package with its test variant:
			// "example.com/calc [example.com/calc.test]".
			pkg, _, _ := bytes.Cut(content, []byte(" ["))
			e.pkg = string(pkg)
		case "Test":
			e.test = string(content)
		case "Output":
			e.output = content
		}
		return true
	})
	return e
}

// saidRank is the rank of the first line a package's tests write beyond
// their routine lines; the next rank one lower each. A run's view
// names its tests before the lines past each package's first (see names).
const saidRank = 4

// routine is test output that only marks a test passed or skipped, which
// its pass or skip event says anyway.
var routine = [][]byte{[]byte("--- PASS: "), []byte("--- SKIP: ")}

// propose proposes the events of failed tests and packages, with the
// output of each failed test from its start, a line of each test in turn,
// and the packages' summaries; then what a passing run says beyond its
// routine lines: skipped tests and why, and what the tests wrote (a log
// line, a benchmark's result), a line of each package in turn.
func (t *goTest) propose(s *stream) {
	offsets := map[string]int{}
	said := map[string]int{}
	// The first lines the first failed tests write (an assertion's
	// message, a panic) rank with the failures: in a run of many failed
	// tests the events alone would fill the view.
	first := map[string]bool{}
	skipped := map[string]bool{}
	for _, e := range t.results {
		if e.action == "skip" {
			skipped[e.pkg+"\x00"+e.test] = true
		}
	}
	for i, r := range s.recs {
		e := t.events[i]
		if r.text {
			tier := tierDetail
			if errorLike(s.b[r.v.start:r.v.end]) {
				tier = tierFail
			}
			s.propose(r, tier, 0, true)
			continue
		}
		if e.action == "" {
			continue
		}
		who := e.pkg + "\x00" + e.test
		failed := t.failedTests[who] || (e.test == "" && t.failedPkgs[e.pkg])
		switch {
		case e.action == "fail" || e.action == "build-fail":
			s.propose(r, tierFail, 0, true)
		case failed && e.action == "output" && e.test != "" && !isNoise(e.output) && !isVerdict(e.output) &&
			offsets[who] < failLines && (first[who] || len(first) < failTests):
			first[who] = true
			offsets[who]++
			s.propose(r, tierFail, 0, true)
		case e.action == "build-output" || (failed && e.action == "output"):
			rank := offsets[who]
			offsets[who]++
			if isNoise(e.output) {
				rank += 1 << 10
			}
			s.propose(r, tierDetail, rank, true)
		case failed:
			s.propose(r, tierDetail, 1<<10, false)
		case e.test == "" && (e.action == "pass" || e.action == "skip"):
			s.propose(r, tierDiffer, 1, false)
		case e.test == "" && e.action == "output" && !isNoise(e.output):
			// A package's own output: its ok or FAIL line.
			s.propose(r, tierDiffer, 2, false)
		case e.action == "skip":
			s.propose(r, tierDiffer, 3, false)
		case e.action == "output" && !isNoise(e.output) && !isRoutine(e) && skipped[who]:
			// Why a test was skipped goes with its skip.
			s.propose(r, tierDiffer, 3, false)
		case e.action == "output" && !isNoise(e.output) && !isRoutine(e):
			s.propose(r, tierDiffer, saidRank+said[e.pkg], false)
			said[e.pkg]++
		}
	}
}

// failLines is how many lines each of the first failTests failed tests
// writes first (its assertion message, a panic's first lines) rank with
// the failures.
const (
	failLines = 4
	failTests = 3
)

// isVerdict reports whether a test's output line is its --- FAIL line,
// which says what its fail event says.
func isVerdict(output []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(output, " "), []byte("--- FAIL: "))
}

func isNoise(output []byte) bool {
	for _, n := range noise {
		if bytes.HasPrefix(output, n) && (n[0] == '=' || len(output) == len(n)) {
			return true
		}
	}
	return false
}

// isRoutine reports whether a test's output line says only what its
// events say: its --- PASS or --- SKIP line, or its name alone, as a
// benchmark writes it before it runs.
func isRoutine(e goEvent) bool {
	if e.test != "" && len(e.output) == len(e.test)+2 && bytes.HasPrefix(e.output, []byte(e.test)) && bytes.HasSuffix(e.output, []byte(`\n`)) {
		return true
	}
	trimmed := bytes.TrimLeft(e.output, " ")
	for _, r := range routine {
		if bytes.HasPrefix(trimmed, r) {
			return true
		}
	}
	return false
}

// goTestSaid is the most of a view, in percent, that what a run's
// tests write past each package's first line keeps before the tests are
// named (see names).
const goTestSaid = 40
