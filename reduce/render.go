package reduce

import (
	"bytes"

	"github.com/headroom-cli/headroom/elision"
)

// Render writes the pieces of a view of an input of the given number of
// lines: kept text verbatim but for terminal controls (see visible), one gap
// line for each run of lines left out, and notes where they stand. Pieces
// must be in the order Fit returns them.
func Render(pieces []Piece, lines int) []byte {
	var b bytes.Buffer
	next := 1
	for _, p := range pieces {
		if p.Line > next {
			b.WriteString(elision.GapLine(next, p.Line-1))
			next = p.Line
		}
		if p.Note != "" {
			b.Write(noteText(p))
			if p.Note[len(p.Note)-1] != '\n' {
				b.WriteByte('\n')
			}
			next = max(next, p.last()+1)
			continue
		}
		b.Write(renderLine(p))
		next = p.last() + 1
	}
	if next <= lines {
		b.WriteString(elision.GapLine(next, lines))
	}
	return b.Bytes()
}

// renderLine writes a line piece with its cut marks and, for a run of
// identical lines, the line that counts the rest.
func renderLine(p Piece) []byte {
	var b []byte
	if p.Before > 0 {
		b = append(b, elision.CutBefore(p.Before)...)
	}
	if p.Mid > 0 {
		b = append(b, visible(p.Text[:p.MidAt])...)
		b = append(b, elision.CutBefore(p.Mid)...)
		b = append(b, visible(p.Text[p.MidAt:])...)
	} else {
		b = append(b, visible(p.Text)...)
	}
	if p.After > 0 {
		b = append(b, elision.CutAfter(p.After)...)
	}
	b = append(b, '\n')
	if p.Same > 0 {
		b = append(b, elision.SameLine(p.Line+1, p.last())...)
	}
	return b
}

// noteText is a note as the view shows it. Notes quote the input (file
// names, JSON documents), so they may hold controls too.
func noteText(p Piece) []byte { return visible([]byte(p.Note)) }

// Stats counts what a view keeps of its input: lines shown in whole or in
// part (a run of identical lines counts once), and the tokens of their text.
func Stats(pieces []Piece, c Counter) (lines int64, tokens int64) {
	for _, p := range pieces {
		if p.Note != "" {
			if p.Stands > 0 {
				// A note standing for lines shows their content rewritten
				// (a JSON document cut down): its tokens are what is kept.
				tokens += int64(c.Count(noteText(p)))
			}
			continue
		}
		// Repeats of a line are shown only as a count: they are elided.
		lines++
		tokens += int64(c.Count(visible(p.Text)))
	}
	return lines, tokens
}
