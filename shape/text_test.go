package shape

import (
	"strings"
	"testing"
)

// TestSniffLookalikes sniffs real outputs whose lines look like those of
// another shape: file(1)'s rows are path: text as grep -r prints matches
// without line numbers, and diff -y and diff -e hold source code as an
// outline does. Search output that ends up much like file's must stay
// search output.
func TestSniffLookalikes(t *testing.T) {
	for _, tc := range []struct {
		name string
		kind Kind
		why  string // what the reason holds
	}{
		{"listing-file-L-usr-bin.txt", Listing, "rows of a table"},
		{"listing-file-star.txt", Listing, "rows of a table"},
		{"listing-git-dirstat.txt", Listing, "rows of a table"},
		// git diff --stat's rows pad every path to one bar, as diff -y
		// pads its left column to the gutter: --stat-name-width and
		// --compact-summary's (gone), (new) and renames.
		{"listing-git-diff-stat-name-width.txt", Listing, "rows of a table"},
		{"listing-git-diff-compact-summary.txt", Listing, "rows of a table"},
		// The same rows under a commit's header are a record of git show.
		{"text-git-show-stat.txt", Text, "no other shape"},
		// A package named make owns a path: no log for it.
		{"listing-dpkg-S.txt", Listing, "rows of a table"},
		{"text-diff-y.txt", Text, "diff -y"},
		{"text-diff-y-t.txt", Text, "diff -y"},
		{"text-diff-e.txt", Text, "diff -e"},
		// grep -r -m1 of indented lines, one file after another.
		{"grep-r-m1-indented.txt", Grep, "search output"},
		{"grep-r-m1-tabs.txt", Grep, "search output"},
		// Matches of a word file describes files with.
		{"grep-r-file-words.txt", Grep, "search output"},
	} {
		sample := clipSample(t, "testdata/"+tc.name)
		k, why := Sniff(sample)
		if k != tc.kind || !strings.Contains(why, tc.why) {
			t.Errorf("%s: Sniff = %s (%s), want %s (%s)", tc.name, k, why, tc.kind, tc.why)
		}
		// The grep sniffer tells file's rows from matches on its own.
		if ok, why := sniffGrep(sample); ok != (tc.kind == Grep) {
			t.Errorf("%s: sniffGrep = %v (%s)", tc.name, ok, why)
		}
	}
}

// TestParseDescribed checks that file(1)'s rows are taken only at the
// column the first set, and only for a name other than the last row's.
func TestParseDescribed(t *testing.T) {
	var p ListingParser
	for _, tc := range []struct {
		line string
		row  bool
	}{
		{"/usr/bin/7z:              POSIX shell script, ASCII text executable", true},
		{"/usr/bin/X11:             symbolic link to .", true},
		{"/usr/bin/X11:             symbolic link to .", false},
		{"/usr/bin/[:               ELF 64-bit LSB pie executable, x86-64", true},
		{"/usr/bin/aclocal: Perl script text executable", false},
		{"/usr/bin/ab:              setuid ELF 64-bit LSB pie executable", true},
		{"/usr/bin/ar:              the archiver", false},
	} {
		if l := p.Parse([]byte(tc.line)); (l.Form == ListingRow) != tc.row {
			t.Errorf("%q: form %v, want a row: %v", tc.line, l.Form, tc.row)
		}
	}
}

// TestSniffEdScript checks that an ed script's commands go from the end
// of the file up, as diff -e prints them.
func TestSniffEdScript(t *testing.T) {
	for _, tc := range []struct {
		script string
		ok     bool
	}{
		{"12,14d\n5c\nnew\n.\n0a\nfirst\n.\n", true},
		{"5c\nnew\n.\n12,14d\n", false},
		{"12d\n", false},
		{"12x\n5d\n", false},
	} {
		if ok, why := sniffEdScript([]byte(tc.script)); ok != tc.ok {
			t.Errorf("%q: %v (%s), want %v", tc.script, ok, why, tc.ok)
		}
	}
}

// SideBySideRow reads one line alone: real diff -y rows, with tabs and
// with -t's spaces, and lines of other output that hold the same marks.
func TestSideBySideRow(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"b\t\t\t\t\t\t\t      |\tB", true},
		{"\t\t\t\t\t\t\t      >\td", true},
		{"c\t\t\t\t\t\t\t      <", true},
		{"\t\"syscall\"\t\t\t\t\t\t\t\t    |", true}, // changed to a blank line
		{"b                                                               |", true},
		{"a | b                                                           |", false}, // a bar before: a table's
		{"b                                                               |  B", true},
		{"foo                                                             |  4 + x", true}, // a count, then text: no --stat row
		{"                                                                >  d", true},
		{"a\t\t\t\t\t\t\t\ta", false},
		// Unchanged rows whose columns are cut after a '<', from diff -y
		// -W 110 and -t -W 50 of sort.go with itself.
		{"func (x IntSlice) Less(i, j int) bool { return x[i] <\tfunc (x IntSlice) Less(i, j int) bool { return x[i] <", false},
		{"        return uint(1 <            return uint(1 <", false},
		{"aaaaaaaaaaaaaaaaaaaaaaaaaaaa <", true},                  // a '<' row whose left column is cut: one space before the mark
		{"| name       | value   |", false},                       // a padded markdown table
		{"> quoted reply  text", false},                           // a mail's quote
		{"if a > b {\t// compare", false},                         // code
		{"x := y |\tz", false},                                    // too near the start for a gutter
		{"| col |  next", false},                                  // a table's bar, one space before
		{" reduce/text_test.go                 |  4 ++--", false}, // git --stat
		{" bench/corpus.tar.gz                 | Bin 1048378 -> 1049012 bytes", false},
	} {
		if got := SideBySideRow([]byte(tc.line)); got != tc.want {
			t.Errorf("SideBySideRow(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// TestSniffSideBySideTable checks that tables ruled into columns by bars
// are no diff -y: their second rule lines up as the first does.
func TestSniffSideBySideTable(t *testing.T) {
	for _, sample := range []string{
		"       git | 1:2.39.5-0+deb12u3 | http://deb.debian.org/debian bookworm/main amd64 Packages\n" +
			"       git | 1:2.39.5-0+deb12u2 | http://deb.debian.org/debian bookworm/main amd64 Packages\n" +
			"      curl | 7.88.1-10+deb12u14 | http://deb.debian.org/debian bookworm/main amd64 Packages\n" +
			"      curl | 7.88.1-10+deb12u12 | http://deb.debian.org/debian bookworm/main amd64 Packages\n",
		"import time: self [us] | cumulative | imported package\n" +
			"import time:       149 |        149 |   _io\n" +
			"import time:        18 |         18 |   marshal\n" +
			"import time:       226 |        226 |   posix\n",
	} {
		if ok, why := sniffSideBySide([]byte(sample)); ok {
			t.Errorf("sniffSideBySide(%.40q...) = true (%s), want false", sample, why)
		}
	}
}
