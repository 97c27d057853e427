package elision

import (
	"strings"
	"testing"
)

// The footer and the binary line name the stored file, whose path comes
// from the store's directory: a name with a newline or an escape must not
// split the line or reach a terminal raw. Such a path is quoted as Go
// quotes a string; any other is shown as it is.
func TestMarkerPathShownSafely(t *testing.T) {
	hash := strings.Repeat("3f9a1c2b7e4d", 5) + "abcd"
	tests := []struct{ path, want string }{
		{"/work/.headroom/objects/3f/9a1c", "/work/.headroom/objects/3f/9a1c"},
		{"/tmp/with space/objects/3f/9a1c", "/tmp/with space/objects/3f/9a1c"},
		{"/tmp/we\nird]\x1b[8m/objects/3f/9a1c", `"/tmp/we\nird]\x1b[8m/objects/3f/9a1c"`},
		{"/tmp/bad\xffutf8/objects", `"/tmp/bad\xffutf8/objects"`},
	}
	for _, tt := range tests {
		v := View{Shape: "text", Hash: hash, Path: tt.path}
		for _, line := range []string{Footer(v), Binary(v, 10, ""), Binary(v, 10, "UTF-16")} {
			if strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "\n") || strings.ContainsRune(line, 0x1b) {
				t.Errorf("path %q: marker line %q", tt.path, line)
			}
			if !strings.Contains(line, "file: "+tt.want+"]\n") {
				t.Errorf("path %q: marker line %q does not show the file as %s", tt.path, line, tt.want)
			}
		}
	}
}

// A gap line names its range and nothing more: the word "elided" after
// it cost two tokens in every gap line, a quarter of one, and said what
// the brackets and the range say.
func TestGapLineNamesOnlyItsRange(t *testing.T) {
	for _, tc := range []struct {
		from, to int
		want     string
	}{{220, 232, "  [... L220-232]\n"}, {7, 7, "  [... L7]\n"}} {
		if got := GapLine(tc.from, tc.to); got != tc.want {
			t.Errorf("GapLine(%d, %d) = %q, want %q", tc.from, tc.to, got, tc.want)
		}
	}
}

// ParseGapLine reads back every range GapLine writes, and nothing else.
func TestParseGapLine(t *testing.T) {
	for _, r := range [][2]int{{1, 1}, {2, 4}, {9, 415}, {96, 1299}, {1, 1000000}} {
		line := GapLine(r[0], r[1])
		from, to, ok := ParseGapLine(line)
		if !ok || from != r[0] || to != r[1] {
			t.Errorf("ParseGapLine(%q) = %d, %d, %v", line, from, to, ok)
		}
	}
	for _, line := range []string{
		"  [... same line 249 more times: L3-251 ...]",
		"  [... L4-2]",
		"  [... L0]",
		"  [... Lx]",
		"[... L4]",
		"  [... L4 elided]",
		"  [... L10-30 elided: 2 files (+6 -10)]",
		"  [... go.sum, a lock file: L214-237 elided (+10 -10)]",
	} {
		if from, to, ok := ParseGapLine(line); ok {
			t.Errorf("ParseGapLine(%q) = %d, %d, want no gap line", line, from, to)
		}
	}
}
