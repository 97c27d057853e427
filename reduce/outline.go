package reduce

import (
	"bytes"
	"slices"
)

// Priorities of the outline reducer's pieces, by tier. A file's first line
// comes first; then headings, by level; then declarations and signatures,
// the shallowest first; then its last lines, where a document ends on what
// it concludes; then the first line of each body and the comment before
// each declaration; then the other lines, the shallowest first;
// then closing braces and blank lines. Within a tier, lines of one class
// rank by spread, so that any number of them is spread over the file.
const (
	prioOutlineFirst   = 7 << 56
	prioOutlineHeading = 6 << 56
	prioOutlineDecl    = 5 << 56
	prioOutlineLast    = 4<<56 + 1<<48
	prioOutlineDoc     = 4 << 56
	prioOutlineRest    = 3 << 56
	prioOutlineLow     = 2 << 56
	// classShift places a line's class within its tier above its spread.
	classShift = spreadBits + 1
	// maxDepth is the deepest nesting ranked apart.
	maxDepth = 15
	// maxHeading is the deepest level of a heading.
	maxHeading = 6
)

const (
	// outlineLong is the longest line the outline reducer keeps whole, and
	// outlineKeep how much of a longer one it keeps.
	outlineLong = 512
	outlineKeep = 240
	// maxBlankRun is the longest run of blank lines that ranks with the
	// lines around it: a longer one costs more than its gap line.
	maxBlankRun = 3
	// maxBlankBytes is the longest prefix a blank line may have and still
	// rank with the lines around it: a gap line costs about that much.
	maxBlankBytes = 16
	// maxShortBytes and maxShortWord are the longest a line and its text
	// after its indentation may be for the reducer to hold it apart when
	// it lets it go (see holdShort).
	maxShortBytes = 24
	maxShortWord  = 12
	// runShare is how many lines of a class in a row share a spread.
	runShare = 3
	// lastLines is how many of the last lines that are not blank rank
	// above the bodies.
	lastLines = 2
)

// opensNamespace reports whether c opens a namespace as C++ and C# do,
// whose members rank as those of the file do: a header that wraps all it
// declares in namespace std ranks its classes as another ranks those at
// its margin, their members below them. TypeScript's exported namespace
// holds the members of a function of its name, below it.
func opensNamespace(c []byte) bool {
	if hasWord(c, "inline") {
		c = trimBlankLeft(c[len("inline"):])
	}
	return hasWord(c, "namespace")
}

// blockKind is what a block of deeper lines holds, which decides what its
// lines are: members of a type or sections of a document are declarations
// in their own right, the statements of a function's body are not.
type blockKind uint8

const (
	blockTop  blockKind = iota // the file itself
	blockDecl                  // the members of a type, a namespace, an import list
	blockDoc                   // a section of a document, an option's description
	blockBody                  // a function's or a statement's body, data
)

// block is a line that opens a block of deeper lines, and what they are.
type block struct {
	w       int
	kind    blockKind
	heading bool
	braced  bool // opened by a brace
	option  bool // opened by a command-line option
	longW   int  // the column of that option's long form
	// header marks a block opened by the rest of a declaration's header,
	// which holds what it goes on with up to the brace that opens the
	// declaration's block, of kind opens.
	header bool
	opens  blockKind
	// typedef marks a block opened by C's typedef, whose closing brace
	// is followed by the name it declares (} Point;).
	typedef bool
	// namespace marks a block opened by a namespace, which says where
	// its members are, not what they are members of.
	namespace bool
	// nameClass is the class of a typedef's opener
	// (typedef struct {), which its closing line takes, or 0; header
	// marks one it takes only in a header.
	nameClass  int
	nameHeader bool
}

// Outline is the reducer for source code and documentation: it keeps a
// file's table of contents. Headings, declarations and signatures come
// first, the top-level ones before those nested in them, then the first
// line of each body and the comment before each declaration, then the
// rest, shallowest first; bodies left out are gap lines with their exact
// line ranges. It knows no grammar: a line is a heading, a declaration or
// a body line by its indentation relative to the lines around it, its
// first words and its punctuation, which most languages and documentation
// formats share. Memory is bounded by the budget: it holds the best lines
// seen so far, and a class of lines too large to hold is thinned evenly.
type Outline struct {
	held      outlineHeap
	heldBytes int
	// blankHeld holds blank lines, at most maxBlanks of them.
	blankHeld outlineHeap
	maxBlanks int
	// shortHeld holds short lines that held let go (a closing brace,
	// #else, a name in pydoc's tree of classes), at most maxBlanks of
	// them: between two lines kept, such a line costs no more shown than
	// its gap line, and Fit can show it there only if it has it.
	shortHeld outlineHeap
	maxBytes  int
	maxPieces int
	spare     [][]byte // buffers of evicted pieces, for reuse
	scratch   []byte
	// numbered is 1 once the first line reads as numbered by cat -n or
	// nl, -1 once it does not; lastNumber is the last number stripped.
	numbered   int8
	lastNumber int

	// prev is the last non-blank line, classified only once the next one
	// tells whether it opens a block.
	prev    pendingLine
	hasPrev bool
	// before are the blank lines before prev, proposed with it, and
	// blanks those after it.
	before, blanks []Piece
	prevPrio       int
	stack          []block
	classes        map[int]classRun   // runs of lines seen of each class, for spread
	rows           map[int][]classRow // the long rows of each class
	rowCount       int                // how many rows rows holds
	entry          entryRun           // the entry of the last line of a class read
	prevN          int                // the number of the line finalized before
	bond           int                // the priority of a declaration whose header goes on, or 0
	bondKind       blockKind          // the block that header opens where it ends
	fence          bool               // inside a fenced block of markdown
	quote          []byte             // the mark that ends the docstring or comment being read
	here           []byte             // the word that ends the here-document being read
	inHere         bool
	macro          bool // in the lines a preprocessor line's backslash continues
	underlined     bool // the next line underlines a title, though it reads as a fence or a docstring's quotes
	started        bool // a line that is not blank has been read
	codeW          int  // the indentation of the last line that is not a comment
	vim            int  // lines at the margin that read as Vim script's comments
	opened         bool // the last line that is not a comment opened a block
	hereQuote      bool // the here-document is a string, which ends at its quote
	firstBody      int  // depth+1 of the opener prev follows, or 0
	prevW          int  // the indentation of the line before prev
	prevLongW      int  // the column of its long form, if an option
	anonKinds      int  // the kinds of anonymous typedef seen, as anonTypedef's bits
	prevOption     bool // whether it was an option
	doc            docRun
	// last holds the last lines that are not blank, in a ring.
	last  [lastLines]Piece
	lastN int
	// script is set by a first line that starts with #!.
	script bool
	// markdown and code weigh the evidence that lines starting with a
	// hash and a space are headings, or comments.
	markdown, code int
	// constants counts the constants defined (#define BUFSIZ 8192) in a
	// row up to prev; guard is the name of the last #ifndef, on line
	// guardLine, which a header's include guard defines next.
	constants int
	guard     []byte
	guardLine int
	// bodies counts the functions defined at the margin, with a body:
	// a source file's, where a header only declares them.
	bodies int
	// named is set when the next line is the name of a function whose
	// return type the line before it gives.
	named bool
	// member is set when the last line of code ended with a comma, as an
	// object's member does (},): a shorthand method may come next.
	member bool
	// declared is set once a line at the margin has declared a type or
	// a function by its keyword: the file is code, not a Makefile.
	declared bool
	// pod is set inside Perl's documentation, from a heading of it
	// (=head1 NAME) up to its =cut.
	pod bool
	// entries is set by a help's section title that opens no block
	// (Environment variables: over FORCE_COLOR), and stays set while the
	// lines at the margin under it read as its entries.
	entries bool
	// stmt is the SQL statement being read, which runs to its semicolon;
	// sql is set once a CREATE statement has been read.
	stmt sqlStmt
	sql  bool
}

// pendingLine is a line held until the next one is read.
type pendingLine struct {
	piece Piece
	shape lineShape
	c     []byte // the content, which shape.c points into
}

// docRun is the run of comment lines being read, which documents the
// declaration that follows it.
type docRun struct {
	last    int   // the number of its last line, or of an annotation after it
	piece   Piece // its first line with words in it
	ok      bool
	apart   bool // it follows a blank line
	opening bool // it follows the file's first line
	bare    bool // its last line is the comment's mark alone (#)
}

// NewOutline returns an outline reducer for a view of about budget tokens.
func NewOutline(budget int) *Outline {
	o := &Outline{
		// A token is rarely more than 8 bytes of source; holding twice
		// that fills any view, gap lines included. A line that is not
		// blank costs two tokens at least, with its newline.
		maxBytes:  max(budget*16, 16<<10),
		maxPieces: budget + 64,
		maxBlanks: budget + 64,
		classes:   map[int]classRun{},
	}
	o.held.grow(min(o.maxPieces+1, 1<<12))
	o.blankHeld.grow(min(o.maxBlanks+1, 1<<12))
	o.shortHeld.grow(min(o.maxBlanks+1, 1<<12))
	return o
}

func newOutline(budget int) Reducer { return NewOutline(budget) }

// Add implements Reducer.
func (o *Outline) Add(l Line) {
	s := shapeOf(o.unnumber(l.Text), &o.scratch)
	if len(s.c) == 0 {
		b := Piece{Line: l.N, Text: o.copyText(l.Text)}
		if len(o.blanks) <= maxBlankRun {
			o.blanks = append(o.blanks, b)
		} else {
			b.Prio = prioOutlineLow - l.N
			o.proposeBlank(b)
		}
		return
	}
	if o.hasPrev {
		o.finalize(&s)
	}
	o.hold(l, s)
}

// hold makes l the pending line.
func (o *Outline) hold(l Line, s lineShape) {
	p := &o.prev
	text, after := cutAt(l, outlineLong)
	if after > 0 {
		text, after = cutAt(l, outlineKeep)
	}
	p.piece = Piece{Line: l.N, Text: append(o.buffer(), text...), After: after}
	// The content may point into the line or the scratch buffer; copy it
	// too.
	p.c = append(p.c[:0], s.c...)
	s.c = p.c
	p.shape = s
	o.hasPrev = true
	o.before, o.blanks = o.blanks, o.before[:0]
}

// buffer returns an empty buffer, reusing one an evicted piece left.
func (o *Outline) buffer() []byte {
	if n := len(o.spare); n > 0 {
		b := o.spare[n-1]
		o.spare = o.spare[:n-1]
		return b[:0]
	}
	return nil
}

func (o *Outline) copyText(text []byte) []byte {
	if len(text) == 0 {
		return nil
	}
	return append(o.buffer(), text[:min(len(text), outlineKeep)]...)
}

// Pieces implements Reducer.
func (o *Outline) Pieces(lines, budget int, c Counter) []Piece {
	if o.hasPrev {
		o.finalize(nil)
		o.hasPrev = false
	}
	o.proposeBlanks(o.blanks, o.prevPrio)
	for i := range min(o.lastN, lastLines) {
		p := o.last[i]
		p.Prio = prioOutlineLast - p.Line
		o.propose(outlineItem{piece: p})
	}
	keys := make([]int, 0, len(o.classes))
	for key := range o.classes {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	for _, key := range keys {
		o.endRow(key, o.classes[key])
	}
	marked := o.markdown > 0 && o.code <= 4*o.markdown
	markdown := marked || o.code == 0
	out := make([]Piece, 0, o.held.len()+o.blankHeld.len())
	for _, k := range o.blankHeld.keys {
		out = append(out, o.blankHeld.slots[k.slot].piece)
	}
	piece := func(it *outlineItem) Piece {
		p := it.piece
		if (it.hash || it.link) && !markdown || it.rule && markdown || it.title && !marked || it.typeName && o.bodies > 0 {
			p.Prio = it.alt
		}
		return p
	}
	for _, k := range o.held.keys {
		out = append(out, piece(&o.held.slots[k.slot]))
	}
	o.lengthenRuns(out, o.blankHeld.len(), lines, budget, c)
	for _, k := range o.shortHeld.keys {
		out = append(out, piece(&o.shortHeld.slots[k.slot]))
	}
	return out
}

// finalize classifies the pending line, now that next, the next line
// that is not blank (nil at the end), is known, and proposes it.
func (o *Outline) finalize(next *lineShape) {
	p := &o.prev
	s := &p.shape
	n := p.piece.Line
	c := s.c
	// The first line that is not blank says what the file is, where a
	// help or a manual starts with blank lines.
	first := !o.started
	o.started = true
	underlined := o.underlined
	if underlined {
		// A line of tildes or double quotes under a title underlines
		// it (reST); it opens no fenced block and no docstring.
		s.fence, s.comment, o.underlined = false, false, false
	}

	// A here-document's lines are data, whatever they look like, and do
	// not end the blocks around them: they may start at the margin.
	inHere := o.inHere
	if inHere && (o.hereQuote && closesString(c, o.here) || string(c) == string(o.here)) {
		o.inHere = false
	}
	// A preprocessor line that ends in a backslash goes on over the lines
	// after it up to one that does not: the macro's body, data that opens
	// no block and ends none, however it is indented.
	macro := o.macro
	directive := c[0] == '#' && (s.directive || s.decl == declName || s.decl == declImport)
	o.macro = (macro || directive && !o.script && o.quote == nil && !inHere) && c[len(c)-1] == '\\'
	startsMacro := o.macro && !macro
	inHere = inHere || macro
	inQuote := o.quote != nil
	// A comment of markup (<!-- YAML ... -->) between a heading and its
	// text is a note for the site that renders it.
	note := !inHere && (hasPrefix(c, "<!--") || inQuote && &o.quote[0] == &markupCommentEnd[0])
	if !inHere && !underlined {
		o.trackQuote(c, s.w, next, directive)
	}
	// A script's lines that start with a hash are comments, whatever
	// word follows (#include in a string of C it writes).
	comment := inQuote || o.commentLine(s) || inHere || o.script && c[0] == '#'
	if !comment && !inHere {
		// A backtick opens a string only in code: in a document it
		// marks code in prose, and an example in a fenced block may
		// leave one open that the fence ends.
		if d, quote := hereDelimiter(c); d != nil && (d[0] != '`' || o.code > o.markdown && !o.fence) {
			o.here = append(o.here[:0], d...)
			o.inHere, o.hereQuote = true, quote
		}
	}
	// A macro alone on its line (_GLIBCXX_BEGIN_NAMESPACE_VERSION) opens
	// nothing, whatever is indented after it; a manual's heading (OPTIONS)
	// does.
	// A function's or a type's header opens its body over a comment at
	// the margin (a trace commented out) that the body starts with.
	// A preprocessor's line opens no block: C leaves it at the margin
	// whatever the depth of the declarations after it (a header's
	// #define over prototypes indented in its extern "C").
	opener := !comment && !directive && !startsMacro && !s.closer && (!allCapsWord(c) || s.heading > 0) && next != nil && len(next.c) > 0 &&
		(next.w > s.w || next.w == s.w && (next.c[0] == '{' || next.c[0] == ':' && next.cont ||
			s.w == 0 && (o.commentLine(next) || next.hash) && byKeyword(c)) &&
			c[len(c)-1] != ';' && c[len(c)-1] != '}')
	// A C function's return type alone on its line, over its name
	// indented under it (libxml2's XMLPUBFUN int XMLCALL, then
	// xmlValidateQName (...)), says little without that name: the name's
	// line declares the function, at the return type's depth, as where
	// both start at the margin (static int, then main(...)).
	returns := !comment && !inHere && !s.closer && s.heading == 0 && !o.sql && !o.stmt.open &&
		next != nil && next.w > s.w && returnType(c) && callStart(afterType(next.c))
	named := o.named
	o.named = returns
	if returns {
		opener = false
	}
	if named {
		s.cont = false
	}
	// A line of double quotes under a title underlines it (reST), though
	// it reads as a docstring's quotes.
	var under byte
	if next != nil {
		under = next.underline
		if next.comment && next.c[0] == '"' {
			under = underline(next.c)
		}
	}
	setext := under != 0 && rstUnderline(c, next) && s.w == 0 && !comment && !s.option && s.decl < declFunc &&
		!o.fence && c[0] != '-' && c[0] != '*' && c[0] != '|' && c[0] != '<'
	o.underlined = setext && (next.fence || next.comment)

	// The blocks this line is not in end here; a brace on a line of its
	// own belongs to the line before it.
	brace := c[0] == '{'
	// A block in braces ends at its closing brace, not at a line that is
	// not indented inside it: a label, a preprocessor line, a string's
	// continuation, which C leaves at the margin. A declaration ends it
	// all the same, in case its brace was never closed, but for a
	// preprocessor's (#define), which C leaves at the margin too.
	within := c[0] != '}' && (s.decl == declNone || s.decl == declControl || c[0] == '#') &&
		s.heading == 0 && !s.option && !s.hash
	// An option starts an entry: after a blank line, a line indented
	// otherwise (a shallower heading, a deeper description) or another
	// option; a line of a paragraph that happens to start with a hyphen
	// does not.
	option := s.option && (len(o.before) > 0 || o.prevW != s.w ||
		o.prevOption && (o.prevW == s.w || o.prevLongW == s.longW) || n == 1)
	// A sentence that goes on from a line of prose just above it, at its
	// indentation, goes on with that paragraph: it declares nothing, though
	// it names a call (ssh_config(5) for details.), and where it opens a
	// block (an example indented under it), it leads in to that block, as
	// a lead-in ending in a colon does. A list's next item starts anew,
	// and a declaration after a comment is no prose, nor is a call whose
	// line ends in an ellipsis (count(start=0) --> start, ...).
	prevW := o.prevW
	tail := len(o.before) == 0 && n > 1 && o.prevW == s.w && o.prevPrio <= prioOutlineDoc && o.prevPrio > prioOutlineLow &&
		o.doc.last != n-1 && !bullet(c) && (sentence(c) || c[len(c)-1] == '.' && !bytes.HasSuffix(c, []byte("..")))
	o.prevW, o.prevLongW, o.prevOption = s.w, s.longW, option
	// A parenthesis alone over lines indented deeper closes a header's
	// parameters (CMake's function(name, its arguments below, then its
	// body), not the block the header opens.
	header := s.closer && c[0] == ')' && bytes.IndexByte(c, '}') < 0 && next != nil && next.w > s.w
	// A comment at the margin among a block's lines (code commented out,
	// a note its author did not indent) is in the block: the lines
	// around it, indented into the block, tell. Where the line after it
	// ends an inner block (Vim script's endif), it ends that block too,
	// and no more.
	// (In code, "# y = 2" is a comment that reads as a heading.)
	commented := comment || s.hash && o.code > o.markdown
	inside := false
	if len(o.stack) > 0 && commented && !inHere && s.w == 0 && next != nil {
		top := o.stack[len(o.stack)-1].w
		inside = (o.codeW > top || o.opened) && (next.w > top || next.w == 0 && (o.commentLine(next) || next.hash))
		if !inside && o.codeW > top && next.w > 0 {
			for len(o.stack) > 0 && o.stack[len(o.stack)-1].w >= next.w && !o.stack[len(o.stack)-1].braced {
				o.stack = o.stack[:len(o.stack)-1]
			}
			inside = len(o.stack) > 0
		}
	}
	if !commented {
		o.codeW = s.w
	}
	closed := block{} // the block this line ends at its own width
	// C leaves a preprocessor line at the margin whatever the depth of
	// the code around it (an #if among a struct's members): it ends no
	// block in braces, however deep.
	preprocessor := directive && !comment && !inHere
	for len(o.stack) > 0 && !inHere && !inside {
		top := o.stack[len(o.stack)-1]
		if header && top.w == s.w || preprocessor && top.braced {
			break
		}
		// An option aligned with the long form of the option above it
		// is its sibling, not a line of its description.
		sibling := option && top.option && s.w <= top.longW
		if !sibling && (top.w < s.w || top.w == s.w && (brace || top.braced && within)) {
			break
		}
		if top.w == s.w {
			closed = top
		}
		o.stack = o.stack[:len(o.stack)-1]
	}
	// The closing brace of a typedef's struct, union or enum names what
	// it declares (typedef struct { ... } Point;): often the only line
	// that does, an anonymous struct's opener naming nothing.
	typedefEnd := closed.typedef && closed.braced && typedefName(c)
	if typedefEnd {
		s.cont = false // it ends the declaration, rather than going on with it
	}
	ctx := blockTop
	if len(o.stack) > 0 {
		ctx = o.stack[len(o.stack)-1].kind
		if top := &o.stack[len(o.stack)-1]; brace && top.w == s.w && c[len(c)-1] == '}' {
			// A body in braces on one line ({ split(); }) closes the
			// block its brace opens: the next line at its width is not
			// in it.
			top.braced = false
		} else if brace && top.w == s.w && next != nil && next.w > s.w && !inHere && !comment && bracesClose(c, next.c) {
			// Nor does one over two lines, its closing brace ending the
			// second ({ return (a, then ? b : c); } under it).
			top.braced = false
		}
	}
	if !comment && !inHere && ctx == blockBody && o.member && s.w > 0 && s.decl != declControl && shorthandMethod(c) {
		// An object's shorthand method (registerDecorator(size, name) {)
		// after its members, as a key given a function is: the object
		// reads as data, but no statement is a call that opens a block.
		s.decl, s.keyword = declFunc, true
	}
	// A brace alone on its line opens the block of the declaration above
	// it, whose header may have run over several lines (a class's
	// implements, a function's where): it is that block's first line, not
	// a block of its own.
	lone := len(c) == 1 && brace
	if lone && len(o.stack) > 0 && o.stack[len(o.stack)-1].w == s.w {
		top := &o.stack[len(o.stack)-1]
		top.braced = true
		if top.header {
			top.kind, top.header = top.opens, false
		}
		opener = false
	}
	// Headings do not nest what they head deeper: an option is as much a
	// declaration in a subsection as in a section.
	depth, declDepth, namespaces := 0, 0, 0
	for _, b := range o.stack {
		if b.namespace {
			namespaces++
		}
		if !b.heading && !b.namespace {
			depth++
			if b.kind != blockBody {
				declDepth++
			}
		}
	}
	depth = min(depth, maxDepth)
	// A manual's subsection ("   Commit Limiting") is a short title
	// indented a little under a section's heading, over text indented
	// deeper: a heading, not a paragraph, so that what it heads ranks as
	// what the section heads directly does.
	subsection := opener && s.decl == declNone && s.heading == 0 && !s.option && s.w <= 4 &&
		len(o.stack) > 0 && o.stack[len(o.stack)-1].heading && o.stack[len(o.stack)-1].w < s.w && title(c)
	// A help's section title ends with a colon, after a blank line; when
	// its entries start at its own column (Environment variables: over
	// FORCE_COLOR) it opens no block, but heads them all the same. A
	// lead-in in markdown heads no section.
	leadIn := !comment && !opener && s.w == 0 && s.decl == declNone && s.heading == 0 && !s.option && !o.fence &&
		(len(o.before) > 0 || n == 1) && c[len(c)-1] == ':' && len(c) > 1 && title(c[:len(c)-1]) &&
		next != nil && next.w == 0 && !next.fence && !next.comment
	// So is one over the entries indented right under it (Options: over
	// --abort, USAGE: over its synopses): a heading, not a paragraph that
	// opens a block, so that its entries rank as those of a title that
	// opens none do, spread over the help with them. A sentence's lead-in
	// to an example, a list or a fenced block sets it apart with a blank
	// line or a list's bullet. The title may follow the last line of the
	// section before it with no blank line, and may read as a call
	// (HTTPS (SSL/TLS) options:).
	sectionTitle := opener && s.w == 0 && (s.decl == declNone || s.decl == declFunc && !s.keyword) && s.heading == 0 && !s.option && !o.fence &&
		(len(o.before) > 0 || n == 1 || prevW > 0) && c[len(c)-1] == ':' && len(c) > 1 && title(c[:len(c)-1]) &&
		len(o.blanks) == 0 && !next.fence && !next.comment && !bullet(next.c)
	entry := false
	if s.w == 0 && !comment && !inHere {
		entry = o.entries && helpEntry(c)
		o.entries = entry || leadIn
	}
	firstBody := o.firstBody
	o.firstBody = 0
	constant := false
	if name := constantName(c); name != nil && !comment {
		// An include guard (#ifndef X_H, #define X_H) defines no
		// constant.
		constant = o.guardLine != o.prevN || string(name) != string(o.guard)
	}
	if !constant {
		o.constants = 0
	}
	if name, _ := directiveArg(c, "ifndef"); name != nil && !comment {
		o.guard, o.guardLine = append(o.guard[:0], name...), n
	}
	bond := o.bond
	o.bond = 0
	// The lines of an SQL statement after its first (RETURNS, LANGUAGE,
	// AS, an operator class's members, a BEGIN ATOMIC body) are its body,
	// not headings or declarations of their own, however they read; nor
	// is a statement of another verb (ALTER, GRANT, COMMENT ON) in a file
	// of them.
	// A blank line ends a statement whose semicolon never came, but in a
	// body, and so does a fence or a heading of markdown, which may show
	// a statement without its semicolon.
	if len(o.before) > 0 && !o.stmt.dollar && !o.stmt.atomic || s.fence || s.hash {
		o.stmt = sqlStmt{}
	}
	stmt := !comment && !inHere && !s.closer && !(s.cont && bond != 0) && !(sqlStart(c) && !o.stmt.dollar) &&
		(o.stmt.open || o.sqlVerb(c, s.w))

	link := !inQuote && !inHere && s.w == 0 && (linkItem(c) || termItem(c))
	// Perl's documentation is prose and examples, outlined by its
	// headings: a paragraph that names a call (GetOptions() will return)
	// or leads in to an example declares nothing, however it reads.
	if s.w == 0 && !inHere && pod(c) {
		o.pod = true
	} else if s.w == 0 && !inHere && hasPrefix(c, "=cut") {
		o.pod = false
	}
	prose := o.pod && !pod(c) && !first
	var (
		prio       int
		hash       bool
		alt        int
		push       = opener
		kind       = blockBody
		isDecl     bool
		nameClass  int  // the class a typedef's closing line takes, or 0
		nameHeader bool // and whether only in a header
		typeName   bool // a typedef's closing line that ranks so only in a header
		rule       bool
		titled     bool // a help's section title
		lead       bool // the first line of a body
		goesOn     bool // the rest of a declaration's header, over lines that go on with it
	)
	switch {
	case first:
		prio = prioOutlineFirst
		kind = o.openerKind(s, ctx, opener)
	case inHere:
		prio = o.rest(depth+1, n)
		push = false
	case prose:
		prio = o.rest(depth, n)
		push = false
	case link:
		// A list's item that starts with a link names an entry, as a
		// table of contents does, or what a README offers: in markdown
		// it ranks with the names a file declares, above the bodies of
		// its sections (a changelog's collapsed <details>). In code, a
		// star starts a comment's line.
		prio = o.class(prioOutlineDecl, depth*8+int(declFunc)*2, n)
		alt = o.rest(depth, n)
		push = false
	case comment:
		prio = o.rest(depth, n)
		starts := o.doc.last != n-1
		// A paragraph of the comment starts after a bare comment line.
		para := !starts && o.doc.bare && paragraphStart(c)
		if !starts && o.doc.bare && depth == 0 && s.w == 0 {
			// A prototype at the margin that opens a comment documents
			// a function a macro defines (zlib's deflateInit2): the
			// header's API as much as the prototypes outside comments.
			// It ends as a prototype does, or goes on with a parameter;
			// a docstring's list of calls (run(...): Runs a command)
			// reads on as prose. It gives a type before the name: a
			// call with none (memcpy(dst, src, n);) is code commented
			// out.
			end := c[len(c)-1]
			if d, _ := declOf(c); d == declFunc && (end == ';' || end == ',') && !sentence(c) && typed(c) {
				class := int(declFunc) * 2
				if !exported(c) {
					class++
				}
				prio = o.class(prioOutlineDecl, class, n)
			}
		}
		o.noteComment(p)
		if starts {
			o.doc.apart = len(o.before) > 0
			o.doc.opening = o.prevPrio == prioOutlineFirst
		}
		if o.script && depth == 0 && (o.doc.apart || o.doc.opening) && o.doc.ok && (o.doc.piece.Line == n || para) {
			// A script's comment at the margin, set apart by a blank
			// line, says what the lines below it do: its first line
			// with words, and each of its paragraphs' first lines,
			// rank with the comments of declarations; those of the one
			// under the first line, what the script is and how it is
			// used, rank with the declarations.
			if o.doc.opening {
				prio = o.class(prioOutlineDecl, 0, n)
			} else {
				prio = o.class(prioOutlineDoc, 0, n)
			}
		}
		push = false
		if note || inside {
			// The text after it is the first.
			o.firstBody = firstBody
		}
	case stmt:
		prio = o.rest(depth+1, n)
		if firstBody > 0 {
			prio = o.class(prioOutlineDoc, firstBody-1, n)
			lead = true
		}
		push = false
	case s.fence || o.fence:
		if s.fence {
			o.fence = !o.fence
			o.markdown++
		}
		prio = o.rest(depth+1, n)
		push = false
	case setext:
		level := underlineLevel(under)
		o.markdown++
		prio = o.class(prioOutlineHeading, level, n)
		kind = blockDoc
	case s.hash:
		hash = true
		if s.heading > 1 {
			o.markdown++
		}
		prio = o.class(prioOutlineHeading, s.heading, n)
		alt = o.rest(depth, n)
		kind = blockDoc
		if inside {
			// A comment in a block, which heads nothing.
			push = false
			o.firstBody = firstBody
		}
	case s.heading > 0 && ctx != blockBody:
		prio = o.class(prioOutlineHeading, s.heading, n)
		kind = blockDoc
	case subsection:
		prio = o.class(prioOutlineHeading, 2, n)
		kind = blockDoc
	case s.underline != 0 || s.closer:
		prio = prioOutlineLow - n
		push = false
	case lone:
		prio = prioOutlineLow - n
		kind = blockBody
		if firstBody > 0 {
			o.firstBody = firstBody
		}
	case s.cont && bond != 0:
		// The rest of a declaration's header goes with its first line,
		// and the block it opens (a class's, after its bases) is the
		// declaration's: at once where its brace ends it, else from the
		// brace under it, the lines before (a base, a where clause's
		// bound) going on the header.
		prio = bond
		if c[len(c)-1] == '{' {
			kind = o.bondKind
		} else {
			goesOn = true
		}
	case s.cont:
		prio = o.rest(depth, n)
		push = push && !s.prefix
		if o.doc.last == n-1 {
			o.doc.last = n // a template's parameters, between a comment and its declaration
		}
	case s.directive:
		o.code++
		prio = o.rest(depth, n)
		push = false
	case ctx == blockBody && !s.keyword:
		prio = o.rest(depth, n)
		if firstBody > 0 && !brace {
			prio = o.class(prioOutlineDoc, firstBody-1, n)
			lead = true
		}
		if brace && firstBody > 0 {
			o.firstBody = firstBody
		}
	default:
		// A sentence that leads in to an example after a blank line,
		// indented four more as markdown and POD indent code ("This
		// call is identical to:"), opens a block but declares nothing;
		// a help's section title over its options or values declares
		// them.
		example := opener && (c[len(c)-1] == ':' && len(o.blanks) > 0 && !next.option || tail) && next.w >= s.w+4
		d := s.decl
		switch {
		case option || entry && d == declNone:
			d = declType // the declarations of a command's help
		case returns:
			d = declNone
		case named:
			d = declFunc
		case tail && d == declFunc && !s.keyword:
			d = declNone
		case d == declType && ctx == blockDecl && alias(c):
			d = declName // a type's alias for a type, which its members use
		case d == declNone && typedefEnd:
			// Ranked as a member with a body is: below what the file
			// declares at its margin, the typedef's opener among it,
			// above the members the braces held.
			d = declName
		case d == declNone && opener && ctx == blockDecl:
			d = declName // a member with a body
		case d == declNone && opener && !example:
			d = declFunc // a paragraph that opens a block: a section, an entry
		case d == declNone && s.rule && !o.declared:
			// A Makefile's target, or a key in a document; in code that
			// declares classes or functions, a name and its type
			// (EDITION_2023: Edition.ValueType) annotate a variable.
			d = declFunc
			rule = true
			if allCapsWord(ruleName(c)) {
				// A grammar names its terminals in capitals (Lark's,
				// ANTLR's tokens): they say less than its rules, as a
				// constant says less than a function.
				d = declName
			}
		case d == declNone && ctx == blockDecl && fieldLike(c):
			d = declName // a member
		case d == declControl && !opener:
			d = declNone
		}
		if d == declNone || c[0] == '@' && !s.style {
			prio = o.rest(depth, n)
			if firstBody > 0 {
				prio = o.class(prioOutlineDoc, firstBody-1, n)
				lead = true
			}
			if c[0] == '@' && o.doc.last == n-1 {
				o.doc.last = n // an annotation between a comment and its declaration
			}
			push = false
			if example {
				push, kind = true, o.openerKind(s, ctx, opener)
			}
			break
		}
		if d <= declFunc && !rule && (s.decl != declNone || c[0] != '<') {
			// A tag over deeper lines (an HTML table's <tr> over its
			// cells) is markup, no evidence of code.
			o.code++
		}
		isDecl = true
		at := depth
		if ctx == blockBody {
			// A function declared in a function's body, as a module
			// wrapped in a function declares its own, ranks as a member
			// of that function would, however deep in its statements.
			at = declDepth + 1
		}
		class := at*8 + int(d)*2
		if d == declName {
			// A variable or a field says less than a function or a type
			// declared one level deeper: a class's methods, the
			// functions of a module wrapped in a function.
			class = min(at+1, maxDepth)*8 + int(d)*2
		}
		if d == declImport {
			// What a file uses says less than what it declares,
			// even nested.
			class = min(depth+1, maxDepth)*8 + int(d)*2
		}
		if d == declFunc && overload(c) {
			// An operator's overload (operator==, operator<<) says less
			// than a function with a name: ranked as a member would be,
			// a member of the types of its namespace.
			class = min(at+namespaces+1, maxDepth)*8 + int(d)*2
		}
		if d == declFunc && listedMethod(c) {
			// go doc lists each method of a type on its line after the
			// type, with no body: it ranks below the package's functions
			// and its types' constructors, which a package of many
			// methods would otherwise hide, but above the types' fields.
			class = at*8 + int(declName)*2
		}
		if d <= declFunc && !exported(c) {
			class++
		}
		if constant {
			// A header's constants are its API as much as its
			// prototypes: the first of each run of them ranks with
			// those, so that a header too long to show whole shows
			// some of each.
			if o.constants < runShare {
				class = at*8 + int(declFunc)*2
			}
			o.constants++
		}
		if opener && typedefBlock(c) {
			// The closing line names the type (} Point;), the name its
			// prototypes use, where the opener names a tag at most:
			// it ranks as a declaration the file does not export
			// would, below the types, above the prototypes.
			nameClass, nameHeader = class|1, true
		}
		if k := anonTypedef(c); opener && k != 0 {
			if o.anonKinds&k != 0 {
				// An anonymous typedef's opener names nothing: it
				// ranks as a member with a body, so that a header of
				// many such typedefs lists their names. The first of
				// each kind (struct, union, enum) keeps its rank, to
				// say what kind of types the names are.
				class = min(at+1, maxDepth)*8 + int(declName)*2
				nameHeader = false
			}
			o.anonKinds |= k
		}
		prio = o.class(prioOutlineDecl, class, n)
		if typedefEnd && closed.nameClass != 0 {
			if closed.nameHeader {
				// In a file of functions with bodies, the type is one of
				// its own, not its API: the name ranks as a member's.
				alt, typeName = prio, true
			}
			prio = o.class(prioOutlineDecl, closed.nameClass, n)
		}
		kind = o.openerKind(s, ctx, opener)
		if rule {
			alt = o.rest(depth, n)
		}
	}
	switch {
	case prose:
	case leadIn:
		// Ranked below the headings a document marks as such, and in
		// a class of its own, so that in markdown, where it is not a
		// title, it changes nothing.
		alt, titled = o.class(prioOutlineHeading, maxHeading+1, n), true
	case sectionTitle:
		// The entries under it make it a help's, markdown or not: it
		// ranks above them, as it heads them.
		prio = o.class(prioOutlineHeading, maxHeading+1, n)
	}
	if !comment && !inHere && s.w == 0 && c[0] != '#' && functionBody(c, next) {
		o.bodies++
	}
	if !comment && !inHere && s.w == 0 && (s.decl == declType || s.decl == declFunc) && byKeyword(c) {
		o.declared = true
	}
	if !comment && markdownLine(c, s) {
		o.markdown++
	}
	if s.w == 0 && vimNote(c) && !inQuote {
		o.vim++
	}
	switch {
	case n == 1 && hasPrefix(c, "#!"):
		o.code += 100 // a script, whose hashes start comments
		o.script = true
	case codeLine(c) && !o.fence:
		// Code in a fenced block is markdown's example, no evidence
		// that the file is code.
		o.code++
	}

	if !comment && !inHere {
		o.member = c[len(c)-1] == ','
	}
	if !comment && !inHere {
		o.sqlLine(c, s.w)
	}
	p.piece.Prio = prio
	// (A macro's body in roff starts its requests with a dot, as a
	// method chained on the line before would: not a header's rest.)
	// Nor is the alternative under a grammar's rule ("| expr"), which
	// a union type's header may go on with.
	alternative := next != nil && hasPrefix(next.c, "| ") && s.w == 0 && (s.rule || ruleHead(c))
	if isDecl && next != nil && next.cont && len(o.blanks) == 0 && !roffMacro(c) && !alternative {
		p.piece.Bond = true
		o.bond, o.bondKind = prio, o.openerKind(s, ctx, true)
	}
	if !s.closer && s.underline == 0 {
		last := &o.last[o.lastN%lastLines]
		*last = Piece{Line: n, Text: append(last.Text[:0], p.piece.Text...), After: p.piece.After}
		o.lastN++
	}
	o.noteEntry(n, s.w, prio)
	o.propose(outlineItem{piece: p.piece, hash: hash, link: link, rule: rule, title: titled, typeName: typeName, alt: alt})
	p.piece.Text = nil
	if isDecl && o.doc.ok && o.doc.last == n-1 {
		doc := o.doc.piece
		doc.Prio = o.class(prioOutlineDoc, depth, doc.Line)
		o.propose(outlineItem{piece: doc})
		o.doc.piece.Text = nil
		o.doc.ok = false
	}
	if lead && len(o.before) == 1 && len(trimBlankRight(o.before[0].Text)) <= maxBlankBytes {
		// A blank line between a declaration and the first line of
		// its body shows something only with that line: kept without
		// it, the blank line would cost a line and show nothing.
		b := o.before[0]
		b.Prio, b.Bond = prio, true
		o.proposeBlank(b)
		o.before = o.before[:0]
	}
	o.proposeBlanks(o.before, min(o.prevPrio, prio))
	o.before = o.before[:0]
	o.prevPrio = prio
	o.prevN = n
	if !commented {
		o.opened = push
	}
	if push {
		heading := prio > prioOutlineDecl || sectionTitle
		braced := c[len(c)-1] == '{' || next.c[0] == '{'
		o.stack = append(o.stack, block{w: s.w, longW: s.longW, kind: kind, heading: heading, braced: braced, option: option,
			header: goesOn, opens: o.bondKind, typedef: hasWord(c, "typedef"), nameClass: nameClass, nameHeader: nameHeader,
			namespace: isDecl && opensNamespace(c)})
		if kind != blockDecl && (isDecl || heading) {
			o.firstBody = depth + 1
			if !heading {
				o.firstBody++
			}
		}
	} else if prio > prioOutlineDecl && !first {
		// A heading's first line of text says what its section is about.
		o.firstBody = depth + 1
	}
}

// sqlStmt is the state of an SQL statement being read.
type sqlStmt struct {
	open   bool // read up to its semicolon
	atomic bool // in a BEGIN ATOMIC body, which runs to its END
	dollar bool // in a body quoted with dollars ($$ or $tag$)
}

// sqlLine follows SQL statements over a line that is not a comment: a
// CREATE starts one, as, in a file that has had one, a statement of
// another verb at the margin does; it runs to the line that ends with
// its semicolon, outside any body quoted with dollars or BEGIN ATOMIC.
func (o *Outline) sqlLine(c []byte, w int) {
	st := &o.stmt
	// A CREATE in a body quoted with dollars is a statement of that body.
	if sqlStart(c) && !st.dollar || !st.open && o.sqlVerb(c, w) {
		o.sql = o.sql || sqlStart(c)
		*st = sqlStmt{open: true}
	} else if !st.open {
		return
	}
	if dollarQuotes(c)%2 == 1 {
		st.dollar = !st.dollar
	}
	end := trimBlankRight(c)
	if i := bytes.Index(end, []byte("--")); i >= 0 && !st.dollar {
		end = trimBlankRight(end[:i])
	}
	switch {
	case st.dollar:
	case st.atomic:
		if string(end) == "END;" || string(end) == "END" {
			*st = sqlStmt{}
		}
	case bytes.HasSuffix(end, []byte("BEGIN ATOMIC")):
		st.atomic = true
	case len(end) > 0 && end[len(end)-1] == ';':
		*st = sqlStmt{}
	}
}

// sqlStart reports whether a line starts an SQL statement that creates
// something: CREATE, and what it creates.
func sqlStart(c []byte) bool {
	return hasWord(c, "CREATE") && sqlCreate(c) != declNone
}

// sqlVerb reports whether a line at column w starts an SQL statement
// that creates nothing, in a file that has had one that does.
func (o *Outline) sqlVerb(c []byte, w int) bool {
	return o.sql && w == 0 && sqlVerbs[string(leadWord(c))]
}

// sqlVerbs are the other verbs of SQL statements a schema's file runs.
var sqlVerbs = wordSet("ALTER", "GRANT", "REVOKE", "COMMENT", "INSERT", "UPDATE", "DELETE", "DROP", "SELECT")

// dollarQuotes counts the dollar quotes ($$, $body$) in a line, each of
// which opens or closes a body quoted with them.
func dollarQuotes(c []byte) int {
	n := 0
	for i := 0; i < len(c); i++ {
		if c[i] != '$' {
			continue
		}
		j := i + 1
		for j < len(c) && (isWordByte(c[j]) && (c[j] < '0' || c[j] > '9')) {
			j++
		}
		if j < len(c) && c[j] == '$' {
			n++
			i = j
		}
	}
	return n
}

// proposeBlanks proposes a run of blank lines just below prio, that of
// the line around it less likely kept: a short run between two lines kept
// costs less shown than as a gap line. A long run is worth keeping only
// when all else is.
func (o *Outline) proposeBlanks(run []Piece, prio int) {
	for _, b := range run {
		b.Prio = prio - 1
		if len(run) > maxBlankRun || len(trimBlankRight(b.Text)) > maxBlankBytes {
			// A blank line of code behind a prefix (git blame's commit,
			// author and date) costs more than a gap line.
			b.Prio = prioOutlineLow - b.Line
		}
		o.proposeBlank(b)
	}
}

// proposeBlank holds a blank line apart from the others, so that lines of
// text never crowd out the blank lines between them, which Fit needs to
// close a short gap (see fillShortGaps).
func (o *Outline) proposeBlank(b Piece) {
	if o.blankHeld.len() >= o.maxBlanks {
		if keyOf(&outlineItem{piece: b}).worse(o.blankHeld.worst()) {
			o.recycle(b.Text)
			return
		}
		o.recycle(o.blankHeld.pop().piece.Text)
	}
	o.blankHeld.push(outlineItem{piece: b})
}

// openerKind returns what the block a line opens holds.
func (o *Outline) openerKind(s *lineShape, ctx blockKind, opener bool) blockKind {
	if !opener {
		return blockBody
	}
	switch {
	case ctx == blockBody && !(s.keyword && s.decl == declType):
		// A class declared in a function's body holds members as any
		// class does.
		return blockBody
	case s.heading > 0 || s.option:
		return blockDoc
	case s.decl == declType:
		return blockDecl
	case s.decl == declName || s.decl == declImport:
		// import (, var (, const ( list names; var x = []T{ is data.
		if w := leadWord(s.c); string(trimBlankLeft(s.c[len(w):])) == "(" {
			return blockDecl
		}
		return blockBody
	case s.decl == declNone && ctx != blockDecl:
		return blockDoc
	}
	return blockBody
}

// hereDelimiter returns the word that ends the here-document a line of a
// shell script starts (cat <<EOF, <<-'END', <<~SQL), or nil. The word
// follows the operator directly or in quotes, and, unquoted, is capitals:
// 1 << SHIFT and x<<bits shift. A string assigned over several lines
// (includes='), quote, is a here-document too, that ends at its quote; so
// is a template literal or a raw string in backticks (JavaScript's, Go's)
// that a line of code opens and leaves open.
func hereDelimiter(c []byte) (end []byte, quote bool) {
	if q := c[len(c)-1]; (q == '\'' || q == '"' || q == '`') && len(c) >= 2 && c[len(c)-2] == '=' &&
		bytes.Count(c, c[len(c)-1:])%2 == 1 {
		return c[len(c)-1:], true
	}
	if opensTemplate(c) {
		return backtick, true
	}
	i := bytes.Index(c, []byte("<<"))
	if i <= 0 || isWordByte(c[i-1]) || c[i-1] == ')' {
		return nil, false
	}
	rest := c[i+2:]
	if len(rest) > 0 && (rest[0] == '-' || rest[0] == '~') {
		rest = rest[1:]
	}
	quoted := len(rest) > 0 && (rest[0] == '\'' || rest[0] == '"')
	if quoted {
		rest = rest[1:]
	}
	j := 0
	for j < len(rest) && ('A' <= rest[j] && rest[j] <= 'Z' || rest[j] == '_' || j > 0 && '0' <= rest[j] && rest[j] <= '9' ||
		quoted && isWordByte(rest[j])) {
		j++
	}
	if j < 2 || j < len(rest) && (isWordByte(rest[j]) || !quoted && rest[j] == ')') {
		return nil, false
	}
	return rest[:j], false
}

var backtick = []byte("`")

// opensTemplate reports whether a line of code leaves a string in
// backticks open: it holds an odd number of backticks outside its quoted
// strings and comment, and the first or the last, the outer template's or
// one nested in it, opens a value.
func opensTemplate(c []byte) bool {
	first, last, open := templateTicks(c)
	return open && (opensValue(c, first) || opensValue(c, last))
}

// templateTicks returns the first and the last backtick of a line that
// are not characters of a string in quotes ("<=`", '`') or of a comment,
// and whether the line leaves a template open: an odd number of them.
// Quotes in a template are its characters.
func templateTicks(c []byte) (first, last int, open bool) {
	first, last = -1, -1
	var quote byte // the quote of the string being read
	for i := 0; i < len(c); i++ {
		b := c[i]
		switch {
		case quote != 0:
			if b == '\\' {
				i++
			} else if b == quote {
				quote = 0
			}
		case b == '`':
			if first < 0 {
				first = i
			}
			last = i
			open = !open
		case open:
		case b == '"' || b == '\'':
			quote = b
		case b == '/' && i+1 < len(c) && c[i+1] == '/':
			return first, last, open
		}
	}
	return first, last, open
}

// opensValue reports whether the backtick at i opens a string: it follows
// what a value follows: an assignment, a parenthesis, a comma, return. A
// word before it may close a span of code in prose (`-o
// cache_dir=cache`.), a backtick followed by a blank or a comma is the
// character itself, named in prose ($, `, and \), and a quote in the old
// style of GNU's manuals, `word', is closed by its apostrophe on the line.
func opensValue(c []byte, i int) bool {
	if i == 0 || i+1 < len(c) && bytes.IndexByte([]byte(" \t,.;)"), c[i+1]) >= 0 {
		return false
	}
	if j := bytes.IndexByte(c[i+1:], '\''); j > 0 && bytes.IndexByte(c[i+1:i+1+j], ' ') < 0 {
		return false
	}
	before := trimBlankRight(c[:i])
	if len(before) == 0 {
		return false
	}
	return bytes.IndexByte([]byte("=(,:+?["), before[len(before)-1]) >= 0 ||
		bytes.HasSuffix(before, []byte("return")) && (len(before) == 6 || !isWordByte(before[len(before)-7]))
}

// closesString reports whether a line ends the string that q opened: a
// backtick closes a template only where the line holds an odd number of
// them, the others being pairs of a template nested in it.
func closesString(c, q []byte) bool {
	if q[0] == '`' {
		return bytes.Count(c, q)%2 == 1
	}
	return bytes.Contains(c, q)
}

// trackQuote follows docstrings and block comments across lines, so that
// the lines inside them are read as comments. next is the line after c,
// or nil; directive says c is a preprocessor's line, whose hash starts no
// comment.
func (o *Outline) trackQuote(c []byte, w int, next *lineShape, directive bool) {
	if o.quote != nil {
		if bytes.Contains(c, o.quote) {
			o.quote = nil
		}
		return
	}
	// A line comment may name the quotes; it opens no string. In Vim
	// script, a line that starts with quotes is a comment however many.
	lineComment := c[0] == '#' || hasPrefix(c, "//") || c[0] == '"' && o.vimScript()
	for _, q := range docQuotes {
		if !lineComment && bytes.IndexByte(c, q[0]) >= 0 && tripleQuotes(c, q)%2 == 1 && opensString(c, q) {
			o.quote = q
			return
		}
	}
	// A script has no block comments: /* starts a pattern of its case.
	if !o.script && hasPrefix(c, "/*") && !bytes.Contains(c[2:], commentEnd) {
		o.quote = commentEnd
	}
	// A comment opened after a line's code (#define X 0x20 /* what X
	// holds) goes on over the lines indented under it, where C aligns
	// its words, up to its end.
	if !o.script && (directive || !lineComment) && next != nil && next.w > w && trailingComment(c) {
		o.quote = commentEnd
	}
	// Markdown and HTML comment out lines between <!-- and -->: notes
	// for the site that renders them (Node's YAML of versions).
	if hasPrefix(c, "<!--") && !bytes.Contains(c[4:], markupCommentEnd) {
		o.quote = markupCommentEnd
	}
}

// trailingComment reports whether a line of code ends in a block
// comment it leaves open: its /* after a blank, outside a string, with no
// */ after it.
func trailingComment(c []byte) bool {
	i := bytes.LastIndex(c, []byte("/*"))
	if i <= 0 || !isBlank(c[i-1]) || bytes.Contains(c[i+2:], commentEnd) {
		return false
	}
	return bytes.Count(c[:i], []byte(`"`))%2 == 0 && bytes.Count(c[:i], []byte("'"))%2 == 0
}

// opensString reports whether the first triple quote q of a line that
// leaves one open starts a string: it stands where a value does, first on
// the line, after an operator, a parenthesis, a comma or return, with a
// string's prefix (r, b, f, u, or two of them: rb, fr) or none. Prose
// that names the quotes (a """-quoted value) puts a word before them.
func opensString(c, q []byte) bool {
	i := bytes.Index(c, q)
	p := i
	for p > 0 && i-p < 2 && bytes.IndexByte([]byte("rRbBfFuU"), c[p-1]) >= 0 {
		p--
	}
	if p < i && (p == 0 || !isWordByte(c[p-1])) {
		i = p // the prefix is a word of its own
	}
	before := trimBlankRight(c[:max(i, 0)])
	if len(before) == 0 {
		return true
	}
	if bytes.IndexByte([]byte("=([{,:+%"), before[len(before)-1]) >= 0 {
		return true
	}
	// A grammar's meta directive takes its code as a string
	// (@trailer ''' in a PEG grammar): a word marked so starts no prose.
	if before[0] == '@' && len(before) > 1 && len(leadWord(before)) == len(before) {
		return true
	}
	for _, w := range []string{"return", "yield"} {
		if bytes.HasSuffix(before, []byte(w)) && (len(before) == len(w) || !isWordByte(before[len(before)-len(w)-1])) {
			return true
		}
	}
	return false
}

// tripleQuotes counts the triple quotes q in c but those between two
// quotes of the other kind: a string that holds them as its content,
// which opens nothing.
func tripleQuotes(c, q []byte) int {
	other := byte('"')
	if q[0] == '"' {
		other = '\''
	}
	n := 0
	for i := 0; ; {
		j := bytes.Index(c[i:], q)
		if j < 0 {
			return n
		}
		j += i
		if j == 0 || c[j-1] != other || j+len(q) >= len(c) || c[j+len(q)] != other {
			n++
		}
		i = j + len(q)
	}
}

var (
	docQuotes  = [][]byte{[]byte(`"""`), []byte(`'''`)}
	commentEnd = []byte("*/")
	// markupCommentEnd ends a comment of markdown or HTML.
	markupCommentEnd = []byte("-->")
)

// commentLine reports whether a line is a comment by its shape, or, in
// Vim script, by its double quote.
func (o *Outline) commentLine(s *lineShape) bool {
	return s.comment || o.vimScript() && vimComment(s.c)
}

// vimScript reports whether the file reads as Vim script so far: more
// lines than a shell script's stray echo over lines (see vimComment) read
// as its notes.
func (o *Outline) vimScript() bool { return o.vim > minVimNotes }

// minVimNotes is the most notes of Vim script (see vimNote) a file that is
// not holds by chance.
const minVimNotes = 2

// noteComment extends or starts the run of comment lines that documents
// the declaration after it, holding its first line with words.
func (o *Outline) noteComment(p *pendingLine) {
	n := p.piece.Line
	if o.doc.last != n-1 {
		o.doc = docRun{piece: o.doc.piece}
		o.doc.piece.Text = o.doc.piece.Text[:0]
	}
	o.doc.last = n
	o.doc.bare = bareComment(p.shape.c)
	if o.doc.ok || !wordy(p.shape.c) {
		return
	}
	o.doc.piece = Piece{Line: n, Text: append(o.doc.piece.Text[:0], p.piece.Text...), After: p.piece.After}
	o.doc.ok = true
}

// directiveArg returns the word after a preprocessor line's directive
// if the directive is word (#ifndef NAME), or nil, and what follows it.
func directiveArg(c []byte, word string) (name, rest []byte) {
	d := trimBlankLeft(c[1:])
	if c[0] != '#' || !hasWord(d, word) {
		return nil, nil
	}
	d = trimBlankLeft(d[len(word):])
	i := 0
	for i < len(d) && isWordByte(d[i]) {
		i++
	}
	if i == 0 {
		return nil, nil
	}
	return d[:i], d[i:]
}

// constantName returns the name a #define line gives a value to
// (#define EOF (-1)), or nil: a macro with parameters is not a
// constant, nor one without a value, which only flags, nor one whose
// name is reserved to the implementation (__cpp_lib_map_try_emplace).
func constantName(c []byte) []byte {
	name, rest := directiveArg(c, "define")
	if name == nil || hasPrefix(name, "__") {
		return nil
	}
	if len(rest) == 0 || rest[0] == '(' || len(trimBlankLeft(rest)) == 0 {
		return nil
	}
	return name
}

// bracesClose reports whether the brace that opens a line is closed by
// the brace that ends the line after it, the braces between balanced.
func bracesClose(c, next []byte) bool {
	if next[len(next)-1] != '}' {
		return false
	}
	open := bytes.Count(c, []byte("{")) + bytes.Count(next, []byte("{"))
	return open == bytes.Count(c, []byte("}"))+bytes.Count(next, []byte("}"))
}

// functionBody reports whether a line ends a function's header with the
// brace that opens its body, on its line or alone on the next: f(int a) {,
// or f(int a) over {. A prototype ends with a semicolon, extern "C" { has
// no parameters, a struct's brace follows no parenthesis.
func functionBody(c []byte, next *lineShape) bool {
	if bytes.IndexByte(c, '(') < 0 {
		return false
	}
	end := trimBlankRight(c)
	if end[len(end)-1] == '{' {
		end = trimBlankRight(end[:len(end)-1])
		return len(end) > 0 && end[len(end)-1] == ')'
	}
	return end[len(end)-1] == ')' && next != nil && next.w == 0 && string(next.c) == "{"
}

// typedefBlock reports whether a line opens a typedef of a struct, a
// union or an enum, with a tag or without (typedef struct pgNotify).
func typedefBlock(c []byte) bool {
	if string(leadWord(c)) != "typedef" {
		return false
	}
	switch string(leadWord(trimBlankLeft(c[len("typedef"):]))) {
	case "struct", "union", "enum":
		return true
	}
	return false
}

// alias reports whether a line declares a name for a type declared
// elsewhere: typedef, but for a typedef of a struct, a union or an enum
// that it declares too.
func alias(c []byte) bool {
	if !hasWord(c, "typedef") {
		return false
	}
	rest := trimBlankLeft(c[len("typedef"):])
	return !hasWord(rest, "struct") && !hasWord(rest, "union") && !hasWord(rest, "enum") && !hasWord(rest, "class")
}

// returnType reports whether a line reads as a C function's return type
// alone: words and stars, with a star, a type's keyword or a macro's
// capitals (XMLPUBFUN int XMLCALL, const char *, static unsigned long)
// among them, and one other word at most, the type's name (const
// xmlChar *, struct node *): a sentence with a type's word or capitals
// in it (a long line, the JSON body) has more. It starts with a word: a
// star first is a list's bullet, capitals alone a manual's heading.
func returnType(c []byte) bool {
	if c[0] == '*' || allCaps(c) {
		return false
	}
	typed, others := false, 0
	for rest := c; len(rest) > 0; {
		if rest[0] == '*' {
			typed = true
			rest = trimBlankLeft(rest[1:])
			continue
		}
		w := leadWord(rest)
		if len(w) == 0 {
			return false
		}
		if cTypeWords[string(w)] || len(w) >= 4 && allCapsWord(w) {
			typed = true
		} else if others++; others > 1 {
			return false
		}
		rest = trimBlankLeft(rest[len(w):])
	}
	return typed
}

// cTypeWords are the words of C's types and their qualifiers.
var cTypeWords = wordSet("void", "char", "short", "int", "long", "float", "double", "signed", "unsigned",
	"const", "static", "extern", "inline", "struct", "enum", "union", "bool", "size_t")

// afterType returns what follows the words and stars of a C type at the
// start of a line (int, const char *), where a prototype split after its
// macros (extern ASN1_API, then int f (...) under it) gives its name.
func afterType(c []byte) []byte {
	for len(c) > 0 {
		if c[0] == '*' {
			c = trimBlankLeft(c[1:])
			continue
		}
		w := leadWord(c)
		if !cTypeWords[string(w)] {
			break
		}
		c = trimBlankLeft(c[len(w):])
	}
	return c
}

// callStart reports whether a line starts with a name and its opening
// parenthesis, as a function's signature does; a statement's keyword
// (if (...), while (...)) names no function.
func callStart(c []byte) bool {
	w := leadWord(c)
	if k, ok := declWords[string(w)]; ok && k == declControl {
		return false
	}
	return len(w) > 0 && !digit(w[0]) && hasPrefix(trimBlankLeft(c[len(w):]), "(")
}

// anonTypedef returns the bit of the kind (struct, union or enum) of an
// anonymous typedef a line opens, naming nothing (typedef struct {), or 0.
func anonTypedef(c []byte) int {
	w := leadWord(c)
	if string(w) != "typedef" {
		return 0
	}
	rest := trimBlankLeft(c[len(w):])
	w = leadWord(rest)
	if rest = trimBlankLeft(rest[len(w):]); len(rest) > 0 && string(rest) != "{" {
		return 0
	}
	switch string(w) {
	case "struct":
		return 1
	case "union":
		return 2
	case "enum":
		return 4
	}
	return 0
}

// typedefName reports whether a line closes a typedef's braces with the
// names it declares: } Point; or } Point, *PointPtr;.
func typedefName(c []byte) bool {
	if c[0] != '}' || c[len(c)-1] != ';' {
		return false
	}
	names := trimBlankRight(trimBlankLeft(c[1 : len(c)-1]))
	if len(names) == 0 || !isWordByte(names[0]) || digit(names[0]) {
		return false
	}
	for _, b := range names {
		if !isWordByte(b) && b != ',' && b != '*' && b != ' ' && b != '\t' {
			return false
		}
	}
	return true
}

// overload reports whether a signature declares an operator: its name,
// before the parenthesis, is the word operator and a symbol (operator==,
// Foo::operator<<, operator()).
func overload(c []byte) bool {
	i := bytes.Index(c, []byte("operator"))
	if i < 0 || i > 0 && isWordByte(c[i-1]) || bytes.IndexByte(c[:i], '(') >= 0 {
		return false // not the name: a parameter's
	}
	rest := trimBlankLeft(c[i+len("operator"):])
	return len(rest) > 0 && !isWordByte(rest[0])
}

// listedMethod reports whether c is a Go method's signature as
// documentation lists it (func (b *Reader) Read(p []byte) (int, error)),
// not as source declares it: its line holds no body nor opens one, and
// goes on with no parameter.
func listedMethod(c []byte) bool {
	if !hasPrefix(c, "func (") {
		return false
	}
	switch c[len(c)-1] {
	case '{', '}', '(', ',':
		return false
	}
	return true
}

// title reports whether a line reads as a title: it starts with a
// capital, has six words at most and ends on no punctuation a sentence or
// a list's lead-in ends on.
func title(c []byte) bool {
	if c[0] < 'A' || c[0] > 'Z' || bytes.Count(c, []byte(" ")) > 5 {
		return false
	}
	switch c[len(c)-1] {
	case '.', ',', ';', ':':
		return false
	}
	return true
}

// fieldLike reports whether a line that opens no block inside a type
// declares one of its members: a field ends with a semicolon or a comma,
// or names itself and its type; a lone word is a return type or a macro
// standing before a signature, a line ending in a colon leads in to a
// list, and one with the words of a sentence, ending in neither, is a line
// of the type's documentation (pydoc prints it among the members).
func fieldLike(c []byte) bool {
	// A field's comment may be prose.
	for _, mark := range fieldComments {
		if i := bytes.Index(c, mark); i > 0 {
			c = trimBlankRight(c[:i])
		}
	}
	switch last := c[len(c)-1]; {
	case last == ';' || last == ',':
		return true
	case last == ':' || bytes.IndexByte(c, ' ') < 0:
		return false
	}
	return !prose(c, 8)
}

var fieldComments = [][]byte{[]byte("//"), []byte("/*"), []byte(" #")}

// wordy reports whether a comment line says something: three letters in a
// row, not just the marks that open or close a comment.
func wordy(c []byte) bool {
	run := 0
	for _, b := range c {
		if 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' {
			run++
			if run == 3 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// bareComment reports whether a comment line is its mark alone (#, //),
// which parts a comment's paragraphs.
func bareComment(c []byte) bool {
	return !slices.ContainsFunc(c, isWordByte)
}

// paragraphStart reports whether a comment line reads as prose after its
// mark: one space, then a letter; an example is indented further.
func paragraphStart(c []byte) bool {
	i := 0
	for i < len(c) && !isBlank(c[i]) && !isWordByte(c[i]) {
		i++
	}
	return i > 0 && i+1 < len(c) && c[i] == ' ' && isLetter(c[i+1])
}

// helpEntry reports whether a line reads as an entry of a help's list:
// a name, a run of two blanks or more, and its description
// (FORCE_COLOR    when set to ...).
func helpEntry(c []byte) bool {
	i := bytes.IndexByte(c, ' ')
	return i > 0 && i+2 < len(c) && c[i+1] == ' ' && !slices.Contains(c[:i], ':')
}

// bullet reports whether a line starts with a list's bullet and a space.
func bullet(c []byte) bool {
	return hasPrefix(c, "- ") || hasPrefix(c, "* ") || hasPrefix(c, "+ ")
}

// markdownLine reports whether a line bears a mark of markdown: a list
// item's bullet or a link.
func markdownLine(c []byte, s *lineShape) bool {
	return s.w <= 3 && (hasPrefix(c, "* ") || hasPrefix(c, "- ")) || bytes.Contains(c, []byte("](")) || s.underline != 0
}

// codeLine reports whether a line reads as code: it ends a statement or
// opens a block as C-like languages and shells do.
func codeLine(c []byte) bool {
	last := c[len(c)-1]
	return last == ';' || last == '{' || last == '\\' || bytes.HasSuffix(c, []byte(" then")) || bytes.HasSuffix(c, []byte("; do"))
}

// class returns the priority of line n, the next line of a class within
// a tier: the class's rank, then the line's spread within the class. Lines
// of a class that follow one another (options, fields, prototypes) share
// their spread by runShare: a gap line costs about what a line costs, so
// two lines kept apart cost three where two kept together cost two.
func (o *Outline) class(tier, class, n int) int {
	key := tier>>56<<8 | class
	c := o.classes[key]
	current := n == o.prev.piece.Line
	// An entry whose text runs on a line or two under it (an option's
	// description) is in a row with the entry at its width after it.
	entry := current && c.end == o.prevN && c.end != c.last && c.w == o.prev.shape.w
	next := c.last == o.prevN && o.prevN != 0
	if !next && !entry {
		o.endRow(key, c)
		c.row, c.rowStart, c.first = 0, c.i, n
	}
	if !next || c.run >= runShare {
		c.i++
		c.run = 0
	}
	c.run++
	c.row++
	c.last, c.end = n, n
	o.classes[key] = c
	return tier - class<<classShift - spread(c.i-1)
}

// classRun is what the outline reducer knows of a class of lines: how
// many runs of them it has seen and how long the last is; of the row it
// reads, the lines of the class in a row, one after another or with the
// lines of their entries between them: the index of its first run, how
// many lines it has, its first line, its last and the end of that line's
// entry, and that line's indentation.
type classRun struct {
	i, run                          int
	rowStart, row, first, last, end int
	w                               int
}

// entryRun is the entry of the last line of a class read: its class key,
// and how many lines under it it has taken.
type entryRun struct {
	key, lines int
}

// noteEntry takes line n, of indentation w and priority prio, into the
// entry of the last line of a class read if it is indented under that line
// and the entry is short: an option's description, the return under a
// short method. Else, a line of a class starts an entry.
func (o *Outline) noteEntry(n, w, prio int) {
	e := &o.entry
	if e.key != 0 {
		if c := o.classes[e.key]; w > c.w && e.lines < maxEntryLines && c.end == o.prevN {
			e.lines++
			c.end = n
			o.classes[e.key] = c
			return
		}
	}
	*e = entryRun{}
	if key, _, ok := classOf(prio); ok {
		if c := o.classes[key]; c.last == n {
			c.w = w
			o.classes[key] = c
			*e = entryRun{key: key}
		}
	}
}

// rest returns the priority of a line that is neither a heading nor a
// declaration: the shallower the sooner, and in their order.
func (o *Outline) rest(depth, n int) int {
	return prioOutlineRest - depth<<40 - n
}

// propose holds a piece if it is among the best seen, evicting the worst
// while more are held than a view can show.
func (o *Outline) propose(it outlineItem) {
	// An item worse than all held, which would overfill the heap, would
	// be the first evicted.
	if o.held.len() > 0 && !it.hash && (o.held.len() >= o.maxPieces || o.heldBytes+len(it.piece.Text) > o.maxBytes) &&
		keyOf(&it).worse(o.held.worst()) {
		o.holdShort(it)
		return
	}
	o.held.push(it)
	o.heldBytes += len(it.piece.Text)
	for o.held.len() > o.maxPieces || o.heldBytes > o.maxBytes && o.held.len() > 1 {
		out := o.held.pop()
		o.heldBytes -= len(out.piece.Text)
		o.holdShort(out)
	}
}

// holdShort holds it, a line held let go, apart if it is short: a word or
// two after at most a few tabs or spaces, which costs no more than a gap
// line.
func (o *Outline) holdShort(it outlineItem) {
	text := bytes.TrimRight(it.piece.Text, " \t\r")
	if it.piece.After > 0 || len(text) > maxShortBytes || len(bytes.TrimLeft(text, " \t")) > maxShortWord {
		o.recycle(it.piece.Text)
		return
	}
	if o.shortHeld.len() >= o.maxBlanks {
		if keyOf(&it).worse(o.shortHeld.worst()) {
			o.recycle(it.piece.Text)
			return
		}
		o.recycle(o.shortHeld.pop().piece.Text)
	}
	o.shortHeld.push(it)
}

func (o *Outline) recycle(b []byte) {
	if cap(b) > 0 && len(o.spare) < 64 {
		o.spare = append(o.spare, b[:0])
	}
}

// outlineItem is a piece held by the outline reducer.
type outlineItem struct {
	piece Piece
	// hash marks a line that starts with hashes and a space: a heading in
	// markdown, a comment in a script, which only the whole file tells;
	// alt is its priority as a comment. rule marks a Makefile's rule,
	// which in markdown is a key and its value; alt is its priority as
	// such. title marks a line that leads in to a paragraph, which in a
	// help without marks of markdown is a section's title; alt is its
	// priority as such. link marks a list's item that starts with a
	// link, an entry in markdown, a comment's line in code; alt is its
	// priority as the latter. typeName marks the name a typedef gives
	// (} PGnotify;), API in a header, the file's own in a file of
	// functions with bodies; alt is its priority as the latter.
	hash     bool
	link     bool
	rule     bool
	title    bool
	typeName bool
	alt      int
}

// outlineHeap holds the best pieces seen, the worst first: a binary heap
// of small keys over slots that hold the pieces, written out rather than
// through container/heap, which would box every key pushed.
type outlineHeap struct {
	keys  []heapKey
	slots []outlineItem
	free  []int32
}

type heapKey struct {
	prio int
	line int32
	slot int32
}

// worse reports whether a ranks below b: Fit takes it later.
func (a heapKey) worse(b heapKey) bool {
	if a.prio != b.prio {
		return a.prio < b.prio
	}
	return a.line > b.line
}

// keyOf ranks an item in the heap. A help's section title is held by its
// rank as a title, which only the whole file confirms: evicted for its
// rank as a line of prose, it would be missing from a long help that
// turns out to have no marks of markdown. There are few of them.
func keyOf(it *outlineItem) heapKey {
	prio := it.piece.Prio
	if it.title {
		prio = max(prio, it.alt)
	}
	return heapKey{prio: prio, line: int32(min(it.piece.Line, 1<<31-1))}
}

func (h *outlineHeap) len() int { return len(h.keys) }

// worst returns the key of the worst item held; the heap must not be
// empty.
func (h *outlineHeap) worst() heapKey { return h.keys[0] }

func (h *outlineHeap) push(it outlineItem) {
	k := keyOf(&it)
	if n := len(h.free); n > 0 {
		k.slot = h.free[n-1]
		h.free = h.free[:n-1]
		h.slots[k.slot] = it
	} else {
		k.slot = int32(len(h.slots))
		h.slots = append(h.slots, it)
	}
	h.keys = append(h.keys, k)
	q := h.keys
	for i := len(q) - 1; i > 0; {
		up := (i - 1) / 2
		if !q[i].worse(q[up]) {
			break
		}
		q[i], q[up] = q[up], q[i]
		i = up
	}
}

// pop removes and returns the worst item.
func (h *outlineHeap) pop() outlineItem {
	q := h.keys
	k := q[0]
	last := len(q) - 1
	q[0] = q[last]
	q = q[:last]
	for i := 0; ; {
		l, r, least := 2*i+1, 2*i+2, i
		if l < len(q) && q[l].worse(q[least]) {
			least = l
		}
		if r < len(q) && q[r].worse(q[least]) {
			least = r
		}
		if least == i {
			break
		}
		q[i], q[least] = q[least], q[i]
		i = least
	}
	h.keys = q
	it := h.slots[k.slot]
	h.slots[k.slot] = outlineItem{}
	h.free = append(h.free, k.slot)
	return it
}

// grow makes room for n items.
func (h *outlineHeap) grow(n int) {
	h.keys = make([]heapKey, 0, n)
	h.slots = make([]outlineItem, 0, n)
}
