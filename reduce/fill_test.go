package reduce

import (
	"fmt"
	"strings"
	"testing"
)

// fillInput is n lines "line 1" to "line n".
func fillInput(n int) []byte {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return []byte(b.String())
}

// Room the chosen pieces leave takes the lines nearest the input's ends, the
// head first where they are as near.
func TestFillNearestTheEnds(t *testing.T) {
	text := fillInput(20)
	chosen := []Piece{
		{Line: 10, Text: []byte("line 10"), Prio: 5},
	}
	gap := len("  [... L12-20]\n")
	budget := len("line 10\n") + 2*gap + 4*len("line 1\n") + 2
	got := string(Render(Fill(chosen, text, 20, budget, byteCounter{}), 20))
	want := "line 1\nline 2\n  [... L3-9]\nline 10\n  [... L11-18]\nline 19\nline 20\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A note speaks of what the view shows or leaves out, wherever it stands
// (the goroutines a dump's note counts lie in more than one gap): lines
// added would belie it, and none are.
func TestFillLeavesAViewWithANote(t *testing.T) {
	text := fillInput(20)
	chosen := []Piece{
		{Line: 1, Text: []byte("line 1"), Prio: 5},
		{Line: 2, Note: "[headroom: 1 of 20 lines shown]", Prio: 9},
	}
	got := Fill(chosen, text, 20, 1000, byteCounter{})
	if len(got) != len(chosen) {
		t.Errorf("got %d pieces, want the %d chosen", len(got), len(chosen))
	}
}

// A line redrawn with carriage returns is the reducer's to show; a line of
// CRLF text is a line like any other.
func TestFillSkipsRedrawnLines(t *testing.T) {
	text := []byte("start\nstep 1\rstep 2\rdone\nfine\r\nend\n")
	chosen := []Piece{{Line: 1, Text: []byte("start"), Prio: 1}}
	got := string(Render(Fill(chosen, text, 4, 1000, byteCounter{}), 4))
	want := "start\n  [... L2]\nfine\r\nend\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// tapInput is n test points, each a line and its indented block.
func tapInput(n int) []byte {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "ok %d - t%d\n  ---\n  ms: %d\n  ...\n", i, i, i)
	}
	return []byte(b.String())
}

// The fill adds whole records: beside a gap it never parts a line from the
// indented lines under it, at any budget that leaves room for a record.
func TestFillKeepsRecordsWhole(t *testing.T) {
	text := tapInput(8)
	chosen := []Piece{{Line: 17, Text: []byte("ok 5 - t5"), Prio: 5}}
	for budget := 95; budget <= 200; budget += 7 {
		got := string(Render(Fill(chosen, text, 32, budget, byteCounter{}), 32))
		rows := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		for i, row := range rows {
			if !strings.HasPrefix(row, "  [... ") {
				continue
			}
			if i > 0 && strings.HasPrefix(rows[i-1], "ok ") && rows[i-1] != "ok 5 - t5" {
				t.Errorf("budget %d: %q ends the head fill without its block:\n%s", budget, rows[i-1], got)
			}
			if i+1 < len(rows) && strings.HasPrefix(rows[i+1], "  ") {
				t.Errorf("budget %d: %q starts the tail fill inside a block:\n%s", budget, rows[i+1], got)
			}
			if i > 0 && rows[i-1] != "ok 5 - t5" && strings.HasPrefix(rows[i-1], "  ") && rows[i-1] != "  ..." {
				t.Errorf("budget %d: %q ends the head fill inside a block:\n%s", budget, rows[i-1], got)
			}
		}
	}
}
