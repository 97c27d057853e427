// Package report renders account summaries.
package report

import (
	"fmt"
	"strings"
)

// Line is one row of a report.
type Line struct {
	Account string
	Cents   int64
}

// Render formats lines as an aligned table.
func Render(lines []Line) string {
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "%-12s %12d\n", l.Account, l.Cents)
	}
	return b.String()
}
