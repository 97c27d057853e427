package shape

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The samples in testdata/diff-not-* are real output that a diff sniffer
// must not take for a diff, captured with:
//
//	diff-not-gotest-fail.txt     go test -v, in a module whose tests fail and
//	                             whose subtests are named "+++ stray" and "--- FAIL"
//	diff-not-gitlog-nopatch.txt  git log -5, in this repository
//	diff-not-gitlog-stat.txt     git log --stat -3, in this repository
//
// The diffs are the corpus's tune set's (testdata/corpus/diff-*.out) and the diff
// reducer's own samples (reduce/testdata/diff).

func TestSniffDiffOnRealSamples(t *testing.T) {
	diffs, err := filepath.Glob("../reduce/testdata/diff/*.diff")
	if err != nil {
		t.Fatal(err)
	}
	diffs = append(diffs, tuneCorpus(t, "diff-*.out")...)
	if len(diffs) < 8 {
		t.Fatalf("found %d diff samples, want the corpus's and the reducer's", len(diffs))
	}
	for _, path := range diffs {
		if kind, why := Sniff(diffSniffSample(t, path)); kind != Diff {
			t.Errorf("%s: sniffed as %s (%s), want diff", path, kind, why)
		}
	}
}

// Nothing else in the corpus is a diff: not test logs with --- FAIL
// lines, not grep output over diffs, not JSON.
func TestSniffDiffRejectsOtherShapes(t *testing.T) {
	others := tuneCorpus(t, "*.out")
	local, err := filepath.Glob("testdata/diff-not-*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, path := range append(others, local...) {
		if strings.HasPrefix(filepath.Base(path), "diff-") && strings.HasSuffix(path, ".out") {
			continue
		}
		n++
		if ok, why := sniffDiff(diffSniffSample(t, path)); ok {
			t.Errorf("%s: taken for a diff (%s)", path, why)
		}
	}
	if n < 3 {
		t.Fatalf("only %d samples of other shapes", n)
	}
}

// diffSniffSample returns the start of a sample, as clip gives it to Sniff.
func diffSniffSample(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b[:min(len(b), 64<<10)]
}

func TestSniffDiffCases(t *testing.T) {
	tests := []struct {
		name, sample string
		want         bool
	}{
		{"unified", "--- a/x.go\n+++ b/x.go\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n", true},
		{"unified with times", "--- old.txt\t2024-01-01 10:00:00\n+++ new.txt\t2024-01-02 10:00:00\n@@ -1 +1 @@\n-a\n+b\n", true},
		{"diff -ruN", "diff -ruN a/x b/x\n--- a/x\t2024-01-01\n+++ b/x\t2024-01-01\n@@ -1 +1 @@\n-a\n+b\n", true},
		{"git rename only", "diff --git a/x b/y\nsimilarity index 100%\nrename from x\nrename to y\n", true},
		{"combined", "diff --cc f.go\nindex 1,2..3\n--- a/f.go\n+++ b/f.go\n@@@ -1,2 -1,2 +1,3 @@@\n", true},
		{"git log -p", "commit 0123456789abcdef0123456789abcdef01234567\nAuthor: A <a@b>\nDate:   now\n\n    subject\n\ndiff --git a/x b/x\nindex 1..2 100644\n", true},
		{"quilt patch", "Description: fix\nAuthor: someone\n---\nIndex: pkg/x.c\n===================\n--- pkg.orig/x.c\n+++ pkg/x.c\n@@ -1,3 +1,3 @@\n", true},
		{"diff -rq", "Only in a: x\nFiles a/y and b/y differ\nOnly in b: z\n", true},
		{"git diff --color=always", "\x1b[1mdiff --git a/x b/x\x1b[m\n\x1b[1mindex 1..2 100644\x1b[m\n\x1b[1m--- a/x\x1b[m\n\x1b[1m+++ b/x\x1b[m\n\x1b[36m@@ -1 +1 @@\x1b[m\n\x1b[31m-a\x1b[m\n\x1b[32m+b\x1b[m\n", true},
		{"git log -p --color=always", "\x1b[33mcommit 0123456789abcdef0123456789abcdef01234567\x1b[m\nAuthor: A <a@b>\nDate:   now\n\n    subject\n\n\x1b[1mdiff --git a/x b/x\x1b[m\n\x1b[1mindex 1..2 100644\x1b[m\n", true},
		{"git log --graph -p", "* commit 0123456789abcdef0123456789abcdef01234567\n| Author: A <a@b>\n| \n|     subject\n| \n| diff --git a/x b/x\n| index 1..2 100644\n| --- a/x\n| +++ b/x\n| @@ -1 +1 @@\n| -a\n| +b\n", true},
		{"bullets", "* commit to the plan\n| a table\n| diff --git a/x b/x\n", false},
		{"normal", "3c3\n< old\n---\n> new\n5,7d4\n< a\n< b\n< c\n", true},
		{"normal without newlines at the end", "1c1\n< a\n\\ No newline at end of file\n---\n> b\n\\ No newline at end of file\n", true},
		{"normal add", "0a1,2\n> first\n>\n", true},
		{"diff -r normal", "Only in a: x\ndiff -r a/y b/y\n2d1\n< gone\n", true},
		{"context", "*** a/x\t2024-01-01\n--- b/x\t2024-01-01\n***************\n*** 1,3 ****\n  a\n! b\n  c\n--- 1,3 ----\n  a\n! B\n  c\n", true},
		{"diff -r -c", "diff -r -c a/y b/y\n*** a/y\t2024-01-01\n--- b/y\t2024-01-01\n***************\n", true},
		{"normal counts short", "3,4c3\n< old\n---\n> new\n", false},
		{"normal command alone", "1a2\nsome text\n", false},
		{"normal late in a log", "building\nlinking\ntesting\n3c3\n< old\n---\n> new\n", false},
		{"stars without header", "***************\n*** warning ***\n", false},
		{"go test fail", "=== RUN   TestX\n--- FAIL: TestX (0.00s)\n+++ stray\nFAIL\n", false},
		{"header without hunk", "--- a/x\n+++ b/x\nnot a hunk\n", false},
		{"stray plus", "+++\ntitle = \"post\"\n+++\nbody\n", false},
		{"diff --git alone", "diff --git a/x b/x\nsome text\n", false},
		{"git log without patches", "commit 0123456789abcdef0123456789abcdef01234567\nAuthor: A <a@b>\nDate:   now\n\n    subject\n", false},
		{"diff late in a log", strings.Repeat("building step\n", 80) + "--- a/x\n+++ b/x\n@@ -1 +1 @@\n", false},
		{"git diff --stat -p of many files", strings.Repeat(" cmd/root.go | 12 +++---\n", 80) + " 80 files changed, 960 insertions(+), 240 deletions(-)\n\ndiff --git a/cmd/root.go b/cmd/root.go\nindex 1..2 100644\n--- a/cmd/root.go\n+++ b/cmd/root.go\n@@ -1 +1 @@\n", true},
		{"git diff --stat alone", strings.Repeat(" cmd/root.go | 12 +++---\n", 80) + " 80 files changed, 960 insertions(+), 240 deletions(-)\n", false},
	}
	for _, tt := range tests {
		if got, why := sniffDiff([]byte(tt.sample)); got != tt.want {
			t.Errorf("%s: sniffDiff = %v (%s), want %v", tt.name, got, why, tt.want)
		}
	}
}
