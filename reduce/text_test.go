package reduce

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/shape"
)

func TestTextGolden(t *testing.T) {
	in, err := os.ReadFile("../testdata/sample/go-doc-strings.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int{300, 1500} {
		got := body(t, shape.Text, in, budget)
		if n := counter().Count(got); n > budget {
			t.Errorf("budget %d: %d tokens", budget, n)
		}
		checkGolden(t, fmt.Sprintf("text-go-doc-strings-%d", budget), got)
	}
}

// A text's structure shows before the rest of its head and tail: of go
// doc's listing of a package, the declarations that start its paragraphs.
func TestTextShowsParagraphStarts(t *testing.T) {
	in, err := os.ReadFile("../testdata/sample/go-doc-strings.txt")
	if err != nil {
		t.Fatal(err)
	}
	got := body(t, shape.Text, in, 300)
	if n := bytes.Count(got, []byte("\nfunc ")); n < 4 {
		t.Errorf("the view shows %d declarations, want 4 or more:\n%s", n, got)
	}
}

// TestTextBeatsHeadTail checks that on every text sample over the budget
// the view keeps at least as many needles as a cut of head and tail.
func TestTextBeatsHeadTail(t *testing.T) { beatsHeadTail(t, "text-", shape.Text) }

// In a long paragraph, a line that heads lines indented under it shows
// the paragraph's structure: of objdump -x, every row of the table of
// sections, each over its line of flags, is kept.
func TestTextHeadsOfIndentedLines(t *testing.T) {
	textKeepsAll(t, filepath.Join(corpusDir, "text-objdump-x-git.out"), `(?m)^ +[0-9]+ \.[a-z_.]+ .*$`, 20, 2000)
}

// textKeepsAll checks that the text view of the file at path within budget
// keeps every line the pattern matches, of which there are at least
// atLeast.
func textKeepsAll(t *testing.T, path, pattern string, atLeast, budget int) {
	t.Helper()
	in := readFile(t, path)
	want := regexp.MustCompile(pattern).FindAll(in, -1)
	if len(want) < atLeast {
		t.Fatalf("%d lines match: the sample no longer tests what it should", len(want))
	}
	got := body(t, shape.Text, in, budget)
	for _, w := range want {
		if !bytes.Contains(got, w) {
			t.Errorf("%q is not kept", w)
		}
	}
}

// Records printed one after another with no blank line between them
// start where the first line's first word comes back: of stat's records,
// every File: line is kept before the rest of head and tail. The sample is
// stat of the Go tree's sort package.
func TestTextRunOnRecords(t *testing.T) {
	textKeepsAll(t, filepath.Join("testdata", "text", "stat-go-sort.txt"), `(?m)^  File: .*$`, 12, 1000)
}

// Of records whose fields come one a line, a field whose value changes
// from its last (a commit's summary in git blame --porcelain, among the
// same author and file again and again) tells the records apart: half the
// summaries or more are kept, where the numbered lines heading each line
// of code took the room. The sample is git blame --porcelain -L 1,250 of
// reduce/text.go at 94aecb6.
func TestTextChangedFields(t *testing.T) {
	textKeepsShare(t, "blame-porcelain-text.txt", `(?m)^summary .*$`, 10, 800, 2)
}

// The records found again in a paragraph rank after the paragraph's
// first line, as the lines of a record's body do: of a Debian changelog,
// the items of each version's list do not crowd out the versions' lines.
// The sample is the head of coreutils' changelog.Debian.
func TestTextRecordsInAParagraph(t *testing.T) {
	textKeepsShare(t, "changelog-debian-coreutils.txt", `(?m)^coreutils \(.*; urgency=.*$`, 30, 800, 4)
}

// A record that starts with no blank line before it, as the text's first
// line did, starts a record of its own: of git log --numstat with a
// commit's line for its header, a quarter of the commits' lines or more
// are kept (a twelfth before), not only the first of each list of files
// after a blank line. The sample is git log --numstat --format='commit %h
// %s' -60 2b831ce of this repository.
func TestTextRecordsAfterTheirBodies(t *testing.T) {
	textKeepsShare(t, "git-log-numstat.txt", `(?m)^commit .*$`, 50, 800, 4)
}

// Of lines that head lines indented under them, those at the margin rank
// first: of apt-cache policy's records, each package's line over its
// fields is kept before the version line indented under "Version table:"
// over its sources, which took half the room: twice as many packages as
// before.
func TestTextHeadsAtTheMarginFirst(t *testing.T) {
	var b strings.Builder
	const n = 120
	for i := range n {
		fmt.Fprintf(&b, "libpkg%d-dev:\n  Installed: 2.%d-1\n  Candidate: 2.%d-1\n  Version table:\n", i, i, i)
		fmt.Fprintf(&b, " *** 2.%d-1 500\n        500 file:/srv/mirror stable/main amd64 Packages\n        100 /var/lib/dpkg/status\n", i)
	}
	got := body(t, shape.Text, []byte(b.String()), 600)
	kept := len(regexp.MustCompile(`(?m)^libpkg[0-9]+-dev:$`).FindAll(got, -1))
	versions := len(regexp.MustCompile(`(?m)^ \*\*\* `).FindAll(got, -1))
	if kept < n/4 || kept <= 2*versions {
		t.Errorf("%d of %d packages and %d version lines kept, want a quarter of the packages or more, over twice the versions:\n%s", kept, n, versions, got)
	}
}

// The line under a rule that starts a paragraph is a banner's title: of a
// configuration file in sections, each under its banner, over paragraphs
// of settings, a quarter of the titles or more are kept (a thirteenth
// before), where the rules and the settings took the room.
func TestTextBannerTitles(t *testing.T) {
	var b strings.Builder
	const n = 40
	for i := range n {
		fmt.Fprintf(&b, "#%s\n# SECTION %c%c SETTINGS\n#%[1]s\n\n", strings.Repeat("-", 70), 'A'+i/26, 'A'+i%26)
		for j := range 3 {
			fmt.Fprintf(&b, "#option_%d_%d = on\t\t# what it does\n#option_%d_%d_max = 8\n\n", i, j, i, j)
		}
	}
	got := body(t, shape.Text, []byte(b.String()), 700)
	kept := len(regexp.MustCompile(`(?m)^# SECTION [A-Z]+ SETTINGS$`).FindAll(got, -1))
	if kept < n/4 {
		t.Errorf("%d of %d titles kept, want a quarter or more:\n%s", kept, n, got)
	}
}

// A field at the margin whose value goes on in prose indented under it
// ranks with a record's first fields: of dpkg -s, most packages'
// descriptions are kept (one of twelve before), not only the fields at
// the top of each record. The sample is dpkg -s of twelve of Debian's
// essential packages.
func TestTextFieldsOverProse(t *testing.T) {
	textKeepsShare(t, "dpkg-s-essential.txt", `(?m)^Description: .*$`, 12, 700, 2)
}

// textKeepsShare checks that the view at budget of the sample name in
// testdata/text keeps a part, one in part or more, of the lines that match
// pattern, of which there are at least atLeast.
func textKeepsShare(t *testing.T, name, pattern string, atLeast, budget, part int) {
	t.Helper()
	in := readFile(t, filepath.Join("testdata", "text", name))
	want := regexp.MustCompile(pattern).FindAll(in, -1)
	if len(want) < atLeast {
		t.Fatalf("%d lines match: the sample no longer tests what it should", len(want))
	}
	got := body(t, shape.Text, in, budget)
	kept := 0
	for _, w := range want {
		if bytes.Contains(got, w) {
			kept++
		}
	}
	if kept < len(want)/part {
		t.Errorf("%d of %d lines that match kept, want one in %d or more:\n%s", kept, len(want), part, got)
	}
}

// A paragraph of one line that another paragraph of its record follows
// heads it: of a license, every numbered section's title is kept before
// the first lines of the paragraphs under them. The sample is the LGPL 3
// as Debian installs it.
func TestTextHeadings(t *testing.T) {
	textKeepsAll(t, filepath.Join("testdata", "text", "lgpl-3.txt"), `(?m)^  [0-9]\. .*$`, 6, 600)
}

// When most lines rank alike (keys sorted under one section, each
// differing from the one before in its name), the ones a budget shows
// come in short runs, not one by one, each between two gap lines that
// cost as much as the line: of sysctl's user and vm keys, the view has
// far fewer gap lines than kept lines. The sample is sysctl user vm.
func TestTextDenseRanksInRuns(t *testing.T) {
	in := readFile(t, filepath.Join("testdata", "text", "sysctl-user-vm.txt"))
	got := body(t, shape.Text, in, 450)
	gaps := len(regexp.MustCompile(`(?m)^  \[\.\.\. `).FindAll(got, -1))
	kept := bytes.Count(got, []byte("\n")) - gaps
	if gaps == 0 || kept > bytes.Count(in, []byte("\n"))*9/10 {
		t.Fatalf("%d gaps, %d lines kept: the sample no longer tests what it should", gaps, kept)
	}
	if gaps*4 > kept {
		t.Errorf("%d gap lines for %d kept lines, want a quarter or fewer:\n%s", gaps, kept, got)
	}
}

func TestTextKeepsErrorsFromTheMiddle(t *testing.T) {
	var in strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&in, "step %d done\n", i)
		if i == 1500 {
			in.WriteString("fatal: could not lock config file .git/config: File exists\n")
		}
	}
	got := body(t, shape.Text, []byte(in.String()), 400)
	if !bytes.Contains(got, []byte("fatal: could not lock config file")) {
		t.Errorf("the error line from the middle is gone:\n%s", got)
	}
	if !bytes.Contains(got, []byte("step 0 done\n")) || !bytes.Contains(got, []byte("step 2999 done\n")) {
		t.Errorf("head or tail missing:\n%s", got)
	}
}

// A sentence that speaks of errors (a commit's subject in git shortlog, a
// manual's prose) is no error report: it is not kept from the middle as
// one, while a tool's error lines are, with a marker or with the error
// word after the tool's name.
func TestTextErrorWordsInSentences(t *testing.T) {
	var in strings.Builder
	in.WriteString("Seed maintainers (3000):\n")
	for i := range 3000 {
		switch {
		case i == 1500:
			in.WriteString("error: pathspec 'x' did not match any file(s) known to git\n")
		case i == 2200:
			in.WriteString("rm: cannot remove 'build/out': Permission denied\n")
		case i%100 == 50:
			fmt.Fprintf(&in, "      clip: a panic in the reducer %d passes the input through, and the test fails no more\n", i)
		default:
			fmt.Fprintf(&in, "      reduce: step %d of the plan\n", i)
		}
	}
	got := body(t, shape.Text, []byte(in.String()), 400)
	for _, want := range []string{"error: pathspec 'x'", "rm: cannot remove"} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("the error line %q from the middle is gone:\n%s", want, got)
		}
	}
	if bytes.Contains(got, []byte("a panic in the reducer 1")) {
		t.Errorf("a subject from the middle is kept as an error:\n%s", got)
	}
}

// A line reports an error when an error word marks it, starts it, or
// starts what follows a colon, as tools print their errors; an error word
// inside a sentence does not.
func TestTextError(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"fatal: not a git repository (or any of the parent directories): .git", true},
		{"rm: cannot remove 'build/out': Permission denied", true},
		{"Cannot find module 'express'", true},
		{"abort: no repository found in '/tmp' (.hg not found)!", true},
		{"undefined: strings.Cut", true},
		{"make: *** [Makefile:12: all] Error 2", true},
		{"      clip: a panic in the sniffer passes the input through", false},
		{"      elision: the ledger's lock test fails, not skips", false},
		{"reduce: an error word counts where it starts a word", false},
	} {
		if got := textError([]byte(tc.line)); got != tc.want {
			t.Errorf("textError(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

func TestTextCollapsesIdenticalLines(t *testing.T) {
	in := "start\n" + strings.Repeat("retrying connection\n", 250) + "end\n"
	got := string(body(t, shape.Text, []byte(in), 200))
	want := "start\nretrying connection\n  [... same line 249 more times: L3-251 ...]\nend\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestTextCutsLongLines(t *testing.T) {
	long := strings.Repeat("abcdefghij", 500) // 5,000 bytes
	in := "before\n" + long + "\nafter\n"
	got := string(body(t, shape.Text, []byte(in), 400))
	want := "before\n" + long[:longKeep] + " [... 4,600 bytes cut]\nafter\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A cut never splits a UTF-8 character.
func TestCutOnRuneBoundary(t *testing.T) {
	text := []byte(strings.Repeat("é", 300)) // 2 bytes each
	p := Cut(Line{N: 1, Text: text, Len: int64(len(text))}, 401, 0)
	if len(p.Text) != 400 || p.After != 200 {
		t.Errorf("kept %d bytes, cut %d; want 400 and 200", len(p.Text), p.After)
	}
}

func TestSplitter(t *testing.T) {
	var got []string
	r := recorder{add: func(l Line) { got = append(got, fmt.Sprintf("%d:%q:%d", l.N, l.Text, l.Len)) }}
	s := NewSplitter(r)
	for _, chunk := range []string{"on", "e\ntwo\r\n", "\nlast"} {
		s.Write([]byte(chunk))
	}
	if n := s.Close(); n != 4 {
		t.Errorf("Close = %d lines, want 4", n)
	}
	want := []string{`1:"one":3`, `2:"two\r":4`, `3:"":0`, `4:"last":4`}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("lines %v, want %v", got, want)
	}
}

// Lines longer than MaxLine reach reducers cut, with their whole length.
func TestSplitterLongLine(t *testing.T) {
	var got Line
	s := NewSplitter(recorder{add: func(l Line) { got = Line{N: l.N, Text: bytes.Clone(l.Text), Len: l.Len} }})
	s.Write(bytes.Repeat([]byte("x"), MaxLine*3))
	s.Close()
	if len(got.Text) != MaxLine || got.Len != MaxLine*3 {
		t.Errorf("got %d bytes of a %d-byte line", len(got.Text), got.Len)
	}
}

type recorder struct{ add func(Line) }

func (r recorder) Add(l Line)                       { r.add(l) }
func (r recorder) Pieces(int, int, Counter) []Piece { return nil }

// FuzzText checks that any input reduces without panic to a view within
// the budget, with fewer tokens than an input over it, and the same every
// time. Seeds are the tune set's text samples and go doc's listing.
func FuzzText(f *testing.F) {
	for _, p := range append(corpus(f, "text-"), "../testdata/sample/go-doc-strings.txt") {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[:min(len(b), 8<<10)], 150)
	}
	f.Add([]byte("a.b = 1\na.c = 2\n\n  x\n  y\n\ncommit 1\n\n    s\n"), 100)
	f.Fuzz(func(t *testing.T, input []byte, budget int) {
		checkFuzzView(t, shape.Text, input, 100+int(uint(budget)%2000))
	})
}

// An error word counts where it starts a word or a camel-case hump, not
// inside another word.
func TestErrorLike(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"error: cannot find package", true},
		{"TypeError: x is not a function", true},
		{"java.lang.NullPointerException", true},
		{"FAILED tests/test_x.py::test_y", true},
		{"ERR_FAILED_PRECONDITION", true},
		{"--- FAIL: TestX (0.00s)", true},
		{`	HAVE_HSTRERROR = "1"`, false},
		{"gcc -Werror=implicit-function-declaration -c x.c", false},
		{"#include <strerror.h>", false},
		{"", false},
	} {
		if got := errorLike([]byte(tc.line)); got != tc.want {
			t.Errorf("errorLike(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// The rows a side-by-side diff (diff -y) marks as changed rank with
// error-looking lines: a view of two files that differ in a few places
// shows those places, with tabs or with spaces (-t) for padding. The
// samples are diff -y and diff -y -t -W 140 of cobra.go in cobra v1.8.1
// and v1.10.2, from the module cache.
func TestTextSideBySideChanges(t *testing.T) {
	for _, name := range []string{"diff-y-cobra.txt", "diff-y-t-cobra.txt"} {
		in := readFile(t, filepath.Join("testdata", "text", name))
		changed := regexp.MustCompile(`(?m)^.*[ \t][|<>](\t|  |$).*$`).FindAll(in, -1)
		if len(changed) < 8 {
			t.Fatalf("%s: %d changed rows: the sample no longer tests what it should", name, len(changed))
		}
		got := body(t, shape.Text, in, 800)
		for _, r := range changed {
			if !bytes.Contains(got, r) {
				t.Errorf("%s: changed row %q is not kept", name, r)
			}
		}
	}
}

// Of a side-by-side diff with more changed rows than the budget shows,
// the first row of every block of them is kept, wherever it is, before
// the rest of any block. The sample is diff -y -W 160 of semver.go in
// golang.org/x/mod v0.21.0 and v0.41.0, from the module cache.
func TestTextSideBySideBlocks(t *testing.T) {
	in := readFile(t, filepath.Join("testdata", "text", "diff-y-semver.txt"))
	lines := bytes.Split(in, []byte("\n"))
	var starts [][]byte
	changed := 0
	for i, l := range lines {
		if !shape.SideBySideRow(l) {
			continue
		}
		changed++
		if i == 0 || !shape.SideBySideRow(lines[i-1]) {
			starts = append(starts, l)
		}
	}
	if len(starts) < 5 || changed < 4*len(starts) {
		t.Fatalf("%d blocks of %d changed rows: the sample no longer tests what it should", len(starts), changed)
	}
	got := body(t, shape.Text, in, 600)
	for _, s := range starts {
		if !bytes.Contains(got, s) {
			t.Errorf("first changed row %q is not kept", s)
		}
	}
}

// The last line of a paragraph of a record's body that lists keys (git
// log --stat's files, ranked by where their paths part) ranks with the
// best of them: of the commits' summaries ("3 files changed, ..."), half
// or more are kept, not crowded out by the files they sum up. The sample
// is git log --stat -30 2b831ce of this repository.
func TestTextSummaryOfAList(t *testing.T) {
	textKeepsShare(t, "git-log-stat.txt", `(?m)^ [0-9]+ files? changed.*$`, 20, 1500, 2)
}

// A record that starts again inside a paragraph ends it, as a blank line
// would: of git log --stat with a commit's header of one line, whose
// files run on into the next commit's header, the summaries that close
// each list of files are kept as they are with blank lines between.
// The sample is git log --stat --format='%h %ad%n    %s' --date=short
// -30 2b831ce~40 of this repository.
func TestTextRecordEndsAParagraph(t *testing.T) {
	textKeepsShare(t, "git-log-stat-oneline-head.txt", `(?m)^ [0-9]+ files? changed.*$`, 20, 2000, 2)
}

// Once records follow one another in a paragraph, the keys of a record's
// body rank below the records' first lines: of the same git log --stat,
// whose files' paths part at their first directory from one commit to the
// next, half the commits' subjects or more are kept at a budget of 1,000
// (a quarter before), not crowded out by paths.
func TestTextRecordsOverTheirKeys(t *testing.T) {
	textKeepsShare(t, "git-log-stat-oneline-head.txt", `(?m)^    \S.*$`, 20, 1000, 2)
}

// The first field of a record's header whose value, unlike its last,
// reads as a phrase tells the records apart as their first lines do: of
// git log --format=email, half the commits' Subject: lines or more are
// kept (two before), not crowded out by the first lines of their bodies'
// paragraphs. The sample is git log --format=email -16 1c15f0a~20 of this
// repository.
func TestTextHeaderPhrases(t *testing.T) {
	textKeepsShare(t, "git-log-email.txt", `(?m)^Subject: .*$`, 12, 1000, 2)
}

// A field the same as it last was ranks below one that differs: of
// apt-cache show's stanzas, several versions of each package whose
// maintainer, architecture and section repeat, half the versions or more
// are kept (8 of 18 before). The sample is apt-cache show openssl
// tzdata libssl3 perl libcurl4 on Debian 12.
func TestTextRepeatedFields(t *testing.T) {
	textKeepsShare(t, "apt-cache-show-versions.txt", `(?m)^Version: .*$`, 15, 700, 2)
}

// A line that assigns a value to a name leads with the name: of records
// of name=value fields with no blank lines between them, the first field
// of each record ("subject=") tells the records apart even when its
// value's first word differs from the first record's ("CN =" there, "C ="
// in most): a third of the subjects or more are kept at a budget of 1,000
// (11 of 48 before). The sample is openssl x509 -noout -subject -issuer
// -enddate -serial over every third certificate of Debian 12's
// ca-certificates, from the first.
func TestTextRecordsOfAssignments(t *testing.T) {
	textKeepsShare(t, "openssl-x509-fields.txt", `(?m)^subject=.*$`, 40, 1000, 3)
}

// A record's first line at the margin that ends in a colon is a title
// over what follows, and ranks above the first lines of records that
// start as their bodies' lines do: of python -m dis, every function's
// "Disassembly of <code object ...>:" line is kept at a budget of 2,000,
// not crowded out by the source lines numbered 100 and more that start
// paragraphs at the margin too. The sample is python3 -m dis of
// textwrap.py (Python 3.11).
func TestTextTitlesOverRecords(t *testing.T) {
	textKeepsAll(t, filepath.Join("testdata", "text", "python-dis-textwrap.txt"), `(?m)^Disassembly of .*$`, 19, 2000)
}

// A table sorted by its first column shows where each of its groups
// starts: of sqlite3 -box's zones by region, every region's first row is
// kept, not only those of the head and the tail. The sample is sqlite3
// -box of a table of /usr/share/zoneinfo's files, 14 or fewer of each
// region, selected by region and size.
func TestTextTableGroups(t *testing.T) {
	in := readFile(t, filepath.Join("testdata", "text", "sqlite3-box-zones.txt"))
	got := body(t, shape.Text, in, 600)
	region := regexp.MustCompile(`(?m)^│ ([A-Z][a-z]+) +│`)
	want := map[string]bool{}
	for _, m := range region.FindAllSubmatch(in, -1) {
		want[string(m[1])] = true
	}
	if len(want) < 6 || bytes.Count(got, []byte("\n")) > bytes.Count(in, []byte("\n"))/2 {
		t.Fatalf("%d regions: the sample no longer tests what it should", len(want))
	}
	for _, m := range region.FindAllSubmatch(got, -1) {
		delete(want, string(m[1]))
	}
	if len(want) > 0 {
		t.Errorf("regions %v have no row in the view:\n%s", want, got)
	}
}

// A short record of fields shows whole or not at all: of sqlite3 -line's
// records, whose first field is indented as sqlite3 sets its names to the
// right, every record with its name in the view shows all its fields, and
// eight records or more show, where names and sizes showed alone. The
// sample is sqlite3 -line of every other row of a table of
// /usr/share/zoneinfo's files by region.
func TestTextRecordsOfFieldsWhole(t *testing.T) {
	in := readFile(t, filepath.Join("testdata", "text", "sqlite3-line-zones.txt"))
	got := body(t, shape.Text, in, 1000)
	records := strings.Split(strings.TrimSuffix(string(in), "\n"), "\n\n")
	if len(records) < 100 {
		t.Fatalf("%d records: the sample no longer tests what it should", len(records))
	}
	whole := 0
	for _, r := range records {
		fields := strings.Split(r, "\n")
		if len(fields) != 4 || !bytes.Contains(got, []byte("\n"+fields[2]+"\n")) {
			continue
		}
		if !bytes.Contains(got, []byte(r)) {
			t.Errorf("record %q shows in part", r)
			continue
		}
		whole++
	}
	if whole < 8 {
		t.Errorf("%d records show whole, want 8 or more:\n%s", whole, got)
	}
}

// A dump of a file's bytes has no outcome at its end, as a log has: its
// view leans to its head, the file's header, and keeps more rows of it
// than of its tail. A hex dump's repeat marks ("*", for rows like the one
// above) start no records, so the rows after them rank as the dump's other
// rows and do not crowd out its head. The samples are xxd -l 6144
// /usr/bin/true and hexdump -C of a small SQLite database.
func TestTextHexDumpHeadAndTail(t *testing.T) {
	for _, c := range []struct {
		name   string
		budget int
	}{{"xxd-true.txt", 1000}, {"hexdump-C-sqlite.txt", 800}} {
		in := readFile(t, filepath.Join("testdata", "text", c.name))
		got := body(t, shape.Text, in, c.budget)
		head, tail := viewEnds(t, got)
		if head <= tail {
			t.Errorf("%s: %d rows of the head kept, %d of the tail, want more of the head:\n%s", c.name, head, tail, got)
		}
	}
}

// Text of no kind the reducer knows is cut as a person would cut it: its
// beginning and its end alike, for nothing tells which of them matters
// more. Of getconf -a, a list of names and values with no structure, the
// view keeps about as many lines of its head as of its tail, where it
// kept half as many again of its tail.
func TestTextHeadAndTailAlike(t *testing.T) {
	in := readFile(t, filepath.Join("testdata", "text", "getconf-a.txt"))
	for _, budget := range []int{1000, 2000} {
		got := body(t, shape.Text, in, budget)
		head, tail := viewEnds(t, got)
		if head*5 < tail*4 || tail*5 < head*4 {
			t.Errorf("budget %d: %d lines of the head kept, %d of the tail, want about as many:\n%s", budget, head, tail, got)
		}
	}
}

// A hex dump's repeat mark ("*") stands for more rows like the one above
// it, and shows only with that row: of hexdump -C of a small SQLite
// database at 600 and 1,000 tokens, no mark is kept after a gap line,
// where one was at each.
func TestTextRepeatMarkWithItsRow(t *testing.T) {
	in := readFile(t, filepath.Join("testdata", "text", "hexdump-C-sqlite.txt"))
	for _, budget := range []int{600, 1000} {
		got := body(t, shape.Text, in, budget)
		if n := regexp.MustCompile(`(?m)^  \[\.\.\. .*\n\*$`).FindAll(got, -1); len(n) > 0 {
			t.Errorf("at %d tokens, %d repeat marks after a gap:\n%s", budget, len(n), got)
		}
	}
}

// viewEnds returns the number of lines of a view before its first gap and
// after its last.
func viewEnds(t *testing.T, got []byte) (head, tail int) {
	t.Helper()
	gaps := regexp.MustCompile(`(?m)^  \[\.\.\. .*\n`).FindAllIndex(got, -1)
	if len(gaps) == 0 {
		t.Fatalf("no gap: the sample no longer tests what it should")
	}
	head = bytes.Count(got[:gaps[0][0]], []byte("\n"))
	tail = bytes.Count(got[gaps[len(gaps)-1][1]:], []byte("\n"))
	return head, tail
}

// A hex dump's rows whose characters read as words, the strings of a
// binary (its symbols, its messages), are what a person can read in it:
// of xxd of /usr/bin/true, whose middle holds the names it links to, a
// quarter of those rows or more are kept at a budget of 1,000, where none
// were: the rows of the head and the tail took the room.
func TestTextHexDumpWords(t *testing.T) {
	textKeepsShare(t, "xxd-true.txt", `(?m)^[0-9a-f]{8}: .*  .*[A-Za-z]{4}.*$`, 40, 1000, 4)
}

// A row of od's dump whose characters end in a blank before its "<" is
// no row a side-by-side diff marks as changed ("<" in its gutter): of a
// dump of zeros with such a row in its middle, the row is not kept.
func TestTextOdRowIsNoDiffRow(t *testing.T) {
	var in bytes.Buffer
	for i := range 400 {
		last, chars := "00", "................"
		if i == 250 {
			last, chars = "20", "............... "
		}
		fmt.Fprintf(&in, "%06x%s %s  >%s<\n", i*16, strings.Repeat(" 00", 15), last, chars)
	}
	got := body(t, shape.Text, in.Bytes(), 600)
	if bytes.Contains(got, []byte("\n000fa0 ")) {
		t.Errorf("row 000fa0 is kept:\n%s", got)
	}
}

func TestTextHexRow(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"000000 54 5a 69 66 32 00 00 00 00 00 00 00 00 00 00 00  >TZif2...........<", true},
		{"00000190: 0000 0000 0000 0000 4272 6169 6e20 5669  ........Brain Vi", true},
		{"00000000  7f 45 4c 46 02 01 01 00  00 00 00 00 00 00 00 00  |.ELF............|", true},
		{"0000000 042524 063151 000062 000000", true},
		{"000985", false},
		{"3f9a1c2 add feed face", false},
		{"3f9a1c2 fix: a bad read", false},
		{"123456 items", false},
	} {
		if got := textHexRow([]byte(c.line)); got != c.want {
			t.Errorf("textHexRow(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

// A table ranked by a number, largest first, is read from its top: of
// cProfile's functions by cumulative time, the header and the first ten
// rows are kept, where a spread of rows from all over the table, most of
// them calls that took no time, took the room. The sample is python3 -m
// cProfile -s cumulative of a script that runs difflib.ndiff over
// textwrap.py (Python 3.11).
func TestTextTopOfARankedTable(t *testing.T) {
	in := readFile(t, filepath.Join("testdata", "text", "cprofile-difflib.txt"))
	lines := strings.Split(string(in), "\n")
	header := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "ncalls  tottime") })
	if header < 0 || len(lines) < header+100 {
		t.Fatalf("no table of 100 rows: the sample no longer tests what it should")
	}
	got := body(t, shape.Text, in, 600)
	for _, l := range lines[header : header+11] {
		if !bytes.Contains(got, []byte(l+"\n")) {
			t.Errorf("%q is not kept:\n%s", l, got)
		}
	}
}

func TestTextNumber(t *testing.T) {
	for _, c := range []struct {
		field string
		want  float64 // -1 for none
	}{
		{"0.389", 0.389},
		{"33554432", 33554432},
		{"12.5%", 12.5},
		{"-3", -3},
		{"7/1", -1},
		{"6ef3c0", -1},
		{"0x1f", -1},
		{"1.2.3", -1},
		{"-", -1},
		{"%", -1},
		{".", -1},
	} {
		got := textNumber([]byte(c.field))
		if c.want == -1 && !math.IsNaN(got) || c.want != -1 && got != c.want {
			t.Errorf("textNumber(%q) = %v, want %v (-1: none)", c.field, got, c.want)
		}
	}
}

// A line alone under the line before, set a tab stop deeper, is a note on
// it and ranks right after it: of objdump -dr's disassembly, every call
// kept shows the relocation under it that names the function called,
// where the calls showed alone, each to an address of zeros. The sample
// is objdump -dr of AuLock.o from Debian's libXau.a.
func TestTextNotesUnderTheirLines(t *testing.T) {
	in := readFile(t, filepath.Join("testdata", "text", "objdump-dr-aulock.txt"))
	got := body(t, shape.Text, in, 2000)
	lines := strings.Split(string(in), "\n")
	calls := 0
	for i, l := range lines[:len(lines)-1] {
		reloc := lines[i+1]
		if !strings.HasPrefix(reloc, "\t\t\t") || !bytes.Contains(got, []byte("\n"+l+"\n")) {
			continue
		}
		calls++
		if !bytes.Contains(got, []byte(l+"\n"+reloc+"\n")) {
			t.Errorf("%q is kept without %q under it", l, reloc)
		}
	}
	if calls < 12 {
		t.Errorf("%d lines with a relocation under them kept, want 12 or more:\n%s", calls, got)
	}
}

// A ranked table is read from its top, so the rows of it a view keeps are
// its first ones, with no row left out between two kept: of sqlite3 -box's
// zones, each region's largest first, no region's rows show with a hole,
// where the row before the one that told the table ranked was left out.
func TestTextRankedTableHasNoHoles(t *testing.T) {
	in := readFile(t, filepath.Join("testdata", "text", "sqlite3-box-zones.txt"))
	got := body(t, shape.Text, in, 1000)
	region := regexp.MustCompile(`^│ ([A-Z][a-z]+) +│`)
	place := map[string]int{} // a row's line number in the input
	for i, l := range strings.Split(string(in), "\n") {
		place[l] = i
	}
	var last string // the last row kept
	holes := 0
	for _, l := range strings.Split(string(got), "\n") {
		m := region.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if p := region.FindStringSubmatch(last); p != nil && p[1] == m[1] && place[l] != place[last]+1 {
			holes++
			t.Errorf("%q is kept after %q with rows of its region between them", l, last)
		}
		last = l
	}
	if holes > 0 {
		t.Logf("view:\n%s", got)
	}
	if bytes.Count(got, []byte("\n")) > bytes.Count(in, []byte("\n"))*9/10 {
		t.Errorf("the view keeps nearly every row: the sample no longer tests what it should")
	}
}

// A note repeated word for word under many lines tells what it tells at
// its first showing: of objdump -x, the flags under its sections show with
// the first section of each set of flags, not under every section, and
// the room goes to the versions of glibc the binary needs, where the view
// showed one set of flags 14 times and none of those versions. The sample
// is objdump -x of git.
func TestTextRepeatedNotes(t *testing.T) {
	in := readFile(t, filepath.Join(corpusDir, "text-objdump-x-git.out"))
	flags := "\n                  CONTENTS, ALLOC, LOAD, READONLY, DATA\n"
	if n := strings.Count(string(in), flags); n < 10 {
		t.Fatalf("%d sections with the same flags: the sample no longer tests what it should", n)
	}
	got := body(t, shape.Text, in, 2000)
	if n := strings.Count(string(got), flags); n > 2 {
		t.Errorf("the same flags show %d times, want 2 at most:\n%s", n, got)
	}
	if n := strings.Count(string(got), " GLIBC_"); n < 3 {
		t.Errorf("%d versions of glibc shown, want 3 or more:\n%s", n, got)
	}
}

// A table whose columns are parted by bars under a header row of names is
// a table, not a side-by-side diff, and its rows of numbers rank by the
// largest number in them: of python -X importtime, the header and the ten
// slowest imports by cumulative time are kept, where every row read as a
// diff's changed row and the view showed the first hundred. The sample is
// python3 -X importtime of asyncio, ssl, email.mime.multipart and json
// (Python 3.11).
func TestTextBarTableByItsLargest(t *testing.T) {
	in := readFile(t, filepath.Join("testdata", "text", "python-importtime.txt"))
	lines := strings.Split(strings.TrimSuffix(string(in), "\n"), "\n")
	if !strings.Contains(lines[0], "| cumulative |") || len(lines) < 150 {
		t.Fatalf("no table of 150 rows under its header: the sample no longer tests what it should")
	}
	rows := slices.Clone(lines[1:])
	cum := func(l string) int {
		n, _ := strconv.Atoi(strings.TrimSpace(strings.Split(l, "|")[1]))
		return n
	}
	slices.SortStableFunc(rows, func(a, b string) int { return cum(b) - cum(a) })
	got := body(t, shape.Text, in, 600)
	for _, l := range append([]string{lines[0]}, rows[:10]...) {
		if !bytes.Contains(got, []byte(l+"\n")) {
			t.Errorf("%q is not kept:\n%s", l, got)
		}
	}
}

// A block of a side-by-side diff's changed rows starts again where its
// mark changes: the rows one file alone has, after rows changed on both
// sides, show as the first of a block of their own, not as a long
// block's fourth, which a view of many blocks leaves out.
func TestTextSideBySideMarkStartsABlock(t *testing.T) {
	var b strings.Builder
	for i := range 30 {
		fmt.Fprintf(&b, "\tsame(%d)\t\t\t\t\t\t\t\tsame(%d)\n", i, i)
		for j := range 5 {
			fmt.Fprintf(&b, "\told(%d, %d)\t\t\t\t\t\t      |\t\tnew(%d, %d)\n", i, j, i, j)
		}
		fmt.Fprintf(&b, "\tgone(%d)\t\t\t\t\t\t      <\n", i)
		fmt.Fprintf(&b, "\tgone(%d, 1)\t\t\t\t\t\t      <\n", i)
	}
	got := body(t, shape.Text, []byte(b.String()), 1600)
	for i := range 30 {
		if !bytes.Contains(got, fmt.Appendf(nil, "\tgone(%d)\t", i)) {
			t.Errorf("the first row of block %d that only the left file has is not kept:\n%s", i, got)
			break
		}
	}
}

// The lines right over a ranked table's header say what the table covers
// and rank before its rows: of go tool pprof -top, the nodes it accounts
// for and the nodes it dropped show over the first rows, where the rows
// took their room. The sample is pprof -top of this module's shape
// benchmarks.
func TestTextLinesOverARankedTable(t *testing.T) {
	in := readFile(t, filepath.Join("testdata", "text", "pprof-top-sniff.txt"))
	lines := strings.Split(string(in), "\n")
	header := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "flat  flat%") })
	if header < 7 || len(lines) < header+50 {
		t.Fatalf("no table of 50 rows under two lines past the first five: the sample no longer tests what it should")
	}
	got := body(t, shape.Text, in, 400)
	for _, l := range lines[header-2 : header+6] {
		if !bytes.Contains(got, []byte(l+"\n")) {
			t.Errorf("%q is not kept:\n%s", l, got)
		}
	}
}

// A rule that starts a record inside a paragraph says only that one
// starts: of go tool pprof -traces, the stacks the view keeps show their
// sample and leaf frame, the line under the rule, where it kept the rules
// alone. The sample is the first stacks of pprof -traces of this module's
// shape benchmarks.
func TestTextLineUnderARecordsRule(t *testing.T) {
	in := readFile(t, filepath.Join("testdata", "text", "pprof-traces-sniff.txt"))
	lines := strings.Split(string(in), "\n")
	sample := regexp.MustCompile(`^ +[0-9.]+m?s +\S`)
	stacks := 0
	for i, l := range lines[:len(lines)-1] {
		if strings.HasPrefix(l, "-----------+") && sample.MatchString(lines[i+1]) {
			stacks++
		}
	}
	if stacks < 100 {
		t.Fatalf("%d stacks: the sample no longer tests what it should", stacks)
	}
	got := strings.Split(string(body(t, shape.Text, in, 1000)), "\n")
	kept := 0
	for _, l := range got {
		if sample.MatchString(l) {
			kept++
		}
	}
	if kept < 20 {
		t.Errorf("%d stacks' samples kept, want 20 or more:\n%s", kept, strings.Join(got, "\n"))
	}
}
