package reduce

import (
	"bytes"
	"container/heap"
	"math"
	"math/bits"
	"slices"

	"github.com/headroom-cli/headroom/shape"
)

// Priorities of the text reducer's pieces. Lines nearest the ends rank
// highest; error-looking lines from the middle next; then the lines that
// show the text's structure, the first lines of its paragraphs and the
// lines where a dotted or slashed key changes, shallowest first; then the
// rest of head and tail.
const (
	prioEdge   = 3 << 40 // the first few and last few lines
	prioStruct = 2 << 40 // less the line's rank, less its spread
	// Error-looking lines rank after the first two ranks of structure:
	// words like "fails" are common in prose, where a paragraph's start
	// tells more.
	prioError = prioStruct - textRankStep*3/2
	prioNear  = 1 << 40 // the rest of head and tail, less their distance
	// textRankStep parts the ranks of structure lines; the spread of a
	// line among those of its rank stays below it.
	textRankStep = 1 << 33
)

const (
	edgeHead = 5
	edgeTail = 10
	// LongLine is the length past which the text reducer cuts a line.
	LongLine = 1024
	// longKeep is how much of a cut line the text reducer keeps.
	longKeep = 400
	// maxErrors caps the error-looking lines held from the middle, so memory
	// stays bounded on a log that is all errors.
	maxErrors = 400
	// textMaxRank is the deepest rank a structure line can have: the
	// line of a paragraph, or the level of a key, that makes it one.
	textMaxRank = 32
	// textNoRank is the rank of a line that shows no structure.
	textNoRank = 1 << 20
	// textChangeRank is the rank of the first of the rows a side-by-side
	// diff marks as changed, being what the diff is for: above any
	// structure, and spread over the diff as structure is, not the first
	// rows only. The rest of a block of changed rows rank next, each
	// block's second before any block's third, so blocks grow whole.
	textChangeRank = -3
	// textTitleRank is the rank of a record's first line that ends in a
	// colon at the margin, a title over what follows ("Disassembly of
	// <code object f ...>:", objdump's "00000000000020a0 <f>:"): above
	// the first lines of records that start as their bodies' lines do.
	textTitleRank = -1
	// textRun is how many units are spread as one among structure lines.
	textRun = 4
	// textHeader is the most lines a record's header paragraph has for a
	// field of it that reads as a phrase to rank as the record's first
	// line: a mail's From:, Date: and Subject:, not a package's fields.
	textHeader = 8
	// textShapes is how many paragraphs of a record, and lines of each,
	// are compared with those of the record before.
	textShapes = 3
)

// Text is the reducer for output of no known shape: the head and the tail
// on line boundaries, error-looking lines and the rows a side-by-side diff
// marks as changed from the middle, and its
// structure as far as the budget reaches: the first line of every
// paragraph before the second of any (apt-cache show's Package: lines, a
// git log's commits and subjects, a terraform plan's resources), the
// lines that start a record again as its first line did when no blank line
// parts the records (stat's File: lines), and the
// lines where a key's first part changes (sysctl's kernel., net.) before
// those where a deeper part does. Runs of identical lines show once with
// their count, and overlong lines are cut.
type Text struct {
	budgetBytes int // how much text to hold for each end

	run     unit   // the run of identical lines being read
	prev    []byte // the run's line, for comparing the next one
	spare   []byte // a buffer the tail no longer needs
	running bool

	head      []unit
	headBytes int
	tail      ring
	errors    []unit
	units     int // units seen, to number the tail's distance from the end

	// The paragraph being read: its lines so far, and its place in its
	// record (the paragraphs from one that starts at the margin to the
	// next). Its lines are filed when it ends, or when it turns out too
	// long to be a record's.
	inPara bool
	k, j   int
	long   bool   // the paragraph is too long to rank its lines by place
	para   []unit // the lines of the paragraph, while it is short
	// held is the last line of a long paragraph, until the next tells
	// whether it heads an indented block.
	held    unit
	hasHeld bool
	key     []byte // the key of the line before, if it has one
	// heading is the unit number of the last paragraph of one line deep
	// in a record, until the next line tells whether a paragraph of the
	// same record follows it, which it then heads.
	heading    int
	hasHeading bool
	// lead is the textLead of the paragraph's first line, and prevLead
	// that of the line before: a paragraph whose first line's lead comes
	// back after other lines is a run of records with no blank lines
	// between them (stat's File:, smaps' address ranges).
	lead, prevLead uint64
	leadRank       int // the rank of the records after the first
	// firstLead is the textLeadWords of two words of the text's first
	// line, and prevFirst that of the line before. When that line comes
	// back inside a paragraph, it starts a record there (git log
	// --numstat's commit lines, between their lists of files);
	// firstBack counts the times. Once it has come back so twice
	// (once is a banner's closing rule), a paragraph at the margin that
	// another line starts belongs to the record before (a commit's list
	// of files).
	firstLead, prevFirst uint64
	hasFirstLead         bool
	firstBack            int
	// records is set once a line of the paragraph starts a record again
	// as its first line did; fields then holds, by the name of each field
	// its records have ("summary" in "summary Fix x"), the logAlikeKey
	// of its last line.
	records bool
	fields  map[string]uint64
	// labels holds, by the name of each "Name: value" field at the
	// margin (apt-cache show's "Architecture: amd64"), a hash of its
	// last line and that line's logAlikeKey.
	labels     map[string]textFieldKeys
	unlikeSeen bool // a field of the record's header unlike its last
	// phrase is the place in the paragraph, from 1, of that field if its
	// value reads as a phrase; 0 for none.
	phrase  int
	changed int // changed rows of a side-by-side diff just before
	// changedMark is their mark: '|', '<' or '>'.
	changedMark byte
	// ruleRank is the rank of the line before if it is a rule that
	// starts a record inside a paragraph; textNoRank if not.
	ruleRank int
	hexRows  int // rows of a hex dump
	words    int // of those, rows that read as words
	// cell is the first cell of the line before if it is a row of a
	// table drawn with bars (sqlite3 -box, mysql, psql), and cellSame
	// counts the rows of that table whose first cell is the one above.
	cell     []byte
	cellSame int
	// shapes holds the logAlikeKey of the last line at each of the first
	// places of a record: paragraph j, line k.
	shapes [textShapes][textShapes]uint64
	// order follows the columns of numbers, to tell a table ranked by
	// one of them.
	order textRanked
	// bars holds the places of the bars of the header of a table whose
	// columns bars part, while its rows follow it.
	bars []int
	// barRows is set once a row of that table is ranked.
	barRows bool
	// under is the last line of a long paragraph found to head lines
	// indented under it.
	under textUnder
	// notes holds the notes on the lines before them seen so far.
	notes map[string]bool

	mid      textHeap // structure lines from the middle
	midBytes int
}

// unit is a line, or a run of identical lines, as the text reducer holds it.
type unit struct {
	n     int // unit number, from 0
	piece Piece
	len   int64 // length of the whole line
	rank  int   // as a structure line, from 0; textNoRank if none
	// keyRank is its rank as a change of key alone.
	keyRank int
	// along is the place of a side-by-side diff's changed row in its
	// block of them, from 0, or that of a ranked table's row in the
	// table, from its header.
	along int
	// ranked is set on the rows of a table ranked by a number, group
	// on those that start a group of a table drawn with bars, note on a
	// note on the line before, whose place in the spread it takes, word
	// on a hex dump's rows that read as words, whose place among them is
	// along.
	ranked, group, note, word bool
	// back is how many units before it is the one whose place in the
	// spread it takes: its record's first line.
	back int
}

// NewText returns a text reducer for a view of about budget tokens.
func NewText(budget int) *Text {
	// A token is rarely more than 8 bytes of text; holding that much for
	// each end is enough to fill any budget from either one, and as much
	// again of the middle's structure.
	b := max(budget*8, 4096)
	return &Text{budgetBytes: b, tail: ring{limit: b}, ruleRank: textNoRank}
}

// Add implements Reducer.
func (t *Text) Add(l Line) {
	if t.running && l.Len == t.run.len && bytes.Equal(l.Text, t.prev) {
		t.run.piece.Same++
		return
	}
	t.flush()
	t.running = true
	t.prev = append(t.prev[:0], l.Text...)
	t.run = unit{piece: Piece{Line: l.N}, len: l.Len}
}

// flush ends the run being read, ranks it in the text's structure, and
// files the unit before it, whose rank it settles.
func (t *Text) flush() {
	if !t.running {
		return
	}
	t.running = false
	u := t.run
	u.n = t.units
	t.units++
	// The piece's text is made only now, once per run, in a buffer the
	// tail gave back when it could.
	keep := LongLine
	if u.len > LongLine {
		keep = longKeep
	}
	text, after := cutAt(Line{Text: t.prev, Len: u.len}, keep)
	u.piece.Text = append(t.spare[:0], text...)
	u.piece.After = after
	t.spare = nil

	blank := textBlank(u.piece.Text)
	u.rank = textNoRank
	if blank {
		t.changed, t.changedMark = 0, 0
		t.endPara()
		t.endRanked()
		t.inPara = false
		t.file(u)
		return
	}
	first := textLeadWords(u.piece.Text, 2)
	if !t.hasFirstLead {
		t.firstLead, t.hasFirstLead = first, true
	}
	recordStart := first == t.firstLead && t.prevFirst != first && u.n > 0
	// A hex dump's repeat mark stands for rows like the one above it:
	// the row after it goes on the dump, it starts no record.
	mark := t.hexRows > 0 && textRepeatMark(u.piece.Text)
	if !mark {
		t.prevFirst = first
	}
	switch {
	case t.inPara && recordStart && textLead(u.piece.Text) != t.lead:
		// The text's first line comes back inside a paragraph that
		// another line starts: a record starts with no blank line
		// before it. (Records that start their paragraph as this one
		// did are read below.) It ends the paragraph before, as a blank
		// line would, so that its last line closes a record's body (git
		// log --stat's summary under a commit's files) and a paragraph
		// of many records is not read as one long one.
		t.endPara()
		t.k, t.j, t.long = 0, 0, false
		t.firstBack++
	case t.inPara:
		t.k++
	case recordStart || u.piece.Text[0] != ' ' && u.piece.Text[0] != '\t' && t.firstBack < 2:
		// A new record: a paragraph at the margin, or one that starts
		// as the text did, indented as it may be (sqlite3 -line sets
		// its names to the right: "    id = 38" over "status = paid").
		t.k, t.j, t.long = 0, 0, false
		t.records = false
	default:
		t.k, t.j, t.long = 0, t.j+1, false
		if t.hasHeading {
			t.promoteHeading()
		}
	}
	t.hasHeading = false
	t.inPara = true
	if !t.long {
		t.fileHeld(u.piece.Text) // a long paragraph's last line
	}
	u.keyRank = t.keyRank(u.piece.Text)
	if t.groupStart(u.piece.Text) {
		u.keyRank, u.group = min(u.keyRank, 0), true
	}
	hex := textHexRow(u.piece.Text)
	if hex {
		t.hexRows++
		if textHexWord(u.piece.Text) {
			// Where a dump's bytes read as words (a binary's symbols
			// and messages, a database's schema), it shows what the
			// file holds: such rows rank as structure, above the rest
			// of its rows, bytes alike. They are read from the top,
			// as the dump is: the first words name the rest.
			u.keyRank = min(u.keyRank, 0)
			u.word, u.along = true, t.words
			t.words++
		}
	}
	// A row of a table whose columns bars part, under a header of names
	// (python -X importtime's "self [us] | cumulative | imported
	// package"), has no gutter of a side-by-side diff: its bars are the
	// header's, at the same places.
	row, largest := t.barRow(u.piece.Text)
	// od's characters end in "<", after a blank when the row's last byte
	// is one: no gutter of a side-by-side diff.
	var gutter byte
	if !hex && !row {
		gutter = shape.SideBySideMark(u.piece.Text)
	}
	if gutter != t.changedMark {
		// A block of changes starts again where its mark does: the
		// rows one file alone has, after rows changed in both, show
		// where the files differ as the block's first row does.
		t.changed, t.changedMark = 0, gutter
	}
	if gutter != 0 {
		// A rank no place or key overrides; the first row of a block of
		// changes shows where the files differ before its other rows.
		u.keyRank, u.along = textChangeRank, 0
		if t.changed > 0 {
			u.keyRank, u.along = textChangeRank+1, t.changed
		}
		t.changed++
	}
	lead := textLead(u.piece.Text)
	if t.records && lead != t.lead && u.keyRank >= 0 && u.keyRank < textNoRank {
		// Once records follow one another in a paragraph, a change of
		// key in a record's body (a path among a commit's files in git
		// log --stat, run on into the next commit's header) ranks below
		// the records' first lines, which tell the records apart: else
		// each commit's first path, parting from the last commit's at
		// its first directory, crowds out the commits.
		u.keyRank = min(u.keyRank+t.leadRank+1, textMaxRank)
	}
	if t.k > 0 && lead == t.lead && t.prevLead != lead {
		// A record's first line, next after the paragraph's own.
		t.records = true
		u.keyRank = min(u.keyRank, t.leadRank)
	}
	if !mark {
		t.prevLead = lead
	}
	if t.records && t.fieldChanged(u.piece.Text) {
		// A record's field whose value is not its last one's again
		// (a commit's summary among its author and dates) tells the
		// records apart as their first lines do.
		u.keyRank = 0
	}
	// The first paragraph of a record leads (a commit's header), the
	// second comes next (its subject), the rest after.
	u.rank = t.k + min(t.j, 2)
	if t.k == 0 && t.j == 0 {
		t.unlikeSeen = false
	}
	if t.k < textShapes {
		// A line the same as the one at its place in the record before,
		// but for its numbers and ids ("commit 3f9a..."), tells less than
		// one that differs (the commit's subject).
		at := &t.shapes[min(t.j, textShapes-1)][t.k]
		if shape := logAlikeKey(u.piece.Text); shape == *at {
			u.rank += 2
		} else {
			*at = shape
		}
	}
	phrase := false
	switch same, unlike := t.labelSame(u.piece.Text); {
	case same:
		// A field the same as it last was (a second stanza of one
		// package: its Maintainer and Architecture again) tells less
		// than one that differs (its Version), as a line alike the one
		// at its place in the record before does.
		u.rank += 2
	case unlike && t.j == 0 && !t.unlikeSeen && textPhrase(u.piece.Text[bytes.IndexByte(u.piece.Text, ':')+1:]):
		// The first field of a record's header whose value, unlike its
		// last but for numbers, reads as a phrase (git log
		// --format=email's Subject: after the same From: and a Date:)
		// may tell the records apart; endPara tells once the header's
		// length is known.
		phrase = true
		t.unlikeSeen = true
	}
	u.rank = min(u.rank, u.keyRank)
	t.ranked(&u)
	if row && !math.IsNaN(largest) {
		t.rankBarRow(&u, largest)
	}
	if t.ruleRank < textMaxRank && !textCrossRule(u.piece.Text) {
		// A rule that starts a record inside a paragraph (go tool
		// pprof -traces' "-----------+-----" over each stack) says
		// only that one starts: the line under it, the record's first
		// worded one (the stack's sample and leaf frame), ranks as the
		// rule did, and the rule after it.
		u.rank, u.keyRank = min(u.rank, t.ruleRank), min(u.keyRank, t.ruleRank)
		if t.hasHeld && t.held.n == u.n-1 {
			t.held.rank, t.held.keyRank = t.ruleRank+1, t.ruleRank+1
		} else if n := len(t.para); n > 0 && t.para[n-1].n == u.n-1 {
			t.para[n-1].rank, t.para[n-1].keyRank = t.ruleRank+1, t.ruleRank+1
		}
	}
	t.ruleRank = textNoRank
	if t.k > 0 && u.rank < textMaxRank && textCrossRule(u.piece.Text) {
		t.ruleRank = u.rank
	}
	if t.k == 1 && len(t.para) == 1 && textRule(t.para[0].piece.Text) {
		// The line under a rule that starts a paragraph heads it, as a
		// banner's title does ("#-----", "# FILE LOCATIONS").
		u.rank = min(u.rank, 0)
	}
	if u.rank == 0 && t.k == 0 && t.j == 0 && textTitle(u.piece.Text) {
		u.rank = textTitleRank
	}
	if t.k == 0 {
		t.lead, t.leadRank = lead, max(u.rank, 0)+1
	}
	if t.long {
		// A line deep in a long paragraph tells nothing by its place,
		// but one that heads lines indented under it (a table's row
		// with its flags below, an option with its description) shows
		// the paragraph's structure. It is filed once the next line
		// tells.
		u.rank = u.keyRank
		t.fileHeld(u.piece.Text)
		t.held, t.hasHeld = u, true
		return
	}
	t.para = append(t.para, u)
	if phrase {
		t.phrase = len(t.para)
	}
	if len(t.para) > textMaxRank {
		// Not a record but a long paragraph, as a log is: its lines
		// after the first rank by their keys only, else the view would
		// lean to its head.
		t.long, t.phrase = true, 0
		last := len(t.para) - 1
		for i := range last {
			if i > 0 {
				t.para[i].rank = t.para[i].keyRank
			}
			t.rankHead(&t.para[i], t.para[i+1].piece.Text)
			t.file(t.para[i])
		}
		t.held, t.hasHeld = t.para[last], true
		t.held.rank = t.held.keyRank
		t.para = t.para[:0]
	}
}

// endPara files the lines of the paragraph that ends. The last line of a
// paragraph of a record's body, a summary often, ranks right after its
// first, and with the best of its lines that rank as keys (git log
// --stat's "3 files changed" under the files, whose paths part where they
// differ): a summary tells as much as any line of the list it closes.
func (t *Text) endPara() {
	t.fileHeld(nil)
	if n := len(t.para); n >= 3 && t.j > 0 {
		if last := &t.para[n-1]; textWordy(last.piece.Text) {
			best := min(t.j, 2) + 1
			for _, u := range t.para[:n-1] {
				best = min(best, u.keyRank)
			}
			last.rank = min(last.rank, max(best, 0))
		}
	}
	if t.phrase > 0 && len(t.para) <= textHeader {
		// A field reading as a phrase in a header of a few lines (a
		// mail's Subject:), not among a package's many fields, tells
		// the records apart as their first lines do.
		t.para[t.phrase-1].rank = 0
	}
	t.phrase = 0
	if t.j == 0 && len(t.para) > 1 && len(t.para) <= textHeader && textFields(t.para) {
		// A short record of fields ("id = 38" over the name, the city
		// and the total of an order) shows whole or not at all: a
		// field alone tells whose it is no more than a gap line does.
		// Its fields rank as its best, and take its first's place in
		// the spread.
		best := textNoRank
		for _, u := range t.para {
			best = min(best, max(u.rank, 0))
		}
		for i := range t.para {
			t.para[i].rank, t.para[i].back = best, i
		}
	}
	for i, u := range t.para {
		if i+1 < len(t.para) && textIndent(u.piece.Text) == 0 && textProse(t.para[i+1].piece.Text) {
			// A field at the margin whose value goes on in prose
			// indented under it, by one column even (a package's
			// description), ranks with a record's first fields,
			// however deep in the record.
			u.rank = min(u.rank, 2)
		}
		t.file(u)
	}
	if len(t.para) == 1 && t.j >= 2 && textWordy(t.para[0].piece.Text) {
		t.heading, t.hasHeading = t.para[0].n, true
	}
	t.para = t.para[:0]
}

// promoteHeading ranks the held heading, a paragraph of one line that
// another of its record follows (a license's numbered section), with a
// record's second paragraph, above the first lines of the rest. Only blank
// lines were filed after it, so it is the last of the head or near the end
// of the tail.
func (t *Text) promoteHeading() {
	for _, units := range [][]unit{t.tail.items(), t.head} {
		for i := len(units) - 1; i >= 0 && units[i].n >= t.heading; i-- {
			if units[i].n == t.heading {
				units[i].rank = min(units[i].rank, 1)
				return
			}
		}
	}
}

// keyRank returns the rank of a line as a change of key: a line whose
// first word is a key of parts (kernel.pid_max, net/http/server.go) ranks
// by the first part in which it differs from the key of the line before,
// 0 if its first part does. A line without such a key shows no structure.
func (t *Text) keyRank(line []byte) int {
	key := textKey(line)
	rank := textNoRank
	if len(key) > 0 && len(t.key) > 0 {
		rank = textKeyDiff(t.key, key)
	}
	t.key = append(t.key[:0], key...)
	return rank
}

// textKeyDiff returns the part, from 0, in which key differs from the key
// before it, prev, or textNoRank if they are the same.
func textKeyDiff(prev, key []byte) int {
	depth := 0
	for i := 0; i < len(key) && i < len(prev); i++ {
		if key[i] != prev[i] {
			return depth
		}
		if textKeySep(key[i]) {
			depth++
		}
	}
	if len(key) == len(prev) {
		return textNoRank
	}
	return depth
}

// textKey returns the first word of a line if it is a key of at least two
// parts, separated by dots or slashes, followed by white space or "=":
// "net.ipv4.ip_forward" in "net.ipv4.ip_forward = 1"; nil otherwise.
func textKey(line []byte) []byte {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i == len(line) || logAlnum[line[i]] == 0 && line[i] != '_' {
		return nil // most lines of a log: no key starts so
	}
	start, parts := i, 1
	for ; i < len(line); i++ {
		c := line[i]
		switch {
		case textKeySep(c):
			if i == start || i+1 == len(line) || textKeySep(line[i-1]) {
				return nil
			}
			parts++
		case c == ' ' || c == '\t' || c == '=':
			if parts < 2 {
				return nil
			}
			return line[start:i]
		case c < '-' || c > 'z' || c == ':':
			// A location (file.go:12:) or a label: no key.
			return nil
		}
	}
	return nil
}

// maxTextFields caps the fields of records the text reducer remembers.
const maxTextFields = 64

// fieldChanged reports whether line is a field of a record, a name of
// lower-case letters and hyphens at the margin and a value after one
// space (git's "author-time 1795318484"), whose line is not alike the last
// of the same name but for numbers and ids.
func (t *Text) fieldChanged(line []byte) bool {
	i := 0
	for i < len(line) && ('a' <= line[i] && line[i] <= 'z' || i > 0 && line[i] == '-') {
		i++
	}
	if i == 0 || i+1 >= len(line) || line[i] != ' ' || line[i+1] == ' ' {
		return false
	}
	key := logAlikeKey(line)
	last, ok := remember(&t.fields, line[:i], key)
	return ok && last != key
}

// labelSame reports whether line is a field "Name: value" at the margin,
// a name of letters, digits and hyphens, the same in every byte as the
// last line of that name, and whether it is unlike that line but for
// numbers and ids.
func (t *Text) labelSame(line []byte) (same, unlike bool) {
	i := 0
	for i < len(line) && (logAlnum[line[i]] != 0 || i > 0 && line[i] == '-') {
		i++
	}
	if i == 0 || i+1 >= len(line) || line[i] != ':' || line[i+1] != ' ' {
		return false, false
	}
	k := textFieldKeys{whole: fnv(line), alike: logAlikeKey(line)}
	last, ok := remember(&t.labels, line[:i], k)
	return ok && last.whole == k.whole, ok && last.alike != k.alike
}

// textFieldKeys are the hashes of a field's line: of every byte, and alike.
type textFieldKeys struct{ whole, alike uint64 }

// remember sets key as the last of name in the map at m, made if need
// be, and returns the one before, if any. Past maxTextFields names it
// takes no new one.
func remember[V any](m *map[string]V, name []byte, key V) (last V, ok bool) {
	if *m == nil {
		*m = map[string]V{}
	}
	last, ok = (*m)[string(name)]
	if !ok && len(*m) == maxTextFields {
		return last, false
	}
	(*m)[string(name)] = key
	return last, ok
}

// textLead hashes a line's indentation and first word alike when they
// differ only in words that hold digits, as logAlikeKey does: "  File:",
// or a range of addresses.
func textLead(line []byte) uint64 { return textLeadWords(line, 1) }

// textLeadWords hashes a line's indentation and first n words alike when
// they differ only in words that hold digits ("commit 3f9a1c2"). A first
// word that assigns a value to a name ("subject=CN = x") is its name: the
// value is not part of the lead.
func textLeadWords(line []byte, n int) uint64 {
	_, i := shape.IndentColumns(line)
	if eq := textAssigns(line[i:]); eq > 0 {
		return logAlikeKey(line[:i+eq+1])
	}
	for w := range n {
		for w > 0 && i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		for i < len(line) && line[i] != ' ' && line[i] != '\t' {
			i++
		}
	}
	return logAlikeKey(line[:i])
}

// textFields reports whether every line of units is a field: a name, a
// word of letters, digits, "_", "-" and ".", then "=" or ":" and a value,
// blanks around them allowed ("    id = 38", "Package: tzdata").
func textFields(units []unit) bool {
	for _, u := range units {
		line := u.piece.Text
		_, i := shape.IndentColumns(line)
		j := i
		for j < len(line) && (logAlnum[line[j]] != 0 || line[j] == '_' || line[j] == '-' || line[j] == '.') {
			j++
		}
		for j < len(line) && line[j] == ' ' && j > i {
			j++
		}
		if j == i || j == len(line) || line[j] != '=' && line[j] != ':' {
			return false
		}
	}
	return true
}

// textAssigns returns the index of the "=" that ends the name a word at
// the start of b assigns to, or 0 if it starts with no such word: a name
// of letters, digits, "_", "-" and "." right before it.
func textAssigns(b []byte) int {
	for i, c := range b {
		switch {
		case c == '=':
			return i
		case logAlnum[c] != 0 || c == '_' || c == '-' || c == '.':
		default:
			return 0
		}
	}
	return 0
}

// fileHeld files the held line of a long paragraph, if any, now that
// next, the line after it (nil for none), tells whether it heads lines
// indented under it.
func (t *Text) fileHeld(next []byte) {
	if !t.hasHeld {
		return
	}
	t.rankHead(&t.held, next)
	t.file(t.held)
	t.hasHeld = false
}

// textNoteDepth is how much deeper than the line before a line alone
// under it must be set to read as a note on it: a tab stop.
const textNoteDepth = 8

// rankHead ranks u, a line of a long paragraph about to be filed, as a
// head if next, the line after it (nil for none), is indented under it,
// and right after its head if it is a note on the line before: the one
// line under it, set a tab stop deeper or more (objdump -dr's relocation
// naming the function a call calls). A note takes its head's place in
// the spread, so that where the heads of a rank all show, each shows
// with its note.
func (t *Text) rankHead(u *unit, next []byte) {
	if next != nil && textNests(u.piece.Text, next) && !textCrossRule(u.piece.Text) {
		u.rank = min(u.rank, textHeadRank(u.piece.Text))
		t.under = textUnder{n: u.n, rank: u.rank, indent: textIndent(u.piece.Text), ok: true}
		return
	}
	h := t.under
	if h.ok && h.n == u.n-1 && textIndent(u.piece.Text) >= h.indent+textNoteDepth &&
		(next == nil || textIndent(next) <= h.indent) && u.rank > h.rank+1 && !t.noteSeen(u.piece.Text) {
		u.rank, u.note = h.rank+1, true
	}
}

// noteSeen reports whether a note the same as line came before: a note
// repeated word for word under many lines (objdump -x's flags under its
// sections, "CONTENTS, ALLOC, LOAD, READONLY, DATA") tells what it tells
// at its first showing, and each showing after takes the room of a line
// that tells something else.
func (t *Text) noteSeen(line []byte) bool {
	_, seen := remember(&t.notes, line, true)
	return seen
}

// textUnder is the last line of a long paragraph that heads lines
// indented under it: its unit number, rank and indentation.
type textUnder struct {
	n, rank, indent int
	ok              bool
}

// textNests reports whether next is indented under line: by two columns
// or more, as one column is the padding of labels aligned on their right
// (stat's " Birth:" under "Change:").
func textNests(line, next []byte) bool { return textIndent(next) >= textIndent(line)+2 }

// groupStart reports whether line is a row of a table drawn with bars
// that starts a group: its first cell differs from the row's above, in a
// table whose first cells repeat down its rows, as a table sorted by its
// first column has them (a region, then its zones).
func (t *Text) groupStart(line []byte) bool {
	cell, ok := textFirstCell(line)
	if !ok || len(t.cell) == 0 {
		t.cellSame = 0
	}
	if !ok {
		t.cell = t.cell[:0]
		return false
	}
	same := bytes.Equal(cell, t.cell)
	start := len(t.cell) > 0 && !same && t.cellSame > 0
	if same {
		t.cellSame++
	}
	t.cell = append(t.cell[:0], cell...)
	return start
}

// textFirstCell returns the first cell of a row of a table drawn with
// bars, "│" or "|", trimmed: "Africa" in "│ Africa │ Tunis │ 689 │" or in
// psql's " Africa | Tunis | 689". A row has two bars after its first cell
// at least, and the cell is not empty.
func textFirstCell(line []byte) ([]byte, bool) {
	rest := bytes.TrimLeft(line, " ")
	if i, n := textBar(rest); i == 0 {
		rest = rest[n:] // the table's border
	}
	i, n := textBar(rest)
	if i < 0 {
		return nil, false
	}
	if j, _ := textBar(rest[i+n:]); j < 0 {
		return nil, false
	}
	cell := bytes.TrimSpace(rest[:i])
	return cell, len(cell) > 0
}

// textBar returns the index and the length of the first bar in b that
// draws a table's column, or -1.
func textBar(b []byte) (int, int) {
	const bar = "│"
	for i, c := range b {
		switch {
		case c == '|':
			return i, 1
		case c == bar[0] && bytes.HasPrefix(b[i:], []byte(bar)):
			return i, len(bar)
		}
	}
	return -1, 0
}

// textHexRow reports whether line is a row of a hex dump (od, xxd,
// hexdump -C): an offset of six hex digits or more, then four groups of
// bytes in hex at least, not a commit's short hash before its subject.
func textHexRow(line []byte) bool {
	i := 0
	for i < len(line) && isHex(line[i]) {
		i++
	}
	if i < 6 {
		return false
	}
	if i < len(line) && line[i] == ':' {
		i++
	}
	groups := 0
	for groups < 4 {
		j := i
		for j < len(line) && line[j] == ' ' {
			j++
		}
		k := j
		for k < len(line) && isHex(line[k]) {
			k++
		}
		if j == i || k == j || k < len(line) && line[k] != ' ' {
			return false
		}
		groups, i = groups+1, k
	}
	return true
}

// textHexWordLen is how many letters in a row a hex dump's characters
// must hold to read as a word: fewer come together often enough in bytes
// that are not text.
const textHexWordLen = 4

// textHexWord reports whether a row of a hex dump shows a word among its
// characters: textHexWordLen letters in a row.
func textHexWord(row []byte) bool {
	n := 0
	for _, c := range textHexChars(row) {
		if 'a' <= c|0x20 && c|0x20 <= 'z' {
			n++
			if n == textHexWordLen {
				return true
			}
		} else {
			n = 0
		}
	}
	return false
}

// textHexChars returns the characters a row of a hex dump shows its bytes
// as: between bars in hexdump -C's "|.ELF....|", between od's ">.ELF<",
// after the two blanks that end xxd's bytes. A row without them (od -x)
// has none.
func textHexChars(row []byte) []byte {
	n := len(row)
	for _, ends := range [...][2]byte{{'|', '|'}, {'>', '<'}} {
		if n > 1 && row[n-1] == ends[1] {
			if i := bytes.LastIndexByte(row[:n-1], ends[0]); i >= 0 {
				return row[i+1 : n-1]
			}
		}
	}
	if i := bytes.LastIndex(row, []byte("  ")); i >= 0 {
		return row[i+2:]
	}
	return nil
}

// textRepeatMark reports whether line is a hex dump's mark for rows the
// same as the one above it (hexdump -C, od: a lone "*").
func textRepeatMark(line []byte) bool {
	return string(bytes.TrimRight(line, " \t")) == "*"
}

// textTitle reports whether line, at the margin, ends in a colon.
func textTitle(line []byte) bool {
	line = bytes.TrimRight(line, " \t")
	return textIndent(line) == 0 && len(line) > 1 && line[len(line)-1] == ':'
}

// textHeadRank is the rank of a line that heads lines indented under it:
// one at the margin (apt-cache policy's package) ranks above one indented
// itself (a version's line over its sources), as an outline's shallower
// heads do.
func textHeadRank(line []byte) int {
	if textIndent(line) == 0 {
		return 1
	}
	return 2
}

// textIndent returns the width of a line's indentation in columns.
func textIndent(b []byte) int {
	w, _ := shape.IndentColumns(b)
	return w
}

// textBlank reports whether a line is empty or white space only.
func textBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\v' && c != '\f' {
			return false
		}
	}
	return true
}

// textRule reports whether a line is a rule drawn across the text: eight
// or more of '-', '=', '*', '#', '~' or '_', and nothing else but blanks.
func textRule(b []byte) bool {
	n := 0
	for _, c := range b {
		switch c {
		case '-', '=', '*', '#', '~', '_':
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 8
}

// textCrossRule reports whether a line is a rule that crosses a column's
// with a '+' ("-----------+-----", go tool pprof -traces' over each
// stack): it parts records, and heads no lines under it.
func textCrossRule(b []byte) bool {
	n, cross := 0, false
	for _, c := range b {
		switch c {
		case '-', '=':
			n++
		case '+':
			cross = true
		case ' ', '\t':
		default:
			return false
		}
	}
	return cross && n >= 8
}

// textProse reports whether a line is indented prose: words of letters
// parted by single spaces, four of them or more, with little else.
func textProse(b []byte) bool {
	w, i := shape.IndentColumns(b)
	if w == 0 {
		return false
	}
	letters, spaces, other := textBytes(b[i:])
	return spaces >= 3 && other*10 <= letters+spaces
}

// textBytes counts the letters, the blanks and the other bytes of b.
func textBytes(b []byte) (letters, spaces, other int) {
	for _, c := range b {
		switch {
		case 'a' <= c|0x20 && c|0x20 <= 'z':
			letters++
		case c == ' ':
			spaces++
		default:
			other++
		}
	}
	return letters, spaces, other
}

// textPhrase reports whether b reads as a phrase: four words or more,
// with other bytes than letters and blanks no more than a quarter of its
// letters (a commit's subject, a package's description; not a name and
// an address, nor a list of versions).
func textPhrase(b []byte) bool {
	letters, spaces, other := textBytes(b)
	return spaces >= 4 && other*4 <= letters
}

// textWordy reports whether a line holds a letter: not only braces.
func textWordy(b []byte) bool {
	for _, c := range b {
		if 'a' <= c|0x20 && c|0x20 <= 'z' {
			return true
		}
	}
	return false
}

func textKeySep(c byte) bool { return c == '.' || c == '/' }

// file puts a unit in the head, the tail, the errors or the middle's
// structure.
func (t *Text) file(u unit) {
	size := len(u.piece.Text) + 1
	if t.headBytes < t.budgetBytes {
		t.head = append(t.head, u)
		t.headBytes += size
		return
	}
	evicted, ok := t.tail.push(u, size)
	if !ok {
		return
	}
	// A side-by-side diff's changed rows, ranked below 0, are held with
	// the structure, which spreads them over the whole diff.
	switch {
	case len(t.errors) < maxErrors && evicted.rank >= 0 && textError(evicted.piece.Text):
		t.errors = append(t.errors, evicted)
	case evicted.rank < textMaxRank:
		t.holdMid(evicted)
	default:
		t.spare = evicted.piece.Text
	}
}

// holdMid holds a structure line from the middle, letting go of the
// lowest ranked while they are more than a budget's worth.
func (t *Text) holdMid(u unit) {
	size := len(u.piece.Text) + grepCandOverhead
	if len(t.mid) > 0 && t.midBytes+size > t.budgetBytes {
		// Full: u takes the place of the worst held, if it is better,
		// without the allocations of a push and a pop, and the buffer
		// let go of serves the next line.
		worst := t.mid[0]
		if textStructPrio(u) <= textStructPrio(worst) {
			t.spare = u.piece.Text
			return
		}
		t.midBytes += size - len(worst.piece.Text) - grepCandOverhead
		t.spare = worst.piece.Text
		t.mid[0] = u
		heap.Fix(&t.mid, 0)
	} else {
		heap.Push(&t.mid, u)
		t.midBytes += size
	}
	for t.midBytes > t.budgetBytes && t.mid.Len() > 1 {
		out := heap.Pop(&t.mid).(unit)
		t.midBytes -= len(out.piece.Text) + grepCandOverhead
	}
}

// Pieces implements Reducer.
func (t *Text) Pieces(lines, budget int, c Counter) []Piece {
	t.flush()
	t.endPara()
	var out []Piece
	for _, u := range t.head {
		out = append(out, withPrio(u.piece, t.prio(u)))
	}
	for _, u := range t.errors {
		out = append(out, withPrio(u.piece, max(prioError, textStructPrio(u))))
	}
	for _, u := range t.mid {
		out = append(out, withPrio(u.piece, textStructPrio(u)))
	}
	for _, u := range t.tail.items() {
		out = append(out, withPrio(u.piece, t.prio(u)))
	}
	if t.hexRows > 0 {
		out = bondRepeatMarks(out)
	}
	return out
}

// bondRepeatMarks ties each of a hex dump's repeat marks to the row above
// it, which it stands for more of: a mark between two gaps says nothing.
// A mark whose row is not proposed is dropped.
func bondRepeatMarks(pieces []Piece) []Piece {
	at := map[int]int{}
	for i, p := range pieces {
		if p.Note == "" && p.Same == 0 {
			at[p.Line] = i
		}
	}
	alone := func(p Piece) bool {
		_, ok := at[p.Line-1]
		return !ok && textRepeatMark(p.Text)
	}
	for k, p := range pieces {
		if i, ok := at[p.Line-1]; ok && textRepeatMark(p.Text) {
			pieces[i].Bond = true
			pieces[k].Prio = pieces[i].Prio
		}
	}
	return slices.DeleteFunc(pieces, alone)
}

// prio ranks a unit by its distance from the nearer end, error-looking
// lines above the rest of head and tail, and structure lines by their
// rank; a ranked table's rows by their place in it. A short input never reaches the tail ring, so head units are
// ranked by their distance from the end too.
func (t *Text) prio(u unit) int {
	if u.ranked {
		// A ranked table's rows rank by their place in it, at the
		// text's ends too: its last rows are its least, not an outcome.
		return textStructPrio(u)
	}
	// Text of no kind known is read from both ends alike: its beginning
	// tells what it is, its end where it got to, and nothing tells which
	// matters more (a log's outcome at its end is the log reducer's to
	// lean to). A dump of a file's bytes leans to its head, the file's
	// header, which tells what the file is (its magic, its sizes, a
	// database's schema): its first rows rank with the last lines of
	// other text, above the rows whose bytes read as words.
	fromEnd := t.units - 1 - u.n
	head, tail := edgeHead, edgeTail
	if t.hexRows*2 > t.units {
		fromEnd = fromEnd * 4 / 3
		head, tail = tail, head
	}
	p := max(edgePrio(u.n, head), edgePrio(fromEnd, tail), textStructPrio(u))
	if p < prioError && textError(u.piece.Text) {
		p = prioError
	}
	return p
}

// textStructPrio is the priority of a unit as a structure line: by its
// rank, and among those of a rank spread over the text, so that the ones
// a budget shows are spaced evenly rather than the first: unit numbers in
// bit-reversed order (0, then the middle, then the quarters...). The
// spread goes by runs of textRun units, in order within a run, so that
// where most lines rank alike the view shows short runs of them, not one
// line between every two gap lines, which cost as much as a line. Rows
// that go by their place instead: a block of a side-by-side diff's
// changes, a ranked table, a hex dump's rows that read as words.
func textStructPrio(u unit) int {
	if u.rank >= textMaxRank {
		return 0
	}
	// The reversed run number's two lowest bits are those of a unit
	// number past 2^31, so the place in the run does not reach them.
	n := u.n - u.back
	if u.note {
		n--
	}
	spread := int(bits.Reverse32(uint32(n/textRun))>>1) + n%textRun
	if u.rank == textChangeRank+1 || u.ranked && u.rank == textRankedRank || u.word && u.rank == 0 {
		spread = u.along
	}
	return prioStruct - u.rank*textRankStep - spread
}

func edgePrio(dist, edge int) int {
	if dist < edge {
		return prioEdge - dist
	}
	return prioNear - dist
}

func withPrio(p Piece, prio int) Piece {
	p.Prio = prio
	return p
}

// textHeap orders structure lines worst first: the deepest rank, then the
// latest in the spread.
type textHeap []unit

func (h textHeap) Len() int           { return len(h) }
func (h textHeap) Less(i, j int) bool { return textStructPrio(h[i]) < textStructPrio(h[j]) }
func (h textHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *textHeap) Push(x any)        { *h = append(*h, x.(unit)) }
func (h *textHeap) Pop() any {
	old := *h
	u := old[len(old)-1]
	old[len(old)-1] = unit{}
	*h = old[:len(old)-1]
	return u
}

// ring holds the last units up to a number of bytes.
type ring struct {
	limit int
	bytes int
	buf   []unit
	sizes []int
	start int
}

// push adds u and returns the unit it pushed out, if any.
func (r *ring) push(u unit, size int) (unit, bool) {
	r.buf = append(r.buf, u)
	r.sizes = append(r.sizes, size)
	r.bytes += size
	if r.bytes-r.sizes[r.start] < r.limit {
		return unit{}, false
	}
	out := r.buf[r.start]
	r.bytes -= r.sizes[r.start]
	r.buf[r.start] = unit{}
	r.start++
	// Reclaim the front of the slices now and then, not on every push.
	if r.start > 1024 && r.start > len(r.buf)/2 {
		r.buf = append(r.buf[:0], r.buf[r.start:]...)
		r.sizes = append(r.sizes[:0], r.sizes[r.start:]...)
		r.start = 0
	}
	return out, true
}

func (r *ring) items() []unit { return r.buf[r.start:] }

// textError reports whether a line of text reports an error as a tool
// writes one: an error word as a marker (error:, FAILED, panic:, a class
// name like TypeError), as the log reducer reads it, or an error word that
// starts the line or what follows a colon (rm: cannot remove 'x':
// Permission denied); not an error word inside a sentence about errors (a
// commit's subject, a manual's prose).
func textError(b []byte) bool {
	switch logClassify(b) {
	case lkError, lkPanic, lkGoFail, lkRace, lkTraceback, lkTestFail, lkNpm, lkCause, lkSummaryFail, lkTestFailed:
		return true
	}
	_, i := shape.IndentColumns(b)
	for {
		if errorWordAt(b, i) {
			return true
		}
		j := bytes.Index(b[i:], []byte(": "))
		if j < 0 {
			return false
		}
		i += j + 2
	}
}

// errorWordAt reports whether an error word starts at b[i].
func errorWordAt(b []byte, i int) bool {
	if i >= len(b) {
		return false
	}
	for _, w := range errorWordsAt[b[i]] {
		if hasPrefixFold(b[i:], w) {
			return true
		}
	}
	return false
}

// errorWords are the words that make a line look like an error, in lower
// case.
var errorWords = []string{
	"error", "fail", "fatal", "panic", "exception", "traceback", "denied",
	"abort", "segmentation fault", "undefined", "cannot",
}

// errorWordsAt lists, for each byte, the error words starting with it in
// either case, so errorLike looks at each byte of a line once.
var errorWordsAt = func() (t [256][]string) {
	for _, w := range errorWords {
		t[w[0]] = append(t[w[0]], w)
		t[w[0]-'a'+'A'] = append(t[w[0]-'a'+'A'], w)
	}
	return t
}()

// errorLike reports whether a line looks like it reports an error: an
// error word starts a word of it, or a hump of a camel-case one
// (TypeError), but not the inside of another word (strerror, -Werror,
// HAVE_STRERROR). It runs on most lines of a large input, so it is one
// pass with no allocation.
func errorLike(b []byte) bool {
	for i, c := range b {
		if len(errorWordsAt[c]) == 0 || i > 0 && !wordStart(b[i-1], c) {
			continue
		}
		for _, w := range errorWordsAt[c] {
			if hasPrefixFold(b[i:], w) {
				return true
			}
		}
	}
	return false
}

// wordStart reports whether c, after prev, starts a word: prev is no
// letter, or c is the capital of a camel-case hump.
func wordStart(prev, c byte) bool {
	lower := func(c byte) bool { return 'a' <= c && c <= 'z' }
	upper := func(c byte) bool { return 'A' <= c && c <= 'Z' }
	return !lower(prev) && !upper(prev) || upper(c) && lower(prev)
}

// hasPrefixFold reports whether b starts with the lower-case ASCII word w,
// in any case.
func hasPrefixFold(b []byte, w string) bool {
	if len(b) < len(w) {
		return false
	}
	for i := range len(w) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}
