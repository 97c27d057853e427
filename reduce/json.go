package reduce

import (
	"bytes"
	"fmt"

	"github.com/headroom-cli/headroom/elision"
)

// maxJSON is the most input the json reducer holds to parse. Longer input
// is reduced as text, which streams in bounded memory.
const maxJSON = 64 << 20

// Priorities of the pieces of a view of one document: lines of other text
// around it first, then the view of the document; smaller views offered in
// case the room is less than Pieces was told rank just below.
const (
	prioJSONText = 1<<60 + 2
	prioJSONView = 1 << 60
	// prioJSONTextOver ranks the lines of text past the third of the
	// budget they may take: after the view, in the room it leaves.
	prioJSONTextOver = 1 << 59
)

// JSON is the reducer for JSON output. One document becomes a shorter
// document that still parses: the structure, the exact length of every
// array cut, its first items, its last and its outliers, long strings cut
// with their length, and deep subtrees summarised. A run of values (JSON
// Lines, go test -json, go list -json) keeps the records that fail or
// differ from the rest verbatim and counts the others. Input that does not
// parse, or is too large to hold, is reduced as text, and the view says so.
type JSON struct {
	budget int
	max    int // the most bytes held to parse
	// parts holds the input as read, in blocks joined into buf when it is
	// parsed: one buffer grown as the input comes would be copied over
	// and over, and hold several times the input while it grows.
	parts [][]byte
	size  int // the bytes in parts
	buf   []byte
	// text is set once the input is reduced as text, and why says why.
	text  *Splitter
	textR *Text
	why   string
}

// newJSON returns the json reducer for a view of about budget tokens.
func newJSON(budget int) Reducer { return &JSON{budget: budget, max: maxJSON} }

// Add implements Reducer. The json reducer reads bytes, so Add is never
// called.
func (j *JSON) Add(Line) {}

// Write implements ByteReducer.
func (j *JSON) Write(p []byte) (int, error) {
	if j.text == nil && j.size+len(p) > j.max {
		j.asText("the input is over " + sizeOf(j.max) + ", more than the json reducer holds")
	}
	if j.text != nil {
		return j.text.Write(p)
	}
	j.size += len(p)
	if n := len(j.parts); n > 0 && cap(j.parts[n-1])-len(j.parts[n-1]) >= len(p) {
		j.parts[n-1] = append(j.parts[n-1], p...)
	} else {
		// Each block as large as all before it, up to maxPart: few
		// blocks, and little room left unused in the last.
		j.parts = append(j.parts, append(make([]byte, 0, max(len(p), min(j.size, maxPart))), p...))
	}
	return len(p), nil
}

// maxPart is the largest block the json reducer holds its input in.
const maxPart = 4 << 20

// input returns the input read, in one buffer.
func (j *JSON) input() []byte {
	switch len(j.parts) {
	case 0:
	case 1:
		j.buf = j.parts[0]
	default:
		j.buf = make([]byte, 0, j.size)
		for _, p := range j.parts {
			j.buf = append(j.buf, p...)
		}
	}
	j.parts = nil
	return j.buf
}

// sizeOf writes a size in whole KiB or MiB.
func sizeOf(n int) string {
	if n >= 1<<20 {
		return elision.Thousands(int64(n>>20)) + " MiB"
	}
	return elision.Thousands(int64(n>>10)) + " KiB"
}

// asText hands the input read so far, and all that follows, to a text
// reducer.
func (j *JSON) asText(why string) {
	j.textR = NewText(j.budget)
	j.text = NewSplitter(j.textR)
	for _, p := range j.parts {
		j.text.Write(p)
	}
	j.text.Write(j.buf)
	j.parts, j.buf, j.why = nil, nil, why
}

// Pieces implements Reducer.
func (j *JSON) Pieces(lines, budget int, c Counter) []Piece {
	if j.text == nil {
		if pieces, ok := j.jsonPieces(lines, budget, c); ok {
			return pieces
		}
	}
	j.text.Close()
	note := Piece{Line: 1, Note: "[headroom: " + j.why + "; reduced as text]", Prio: prioJSONView}
	return append(j.textR.Pieces(lines, budget, c), note)
}

// jsonPieces proposes the pieces of a view of the input as JSON, or
// reports that it is not JSON after all.
func (j *JSON) jsonPieces(lines, budget int, c Counter) ([]Piece, bool) {
	b := bytes.TrimPrefix(j.input(), []byte("\ufeff"))
	if bytes.IndexByte(b, 0x1b) >= 0 {
		// jq -C colours keys and values; every view drops colours, so
		// the document is read, and shown, without them.
		b = appendUncoloured(nil, b)
	}
	p := parseRecords(b)
	switch {
	case p.values == 0 && p.errMsg != "":
		j.asText(fmt.Sprintf("not valid JSON at line %s (%s)", elision.Thousands(int64(p.errLine)), p.errMsg))
	case p.values == 0:
		j.asText("the input holds no JSON value")
	case p.jsonBytes < p.textBytes:
		j.asText("the input is mostly not JSON")
	case len(p.recs) == 1:
		// The view and its newline must be shorter than the input.
		limit := min(budget*32+1024, len(j.buf)-2)
		return docPieces(b, p.recs[0].v, 1, lines, limit, budget, c), true
	case p.values == 1:
		return docAmongText(b, p.recs, lines, budget, c), true
	default:
		return newStream(b, p.recs, lines).pieces(budget, c), true
	}
	return nil, false
}

// docPieces proposes views of the document at v, of at most limit bytes,
// as notes standing for the lines from first through last: the best view
// that fits the budget, and smaller ones below it.
func docPieces(b []byte, v seg, first, last, limit, budget int, c Counter) []Piece {
	d := newJSONDoc(b, v, true)
	d.limit, d.keep = limit, budget
	views, ok := d.recordViews(budget, c)
	if !ok {
		views = d.views(budget, c)
	}
	var pieces []Piece
	for i, view := range views {
		pieces = append(pieces, Piece{Line: first, Note: string(view), Stands: last - first + 1, Prio: prioJSONView - i})
	}
	return pieces
}

// docAmongText proposes a view of one JSON document with lines of other
// text around it, as when a tool writes its errors to stderr next to its
// JSON: the text lines, which rank first, and the document's view in the
// room they leave.
func docAmongText(b []byte, recs []record, lines, budget int, c Counter) []Piece {
	var doc record
	for _, r := range recs {
		if !r.text {
			doc = r
		}
	}
	var text []Piece
	for _, r := range recs {
		if !r.text {
			continue
		}
		start := bytes.LastIndexByte(b[:r.v.start], '\n') + 1
		end := lineEnd(b, start)
		prio := prioJSONText
		if errorLike(b[start:end]) {
			prio++
		}
		keep := recordLine
		if end-start > keep {
			keep = recordKeep
		}
		if r.first >= doc.first && r.first <= doc.last {
			// Text after the document on its last line, as when a tool
			// writes an error after JSON that ends without a newline:
			// the document's view stands for the line, so a note after
			// it quotes the text.
			start = r.v.start
			cut := Cut(Line{N: r.first, Text: b[start:end], Len: int64(end - start)}, keep, prio)
			note := "[headroom: after the JSON, line " + elision.Thousands(int64(r.first)) + " goes on:] " + string(cut.Text)
			if cut.After > 0 {
				note += elision.CutAfter(cut.After)
			}
			text = append(text, Piece{Line: doc.last + 1, Note: note, Prio: prio})
			continue
		}
		text = append(text, Cut(Line{N: r.first, Text: b[start:end], Len: int64(end - start)}, keep, prio))
	}
	// The text may take a third of the budget; the document gets the rest.
	// Lines past the third rank below the view, lest they take its room
	// in the end, as the lines an install's dry run prints before its
	// JSON, one a package, would take all of it.
	shown := Fit(text, lines, budget/3, c)
	room := budget - c.Count(Render(shown, lines))
	fitted := map[[2]int]bool{}
	for _, p := range shown {
		fitted[[2]int{p.Line, len(p.Note)}] = true
	}
	for i, p := range text {
		if !fitted[[2]int{p.Line, len(p.Note)}] {
			text[i].Prio += prioJSONTextOver - prioJSONText
		}
	}
	limit := min(room*32+1024, doc.v.end-doc.v.start)
	return append(text, docPieces(b, doc.v, doc.first, doc.last, limit, room, c)...)
}
