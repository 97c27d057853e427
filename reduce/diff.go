package reduce

import (
	"bytes"
	"cmp"
	"math"
	"math/bits"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/shape"
)

// Priorities of the diff reducer's pieces. A diff is cut late and in this
// order: context lines far from a change go first, then lock, generated and
// deleted files (collapsed to a line with their counts), then the context
// lines next to a change, then index lines and the lines that name a file's
// paths again, then a word diff's lines that repeat an edit made before,
// then the inside of the largest hunks, then the changed lines
// that start a declaration; the first and last changed line of every hunk,
// then the signatures among a hunk's changed lines where few read so, a
// commit's author and date, every hunk header,
// every file header and every commit's hash and subject stay longest, and the
// summary that names every file when not all of them fit stays above all.
const (
	prioDiffStat   = 10_000_000 // the --stat-like summary
	prioDiffCommit = 9_700_000  // a commit's header and subject
	prioDiffStart  = 9_600_000  // the line that starts a file, less its spread number in the commit
	prioDiffFile   = 9_500_000  // the rest of a file's header, less the same
	prioDiffHunk   = 9_000_000  // hunk headers, less their spread number in the file; collapsed files
	prioDiffField  = 8_600_000  // a commit's author, date and other fields
	prioDiffText   = 8_500_000  // the first line of text that is not a commit's
	prioDiffEdge   = 8_000_000  // the first and last changed line of a hunk
	prioDiffDecl   = 7_950_000  // a changed line that starts a declaration
	prioDiffInside = 7_000_000  // less the distance from the nearer edge
	// prioDiffIndex ranks index lines (blob hashes, of little use to a
	// reader) and the lines that name a file's paths again below every
	// changed line: shown while changes are not, they only shorten the
	// gap line that stands for them.
	prioDiffIndex = 6_050_000
	// prioDiffRepeat ranks a word diff's changed line whose edit an
	// earlier line made word for word below every other changed line:
	// shown once, a rename or a reworded call tells all its repeats.
	prioDiffRepeat = 6_075_000
	prioDiffNear   = 6_000_000 // the context lines next to a change
	prioDiffLock   = 5_000_000 // a lock or generated file's lines
	prioDiffFar    = 4_000_000 // less the distance from the nearest change
	diffSpan       = 900_000   // the most a distance lowers a priority
	diffTierSpan   = 99_999    // the most a file's or a hunk's number lowers its priority
	// A hunk header's priority is lowered by its number in the file, on
	// diffHunkLevels levels, and among equals by its file's number, on
	// diffHunkFiles. A level holds two such bands: the headers, then the
	// signatures of its hunks, then the bare headers (see startHunk), so
	// diffHunkLevels*2*diffHunkFiles stays within diffTierSpan.
	diffHunkLevels = 128
	diffHunkFiles  = 390
	diffHunkLevel  = 2 * diffHunkFiles
	// diffCommitSpan is the most a commit's number lowers the priority of
	// its header, twice over (its lines rank at two levels), which keeps
	// it above prioDiffStart.
	diffCommitSpan = 49_000
	diffDeclSpan   = 49_999 // the most a distance lowers a declaration's priority
	diffSigsRaised = 2      // signatures from each end of a hunk that rank with its header
	// diffMaxRaisedSig is the longest signature, in bytes, that ranks
	// with the first hunks' headers for its file (see endHunk).
	diffMaxRaisedSig = 96
	// prioDiffGap ranks the notes that count a gap's changed lines below
	// every line, so Fit adds them last, each filling a gap whole, and drops
	// them first when it has less room.
	prioDiffGap = 0
)

const (
	// diffItemCost is what holding a piece costs beyond its text, in the
	// accounting that bounds memory.
	diffItemCost = 32
	// diffMaxParents is the most parents a combined diff may have for its
	// hunks to be read by their counts.
	diffMaxParents = 8
	// diffMaxName caps a file name as held for the summary.
	diffMaxName = 256
	// diffMaxCommitItems caps the lines of a commit's header kept to be
	// raised if it is the last: its hash, subject and blank lines, a
	// merge's parents, a folded subject's lines.
	diffMaxCommitItems = 16
	// diffMaxEdits caps the edits of a word diff held to tell repeats,
	// and diffMaxEdit the length of one.
	diffMaxEdits = 4096
	diffMaxEdit  = 256
	// diffMinEdit is the fewest letters and digits an edit holds to be
	// told as a repeat: a changed number or a lone word recurs by chance.
	diffMinEdit = 6
)

// Diff is the reducer for unified diffs and git diff, show and log -p
// output. It reads the diff's structure (commits, file sections, hunks and
// their line counts) in one pass and ranks every line by what it is, holding
// only the highest-ranked lines up to a bound set by the budget, and exact
// per-file counts for a --stat-like summary.
type Diff struct {
	held      diffHeld
	holdLimit int
	maxFiles  int

	cum     diffCounts // changed lines so far
	hunk    *diffHunk
	sect    *diffSection
	group   *diffGroup
	groups  int
	pending *diffItem // a `--- ` line that starts a file only if `+++ ` follows
	// pendingContext is set when the pending line is a context diff's
	// `*** `, which starts a file only if `--- ` follows.
	pendingContext bool
	// pendingText is the pending line as it is read: without colours and
	// graph columns.
	pendingText []byte
	// plain holds the line being read without its colours.
	plain []byte
	// graph is the width of the columns git log --graph draws before each
	// line, 0 if the input is not such a log; started is set once the
	// first line that is not blank has told.
	graph   int
	started bool

	state    diffState
	textRun  int  // lines of free text since the last structural line
	subject  bool // the current commit's subject has been seen
	commits  int
	sections int
	// commitSections is the number of sections before the current commit;
	// hunks, the number of hunks in the current section.
	commitSections int
	hunks          int
	allHunks       int    // hunks in all sections
	lastCommit     int    // the last line of a commit's header read
	treeRoots      string // the roots of the last `diff -r` line kept whole (see diffTreeRoots)
	// lastStart is the line that starts the last file section read, and
	// lastHunk the last hunk header of the open section, each kept to be
	// raised once it is known to be the last (see raiseLastFile); the
	// flags tell whether they are set.
	lastStart, lastHunk         diffItem
	haveLastStart, haveLastHunk bool
	lastHunkBare                bool // the last hunk header names no function
	// commitPrio ranks the current commit's hash and subject, one less its
	// other lines that stay with them: commits spread as files do (see
	// startPrio). commitItems are those lines, kept to raise the last
	// commit's (see raiseLastCommit).
	commitPrio  int
	commitItems []diffItem
	fieldPrio   int // the priority of the commit header's last field
	// edits holds the edits of a word diff's changed lines read so far
	// (see diffWordEdit), up to diffMaxEdits of them.
	edits map[string]struct{}
	spare [2][]diffHunkLine

	files   []diffFileStat
	fileIdx map[string]int
	// sigFiles holds the files whose first signature changed in a later
	// hunk ranks with the first hunks' (see endHunk).
	sigFiles map[string]bool
	// startFile maps the line that starts a file section to the file's
	// index in files, for the starts still held (see forgetStarts).
	startFile map[int]int
	// moreN counts the file sections past maxFiles, and more their lines.
	moreN int
	more  diffCounts
}

type diffState uint8

const (
	diffOutside diffState = iota
	diffCommitHead
	diffMessage
	diffFileHead
	diffBinaryData
)

// diffCounts counts changed lines.
type diffCounts struct{ plus, minus int }

func (a diffCounts) sub(b diffCounts) diffCounts {
	return diffCounts{a.plus - b.plus, a.minus - b.minus}
}

// diffHeads counts the commits, file sections and hunks that start in a
// part of a diff.
type diffHeads struct{ commits, files, hunks int }

func (a diffHeads) sub(b diffHeads) diffHeads {
	return diffHeads{a.commits - b.commits, a.files - b.files, a.hunks - b.hunks}
}

// String writes the counts that are not 0, each with its noun, or "".
func (a diffHeads) String() string {
	var parts []string
	for _, c := range []struct {
		n         int
		one, many string
	}{{a.commits, "commit", "commits"}, {a.files, "file", "files"}, {a.hunks, "hunk", "hunks"}} {
		if c.n > 0 {
			parts = append(parts, elision.Thousands(int64(c.n))+" "+diffPlural(c.n, c.one, c.many))
		}
	}
	return strings.Join(parts, ", ")
}

// diffItem is a candidate piece with what the plan needs to know of it.
type diffItem struct {
	piece Piece
	// before and after count the changed lines of the input before the
	// first and after the last line the piece covers.
	before, after diffCounts
	// headsBefore and headsAfter count the commits, files and hunks that
	// start before the first and up to the last line the piece covers,
	// once headed is set.
	headsBefore, headsAfter diffHeads
	headed                  bool
	group                   int  // the lock or generated file it belongs to, from 1
	start                   bool // it starts a file section
	commit                  bool // it is a line of a commit's header
	// inHunk is set once a hunk of its file began by its last line: a gap
	// right after an item without it holds its file's first hunk header.
	inHunk bool
	// partial is set on the note of a lock, generated or vendored file:
	// its first lines may stand in for the rest (see collapse).
	partial bool
	// short is the line cut after its hash's first digits (see
	// diffHashKeep), shown when the view cannot hold every header, or a
	// file's `diff` line cut to its path below the trees' roots (see
	// diffTreeCut), which Pieces shows in its stead where it is shorter.
	short *Piece
	// filler is set for a line held for the lines around it, shown
	// only to fill the gap between them (see diffPlan.fill).
	filler bool
	// counted is set on a normal diff's hunk header, 24c23,31, whose line
	// numbers tell how many lines its hunk changes.
	counted bool
}

// diffSection is the file section being read.
type diffSection struct {
	name, old, from string
	git             bool
	index           bool // started by an Index: line
	plain           bool // started by its `--- ` line
	context         bool // a context diff's: `*** ` names the old file, `--- ` the new
	cmd             bool // started by a `diff` line
	sawOld, sawNew  bool
	hunks           bool
	binary, only    bool
	deleted         bool
	gen             string // what kind of generated file it is, if any
	start           int    // the line that starts it
	counts          diffCounts
	words           bool // some hunk is a word diff's, whose lines are not counted
	sig             bool // a signature it changes ranks with the first hunks' (see endHunk)
}

// diffGroup is a run of lines of a lock or generated file, or of binary
// patch data, that may be shown as one note.
type diffGroup struct {
	id          int
	first, last int
	before      diffCounts
	headsBefore diffHeads
	what, name  string
	// items are the group's lines, held apart until the group ends; a
	// group too large to show whole holds its first lines, up to full.
	items  []diffItem
	bytes  int
	tooBig bool
	full   bool // no more lines are held
	// head is set on a deleted file's group, opened by its header's index
	// line; hunked once a hunk joins it.
	head, hunked bool
}

// diffFileStat is a file's line of the summary.
type diffFileStat struct {
	name                string
	counts              diffCounts
	binary, only, words bool
}

// newDiff returns the diff reducer for a view of about budget tokens.
func newDiff(budget int) Reducer { return NewDiff(budget) }

// NewDiff returns a diff reducer for a view of about budget tokens.
func NewDiff(budget int) *Diff {
	return &Diff{
		// A token is rarely less than three bytes of a diff: this holds
		// several times what any view can show.
		holdLimit: max(budget*24, 16<<10),
		// A file's line costs more than a token, so more files than the
		// budget cannot all be named anyway.
		maxFiles:   max(budget, 200),
		fileIdx:    map[string]int{},
		sigFiles:   map[string]bool{},
		startFile:  map[int]int{},
		commitPrio: prioDiffCommit,
	}
}

// Add implements Reducer.
func (d *Diff) Add(l Line) {
	t := bytes.TrimSuffix(l.Text, []byte("\r"))
	if bytes.IndexByte(t, 0x1b) >= 0 {
		// git diff --color=always wraps headers and signs in colours; the
		// structure is read without them, and the view drops them.
		d.plain = appendUncoloured(d.plain[:0], t)
		t = d.plain
	}
	if !d.started && len(bytes.TrimSpace(t)) > 0 {
		d.started, d.graph = true, shape.GraphWidth(t)
	}
	if d.graph > 0 {
		// git log --graph -p: the diff is read after the graph's columns,
		// as wide as on the last commit line; the view shows them.
		if w := shape.GraphWidth(t); w > 0 {
			d.graph = w
		}
		t = shape.StripGraph(t, d.graph)
	}
	if d.pending != nil {
		d.resolvePending(t)
	}
	if d.hunk != nil {
		if d.hunkLine(l, t) {
			return
		}
		d.endHunk()
	}
	if d.group != nil && !d.inGroup(t) {
		d.closeGroup()
	}
	d.outside(l, t)
}

// outside reads a line that is not inside a hunk.
func (d *Diff) outside(l Line, t []byte) {
	switch {
	case isDiffCommit(t):
		d.closeSection()
		d.raiseLastFile()
		d.commits++
		d.commitPrio = prioDiffCommit - 2*diffSpread(d.commits-1, diffCommitSpan)
		d.commitItems = d.commitItems[:0]
		d.commitSections = d.sections
		d.state, d.subject, d.textRun = diffCommitHead, false, 0
		d.fieldPrio = d.commitPrio - 1
		d.lastCommit = l.N
		it := diffItem{piece: d.cut(l, d.commitPrio), before: d.cum, after: d.cum, commit: true}
		if keep := diffHashKeep(l.Text, t); keep > 0 && l.Len <= LongLine {
			short := Cut(l, keep, d.commitPrio)
			it.short = &short
		}
		it = d.headed(it, diffHeads{commits: 1})
		d.commitItems = append(d.commitItems, it)
		d.push(it)
	case d.state == diffCommitHead && isDiffField(t):
		// The hash and the subject name a commit, and a merge's parents
		// tell what it joins; the other fields (author, date) tell less
		// than where the commit changed the code: in a long log they give
		// way to the hunk headers.
		d.fieldPrio = prioDiffField
		switch {
		case diffHas(t, "Subject: "):
			d.fieldPrio, d.subject = d.commitPrio, true
		case diffHas(t, "Merge: "):
			d.fieldPrio = d.commitPrio - 1
		}
		d.keepCommit(l, d.fieldPrio)
	case d.state == diffCommitHead && len(t) > 0 && (t[0] == ' ' || t[0] == '\t'):
		// A header field folded onto the next line, as in format-patch.
		d.keepCommit(l, d.fieldPrio)
	case d.state == diffCommitHead && len(t) == 0:
		// The blank line that ends the header goes with its last field.
		d.state = diffMessage
		d.keepCommit(l, min(d.fieldPrio, d.commitPrio-1))
	case diffHas(t, "diff ") && !d.continuesIndex():
		d.openSection(l, t)
		d.sect.cmd = true
		d.sect.git = diffHas(t, "diff --git ")
		d.sect.name = diffCommandName(t)
	case diffHas(t, "diff "):
		d.sect.git = diffHas(t, "diff --git ")
		d.sect.name = diffCommandName(t)
		d.keep(l, d.filePrio(), 0)
	case diffHas(t, "Index: "):
		d.openSection(l, t)
		d.sect.index, d.sect.name = true, diffName(t[len("Index: "):])
	case diffHas(t, "Only in "):
		d.openSection(l, t)
		d.sect.only = true
		dir, name, _ := strings.Cut(string(t[len("Only in "):]), ": ")
		d.sect.name = diffName([]byte(path.Join(dir, name)))
	case shape.DiffStars(t):
		// A context diff's hunk starts with a line of stars, which says
		// no more than the range after it: it is worth showing only
		// where it costs less than the gap line that would stand for it.
		d.keep(l, prioDiffNear, 0)
	case isDiffContextRange(t, '*'):
		d.startHunk(l, diffHunkHeader{form: diffContextForm, parents: 1, old: [diffMaxParents]int{diffContextCount(t)}, ok: true})
	case d.headOpen() && (diffHas(t, "--- ") || diffHas(t, "+++ ") || diffHas(t, "*** ")):
		if diffHas(t, "*** ") {
			d.sect.context = true
		}
		d.fileName(t)
		// After a `diff` line, which names both files, these say it
		// again, no more use than the index line; after an `Index:` line
		// they name the revisions, after every file's first hunk header
		// and before any second one.
		prio := prioDiffHunk - (diffHunkLevel - 1)
		switch {
		case d.sect.plain:
			prio = d.filePrio()
		case d.sect.cmd:
			prio = prioDiffIndex
		}
		d.headLine(l, prio)
	case diffHas(t, "--- ") || diffHas(t, "*** "):
		// Only a `+++ ` line next makes this a file header, or a `--- `
		// line after a context diff's `*** `: test logs have `--- FAIL`
		// lines.
		d.pending = &diffItem{piece: d.cut(l, d.startPrio(d.sections-d.commitSections)), before: d.cum, after: d.cum, start: true}
		d.pendingContext = t[0] == '*'
		d.pendingText = append(d.pendingText[:0], t[:min(len(t), LongLine)]...)
	case diffHas(t, "@@"):
		if h, ok := parseDiffHunk(t); ok {
			d.startHunk(l, h)
			return
		}
		d.text(l, t)
	case d.headOpen() && isDiffExtended(t) && !d.briefAlone(t):
		d.extended(l, t)
	case isDiffBrief(t):
		d.openSection(l, t)
		d.sect.binary = diffHas(t, "Binary files ")
		d.sect.name = diffBriefName(t)
	case d.state == diffBinaryData:
		d.binaryData(l)
	default:
		if old, new, op, ok := shape.ParseDiffCommand(t); ok && d.state != diffMessage {
			d.startHunk(l, diffHunkHeader{form: diffNormalForm, parents: 1, old: [diffMaxParents]int{old}, new: new, ok: true, change: op == 'c'})
			return
		}
		d.text(l, t)
	}
}

// briefAlone reports whether a `Binary files ... differ` line is a file of
// its own, as diff -r writes it, rather than part of a git file header.
func (d *Diff) briefAlone(t []byte) bool {
	return isDiffBrief(t) && !d.sect.git && (!d.sect.cmd || d.sect.binary)
}

// continuesIndex reports whether a `diff` line belongs to the section an
// `Index:` line opened.
func (d *Diff) continuesIndex() bool {
	return d.headOpen() && d.sect.index && !d.sect.sawOld
}

func (d *Diff) headOpen() bool {
	return d.sect != nil && d.state == diffFileHead && !d.sect.hunks
}

// extended reads a line of a git file header after `diff --git`.
func (d *Diff) extended(l Line, t []byte) {
	s := d.sect
	prio := d.filePrio()
	switch {
	case diffHas(t, "index "):
		d.headLine(l, prioDiffIndex)
		return
	case diffHas(t, "rename from "), diffHas(t, "copy from "):
		// The diff --git line names both paths already: like the index
		// line, these are worth their room only when the hunks have had
		// theirs.
		prio = prioDiffIndex
		_, from, _ := bytes.Cut(t, []byte(" from "))
		s.from = diffName(from)
	case diffHas(t, "rename to "), diffHas(t, "copy to "):
		prio = prioDiffIndex
		_, to, _ := bytes.Cut(t, []byte(" to "))
		if s.from != "" {
			s.name = diffName([]byte(s.from + " => " + string(to)))
		}
	case diffHas(t, "deleted file mode "):
		s.deleted = true
	case diffHas(t, "Binary files "):
		s.binary = true
	case diffHas(t, "GIT binary patch"):
		s.binary = true
		d.state = diffBinaryData
	}
	d.keep(l, prio, 0)
}

// headLine proposes a line of a file's header after its first. Those of a
// git diff's deleted file after its mode line (index, --- and +++) open
// the group its hunks join: a deleted file too long to show is then one
// note from its mode line on, not a gap line for them and the note.
func (d *Diff) headLine(l Line, prio int) {
	s := d.sect
	if !s.git || !s.deleted || s.gen != "" || d.group != nil && !d.group.head {
		d.keep(l, prio, 0)
		return
	}
	if d.group == nil {
		d.openGroup(l.N, "deleted file", s.name, d.heads())
		d.group.head = true
	}
	d.group.last = l.N
	d.group.hold(d.headed(diffItem{piece: d.cut(l, prio), before: d.cum, after: d.cum, group: d.group.id}, diffHeads{}), d.holdLimit/4)
}

// fileName reads a `--- ` or `+++ ` line of a file header.
func (d *Diff) fileName(t []byte) {
	s := d.sect
	name := t[4:]
	if tab := bytes.IndexByte(name, '\t'); tab >= 0 {
		name = name[:tab] // diff -u writes the time after a tab
	}
	if t[0] == '-' && !s.context || t[0] == '*' {
		s.sawOld = true
		if s.git || diffHas(name, "a/") {
			s.git = true
			name = bytes.TrimPrefix(name, []byte("a/"))
		}
		s.old = diffName(name)
		if s.name == "" {
			s.name = s.old
		}
		return
	}
	s.sawNew = true
	if string(name) == "/dev/null" {
		s.deleted = true
		if s.old != "" && s.from == "" {
			s.name = s.old
		}
		return
	}
	if s.git {
		name = bytes.TrimPrefix(name, []byte("b/"))
	} else {
		name = diffTreePath([]byte(s.old), name)
	}
	if s.from == "" {
		s.name = diffName(name)
	}
}

// resolvePending decides what a `--- ` line held back was, now that the
// line after it is known.
func (d *Diff) resolvePending(t []byte) {
	p := d.pending
	d.pending = nil
	follows := "+++ "
	if d.pendingContext {
		follows = "--- "
	}
	if !diffHas(t, follows) {
		p.start, p.piece.Prio = false, prioDiffInside
		d.textItem(*p)
		return
	}
	d.closeSection()
	d.sections++
	d.hunks = 0
	d.state, d.textRun = diffFileHead, 0
	d.sect = &diffSection{plain: true, context: d.pendingContext, start: p.piece.Line}
	d.fileName(d.pendingText)
	it := d.headed(*p, diffHeads{files: 1})
	d.lastStart, d.haveLastStart = it, true
	d.push(it)
}

// openSection starts a file section with line l.
func (d *Diff) openSection(l Line, t []byte) {
	d.closeSection()
	d.sections++
	d.hunks = 0
	d.state, d.textRun = diffFileHead, 0
	d.sect = &diffSection{start: l.N}
	prio := d.startPrio(d.sections - 1 - d.commitSections)
	it := d.headed(diffItem{piece: d.cut(l, prio), before: d.cum, after: d.cum, start: true}, diffHeads{files: 1})
	if at := diffTreeAt(l.Text, t); at > 0 && l.Len <= LongLine {
		// The first such line under a pair of roots stays whole: it
		// says the two trees once.
		if roots := diffTreeRoots(t); roots != d.treeRoots {
			d.treeRoots = roots
		} else {
			short := diffTreeCut(l, t, at, prio)
			it.short = &short
		}
	}
	d.lastStart, d.haveLastStart = it, true
	d.push(it)
}

// raiseLastFile ranks the line that starts the last file of the commit
// just read, or of the diff, right after its first file's, before the
// files between: diffSpread alone spreads the files a view can show from
// the first on, and leaves out the last, so the view would seem to stop
// short of the diff's end. Both ends, then the middle, tell its extent.
func (d *Diff) raiseLastFile() {
	have := d.haveLastStart
	d.haveLastStart = false
	if !have || d.sections-d.commitSections < 3 {
		return // the second file already ranks right after the first
	}
	raised := d.lastStart
	raised.piece.Prio = max(raised.piece.Prio, prioDiffStart-1)
	raised.short = diffReranked(raised.short, raised.piece.Prio)
	d.push(raised)
}

// raiseLastHunk ranks the last hunk header of the file just read right
// after the first hunks of the files, before the hunks between, as
// raiseLastFile does the last file.
func (d *Diff) raiseLastHunk() {
	have := d.haveLastHunk
	d.haveLastHunk = false
	if !have || d.hunks < 3 {
		return
	}
	raised := d.lastHunk
	level := prioDiffHunk - diffHunkLevel
	if d.lastHunkBare {
		level -= diffHunkFiles
	}
	raised.piece.Prio = max(raised.piece.Prio, level-diffSpread(d.sections-1, diffHunkFiles-2))
	d.push(raised)
}

// startPrio ranks the line that starts the n-th file of a commit, from 0:
// the first file of every commit before the second of any, so a log shows
// files of each commit; and the files of a commit in the order diffSpread
// gives, so that however many of their headers fit, they are spread over
// the whole diff rather than its first files.
func (d *Diff) startPrio(n int) int {
	return prioDiffStart - diffSpread(n, diffTierSpan)
}

// filePrio ranks the rest of the current file's header as its first line
// is ranked among the files' first lines.
func (d *Diff) filePrio() int {
	return prioDiffFile - diffSpread(d.sections-1-d.commitSections, diffTierSpan)
}

// diffSpread returns the rank, from 0 to most, of item i (from 0) of a
// sequence of unknown length, such that the items of the lowest ranks are
// spread evenly over the sequence, however long it turns out to be: the
// rank is i's bits reversed (0, then 2^16, 2^15, 3*2^15 ... of 2^17), so
// every item whose number is a multiple of 2^k ranks before any other,
// and among those, the order is the same again. A view of a diff whose
// headers alone do not fit shows some from all over the diff, the gaps
// between them of even length, rather than the first ones only.
func diffSpread(i, most int) int {
	const width = 17
	if i < 0 || i >= 1<<width {
		return most
	}
	r := bits.Reverse32(uint32(i)) >> (32 - width)
	return int(uint64(r) * uint64(most) >> width)
}

// closeSection adds the section being read to the summary.
func (d *Diff) closeSection() {
	d.raiseLastHunk()
	s := d.sect
	if s == nil {
		return
	}
	d.sect = nil
	if d.state == diffFileHead || d.state == diffBinaryData {
		d.state = diffOutside
	}
	name := s.name
	if name == "" {
		name = "(unnamed)"
	}
	i, ok := d.fileIdx[name]
	if !ok && len(d.files) >= d.maxFiles {
		d.moreN++
		d.more.plus += s.counts.plus
		d.more.minus += s.counts.minus
		return
	}
	if !ok {
		i = len(d.files)
		d.fileIdx[name] = i
		d.files = append(d.files, diffFileStat{name: name})
	}
	d.startFile[s.start] = i
	if len(d.startFile) > 2*len(d.held.heap)+diffStartSlack {
		d.forgetStarts()
	}
	f := &d.files[i]
	f.counts.plus += s.counts.plus
	f.counts.minus += s.counts.minus
	f.binary = f.binary || s.binary
	f.only = f.only || s.only
	f.words = f.words || s.words
}

// diffStartSlack is how many section starts startFile holds past twice the
// items held before forgetStarts lets go of those no longer held.
const diffStartSlack = 64

// forgetStarts lets go of the files of the section starts that are no
// longer held, which no view shows, but the last file's, which
// raiseLastFile may hold again: a long log of a few files would otherwise
// hold one for every section read.
func (d *Diff) forgetStarts() {
	held := make(map[int]bool, len(d.startFile))
	for _, r := range d.held.heap {
		if it := d.held.slots[r.slot]; it.start {
			held[it.piece.Line] = true
		}
	}
	if d.haveLastStart {
		held[d.lastStart.piece.Line] = true
	}
	for line := range d.startFile {
		if !held[line] {
			delete(d.startFile, line)
		}
	}
}

// text reads a line of free text: a commit message, a patch's description,
// a --stat table. The first line of a run ranks with the headers; the rest
// ranks with the inside of hunks, nearer lines first.
func (d *Diff) text(l Line, t []byte) {
	if d.state == diffFileHead || d.state == diffCommitHead {
		d.state = diffOutside
	}
	if len(bytes.TrimSpace(t)) == 0 {
		d.blank(l)
		return
	}
	d.textRun++
	switch {
	case d.state == diffMessage && !d.subject:
		d.subject = true
		d.keepCommit(l, d.commitPrio)
	case shape.DiffStatSummary(t):
		// The line that closes a stat says how large the patch is in
		// one line: it ranks with a commit's author and date, or, in a
		// diff of no commit, where it sums up the whole diff, with the
		// files' headers.
		prio := prioDiffFile
		if d.commits > 0 {
			prio = prioDiffField
		}
		d.keep(l, prio, 0)
	case d.textRun == 1 && d.state != diffMessage:
		d.keep(l, prioDiffText, 0)
	default:
		d.keep(l, prioDiffInside-min(d.textRun, diffSpan), 0)
	}
}

func (d *Diff) textItem(it diffItem) {
	d.textRun++
	it.piece.Prio = prioDiffInside - min(d.textRun, diffSpan)
	if d.textRun == 1 {
		it.piece.Prio = prioDiffText
	}
	d.push(it)
}

// diffBinaryWhat is what the note of a binary patch's data calls it.
const diffBinaryWhat = "binary patch data"

// binaryData reads a line of a git binary patch.
func (d *Diff) binaryData(l Line) {
	if d.group == nil {
		d.openGroup(l.N, diffBinaryWhat, "", d.heads())
		// Base85 is no use to a reader: the note always stands for it.
		d.group.tooBig = true
	}
	d.group.last = l.N
}

// inGroup reports whether a line outside a hunk continues the open group.
func (d *Diff) inGroup(t []byte) bool {
	if d.state == diffBinaryData {
		return !diffHas(t, "diff ") && !isDiffCommit(t)
	}
	if d.group.head && !d.group.hunked && d.headOpen() && (diffHas(t, "index ") || diffHas(t, "--- ") || diffHas(t, "+++ ")) {
		return true
	}
	return diffHas(t, "@@")
}

func (d *Diff) openGroup(first int, what, name string, heads diffHeads) {
	d.groups++
	d.group = &diffGroup{id: d.groups, first: first, last: first, before: d.cum, headsBefore: heads, what: what, name: name}
}

// closeGroup proposes the note that stands for the group's lines, as a gap
// note reads, its range after what the group is: `[... go.sum, a lock
// file: L214-237 (+10 -10)]`.
func (d *Diff) closeGroup() {
	g := d.group
	if g == nil {
		return
	}
	d.group = nil
	if g.head && !g.hunked {
		// No hunk followed (an empty file, a binary one): its header's
		// lines are proposed as any file's are.
		for _, it := range g.items {
			it.group = 0
			d.push(it)
		}
		return
	}
	n := g.last - g.first + 1
	c := d.cum.sub(g.before)
	var b strings.Builder
	b.WriteString("  [... ")
	if g.name != "" {
		b.WriteString(g.name + ", a " + g.what + ": ")
	} else {
		b.WriteString(g.what + ": ")
	}
	b.WriteString(elision.LineRange(g.first, g.last))
	if c != (diffCounts{}) {
		b.WriteString(" " + c.note())
	}
	b.WriteString("]")
	d.push(diffItem{
		piece:  Piece{Line: g.first, Note: b.String(), Stands: n, Prio: prioDiffHunk},
		before: g.before, after: d.cum, group: g.id,
		headsBefore: g.headsBefore, headsAfter: d.heads(), headed: true, inHunk: d.hunks > 0,
		partial: !g.head && g.what != diffBinaryWhat,
	})
	for _, it := range g.items {
		d.push(it)
	}
}

// hold holds an item of the open group up to limit bytes of them: past
// that, the group is too large to be shown whole in any view, and holds
// its first lines only, for a view with nothing else to show.
func (g *diffGroup) hold(it diffItem, limit int) {
	if g.full {
		return
	}
	if g.bytes+diffItemSize(it) > limit {
		g.tooBig, g.full = true, true
		return
	}
	g.bytes += diffItemSize(it)
	g.items = append(g.items, it)
}

// String writes counts as a diffstat does: (+12 -3).
func (a diffCounts) String() string {
	return "(+" + elision.Thousands(int64(a.plus)) + " -" + elision.Thousands(int64(a.minus)) + ")"
}

// note writes counts for a gap note, leaving out a side that is zero as
// git's --shortstat does: (+20), (-3), (+2 -1). About half the notes hide
// only added or only removed lines, and the zero side cost two tokens of
// their eleven. Counts of zero on both sides read (+0): a note with no
// changed lines leaves them out rather than call note.
func (a diffCounts) note() string {
	switch {
	case a.minus == 0:
		return "(+" + elision.Thousands(int64(a.plus)) + ")"
	case a.plus == 0:
		return "(-" + elision.Thousands(int64(a.minus)) + ")"
	}
	return a.String()
}

// keepCommit proposes a line of a commit's header: its hash, author and
// date, and its subject.
func (d *Diff) keepCommit(l Line, prio int) {
	d.lastCommit = l.N
	it := d.headed(diffItem{piece: d.cut(l, prio), before: d.cum, after: d.cum, commit: true}, diffHeads{})
	if prio >= d.commitPrio-1 && d.commits > 0 && len(d.commitItems) < diffMaxCommitItems {
		d.commitItems = append(d.commitItems, it)
	}
	d.push(it)
}

// raiseLastCommit ranks the hash, subject and the lines that stay with
// them of a log's last commit right after its first commit's, as
// raiseLastFile does a commit's last file: spread alone, the commits a view
// can show would stop short of the log's end.
func (d *Diff) raiseLastCommit() {
	if d.commits < 3 {
		return
	}
	for _, it := range d.commitItems {
		raised := it
		raised.piece.Prio += prioDiffCommit - 2 - d.commitPrio
		raised.short = diffReranked(it.short, raised.piece.Prio)
		d.push(raised)
	}
}

// blank proposes a blank line outside a hunk. One that follows a commit's
// header or subject stays with it, as git lays them out; others are worth
// keeping only where they close a gap, which costs less than the gap line.
func (d *Diff) blank(l Line) {
	if l.N == d.lastCommit+1 {
		d.keepCommit(l, d.commitPrio-1)
		return
	}
	d.keep(l, prioDiffNear, 0)
}

// keep proposes line l with a priority.
func (d *Diff) keep(l Line, prio, group int) {
	d.push(diffItem{piece: d.cut(l, prio), before: d.cum, after: d.cum, group: group})
}

func (d *Diff) cut(l Line, prio int) Piece {
	if l.Len > LongLine {
		return Cut(l, longKeep, prio)
	}
	return Cut(l, LongLine, prio)
}

// push holds an item, letting go of the lowest-ranked ones past the bound.
// An item not headed starts nothing: the heads before and after it are
// those read so far.
func (d *Diff) push(it diffItem) {
	if !it.headed {
		it = d.headed(it, diffHeads{})
	}
	d.held.push(it, d.holdLimit)
}

// heads returns the commits, files and hunks that started so far.
func (d *Diff) heads() diffHeads { return diffHeads{d.commits, d.sections, d.allHunks} }

// headed returns the item with the heads read so far after it, and before
// it those less the ones it starts itself.
func (d *Diff) headed(it diffItem, starts diffHeads) diffItem {
	it.headsAfter = d.heads()
	it.headsBefore, it.headed = it.headsAfter.sub(starts), true
	it.inHunk = d.hunks > 0
	return it
}

func diffItemSize(it diffItem) int { return len(it.piece.Text) + len(it.piece.Note) + diffItemCost }

// diffHeld holds the candidate pieces up to a number of bytes, letting go
// of the lowest-ranked first: lowest priority, and among equals the latest
// line, as Fit would take it last. Items stay in their slots; the heap
// orders small references to them.
type diffHeld struct {
	slots []diffItem
	free  []int
	heap  []diffRef
	bytes int
}

type diffRef struct {
	prio, line, slot int
}

// below reports whether a ranks below b.
func (a diffRef) below(b diffRef) bool {
	if a.prio != b.prio {
		return a.prio < b.prio
	}
	return a.line > b.line
}

func (h *diffHeld) push(it diffItem, limit int) {
	ref := diffRef{prio: it.piece.Prio, line: it.piece.Line}
	size := diffItemSize(it)
	if h.bytes+size > limit && len(h.heap) > 0 && ref.below(h.heap[0]) {
		return // it would be the first to go
	}
	if n := len(h.free); n > 0 {
		ref.slot = h.free[n-1]
		h.free = h.free[:n-1]
		h.slots[ref.slot] = it
	} else {
		ref.slot = len(h.slots)
		h.slots = append(h.slots, it)
	}
	h.bytes += size
	h.heap = append(h.heap, ref)
	h.up(len(h.heap) - 1)
	for h.bytes > limit && len(h.heap) > 1 {
		h.pop()
	}
}

// pop lets go of the lowest-ranked item.
func (h *diffHeld) pop() {
	out := h.heap[0]
	last := len(h.heap) - 1
	h.heap[0] = h.heap[last]
	h.heap = h.heap[:last]
	h.down(0)
	h.bytes -= diffItemSize(h.slots[out.slot])
	h.slots[out.slot] = diffItem{}
	h.free = append(h.free, out.slot)
}

func (h *diffHeld) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !h.heap[i].below(h.heap[parent]) {
			return
		}
		h.heap[i], h.heap[parent] = h.heap[parent], h.heap[i]
		i = parent
	}
}

func (h *diffHeld) down(i int) {
	n := len(h.heap)
	for {
		low := i
		for _, c := range []int{2*i + 1, 2*i + 2} {
			if c < n && h.heap[c].below(h.heap[low]) {
				low = c
			}
		}
		if low == i {
			return
		}
		h.heap[i], h.heap[low] = h.heap[low], h.heap[i]
		i = low
	}
}

// items returns the held items.
func (h *diffHeld) items() []diffItem {
	out := make([]diffItem, 0, len(h.heap))
	for _, r := range h.heap {
		out = append(out, h.slots[r.slot])
	}
	return out
}

// diffHunk is the hunk being read. Its lines are held, a bounded number
// from its start and from its end, until it ends and their distances from
// its edges are known.
type diffHunk struct {
	form    diffForm
	parents int
	old     [diffMaxParents]int // lines left to read of each parent
	new     int                 // lines left to read of the result
	strict  bool                // the header gave counts
	done    bool                // the counts are read; a `\` line may follow
	group   int

	head      []diffHunkLine
	headBytes int
	tail      []diffHunkLine
	tailStart int
	tailBytes int
	dropped   bool // lines between head and tail were let go
	// mid holds the changed lines that start declarations among those
	// let go between head and tail, a spread of them: every stride-th
	// of the seen.
	mid       []diffHunkLine
	midBytes  int
	midSeen   int
	midStride int
	changed   int
	// start counts the changed lines of the input before the hunk.
	start diffCounts
	// word is set for a hunk of git diff --word-diff, whose lines do not
	// match its header's counts; porcelain, for --word-diff=porcelain.
	word, porcelain bool
	// sep is set for a hunk of the normal form that changes lines: a `---`
	// line parts the old lines from the new. newSide is set once a
	// context diff's hunk is at its new lines.
	sep, newSide bool
	// afterBlank is set while the last line read is a blank changed line;
	// open, while the last line read leaves its statement open.
	afterBlank, open bool
	prio             int // the hunk header's
	sigPrio          int // its first and last signatures'
}

// diffForm is the form of a diff's hunks.
type diffForm uint8

const (
	diffUnifiedForm diffForm = iota // @@ -1,3 +1,4 @@, then ' ', '-' and '+' lines
	diffNormalForm                  // 3c3, then '<' lines, ---, '>' lines
	diffContextForm                 // *** 1,3 ****, ' ', '!', '-' lines, --- 1,4 ----, ' ', '!', '+' lines
)

// diffHunkLine is a line of a hunk as held until the hunk ends.
type diffHunkLine struct {
	piece  Piece
	before diffCounts
	delta  diffCounts
	change int // for a changed line, its number among the hunk's, from 1
	mark   bool
	decl   bool // it starts as a declaration does (see diffDecl)
	loose  bool // but at the top level, declares no function or type (see diffLoose)
	sig    bool // and reads as a signature (see diffSignature)
	bare   bool // it holds no word: a brace, a blank line
	// cont is set on a changed line that continues the statement of the
	// line above (see diffContinues).
	cont   bool
	header bool // a context diff's range of new lines, --- 1,4 ----
	parts  bool // a normal diff's `---` between a change's old and new lines
}

// diffHunkHeader is what a hunk header says.
type diffHunkHeader struct {
	form    diffForm
	parents int
	old     [diffMaxParents]int
	new     int
	ok      bool // the counts could be read
	change  bool // a normal hunk's command is c: old lines, ---, new lines
	bare    bool // nothing follows the unified header's closing @@
}

// parseDiffHunk reads a hunk header, `@@ -1,3 +1,4 @@` or, in a combined
// diff, `@@@ -1,3 -1,3 +1,4 @@@`. A header without counts still starts a
// hunk, whose end is then found by the lines' first bytes.
func parseDiffHunk(t []byte) (diffHunkHeader, bool) {
	ats := 0
	for ats < len(t) && t[ats] == '@' {
		ats++
	}
	if ats < 2 || ats < len(t) && t[ats] != ' ' {
		return diffHunkHeader{}, false
	}
	h := diffHunkHeader{parents: ats - 1}
	fields := bytes.Fields(t[ats:])
	if h.parents > diffMaxParents || len(fields) < ats+1 || !bytes.Equal(fields[ats], t[:ats]) {
		return h, true
	}
	h.bare = len(fields) == ats+1
	for k, f := range fields[:ats] {
		sign := byte('-')
		if k == ats-1 {
			sign = '+'
		}
		n, ok := diffRangeCount(f, sign)
		if !ok {
			return h, true
		}
		if k < h.parents {
			h.old[k] = n
		} else {
			h.new = n
		}
	}
	h.ok = true
	return h, true
}

// diffRangeCount returns the count of a hunk range such as -12,7 (7) or +3
// (1).
func diffRangeCount(f []byte, sign byte) (int, bool) {
	if len(f) < 2 || f[0] != sign {
		return 0, false
	}
	start, count, comma := f[1:], []byte("1"), bytes.IndexByte(f, ',')
	if comma >= 0 {
		start, count = f[1:comma], f[comma+1:]
	}
	if _, err := strconv.ParseUint(string(start), 10, 31); err != nil {
		return 0, false
	}
	n, err := strconv.ParseUint(string(count), 10, 31)
	return int(n), err == nil
}

// startHunk reads a hunk header.
func (d *Diff) startHunk(l Line, h diffHunkHeader) {
	if d.state != diffFileHead && d.state != diffOutside {
		d.state = diffOutside
	}
	s := d.sect
	if s != nil && !s.hunks {
		s.hunks = true
		s.gen = diffGenerated(s.name)
		if s.gen == "vendored file" && !s.git {
			// diff -u node_modules/ws@7/x.js node_modules/ws@8/x.js
			// names the files a person chose to compare: their hunks
			// are the point, as git's are not among a change's own.
			s.gen = ""
		}
		if s.gen == "" && s.deleted {
			// Its header says it all; its lines only if there is room.
			s.gen = "deleted file"
		}
	}
	hk := &diffHunk{form: h.form, parents: h.parents, old: h.old, new: h.new, strict: h.ok, sep: h.change, head: d.spare[0], tail: d.spare[1], start: d.cum}
	if hk.form == diffUnifiedForm && hk.strict && hk.new == 0 && diffAllZero(hk.old[:hk.parents]) {
		hk.done = true
	}
	// The first hunk of every file before the second of any, and the
	// hunks of a file, and the files among equal hunks, spread over the
	// diff as diffSpread orders them.
	level := prioDiffHunk - diffSpread(d.hunks, diffHunkLevels-1)*diffHunkLevel
	prio := level - diffSpread(d.sections-1, diffHunkFiles-2)
	sigPrio := level - (diffHunkFiles - 1)
	bare := h.bare && h.new > 0 && !diffAllZero(h.old[:h.parents])
	if bare {
		// `@@ -1,7 +1,9 @@` alone (diff -u names no function) tells
		// only where the hunk is, and the gap note that stands for its
		// lines counts them: it ranks after the signatures its level's
		// hunks change, which tell what they are, and before the next
		// level's headers. A new or deleted file's, @@ -0,0 +1,347 @@,
		// says how long the file is, which no note may count whole.
		prio -= diffHunkFiles
	}
	d.hunks++
	d.allHunks++
	if s != nil && s.gen != "" {
		if d.group == nil {
			d.openGroup(l.N, s.gen, s.name, d.heads().sub(diffHeads{hunks: 1}))
		}
		d.group.last = l.N
		d.group.hunked = true
		hk.group = d.group.id
		prio = prioDiffLock
	}
	d.hunk = hk
	hk.prio, hk.sigPrio = prio, sigPrio
	if hk.group != 0 {
		d.group.hold(d.headed(diffItem{piece: d.cut(l, prio), before: d.cum, after: d.cum, group: hk.group}, diffHeads{hunks: 1}), d.holdLimit/4)
		return
	}
	it := d.headed(diffItem{piece: d.cut(l, prio), before: d.cum, after: d.cum, counted: h.form == diffNormalForm}, diffHeads{hunks: 1})
	d.lastHunk, d.haveLastHunk, d.lastHunkBare = it, true, bare
	d.push(it)
}

func diffAllZero(n []int) bool {
	for _, v := range n {
		if v != 0 {
			return false
		}
	}
	return true
}

// hunkLine reads a line that may belong to the hunk being read, and
// reports whether it did.
func (d *Diff) hunkLine(l Line, t []byte) bool {
	h := d.hunk
	if len(t) > 0 && t[0] == '\\' {
		// "\ No newline at end of file" belongs to the line before it.
		d.holdHunkLine(l, t, diffCounts{}, 0, true)
		return true
	}
	switch h.form {
	case diffNormalForm:
		return d.normalLine(l, t)
	case diffContextForm:
		return d.contextLine(l, t)
	}
	if h.word {
		if diffWordEnds(t) {
			return false
		}
		h.porcelain = h.porcelain || string(t) == "~"
		change := 0
		if diffWordChanged(t, h.porcelain) || diffColourChanged(l.Text) {
			h.changed++
			change = h.changed
		}
		d.holdHunkLine(l, t, diffCounts{}, change, false)
		return true
	}
	if h.done {
		return false
	}
	var delta diffCounts
	var ok bool
	if h.strict {
		delta, ok = h.count(t)
	} else {
		delta, ok = diffLoose(t, h.parents)
	}
	if !ok {
		if !h.strict || h.parents != 1 || h.group != 0 || diffWordEnds(t) {
			return false
		}
		// A hunk whose counts are not used up goes on with a line no
		// unified diff has: a word diff's.
		d.wordHunk()
		return d.hunkLine(l, t)
	}
	change := 0
	if delta != (diffCounts{}) || diffChangedCols(t, h.parents) {
		h.changed++
		change = h.changed
	}
	d.holdHunkLine(l, t, delta, change, false)
	if h.strict && h.new == 0 && diffAllZero(h.old[:h.parents]) {
		h.done = true
	}
	return true
}

// wordHunk reads the hunk being read as a word diff from now on. Its lines
// so far were read as a unified diff's; they change no line, and only
// those with word markers are changes.
func (d *Diff) wordHunk() {
	h := d.hunk
	h.word = true
	if d.sect != nil {
		d.sect.words = true
		d.sect.counts = d.sect.counts.sub(d.cum.sub(h.start))
	}
	d.cum = h.start
	h.changed = 0
	for _, lines := range [][]diffHunkLine{h.head, h.mid, h.tail[h.tailStart:]} {
		for i := range lines {
			hl := &lines[i]
			hl.before, hl.delta, hl.change = h.start, diffCounts{}, 0
			hl.bare = !diffHasWord(hl.piece.Text)
			if !hl.mark && (diffWordChanged(hl.piece.Text, false) || diffColourChanged(hl.piece.Text)) {
				h.changed++
				hl.change = h.changed
			}
		}
	}
}

// diffWordEnds reports whether a line ends a word diff's hunk: the next
// hunk, file or commit.
func diffWordEnds(t []byte) bool {
	if _, ok := parseDiffHunk(t); ok {
		return true
	}
	return diffHas(t, "diff ") || diffHas(t, "Index: ") || isDiffCommit(t)
}

// diffWordChanged reports whether a line of a word diff changes words:
// it holds [-removed-] or {+added+} words, or, in the porcelain form, starts
// with - or +.
func diffWordChanged(t []byte, porcelain bool) bool {
	if porcelain {
		return len(t) > 0 && (t[0] == '-' || t[0] == '+')
	}
	if i := bytes.Index(t, []byte("[-")); i >= 0 && bytes.Contains(t[i+2:], []byte("-]")) {
		return true
	}
	i := bytes.Index(t, []byte("{+"))
	return i >= 0 && bytes.Contains(t[i+2:], []byte("+}"))
}

// diffColourChanged reports whether a line of git diff --color-words, as
// written, holds words in git's colours for removed and added text (red
// and green), which mark its changes where --word-diff writes [-...-] and
// {+...+}.
func diffColourChanged(raw []byte) bool {
	return bytes.Contains(raw, []byte("\x1b[31m")) || bytes.Contains(raw, []byte("\x1b[32m"))
}

// count reads a line of a hunk whose header gave counts. A line the counts
// leave no room for is not the hunk's. In a combined diff a removed line
// was in the parents with a - in their column, and a line of the result in
// those with a space.
func (h *diffHunk) count(t []byte) (diffCounts, bool) {
	n := h.parents
	cols := t
	if len(t) < n {
		if len(t) != 0 {
			return diffCounts{}, false
		}
		// Some mailers strip the space of an empty context line.
		cols = bytes.Repeat([]byte(" "), n)
	}
	cols = cols[:n]
	for _, c := range cols {
		if c != ' ' && c != '+' && c != '-' {
			return diffCounts{}, false
		}
	}
	removed := bytes.IndexByte(cols, '-') >= 0
	if !removed && h.new == 0 {
		return diffCounts{}, false
	}
	for i, c := range cols {
		if diffInParent(c, removed) && h.old[i] == 0 {
			return diffCounts{}, false
		}
	}
	for i, c := range cols {
		if diffInParent(c, removed) {
			h.old[i]--
		}
	}
	if !removed {
		h.new--
	}
	return diffColCounts(cols), true
}

func diffInParent(col byte, removed bool) bool {
	if removed {
		return col == '-'
	}
	return col == ' '
}

// diffLoose reads a line of a hunk whose header gave no counts: the hunk goes
// on while lines start as hunk lines do and not as file headers.
func diffLoose(t []byte, parents int) (diffCounts, bool) {
	if len(t) < parents || diffHas(t, "--- ") || diffHas(t, "+++ ") {
		return diffCounts{}, false
	}
	for _, c := range t[:parents] {
		if c != ' ' && c != '+' && c != '-' {
			return diffCounts{}, false
		}
	}
	return diffColCounts(t[:parents]), true
}

// diffColCounts counts a hunk line as added if a parent lacks it and as removed
// if the result does.
func diffColCounts(cols []byte) diffCounts {
	var c diffCounts
	if bytes.IndexByte(cols, '-') >= 0 {
		c.minus = 1
	} else if bytes.IndexByte(cols, '+') >= 0 {
		c.plus = 1
	}
	return c
}

func diffChangedCols(t []byte, parents int) bool {
	for _, c := range t[:min(parents, len(t))] {
		if c != ' ' {
			return true
		}
	}
	return false
}

// normalLine reads a line that may belong to a hunk of diff's normal form:
// as many `<` lines as its command says, a `---` line if it changes lines,
// and as many `>` lines.
func (d *Diff) normalLine(l Line, t []byte) bool {
	h := d.hunk
	switch {
	case h.old[0] > 0 && shape.DiffSide(t, '<'):
		h.old[0]--
		h.changed++
		d.holdHunkLine(l, t, diffCounts{minus: 1}, h.changed, false)
	case h.old[0] == 0 && h.sep && string(t) == "---":
		// Worth showing only between the lines it parts, as the
		// context next to a change is.
		h.sep = false
		d.holdHunkLine(l, t, diffCounts{}, 0, false).parts = true
	case h.old[0] == 0 && !h.sep && h.new > 0 && shape.DiffSide(t, '>'):
		h.new--
		h.changed++
		d.holdHunkLine(l, t, diffCounts{plus: 1}, h.changed, false)
	default:
		return false
	}
	return true
}

// contextLine reads a line that may belong to a hunk of a context diff: up
// to as many old lines as its range says (a space, ! or - and a space),
// then the range of the new lines, `--- 1,4 ----`, and up to as many new
// lines (a space, ! or +). diff leaves out a side's lines when it changes
// none of its own.
func (d *Diff) contextLine(l Line, t []byte) bool {
	h := d.hunk
	if !h.newSide && isDiffContextRange(t, '-') {
		h.newSide, h.old[0], h.new = true, 0, diffContextCount(t)
		d.holdHunkLine(l, t, diffCounts{}, 0, false).header = true
		return true
	}
	left, sign, delta := &h.old[0], byte('-'), diffCounts{minus: 1}
	if h.newSide {
		left, sign, delta = &h.new, '+', diffCounts{plus: 1}
	}
	switch {
	case *left == 0:
		return false
	case shape.DiffSide(t, ' '):
		d.holdHunkLine(l, t, diffCounts{}, 0, false)
	case shape.DiffSide(t, '!') || shape.DiffSide(t, sign):
		h.changed++
		d.holdHunkLine(l, t, delta, h.changed, false)
	default:
		return false
	}
	*left--
	return true
}

// holdHunkLine holds a line of the hunk, from its start while there is
// room and otherwise in a window over its end, and returns it as held.
func (d *Diff) holdHunkLine(l Line, t []byte, delta diffCounts, change int, mark bool) *diffHunkLine {
	h := d.hunk
	hl := diffHunkLine{piece: d.cut(l, 0), before: d.cum, delta: delta, change: change, mark: mark}
	signs := h.parents
	if h.form != diffUnifiedForm {
		signs = 2 // `< `, `! `
	}
	hl.decl = diffDecl(t, signs)
	hl.loose = hl.decl && diffLooseDecl(t, signs)
	if change > 0 && h.afterBlank && diffHeading(t[min(signs, len(t)):]) {
		// A comment after a blank line heads what follows, as a
		// declaration does: a section of a grammar or a config file.
		hl.decl, hl.loose = true, true
	}
	h.afterBlank = change > 0 && len(bytes.TrimSpace(t[min(signs, len(t)):])) == 0
	hl.sig = hl.decl && !hl.loose && diffSignature(t)
	if h.word {
		signs = 0 // the words are marked in the line, [-a-]{+b+}
	}
	hl.bare = diffBare(t[min(signs, len(t)):])
	if !h.word {
		rest := t[min(signs, len(t)):]
		hl.cont = change > 0 && diffContinues(rest, h.open)
		h.open = diffLeavesOpen(rest)
	}
	d.cum.plus += delta.plus
	d.cum.minus += delta.minus
	if d.sect != nil {
		d.sect.counts.plus += delta.plus
		d.sect.counts.minus += delta.minus
	}
	if d.group != nil && h.group == d.group.id {
		d.group.last = l.N
	}
	size := len(hl.piece.Text) + diffItemCost
	room := d.holdLimit / 4
	if h.headBytes+size <= room && !h.dropped && len(h.tail) == 0 {
		h.head = append(h.head, hl)
		h.headBytes += size
		return &h.head[len(h.head)-1]
	}
	h.tail = append(h.tail, hl)
	h.tailBytes += size
	for h.tailBytes > room && h.tailStart < len(h.tail)-1 {
		h.tailBytes -= len(h.tail[h.tailStart].piece.Text) + diffItemCost
		if out := h.tail[h.tailStart]; out.change > 0 && out.decl {
			h.holdMid(out, room/4)
		}
		h.tail[h.tailStart] = diffHunkLine{}
		h.tailStart++
		h.dropped = true
	}
	if h.tailStart > 1024 && h.tailStart > len(h.tail)/2 {
		h.tail = append(h.tail[:0], h.tail[h.tailStart:]...)
		h.tailStart = 0
	}
	return &h.tail[len(h.tail)-1]
}

// holdMid holds a declaration let go from the middle of a long hunk: what
// a new or rewritten file defines is told by its declarations, most of
// which are neither near its start nor near its end. Past limit bytes it
// keeps every other one, and takes every other one after.
func (h *diffHunk) holdMid(hl diffHunkLine, limit int) {
	h.midSeen++
	if h.midStride > 1 && h.midSeen%h.midStride != 0 {
		return
	}
	h.mid = append(h.mid, hl)
	h.midBytes += len(hl.piece.Text) + diffItemCost
	for h.midBytes > limit && len(h.mid) > 1 {
		kept, n := h.mid[:0], 0
		for i, m := range h.mid {
			if i%2 == 0 {
				kept = append(kept, m)
				n += len(m.piece.Text) + diffItemCost
			}
		}
		clear(h.mid[len(kept):])
		h.mid, h.midBytes, h.midStride = kept, n, max(h.midStride, 1)*2
	}
}

// endHunk ranks the hunk's held lines, now that its size is known, and
// proposes them.
func (d *Diff) endHunk() {
	h := d.hunk
	if h == nil {
		return
	}
	d.hunk = nil
	if h.group != 0 && h.dropped && d.group != nil {
		d.group.tooBig = true
	}
	lines := append(append(h.head, h.mid...), h.tail[h.tailStart:]...)
	defer func() {
		// The next hunk reuses the buffers.
		clear(lines)
		clear(h.tail)
		d.spare = [2][]diffHunkLine{lines[:0], h.tail[:0]}
	}()
	// A break between head and tail, or around a line held from between
	// them, hides how far a line is from a change across it; treat it as
	// far.
	brk := diffBreaks{-1, -1}
	if h.dropped {
		brk = diffBreaks{len(h.head), len(h.head) + len(h.mid)}
	}
	dist := diffContextDistances(lines, brk)
	worded := diffWorded(lines)
	// The first and last changed lines that hold a word are the hunk's
	// edges, where blank lines or braces come before or after them; each
	// only if held as read, not after lines let go.
	firstWord, lastWord := -1, -1
	for i, hl := range lines {
		if hl.change > 0 && !hl.bare {
			if firstWord < 0 {
				firstWord = i
			}
			lastWord = i
		}
	}
	if h.dropped && firstWord >= len(h.head) {
		firstWord = -1
	}
	if h.dropped && lastWord < len(h.head)+len(h.mid) {
		lastWord = -1
	}
	lastWord = diffStatementStart(lines, firstWord, lastWord, h.dropped, len(h.head)+len(h.mid))
	// The changed lines inside the hunk that start a declaration, and
	// the number of each among them.
	decls, decl := 0, make([]int, len(lines))
	sigs, sig := 0, make([]int, len(lines))
	for i, hl := range lines {
		decl[i], sig[i] = -1, -1
		if hl.change > 0 && hl.sig {
			sig[i] = sigs
			sigs++
		}
		if hl.change > 1 && hl.change < h.changed && hl.decl {
			decl[i] = decls
			decls++
		}
	}
	prev := prioDiffEdge
	prios := make([]int, len(lines))
	for i, hl := range lines {
		prio := prev
		switch {
		case h.group != 0:
			prio = prioDiffLock
		case hl.header:
			prio = h.prio
		case hl.mark:
		case hl.change > 0 && h.word && d.repeats(hl.piece.Text, h.porcelain):
			prio = prioDiffRepeat
		case hl.change > 0:
			edge := min(hl.change-1, h.changed-hl.change)
			if i == firstWord || i == lastWord {
				edge = 0
			} else if lastWord >= 0 && i > lastWord {
				// The rest of the statement the last edge starts.
				edge = max(edge, i-lastWord)
			}
			switch {
			case hl.bare && worded:
				// A closing brace or a blank line tells nothing of
				// what the hunk changes: shown after a gap line, or
				// between two, it costs more than it says. It ranks
				// after every changed line with a word, and shows
				// where the lines beside it show and it costs less
				// than the gap line that would stand for it.
				prio = prioDiffInside - diffSpan
			case sig[i] >= 0 && min(sig[i], sigs-1-sig[i]) < diffSigsRaised && 4*sigs <= max(h.changed, 8) && h.prio > prioDiffEdge:
				// The first and last signatures a hunk changes rank
				// right after the headers of its level, before
				// later hunks': they tell what it adds or removes,
				// where the next header only tells where. Not where
				// most changed lines read so.
				prio = h.sigPrio
				if s := d.sect; s != nil && s.git && !s.sig && !d.sigFiles[s.name] && len(d.sigFiles) < d.maxFiles && len(hl.piece.Text) <= diffMaxRaisedSig && h.prio < prioDiffHunk-diffHunkLevel {
					d.sigFiles[s.name] = true
					// A git file's first signature changed in a later
					// hunk ranks with the first hunks' signatures:
					// what the file's change adds or removes tells
					// more than where its later hunks are, which the
					// first hunk's header, naming its function, does
					// not say. Not a long one, which costs as much as
					// several headers.
					s.sig = true
					prio = prioDiffHunk - (diffHunkFiles - 1)
				}
			case edge == 0:
				prio = prioDiffEdge
			case decl[i] >= 0:
				// From both ends of the hunk's declarations, each
				// hunk's first before any hunk's second: in prose or
				// config, where most lines start so, every hunk
				// keeps its share.
				prio = prioDiffDecl - min(decl[i], decls-1-decl[i], diffDeclSpan)
				if hl.loose {
					// After every function and type the diff
					// changes: a statement or a line of prose.
					prio -= diffDeclSpan + 1
				}
				if sig[i] >= 0 {
					// A signature tells more than the statements at
					// the edges, however many of the changed lines
					// read so: a header's or a stub file's hunk of
					// prototypes, a rename across signatures, shows
					// what it declares rather than other hunks' edges.
					prio = prioDiffEdge + diffDeclSpan + 1 - min(decl[i], decls-1-decl[i], diffDeclSpan)
				}
			default:
				prio = prioDiffInside - min(edge, diffSpan)
			}
		case dist[i] == 1:
			prio = prioDiffNear
		default:
			prio = prioDiffFar - min(dist[i], diffSpan)
		}
		prev, prios[i] = prio, prio
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if lines[i].header {
			// A context diff's range of new lines says where they
			// are, little more than the hunk's header: it ranks as
			// the highest of them, to be shown with them, and
			// otherwise after every hunk's header.
			newSide := prios[i] - diffTierSpan - 1
			for _, p := range prios[i+1:] {
				newSide = max(newSide, p)
			}
			prios[i] = min(prios[i], newSide+1)
		}
	}
	diffOldSides(lines, prios)
	for i, hl := range lines {
		if hl.parts && i > 0 && i+1 < len(lines) {
			// The `---` costs less than the gap line that would stand
			// for it: it is held as the lines it parts are, and
			// shown only between them.
			prios[i] = min(prios[i-1], prios[i+1]) - 1
		}
		p := hl.piece
		p.Prio = prios[i]
		it := d.headed(diffItem{piece: p, before: hl.before, after: diffCounts{hl.before.plus + hl.delta.plus, hl.before.minus + hl.delta.minus}, group: h.group, filler: hl.parts}, diffHeads{})
		if h.group != 0 {
			if d.group != nil && d.group.id == h.group {
				if h.dropped && i >= len(h.head) {
					// The hunk let go of its middle: the group holds
					// its first lines only.
					d.group.full = true
				}
				d.group.hold(it, d.holdLimit/4)
			}
			continue
		}
		d.push(it)
	}
}

// repeats reports whether a changed line of a word diff makes an edit an
// earlier line made, and notes its edit as made. A rename or a reworded
// call repeated over many lines is shown by its first.
func (d *Diff) repeats(t []byte, porcelain bool) bool {
	e := diffWordEdit(t, porcelain)
	if e == "" {
		return false
	}
	if _, ok := d.edits[e]; ok {
		return true
	}
	if d.edits == nil {
		d.edits = make(map[string]struct{})
	}
	if len(d.edits) < diffMaxEdits {
		d.edits[e] = struct{}{}
	}
	return false
}

// diffWordEdit returns the edit a changed line of a word diff makes: its
// removed and added words, [-a-]{+b+}, or in the porcelain form the line
// itself, with one blank between each two words and none around them; ""
// for none, one longer than diffMaxEdit, or one of a few letters only.
func diffWordEdit(t []byte, porcelain bool) string {
	if porcelain {
		if len(t) < 2 || len(t) > diffMaxEdit {
			return ""
		}
		// t[:1:1] holds the sign with no room after it: the first
		// append copies it, and never writes over the line.
		return diffEditOf(diffAppendWords(t[:1:1], t[1:]))
	}
	var e []byte
	for len(t) > 0 {
		i := bytes.IndexAny(t, "[{")
		if i < 0 || i+1 >= len(t) {
			break
		}
		open, closer := t[i:i+2], ""
		switch string(open) {
		case "[-":
			closer = "-]"
		case "{+":
			closer = "+}"
		default:
			t = t[i+1:]
			continue
		}
		j := bytes.Index(t[i+2:], []byte(closer))
		if j < 0 {
			break
		}
		e = append(e, open...)
		e = diffAppendWords(e, t[i+2:i+2+j])
		e = append(e, closer...)
		if len(e) > diffMaxEdit {
			return ""
		}
		t = t[i+2+j+2:]
	}
	return diffEditOf(e)
}

// diffEditOf returns e as an edit, or "" if it holds fewer than
// diffMinEdit letters and digits.
func diffEditOf(e []byte) string {
	n := 0
	for _, c := range e {
		if diffWordByte(c) {
			n++
		}
	}
	if n < diffMinEdit {
		return ""
	}
	return string(e)
}

// diffAppendWords appends the words of t to e, one blank between each two.
// It runs on every changed line of a word diff, so it takes the words one
// at a time rather than in a slice.
func diffAppendWords(e, t []byte) []byte {
	first := true
	for w := range bytes.FieldsSeq(t) {
		if !first {
			e = append(e, ' ')
		}
		e, first = append(e, w...), false
	}
	return e
}

// diffWorded reports whether a hunk changes a line that holds a word.
func diffWorded(lines []diffHunkLine) bool {
	for _, hl := range lines {
		if hl.change > 0 && !hl.bare {
			return true
		}
	}
	return false
}

// diffMaxBare is the most bytes other than blanks a changed line with no
// word holds to be bare: `}`, `});`, `*/` close a block and tell nothing,
// where a longer line of punctuation (`//- - - - -//`, `# -----------`)
// parts sections, as a heading does.
const diffMaxBare = 6

// diffBare reports whether a changed line, after its signs, holds no word
// and is short: a blank line, a brace, a bracket.
func diffBare(t []byte) bool {
	if diffHasWord(t) {
		return false
	}
	n := 0
	for _, c := range t {
		if c != ' ' && c != '\t' {
			n++
		}
	}
	return n <= diffMaxBare
}

// diffOldSides ranks the first of the removed lines right before a
// block of added ones that holds a line ranked above the hunk's edges (a
// signature) above the edges too: `> type TitleTest struct {` shown
// without `< var TitleTests = []struct {` reads as a type added, not a
// variable replaced by it. Not with the signature, which ranks with the
// headers: the headers tell more than the old side.
func diffOldSides(lines []diffHunkLine, prios []int) {
	// oldFirst is the first removed line of the change being read, -1
	// where the lines read are no change's; added is set once its added
	// lines begin.
	oldFirst, added := -1, false
	for i, hl := range lines {
		switch {
		case hl.parts:
		case hl.change > 0 && hl.delta.minus > 0 && hl.delta.plus == 0:
			if oldFirst < 0 || added {
				oldFirst, added = i, false
			}
		case hl.change > 0 && hl.delta.plus > 0 && hl.delta.minus == 0:
			added = true
			if oldFirst >= 0 && prios[i] > prioDiffEdge {
				prios[oldFirst] = max(prios[oldFirst], prioDiffEdge+1)
			}
		default:
			oldFirst, added = -1, false
		}
	}
}

// diffMaxContinued is the most lines diffStatementStart walks back over
// to find the line that starts a statement.
const diffMaxContinued = 8

// diffStatementStart returns the hunk's last edge: the line that starts
// the statement the last changed line with a word ends, where that line
// continues one above it. The tail of a ternary or of a call's arguments,
// `: NaN;`, read alone between two gap lines, says nothing of what the
// hunk changes; the statement's first line says what it is. It stays
// last where the statement starts at the first edge or before, runs over
// more than diffMaxContinued lines, or past lines let go (from, when
// dropped is set).
func diffStatementStart(lines []diffHunkLine, first, last int, dropped bool, from int) int {
	if last <= first || first < 0 || !lines[last].cont {
		return last
	}
	for i, n := last-1, 0; i > first && n < diffMaxContinued && (!dropped || i >= from); i, n = i-1, n+1 {
		hl := lines[i]
		switch {
		case hl.change == 0:
			return last
		case !hl.cont && !hl.bare:
			return i
		case !hl.cont:
			return last
		}
	}
	return last
}

// diffContinues reports whether a changed line, after its signs,
// continues the statement of the line above: it starts with an operator
// that joins it to what comes before (`? a`, `: b`, `.then(`, `&& c`,
// `)`), or the line above was left open (see diffLeavesOpen).
func diffContinues(t []byte, open bool) bool {
	t = bytes.TrimLeft(t, " \t")
	if len(t) == 0 {
		return open
	}
	switch t[0] {
	case '?', ':', '.', ')', ']':
		return true
	}
	return open || bytes.HasPrefix(t, []byte("&&")) || bytes.HasPrefix(t, []byte("||"))
}

// diffLeavesOpen reports whether a line, after its signs, ends where its
// statement cannot: after an opening bracket, a comma, an assignment or
// a logical operator. Not after a brace: the block's first line starts a
// statement of its own.
func diffLeavesOpen(t []byte) bool {
	t = bytes.TrimRight(t, " \t\r")
	if len(t) == 0 {
		return false
	}
	switch t[len(t)-1] {
	case '(', '[', ',', '=', '?':
		return true
	}
	return bytes.HasSuffix(t, []byte("&&")) || bytes.HasSuffix(t, []byte("||"))
}

// diffHasWord reports whether t holds a letter or a digit.
func diffHasWord(t []byte) bool {
	for _, c := range t {
		if diffWordByte(c) {
			return true
		}
	}
	return false
}

// diffWordByte reports whether c is a letter, a digit or a byte of a
// character beyond ASCII.
func diffWordByte(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c >= 0x80
}

// diffDecl reports whether a hunk line, after its columns of signs, starts
// as a declaration does: at the top level in most languages (func, type,
// def, class, a C function's return type), with a letter, '_' or '$' and
// no indent, the rule git itself uses by default to name the function a
// hunk is in, but for the statements a script runs at its top level (if,
// try, for) and the imports it starts with, which declare nothing; or
// indented, as the methods of a Python, Java or C# class are, with a
// keyword that declares (def, class, fn) or a modifier before its
// signature (public, static), which a statement inside a body lacks.
// Inside a long hunk such lines tell what it adds or removes.
func diffDecl(t []byte, parents int) bool {
	if len(t) <= parents {
		return false
	}
	c := t[parents]
	if 'a' <= c|0x20 && c|0x20 <= 'z' || c == '_' || c == '$' {
		kind, keyword := declWords[string(leadWord(t[parents:]))]
		return !keyword || kind != declControl && kind != declImport
	}
	if c != ' ' && c != '\t' {
		return false
	}
	return diffIndentedDecl(trimBlankLeft(t[parents:]))
}

// diffHeading reports whether a changed line, after its signs, is a
// comment at the top level: `;; Key-Value pairs`, `# Logging`.
func diffHeading(t []byte) bool {
	for _, lead := range []string{"#", "//", ";", "--", "/*", "<!--"} {
		if bytes.HasPrefix(t, []byte(lead)) {
			return diffHasWord(t)
		}
	}
	return false
}

// diffLooseDecl reports whether a line that diffDecl takes for a
// declaration starts at the top level but declares no function or type
// there: a script's statement (exports.enable(load());), a name assigned
// a value, a line of prose or of a list of names.
func diffLooseDecl(t []byte, parents int) bool {
	c := t[parents:]
	if c[0] == ' ' || c[0] == '\t' {
		return false
	}
	kind, _ := declOf(c)
	return kind != declFunc && kind != declType
}

// diffIndentedDecl reports whether an indented line declares a method or
// a type: a keyword that declares, then a name and what follows a name
// declared (def area(, class Shape:, struct node {), or modifiers before
// a signature (public int area() {), or a method as JavaScript's classes
// declare them (see diffMethodHead). A Go struct's field named class or
// fn, or a variable named so, has none of those after its name.
func diffIndentedDecl(rest []byte) bool {
	w, mods := leadWord(rest), false
	for modifiers[string(w)] {
		rest, mods = trimBlankLeft(rest[len(w):]), true
		w = leadWord(rest)
	}
	kind, ok := declWords[string(w)]
	if !ok {
		return mods && sigLine(rest) || diffMethodHead(rest, w)
	}
	after := trimBlankLeft(rest[len(w):])
	name := leadWord(after)
	if _, keyword := declWords[string(name)]; len(name) == 0 || keyword || len(name) == len(after) {
		return false
	}
	next := after[len(name)]
	switch kind {
	case declFunc:
		return next == '(' || next == '<'
	case declType:
		return next == '(' || next == '<' || next == ':' || next == '{' || next == ' '
	}
	return false
}

// diffMethodHead reports whether rest, which starts with the word w that
// no keyword is, opens a method's body as a JavaScript or TypeScript
// class (or an object literal) declares it, with no keyword: the name,
// its parameters closed on the line, a return type after a colon, and the
// brace alone (helpGroup(heading) {). A call ends in a semicolon or
// nothing, or passes a callback whose body the brace opens, so that its
// own parenthesis is still open at the brace (describe('x', () => {).
func diffMethodHead(rest, w []byte) bool {
	if len(w) == 0 || len(w) == len(rest) || rest[len(w)] != '(' {
		return false
	}
	depth := 0
	for i := len(w); i < len(rest); i++ {
		switch rest[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth > 0 {
				continue
			}
			after := trimBlankRight(trimBlankLeft(rest[i+1:]))
			if string(after) == "{" {
				return true
			}
			return len(after) > 2 && after[0] == ':' && hasSuffix(after, " {") && !bytes.Contains(after, []byte("=>"))
		}
	}
	return false
}

// diffSignature reports whether a line that starts as a declaration does
// reads as the signature of a function or type: a name right before a
// parenthesis, or an opening brace at its end. Prose and config lines
// rarely do.
func diffSignature(t []byte) bool {
	for i := 1; i < len(t); i++ {
		if c := t[i-1] | 0x20; t[i] == '(' && ('a' <= c && c <= 'z' || '0' <= t[i-1] && t[i-1] <= '9' || t[i-1] == '_') {
			return true
		}
	}
	t = bytes.TrimRight(t, " \t\r")
	return len(t) > 0 && t[len(t)-1] == '{'
}

// diffBreaks are where a hunk's held lines are not next to each other in
// the input: before every line from first to last (-1 for none).
type diffBreaks struct{ first, last int }

func (b diffBreaks) at(i int) bool { return b.first <= i && i <= b.last && b.first >= 0 }

// diffContextDistances returns, for each line, how many lines away the nearest
// changed line is (0 for a changed line), not looking across brk.
func diffContextDistances(lines []diffHunkLine, brk diffBreaks) []int {
	far := diffSpan
	dist := make([]int, len(lines))
	last := -far
	for i, hl := range lines {
		if brk.at(i) {
			last = -far
		}
		if hl.change > 0 {
			last = i
		}
		dist[i] = i - last
	}
	next := len(lines) + far
	for i := len(lines) - 1; i >= 0; i-- {
		if hl := lines[i]; hl.change > 0 {
			next = i
		}
		dist[i] = min(dist[i], next-i, far)
		if brk.at(i) {
			next = len(lines) + far
		}
	}
	return dist
}

// finish ends what is open at the end of the input.
func (d *Diff) finish() {
	if d.pending != nil {
		p := d.pending
		d.pending = nil
		p.start = false
		d.textItem(*p)
	}
	d.endHunk()
	d.closeGroup()
	d.closeSection()
	d.raiseLastFile()
	d.raiseLastCommit()
}

// Pieces implements Reducer. It chooses, by their cost, which lock files
// to collapse, whether the summary is needed and in what form, and which
// gaps to count, by fitting the pieces itself.
func (d *Diff) Pieces(lines, budget int, c Counter) []Piece {
	d.finish()
	items := d.held.items()
	slices.SortFunc(items, func(a, b diffItem) int {
		if c := cmp.Compare(a.piece.Line, b.piece.Line); c != 0 {
			return c
		}
		if c := cmp.Compare(noteRank(b.piece), noteRank(a.piece)); c != 0 {
			return c
		}
		return cmp.Compare(b.piece.Prio, a.piece.Prio)
	})
	// A raised last file or hunk is held twice: keep the higher.
	items = slices.CompactFunc(items, func(a, b diffItem) bool {
		return diffItemKey(a.piece) == diffItemKey(b.piece)
	})
	d.oneFileLog(items)
	// The plan fits the same pieces several times: count each text once.
	c = &diffCountCache{c: c, seen: make(map[string]int, len(items))}
	for i, it := range items {
		if !it.start || it.short == nil {
			continue
		}
		// A file's `diff -r` line after the first shows cut wherever that
		// is shorter, whether or not the view holds every header: the
		// first says the two roots, and the rest name their files in
		// the room the new tree's path takes, where the whole lines,
		// under deep roots, would crowd out changed lines. One form for
		// every such line reads as one kind of header. A short path is
		// no shorter with the cut marker in it.
		if short := *it.short; c.Count(renderLine(short)) < c.Count(renderLine(it.piece)) {
			short.Prio = it.piece.Prio
			items[i].piece = short
		}
		items[i].short = nil
	}
	p := diffPlan{d: d, items: items, lines: lines, c: c, collapsed: map[int]bool{}}
	p.byKey = make(map[int]int, len(items))
	held := map[int]bool{}
	for i, it := range items {
		p.byKey[diffItemKey(it.piece)] = i
		if it.group != 0 && it.piece.Note == "" {
			held[it.group] = true
		}
	}
	// A group whose lines were let go can only be shown as its note.
	for _, it := range items {
		if it.group != 0 && !held[it.group] {
			p.collapsed[it.group] = true
		}
	}
	return p.choose(budget)
}

// oneFileLog lowers, in a log of one file's history (git log -p FILE),
// the line that starts the file's section in each commit but the first to
// the rank of index lines: each names the same file again, and costs as
// much as a hunk header, which tells where that commit changed it.
func (d *Diff) oneFileLog(items []diffItem) {
	if d.commits < 2 || d.sections < 2 || len(d.files) != 1 || d.moreN > 0 {
		return
	}
	first := true
	for i := range items {
		if !items[i].start {
			continue
		}
		if !first {
			items[i].piece.Prio = prioDiffIndex
			items[i].short = diffReranked(items[i].short, prioDiffIndex)
		}
		first = false
	}
}

// diffCountCache remembers the counts of the texts it was given.
type diffCountCache struct {
	c    Counter
	seen map[string]int
}

func (cc *diffCountCache) Count(b []byte) int {
	if n, ok := cc.seen[string(b)]; ok {
		return n
	}
	n := cc.c.Count(b)
	cc.seen[string(b)] = n
	return n
}

// diffPlan is the state of choosing a diff's view.
type diffPlan struct {
	d         *Diff
	items     []diffItem
	byKey     map[int]int
	lines     int
	c         Counter
	collapsed map[int]bool // groups shown as their note
	stat      string
	// named marks, by their index in the diff's files, the files the
	// summary leaves out since the view shows their headers (see narrow);
	// nil while it names every file. whole is set once choose could not
	// make the names and the headers shown agree, and named every file
	// again; frozen, once choose settled what the summary names.
	named  []bool
	whole  bool
	frozen bool
	gaps   *gapCoster
	short  bool // commit lines are offered cut (see diffItem.short)
	// cutAt is the rank from which such lines are offered whole: those
	// below it are cut (see fewestCuts).
	cutAt int
}

func diffItemKey(p Piece) int {
	if p.Note != "" {
		return p.Line*2 + 1
	}
	return p.Line * 2
}

// choose fits the pieces into the budget: lock files collapse where they
// do not fit whole, the summary comes in when files do not all fit, and
// gaps that hide changed lines get a note with their counts, from a twentieth
// of the budget at most, so that counts never crowd out changed lines.
func (p *diffPlan) choose(budget int) []Piece {
	out := p.fit(budget)
	whole := "" // the summary that names every file, once needed
	for try := 0; p.named != nil; try++ {
		// What came after narrow (the room kept for gap notes, the
		// lines that fill short gaps) may have changed which headers the
		// view shows: the summary must name exactly the files whose
		// headers it does not show, or every file.
		shown := p.shownFiles(out)
		if slices.Equal(shown, p.named) {
			break
		}
		if whole == "" {
			whole = p.d.summary(p.statLimit(budget), p.c)
		}
		stat, ok := p.d.folded(p.statLimit(budget), p.c, shown)
		if !ok || try == diffNarrowings || p.c.Count([]byte(stat)) >= p.c.Count([]byte(whole)) {
			stat, shown, p.whole = whole, nil, true
		}
		p.stat, p.named, p.frozen = stat, shown, true
		out = p.fit(budget)
	}
	return out
}

// fit is choose's work, which narrow may leave with a summary that counts
// on headers the view does not show.
func (p *diffPlan) fit(budget int) []Piece {
	p.gaps = &gapCoster{c: p.c}
	reserve := 0
	statTried, reserved, refit := false, false, false
	narrowed := 0
	var chosen []Piece
	for try := 0; try < 16; try++ {
		chosen = Fit(p.candidates(), p.lines, budget-reserve, p.c)
		if p.collapse(chosen) {
			continue
		}
		if !p.short && p.cuts() && p.missingHeaders(chosen) {
			p.short = true
			p.cutAt = p.fewestCuts(budget - reserve)
			continue
		}
		if !statTried && p.stat == "" && p.missingFiles(chosen) {
			statTried = true
			p.stat = p.d.summary(p.statLimit(budget), p.c)
			continue
		}
		if p.stat != "" && narrowed < diffNarrowings && p.narrow(chosen, budget) {
			narrowed++
			continue
		}
		chosen = p.fill(chosen)
		notes := p.gapNotes(chosen)
		if len(notes) == 0 {
			return Fit(chosen, p.lines, budget, p.c)
		}
		if !reserved {
			reserved = true
			if reserve = min(p.extra(notes), budget/20); reserve > 0 {
				continue
			}
		}
		all, used := p.withNotes(chosen, notes, budget)
		if used < reserve*3/4 && !refit {
			// The notes took less than was kept for them: give the rest
			// back to the lines.
			refit, reserve = true, used
			continue
		}
		// What Fit makes of the plan is what the view will show.
		return Fit(all, p.lines, budget, p.c)
	}
	return Fit(chosen, p.lines, budget, p.c)
}

// diffNarrowings is the most times narrow shortens the summary: each
// time, the room it gives back shows more headers, so fewer names in it.
const diffNarrowings = 3

// narrow shortens a summary that names every file in folds to the files
// whose headers chosen does not show: a name that the view shows on a
// file's first line below tells the reader nothing new above, and costs
// room that more headers could use. It reports whether it did; it does not
// where the shown headers are not a step beyond those it already left
// out, where the rest do not fold, or where that would cost no less.
func (p *diffPlan) narrow(chosen []Piece, budget int) bool {
	if p.whole || p.frozen {
		return false
	}
	shown := p.shownFiles(chosen)
	more := false
	for i, s := range shown {
		if p.named != nil && p.named[i] && !s {
			return false
		}
		more = more || s && (p.named == nil || !p.named[i])
	}
	if !more {
		return false
	}
	stat, ok := p.d.folded(p.statLimit(budget), p.c, shown)
	if !ok || p.c.Count([]byte(stat)) >= p.c.Count([]byte(p.stat)) {
		return false
	}
	p.stat, p.named = stat, shown
	return true
}

// shownFiles marks, by their index in the diff's files, those whose
// section starts with a line chosen shows.
func (p *diffPlan) shownFiles(chosen []Piece) []bool {
	shown := make([]bool, len(p.d.files))
	for _, c := range chosen {
		if it, ok := p.item(c); ok && it.start && c.Note == "" {
			if i, ok := p.d.startFile[c.Line]; ok {
				shown[i] = true
			}
		}
	}
	return shown
}

// fill adds the lines of short gaps that cost less than the gap line:
// Fit, taking pieces by priority, may run out of room before it comes to
// a blank line between two it kept. They rank just below the lines around
// them, so Fit takes them after those, when they close the gap.
func (p *diffPlan) fill(chosen []Piece) []Piece {
	const short = 3
	var add []Piece
	next, prev := 1, 0
	gap := func(to, around int) {
		if to < next || to-next >= short {
			return
		}
		cost := 0
		var lines []Piece
		for n := next; n <= to; n++ {
			i, ok := p.byKey[n*2]
			if !ok || p.items[i].group != 0 && p.collapsed[p.items[i].group] {
				return
			}
			lines = append(lines, p.items[i].piece)
			cost += p.c.Count(renderLine(p.items[i].piece))
		}
		if cost <= p.gaps.line(next, to) {
			for _, l := range lines {
				l.Prio = around - 1
				add = append(add, l)
			}
		}
	}
	for _, c := range chosen {
		if c.Note != "" && c.Stands == 0 {
			continue
		}
		gap(c.Line-1, min(prev, c.Prio))
		next, prev = max(next, c.last()+1), c.Prio
	}
	gap(p.lines, prev)
	if len(add) == 0 {
		return chosen
	}
	out := append(slices.Clone(chosen), add...)
	slices.SortStableFunc(out, func(a, b Piece) int {
		if c := cmp.Compare(a.Line, b.Line); c != 0 {
			return c
		}
		return cmp.Compare(noteRank(b), noteRank(a))
	})
	return out
}

// diffGapNote is what gapNotes offers for a gap: a note standing for its
// lines, or a line of it shown, which parts it in two.
type diffGapNote struct {
	piece       Piece
	first, last int // the gap's lines
	// or is the note offered in its stead where a line does not fit.
	or *diffGapNote
	// brief is the note's text with the heads it counts alone, for
	// where not every note fits with the changed lines' counts too.
	brief string
}

// extra returns how much more the notes cost than the gap lines they
// replace.
func (p *diffPlan) extra(notes []diffGapNote) int {
	n := 0
	for _, g := range notes {
		n -= p.gaps.line(g.first, g.last)
		if g.piece.Note != "" {
			n += p.c.Count([]byte(g.piece.Note + "\n"))
			continue
		}
		n += p.c.Count(renderLine(g.piece))
		if at := g.piece.Line; at > g.first {
			n += p.gaps.line(g.first, at-1)
		}
		if at := g.piece.last(); at < g.last {
			n += p.gaps.line(at+1, g.last)
		}
	}
	return n
}

// withNotes adds to the chosen pieces the gap notes that fit, earlier
// gaps first, and returns how much more they cost than plain gap lines.
func (p *diffPlan) withNotes(chosen []Piece, notes []diffGapNote, budget int) ([]Piece, int) {
	left := budget - p.cost(chosen)
	all := slices.Clone(chosen)
	used := 0
	if p.extra(notes) > left {
		// Not every note fits whole: where the heads alone fit in
		// every one, each gap that hides headers counts them, not the
		// earlier ones all and the later ones nothing.
		brief := slices.Clone(notes)
		for i := range brief {
			if brief[i].brief != "" {
				brief[i].piece.Note = brief[i].brief
			}
		}
		if reserve := p.extra(brief); reserve <= left {
			// The room left over gives the earlier notes their
			// changed lines' counts back.
			spent := 0
			for i := range brief {
				own := p.extra(brief[i : i+1])
				reserve -= own
				if whole := p.extra(notes[i : i+1]); spent+whole+reserve <= left {
					brief[i], own = notes[i], whole
				}
				spent += own
			}
			notes = brief
		}
	}
	for _, n := range notes {
		for g := &n; g != nil; g = g.or {
			if e := p.extra([]diffGapNote{*g}); e <= left {
				left -= e
				used += e
				all = append(all, g.piece)
				break
			}
		}
	}
	if len(Fit(all, p.lines, budget, p.c)) != len(all) {
		return chosen, 0
	}
	return all, used
}

// cost returns what Fit counts for pieces it chose: their text and a gap
// line for each run of lines they leave out.
func (p *diffPlan) cost(pieces []Piece) int {
	total, next := 0, 1
	for _, x := range pieces {
		if x.Note != "" && x.Stands == 0 {
			total += p.c.Count([]byte(x.Note)) + 1
			continue
		}
		if x.Line > next {
			total += p.gaps.line(next, x.Line-1)
		}
		if x.Note != "" {
			total += p.c.Count([]byte(x.Note + "\n"))
		} else {
			total += p.c.Count(renderLine(x))
		}
		next = max(next, x.last()+1)
	}
	if next <= p.lines {
		total += p.gaps.line(next, p.lines)
	}
	return total
}

// statLimit returns how many tokens the summary may take, in whatever form:
// a third of what the commit headers leave (they stay whatever the summary
// costs), and a quarter of the budget at least. The summary says which files
// changed and how much; the headers and changed lines below are the diff
// itself, and keep the rest. One limit for every form makes the view degrade
// smoothly as a diff grows: the per-file counts while they fit it, then the
// names in folds, then the counts by directory, so the summary never takes
// more than its share, and a diff just too big for the counts loses at most
// that share's worth of summary, not most of the view.
func (p *diffPlan) statLimit(budget int) int {
	commits := 0
	for _, it := range p.items {
		if it.commit {
			commits += p.c.Count(renderLine(it.piece))
		}
	}
	return max((budget-commits)/3, budget/4)
}

// candidates returns the pieces to fit: each lock file as its lines or as
// its note, and the summary if there is one.
func (p *diffPlan) candidates() []Piece {
	out := make([]Piece, 0, len(p.items)+1)
	if p.stat != "" {
		out = append(out, Piece{Line: 1, Note: p.stat, Prio: prioDiffStat})
	}
	for _, it := range p.items {
		if it.group != 0 && p.collapsed[it.group] != (it.piece.Note != "") {
			continue
		}
		if it.filler {
			// Not offered on its own: fill adds it where it fills a
			// gap between lines Fit took.
			continue
		}
		if p.short && it.short != nil && it.piece.Prio < p.cutAt {
			out = append(out, *it.short)
			continue
		}
		out = append(out, it.piece)
	}
	return out
}

// collapse marks the groups of which some lines but not all were chosen,
// and reports whether there were any. Where every line that ranks above a
// lock file's was chosen, a lock, generated or vendored file of which some
// lines were keeps them: its note would leave the room they take empty,
// and a diff of a lock file alone (go.sum after a bump) would show none of
// the versions it changes. A deleted file's lines tell less than their
// cost: it collapses still.
func (p *diffPlan) collapse(chosen []Piece) bool {
	shown := map[int]int{}
	for _, c := range chosen {
		if it, ok := p.item(c); ok && it.group != 0 && c.Note == "" {
			shown[it.group]++
		}
	}
	crowded := p.crowded(chosen)
	more := false
	for _, it := range p.items {
		g := it.group
		if g == 0 || it.piece.Note == "" || p.collapsed[g] {
			continue
		}
		if shown[g] < it.piece.Stands && (crowded || shown[g] == 0 || !it.partial) {
			p.collapsed[g] = true
			more = true
		}
	}
	return more
}

// crowded reports whether chosen leaves out a line that ranks above a lock
// or generated file's lines.
func (p *diffPlan) crowded(chosen []Piece) bool {
	in := make(map[int]bool, len(chosen))
	for _, c := range chosen {
		if c.Note == "" {
			in[c.Line] = true
		}
	}
	return slices.ContainsFunc(p.items, func(it diffItem) bool {
		return it.group == 0 && it.piece.Note == "" && !it.filler && it.piece.Prio > prioDiffLock && !in[it.piece.Line]
	})
}

func (p *diffPlan) item(c Piece) (diffItem, bool) {
	if c.Note != "" && c.Stands == 0 {
		return diffItem{}, false
	}
	i, ok := p.byKey[diffItemKey(c)]
	if !ok {
		return diffItem{}, false
	}
	return p.items[i], true
}

// fewestCuts returns the rank below which commit lines are to be cut for
// the view to hold every header: the lines that rank lowest, which Fit
// would leave out first, cut first, and no more of them than that takes.
// A cut line reads worse than the whole line and names the same commit;
// only as many as make room for the headers left out are cut.
// Where cutting every such line still leaves headers out, every one is.
func (p *diffPlan) fewestCuts(budget int) int {
	var ranks []int
	for _, it := range p.items {
		if it.short != nil {
			ranks = append(ranks, it.piece.Prio)
		}
	}
	slices.Sort(ranks)
	ranks = slices.Compact(ranks)
	fits := func(k int) bool {
		p.cutAt = ranks[k-1] + 1
		return !p.missingHeaders(Fit(p.candidates(), p.lines, budget, p.c))
	}
	lo, hi := 1, len(ranks)
	if !fits(hi) {
		return math.MaxInt
	}
	for lo < hi {
		if mid := (lo + hi) / 2; fits(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return ranks[lo-1] + 1
}

// cuts reports whether some commit line can be cut after its hash's first
// digits.
func (p *diffPlan) cuts() bool {
	return slices.ContainsFunc(p.items, func(it diffItem) bool { return it.short != nil })
}

// missingHeaders reports whether a line that ranks as a header (a commit's,
// a file's or a hunk's) was left out of chosen.
func (p *diffPlan) missingHeaders(chosen []Piece) bool {
	const least = prioDiffHunk - diffTierSpan
	n := 0
	for _, it := range p.items {
		if it.group != 0 && it.piece.Note != "" && !p.collapsed[it.group] {
			continue // its lines stand for themselves
		}
		if it.filler {
			continue // not offered: fill shows it between its lines
		}
		if it.piece.Prio >= least && (it.piece.Note == "" || it.piece.Stands > 0) {
			n++
		}
	}
	for _, c := range chosen {
		if c.Prio >= least && (c.Note == "" || c.Stands > 0) {
			n--
		}
	}
	// Fit leaves out a blank line beside a gap line (a commit message's
	// last), which no header needs.
	return n > p.blankHeaders(chosen, least)
}

// blankHeaders counts the blank lines ranked least or above that Fit left
// out of chosen beside a gap line.
func (p *diffPlan) blankHeaders(chosen []Piece, least int) int {
	kept := map[int]bool{}
	for _, c := range chosen {
		kept[c.Line] = true
	}
	n := 0
	for _, it := range p.items {
		q := it.piece
		if q.Note == "" && !it.filler && q.Prio >= least && len(bytes.TrimSpace(q.Text)) == 0 && !kept[q.Line] {
			n++
		}
	}
	return n
}

// missingFiles reports whether some file has no section whose first line
// chosen shows: a file's later sections (a log's commits that change it
// again) name it again, and the summary would name it once more.
func (p *diffPlan) missingFiles(chosen []Piece) bool {
	return p.d.moreN > 0 || slices.Contains(p.shownFiles(chosen), false)
}

// gapNotes returns, for each gap between the chosen pieces that hides
// headers, or changed lines outside the hunk the view shows last before
// it, a note standing for it that counts them: the commits, files and
// hunks that start in it, and its changed lines:
// `[... L50-94: 1 hunk (+15 -13)]`. Where the view shows headers spread over
// a diff too long for all of them, the notes between them tell how many it
// leaves out. Like a plain gap line, a note does not say "elided": the
// brackets and the header say it, and a view can hold dozens of notes.
func (p *diffPlan) gapNotes(chosen []Piece) []diffGapNote {
	var notes []diffGapNote
	next, cum, heads, inHunk := 1, diffCounts{}, diffHeads{}, false
	// shown is the number of the last hunk whose header chosen shows.
	shown := -1
	gap := func(to int, at diffCounts, atHeads diffHeads) {
		if to < next {
			return
		}
		c, h := at.sub(cum), atHeads.sub(heads)
		if h == (diffHeads{hunks: 1}) && !inHunk {
			// The one hunk is the file's first, which its header above
			// says follows: the count would tell the reader nothing.
			h.hunks = 0
		}
		if h == (diffHeads{}) && (c == (diffCounts{}) || inHunk && heads.hunks == shown) {
			// Within a hunk, the counts of its own lines tell little
			// that its header above does not: it gives the hunk's
			// size, and the gap line the lines left out. The room they
			// take shows changed lines instead. Not where the header
			// is in a gap above: a signature shown between two gaps
			// would read as all the hunk changes.
			return
		}
		text := "  [... " + elision.LineRange(next, to)
		if h != (diffHeads{}) {
			text += ": " + h.String()
		}
		if c != (diffCounts{}) {
			text += " " + c.note()
		}
		note := diffGapNote{piece: Piece{Line: next, Note: text + "]", Stands: to - next + 1, Prio: prioDiffGap}, first: next, last: to}
		if h != (diffHeads{}) && c != (diffCounts{}) {
			note.brief = "  [... " + elision.LineRange(next, to) + ": " + h.String() + "]"
		}
		if head, ok := p.countedHunk(next, to); ok && h == (diffHeads{hunks: 1}) {
			// Its header says where the hunk is and how much it
			// changes, for about what "1 hunk" and the counts
			// cost: the note only where the header does not fit.
			notes = append(notes, diffGapNote{piece: head, first: next, last: to, or: &note})
			return
		}
		notes = append(notes, note)
	}
	for _, c := range chosen {
		it, ok := p.item(c)
		if !ok {
			continue
		}
		gap(c.Line-1, it.before, it.headsBefore)
		next, cum, heads, inHunk = c.last()+1, it.after, it.headsAfter, it.inHunk
		if c.Note == "" && it.headsAfter.hunks > it.headsBefore.hunks {
			shown = it.headsAfter.hunks
		}
	}
	gap(p.lines, p.d.cum, p.d.heads())
	return notes
}

// countedHunk returns, ranked as a gap's note, the header of a normal
// diff's hunk that starts between lines first and last, if one is held.
func (p *diffPlan) countedHunk(first, last int) (Piece, bool) {
	i, _ := slices.BinarySearchFunc(p.items, first, func(it diffItem, line int) int {
		return cmp.Compare(it.piece.Line, line)
	})
	for ; i < len(p.items) && p.items[i].piece.Line <= last; i++ {
		if it := p.items[i]; it.counted && it.piece.Note == "" {
			head := it.piece
			head.Prio = prioDiffGap
			return head, true
		}
	}
	return Piece{}, false
}

// summary returns a --stat-like note naming every file with its counts, in
// at most limit tokens if it can: file by file; else every file's name, in
// folds by directory as a listing view writes them (dir/{a,b}.go), if they
// fit limit or cost no more than the counts by directory, since a reviewer
// of a huge diff wants to know which files it touches before how much; else
// by directory, else as many directories as fit and a count of the rest.
func (d *Diff) summary(limit int, c Counter) string {
	head := d.summaryHead()
	files := make([]diffStatLine, 0, len(d.files)+1)
	for _, f := range d.files {
		files = append(files, diffStatLine{name: f.name, group: f.name, counts: f.counts, files: 1, binary: f.binary, only: f.only, words: f.words})
	}
	best := d.statText(head, files, "")
	if c.Count([]byte(best)) <= limit {
		return best
	}
	dirs := d.byDirectory(head, files, limit, c)
	if folded, ok := d.folded(max(limit, c.Count([]byte(dirs))), c, nil); ok {
		return folded
	}
	return dirs
}

// statText writes the summary's rows under its head.
func (d *Diff) statText(head string, rows []diffStatLine, by string) string {
	var b strings.Builder
	b.WriteString(head + by + ":]\n")
	for _, r := range rows {
		b.WriteString(r.String())
	}
	if d.moreN > 0 {
		b.WriteString("  ... and " + elision.Thousands(int64(d.moreN)) + " more file " + diffPlural(d.moreN, "diff", "diffs") + " " + d.more.String() + "\n")
	}
	return b.String()
}

// byDirectory returns the summary that counts files by directory, at the
// deepest level that fits in limit tokens, else as many top directories as
// fit and a count of the rest.
func (d *Diff) byDirectory(head string, files []diffStatLine, limit int, c Counter) string {
	text := func(rows []diffStatLine, by string) string { return d.statText(head, rows, by) }
	var best string
	depth := 0
	for _, f := range files {
		depth = max(depth, strings.Count(diffStatPath(f.name), "/"))
	}
	var rows []diffStatLine
	for ; depth >= 1; depth-- {
		rows = diffByDirectory(files, depth)
		best = text(rows, " by directory")
		if c.Count([]byte(best)) <= limit {
			return best
		}
	}
	// Even the top directories do not fit: name as many as do and count
	// the rest. With no directory at all, those are the files themselves.
	all, by := rows, " by directory"
	if rows == nil {
		all, by = files, ""
	}
	for n := len(all) * 3 / 4; ; n = n * 3 / 4 {
		rest := diffStatLine{dirs: true}
		for _, r := range all[n:] {
			rest.files += r.files
			rest.counts.plus += r.counts.plus
			rest.counts.minus += r.counts.minus
		}
		rest.name = "... and " + elision.Thousands(int64(len(all)-n)) + " more"
		if n == len(all)-1 {
			rest = all[n] // counting one row costs what naming it does
		}
		best = text(append(slices.Clone(all[:n]), rest), by)
		if n == 0 || c.Count([]byte(best)) <= limit {
			return best
		}
	}
}

// folded returns the summary that names every file in folds by directory,
// but those marked in shown (by their index in files) whose headers the
// view shows, cut at the first width that fits in limit tokens, and false
// if none does or a name cannot be shown in a fold.
func (d *Diff) folded(limit int, c Counter, shown []bool) (string, bool) {
	if d.moreN > 0 || len(d.files) < 2 {
		return "", false
	}
	paths := make([]string, 0, len(d.files))
	for i, f := range d.files {
		if strings.ContainsAny(f.name, "{},") {
			return "", false // its name would read as a fold
		}
		if shown == nil || !shown[i] {
			paths = append(paths, f.name)
		}
	}
	if len(paths) < 2 {
		return "", false
	}
	head := d.summaryHead()
	if len(paths) < len(d.files) {
		head = d.summaryTotals() + "; " + elision.Thousands(int64(len(paths))) + " not shown below"
	}
	slices.Sort(paths)
	folds := newPathFolds(paths)
	if !slices.ContainsFunc(folds.f.runs, func(r listRun) bool { return len(r.names) > 1 }) {
		return "", false // nothing folds
	}
	for _, width := range []int{listFoldWide, listFoldDir, listFoldTop, listFoldRun} {
		var b strings.Builder
		b.WriteString(head + ", by directory (" + FoldLegend + "):]\n")
		for _, l := range folds.lines(width) {
			b.WriteString(l + "\n")
		}
		// Paths take about four bytes a token: a note far longer than
		// the limit is not worth counting.
		if text := b.String(); len(text) <= limit*12 && c.Count([]byte(text)) <= limit {
			return text, true
		}
	}
	return "", false
}

// summaryHead is the first line of the summary, with the totals.
func (d *Diff) summaryHead() string {
	return d.summaryTotals() + "; not all shown below; every file"
}

// summaryTotals is the start of the summary's first line: the commits,
// files and lines.
func (d *Diff) summaryTotals() string {
	files := len(d.files)
	var b strings.Builder
	b.WriteString("[headroom: ")
	if d.commits > 0 {
		b.WriteString(elision.Thousands(int64(d.commits)) + " " + diffPlural(d.commits, "commit", "commits") + ", ")
	}
	b.WriteString(elision.Thousands(int64(files)) + " " + diffPlural(files, "file", "files"))
	if d.moreN > 0 {
		b.WriteString(" and " + elision.Thousands(int64(d.moreN)) + " more file " + diffPlural(d.moreN, "diff", "diffs"))
	}
	b.WriteString(" changed " + d.cum.String())
	return b.String()
}

// diffStatLine is a line of the summary: a file or a directory.
type diffStatLine struct {
	name, group         string
	counts              diffCounts
	files               int
	binary, only, words bool
	dirs                bool          // name is already a description, not a path
	one                 *diffStatLine // the first file of a directory
}

func (r diffStatLine) String() string {
	var b strings.Builder
	b.WriteString("  ")
	if r.dirs || r.files > 1 || strings.HasSuffix(r.name, "/") {
		b.WriteString(r.counts.String() + " " + r.name + " (" + elision.Thousands(int64(r.files)) + " " + diffPlural(r.files, "file", "files") + ")\n")
		return b.String()
	}
	switch {
	case r.only:
		b.WriteString("(only in one tree) ")
	case r.binary && r.counts == diffCounts{}:
		b.WriteString("(binary) ")
	case r.words && r.counts == diffCounts{}:
		b.WriteString("(word diff) ")
	default:
		b.WriteString(r.counts.String() + " ")
	}
	b.WriteString(r.name + "\n")
	return b.String()
}

// diffStatPath returns the path a summary line groups a file by: the new name
// of a rename.
func diffStatPath(name string) string {
	if _, to, ok := strings.Cut(name, " => "); ok {
		return to
	}
	return name
}

// diffByDirectory groups files by the first depth parts of their paths, in the
// order the groups first appear.
func diffByDirectory(files []diffStatLine, depth int) []diffStatLine {
	var rows []diffStatLine
	at := map[string]int{}
	for _, f := range files {
		key := f.name
		p := diffStatPath(f.name)
		if parts := strings.SplitN(p, "/", depth+1); len(parts) > depth {
			key = strings.Join(parts[:depth], "/") + "/"
		}
		i, ok := at[key]
		if !ok {
			i = len(rows)
			at[key] = i
			rows = append(rows, diffStatLine{name: key})
		}
		r := &rows[i]
		if !ok && key == f.name {
			*r = f
			continue
		}
		if !ok {
			r.one = &f
		}
		r.files += f.files
		r.counts.plus += f.counts.plus
		r.counts.minus += f.counts.minus
	}
	// A directory of one file is as short named as the file itself.
	for i, r := range rows {
		if r.files == 1 && r.one != nil {
			rows[i] = *r.one
		}
	}
	return rows
}

// diffGenerated tells whether a file is a lock file, generated or vendored,
// whose lines are collapsed before any other file's changed lines.
func diffGenerated(name string) string {
	p := diffStatPath(name)
	base := path.Base(p)
	switch base {
	case "go.sum", "go.work.sum", "package-lock.json", "npm-shrinkwrap.json", "yarn.lock",
		"pnpm-lock.yaml", "Cargo.lock", "Gemfile.lock", "composer.lock", "poetry.lock",
		"Pipfile.lock", "uv.lock", "flake.lock", "mix.lock", "pubspec.lock", "Podfile.lock",
		"packages.lock.json", "bun.lock":
		return "lock file"
	}
	for _, suf := range []string{".min.js", ".min.css", ".js.map", ".css.map", ".pb.go", "_pb2.py"} {
		if strings.HasSuffix(base, suf) {
			return "generated file"
		}
	}
	for _, dir := range []string{"vendor/", "node_modules/"} {
		if strings.HasPrefix(p, dir) || strings.Contains(p, "/"+dir) {
			return "vendored file"
		}
	}
	return ""
}

// diffCommandName returns the file a `diff` line names: the new side of
// `diff --git a/x b/x`, the path of `diff --cc x`, the last argument of
// `diff -ruN old new`.
func diffCommandName(t []byte) string {
	rest := t[len("diff "):]
	switch {
	case diffHas(t, "diff --git "):
		rest = t[len("diff --git "):]
		if i := bytes.LastIndex(rest, []byte(" b/")); i >= 0 {
			return diffName(rest[i+3:])
		}
		return diffName(rest)
	case diffHas(t, "diff --cc "), diffHas(t, "diff --combined "):
		_, name, _ := bytes.Cut(rest, []byte(" "))
		return diffName(name)
	}
	f := bytes.Fields(rest)
	if len(f) < 2 {
		return ""
	}
	return diffName(diffTreePath(f[len(f)-2], f[len(f)-1]))
}

// diffTreePath returns the path of a file that diff -r compared in two trees:
// the part below the trees' roots (pkg-1.0/src/a.c and pkg-1.1/src/a.c are
// src/a.c, /m/toml@v1.2.1/lex.go and /m/toml@v1.3.2/lex.go are lex.go), or
// the new path as it is.
func diffTreePath(old, new []byte) []byte {
	return new[diffBelowRoots(old, new):]
}

// diffBelowRoots returns where, in new, the path below the trees' roots
// starts: after the slash that begins the longest tail old and new share.
// Roots of any depth then come off, where cutting at the first slash
// leaves an absolute root whole. 0 when the two share no such tail, or
// are one path and so tell no roots apart.
func diffBelowRoots(old, new []byte) int {
	k := 0
	for k < len(old) && k < len(new) && old[len(old)-1-k] == new[len(new)-1-k] {
		k++
	}
	if k == len(old) && k == len(new) {
		return 0
	}
	from := len(new) - k
	slash := bytes.IndexByte(new[from:], '/')
	if slash < 0 || from+slash+1 == len(new) {
		return 0
	}
	return from + slash + 1
}

// diffBriefName returns the file of `Files a and b differ`.
func diffBriefName(t []byte) string {
	t = bytes.TrimSuffix(t, []byte(" differ"))
	t = bytes.TrimPrefix(t, []byte("Binary "))
	t = bytes.TrimPrefix(t, []byte("files "))
	t = bytes.TrimPrefix(t, []byte("Files "))
	if old, new, ok := bytes.Cut(t, []byte(" and ")); ok {
		return diffName(diffTreePath(old, new))
	}
	return diffName(t)
}

// diffName copies a file name for the summary, capped.
func diffName(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) > diffMaxName {
		b = b[:diffMaxName]
	}
	return string(b)
}

// isDiffCommit reports whether t starts a commit: `commit` and a hash in
// git log and show output, `From` and a hash in git format-patch output.
func isDiffCommit(t []byte) bool {
	var rest []byte
	switch {
	case diffHas(t, "commit "):
		rest = t[len("commit "):]
	case diffHas(t, "From "):
		rest = t[len("From "):]
	default:
		return false
	}
	n := 0
	for n < len(rest) && ('0' <= rest[n] && rest[n] <= '9' || 'a' <= rest[n] && rest[n] <= 'f') {
		n++
	}
	return n >= 7 && (n == len(rest) || rest[n] == ' ')
}

// diffShortHash is how many hex digits of a commit's full hash a view
// keeps: as many as git abbreviates to in a large repository, enough to
// name the commit to git show.
const diffShortHash = 12

// diffHashKeep returns how many bytes of raw, a commit line read as t,
// to keep so that its full hash ends after diffShortHash digits, or 0 to
// keep it whole. Forty hex digits cost about 25 tokens, a fifth of what a
// commit of a long log -p shows, and say no more than twelve. Only a line
// that holds nothing else the cut would lose: `commit HASH` alone, not one
// with its decorations, and format-patch's `From HASH` with git's fixed
// date.
func diffHashKeep(raw, t []byte) int {
	word, after := []byte("commit "), ""
	if !diffHas(t, "commit ") {
		word, after = []byte("From "), " Mon Sep 17 00:00:00 2001"
	}
	rest := t[len(word):]
	n := 0
	for n < len(rest) && ('0' <= rest[n] && rest[n] <= '9' || 'a' <= rest[n] && rest[n] <= 'f') {
		n++
	}
	if n != 40 && n != 64 || string(rest[n:]) != after {
		return 0
	}
	at := bytes.Index(raw, word)
	if at < 0 || !bytes.HasPrefix(raw[at+len(word):], rest[:n]) {
		return 0
	}
	return at + len(word) + diffShortHash
}

// diffTreeAt returns where, in the `diff -r` line raw (t, as read) that
// starts a file of two trees, the new side's path starts, from the
// directory where the two roots part, when a view that cannot hold every
// header may show the line from there: `diff -ru old/src/a.c new/src/a.c`
// from new/src/a.c, and under /m/toml@v1.2.1 and /m/toml@v1.3.2 from
// toml@v1.3.2/. The old side's path says the file again, and the parents
// the roots share (a module cache, a temporary directory) name neither
// tree; what is left names the new tree and the file in it as the input
// writes them, and the cut marker says how many bytes it leaves out. The
// view's first such line, kept whole, says both roots. 0 for any other
// line: git's `diff --git a/x b/x` is the file's whole header, and names
// it short.
func diffTreeAt(raw, t []byte) int {
	if !diffHas(t, "diff ") || diffHas(t, "diff --") {
		return 0
	}
	oldPath, newPath := diffTreeWords(t)
	if !bytes.HasSuffix(raw, newPath) {
		return 0
	}
	// The two paths are the last two words, a root and the same file
	// under each; diff writes a path with a blank bare, and a word of it
	// is no path to cut to.
	if !treePath(oldPath) || !treePath(newPath) || diffBelowRoots(oldPath, newPath) == 0 {
		return 0
	}
	same := 0
	for same < len(oldPath) && same < len(newPath) && oldPath[same] == newPath[same] {
		same++
	}
	return len(raw) - len(newPath) + bytes.LastIndexByte(newPath[:same], '/') + 1
}

// diffTreeWords returns the last two words of a `diff` line t, the old
// and the new side's paths of a `diff -r` line; nil for a line of fewer.
func diffTreeWords(t []byte) (oldPath, newPath []byte) {
	at := bytes.LastIndexByte(t, ' ')
	if at < len("diff ") {
		return nil, nil
	}
	return t[bytes.LastIndexByte(t[:at], ' ')+1 : at], t[at+1:]
}

// diffTreeRoots returns the two roots of a `diff -r` line t that
// diffTreeAt cuts, the old and the new one: the paths above the one
// below them (/m/toml@v1.2.1 /m/toml@v1.3.2 for lex.go under each).
func diffTreeRoots(t []byte) string {
	oldPath, newPath := diffTreeWords(t)
	below := len(newPath) - diffBelowRoots(oldPath, newPath)
	return string(oldPath[:len(oldPath)-below]) + " " + string(newPath[:len(newPath)-below])
}

// diffTreeCut returns the `diff -r` line l (t, as read) cut to the new
// side's path from at (see diffTreeAt), after diff's command word where
// the line starts with it as read: `diff [... 120 bytes cut]
// go-cmp@v0.5.9/cmp/compare.go` still reads as a file's header. The
// options and the roots it cuts, the view's first such line says whole.
func diffTreeCut(l Line, t []byte, at, prio int) Piece {
	keep := len("diff ")
	if keep >= at || !bytes.HasPrefix(l.Text, t[:keep]) {
		return Piece{Line: l.N, Text: bytes.Clone(l.Text[at:]), Before: int64(at), Prio: prio}
	}
	text := make([]byte, 0, keep+len(l.Text)-at)
	text = append(append(text, l.Text[:keep]...), l.Text[at:]...)
	return Piece{Line: l.N, Text: text, Mid: int64(at - keep), MidAt: keep, Prio: prio}
}

// treePath reports whether a word of a `diff -r` line reads as a file
// under a root: no option, a slash before a name.
func treePath(w []byte) bool {
	slash := bytes.LastIndexByte(w, '/')
	return len(w) > 0 && w[0] != '-' && slash >= 0 && slash < len(w)-1
}

// diffReranked returns a copy of a line's cut form at the rank its line
// was given, or nil for none.
func diffReranked(short *Piece, prio int) *Piece {
	if short == nil {
		return nil
	}
	p := *short
	p.Prio = prio
	return &p
}

// isDiffField reports whether t is a `Key: value` line of a commit header.
func isDiffField(t []byte) bool {
	colon := bytes.IndexByte(t, ':')
	if colon < 1 || colon > 20 || colon+1 < len(t) && t[colon+1] != ' ' {
		return false
	}
	for _, c := range t[:colon] {
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || c == '-') {
			return false
		}
	}
	return true
}

// diffExtended are the lines git writes in a file header after `diff
// --git`, and the like from other tools.
var diffExtended = []string{
	"index ", "old mode ", "new mode ", "deleted file mode ", "new file mode ",
	"similarity index ", "dissimilarity index ", "rename from ", "rename to ",
	"copy from ", "copy to ", "Binary files ", "GIT binary patch", "mode ", "====",
}

func isDiffExtended(t []byte) bool {
	for _, p := range diffExtended {
		if diffHas(t, p) {
			return true
		}
	}
	return false
}

// isDiffBrief reports whether t is a line of diff -r output that names
// files without showing their lines.
func isDiffBrief(t []byte) bool {
	return (diffHas(t, "Files ") || diffHas(t, "Binary files ")) && bytes.HasSuffix(t, []byte(" differ"))
}

func diffPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func diffHas(t []byte, prefix string) bool {
	return len(t) >= len(prefix) && string(t[:len(prefix)]) == prefix
}

// isDiffContextRange reports whether t is the range of a side of a context
// diff's hunk: `*** 1,5 ****` for the old lines (c is '*'), `--- 1,4 ----`
// for the new ('-').
func isDiffContextRange(t []byte, c byte) bool {
	n := len(t)
	if n < 10 || t[0] != c || t[3] != ' ' || t[n-5] != ' ' {
		return false
	}
	for _, k := range []int{1, 2, n - 4, n - 3, n - 2, n - 1} {
		if t[k] != c {
			return false
		}
	}
	_, ok := shape.DiffLineRange(t[4 : n-5])
	return ok
}

// diffContextCount returns how many lines the range of a context diff's
// side spans: 3,7 is five lines, 3 one, and 0 (an empty file) none.
func diffContextCount(t []byte) int {
	r := t[4 : len(t)-5]
	if string(r) == "0" {
		return 0
	}
	n, _ := shape.DiffLineRange(r)
	return n
}
