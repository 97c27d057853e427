package report

import (
	"fmt"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	for n := 0; n < 50; n++ {
		t.Run(fmt.Sprintf("rows=%d", n), func(t *testing.T) {
			var lines []Line
			for i := 0; i < n; i++ {
				lines = append(lines, Line{Account: fmt.Sprintf("acct-%04d", i), Cents: int64(i * 100)})
			}
			out := Render(lines)
			if got := strings.Count(out, "\n"); got != n {
				t.Errorf("Render(%d lines) has %d rows", n, got)
			}
			t.Logf("rendered %d bytes", len(out))
		})
	}
}
