package reduce

import (
	"bytes"
	"math/bits"
	"unicode/utf8"

	"github.com/headroom-cli/headroom/shape"
)

// This file reads one line of source code or documentation for the outline
// reducer: where its text starts, how deep it is indented, and what it
// looks like (a heading, a declaration, a comment, a closing brace). It
// knows no grammar: only the marks most languages and documentation
// formats share, so that it costs a pass over the line.

// lineShape is what the outline reducer makes of a line from the line
// alone.
type lineShape struct {
	w int    // indentation in columns, tabs to the next multiple of 8
	c []byte // the content: no prefix, indentation, escapes or trailing space
	// heading is the level of a heading the line is by its own marks:
	// 1-6 for a markdown heading (hash set) or an AsciiDoc one, 1 for a
	// manual's section and 2 for its subsection.
	heading int
	hash    bool // a markdown heading by its hashes, or a comment
	decl    declKind
	comment bool
	closer  bool
	option  bool // a command-line option: -f, --file=FILE
	fence   bool // opens or closes a fenced block of markdown
	// longW is the column of a short option's long form: that of "--all"
	// in "-a, --all", where a help lists "    --author", which has no
	// short form, as its sibling; w for any other line.
	longW int
	// underline is the character of a line made of one punctuation
	// character only ('=', '-', and reStructuredText's and info's others),
	// which makes the line before it a heading in markdown and reST.
	underline byte
	directive bool // a C preprocessor line other than #include and #define
	// keyword marks a type or function declared by its keyword or by the
	// function assigned, which a body may hold too: not a call.
	keyword bool
	// prefix marks a continuing line that only prefixes the one after
	// it: a template's parameters, an access label.
	prefix bool
	// rule marks a line that reads as a Makefile's rule, or as a key and
	// its value (added: v1.2): which, only the whole file tells.
	rule bool
	// style marks a rule of a style sheet whose selector starts with a
	// mark that reads otherwise in code: a class, an id, an at-rule.
	style bool
	// cont marks a line that continues the one before it, or prefixes the
	// one after it: a constructor's initialisers, a closing brace with more
	// after it, a template's parameters, an access label.
	cont bool
}

// declKind is the kind of declaration a line starts with, from the most
// telling: types, then functions, then other names.
type declKind int8

const (
	declNone declKind = iota - 1
	declType
	declFunc
	declName
	declImport  // what a file uses: import, #include, use
	declControl // a statement that opens a block: if, for, while...
)

// shapeOf reads a line. scratch holds the line without escapes, if it has
// any; the content returned may point into it or into text.
func shapeOf(text []byte, scratch *[]byte) lineShape {
	if bytes.IndexByte(text, 0x1b) >= 0 {
		*scratch = stripEscapes((*scratch)[:0], text)
		text = *scratch
	}
	text = stripBlame(text)
	// pydoc draws a class's members behind a bar and two spaces,
	// "     |  ", indented as the class is: the bar is indentation. (A
	// union type's "| B" goes on a line.)
	bar := 0
	if w, n := shape.IndentColumns(text); n > 0 && n < len(text) && text[n] == '|' &&
		(n+1 == len(text) || hasPrefix(text[n+1:], "  ") && text[len(text)-1] != '|') {
		bar = w + 1
		text = text[n+1:]
	}
	var s lineShape
	var i int
	s.w, i = shape.IndentColumns(text)
	s.w += bar
	c := trimBlankRight(text[i:])
	s.c = c
	if len(c) == 0 {
		return s
	}
	s.decl = declNone
	if styleRule(c) {
		s.style, s.longW = true, s.w
		return s
	}
	switch {
	case c[0] == '#':
		s.readHash()
	case hasPrefix(c, "//") || hasPrefix(c, "/*") || hasPrefix(c, "*/") || (c[0] == '*' && (len(c) == 1 || c[1] == ' ')) ||
		hasPrefix(c, `"""`) || hasPrefix(c, "'''") || hasPrefix(c, "-- ") || hasPrefix(c, "<!--"):
		s.comment = true
	case (hasPrefix(c, "```") || hasPrefix(c, "~~~")) && s.w <= 3:
		s.fence = true
		if c[0] == '~' && underline(c) != 0 {
			// Or reST's underline: the line before it tells.
			s.underline = '~'
		}
	case c[0] == '-' && len(c) > 1 && (isWordByte(c[1]) || c[1] == '-' && len(c) > 2 && isWordByte(c[2])) ||
		len(c) > 5 && c[0] == '-' && c[1] > ' ' && string(c[2:6]) == ", --": // -#, --progress-bar
		s.option = true
		if c[1] != '-' && (len(c) == 2 || !isWordByte(c[2])) {
			// "-a, --all" or "-o FILE": a help aligns the options that
			// have no short form with a short one's long form, which
			// some write without the comma ("-a --all").
			s.longW = s.w + 4
			if hasPrefix(c[2:], " --") {
				s.longW = s.w + 3
			}
		}
	}
	if !s.option && !s.comment && s.w > 0 && s.w <= 8 && commandEntry(c) {
		// A help's command list declares as its options do.
		s.option = true
	}
	if s.longW == 0 {
		s.longW = s.w
	}
	if s.comment || s.hash || s.fence {
		return s
	}
	if u := underline(c); u != 0 {
		s.underline = u
		return s
	}
	if n := equalsHeading(c); n > 0 && s.w == 0 {
		s.heading = n
		return s
	}
	if n := roffSection(c); n > 0 && s.w == 0 {
		s.heading = n
		return s
	}
	if n := texSection(c); n > 0 && s.w == 0 {
		s.heading = n
		return s
	}
	if texEntry(c) && s.w == 0 {
		// An environment given arguments names what it documents:
		// a function, a class, a theorem.
		s.decl, s.keyword = declFunc, true
		return s
	}
	if roffMacro(c) && s.w == 0 {
		// A macro package defines its macros as a program its
		// functions: each definition is what the file declares.
		s.decl, s.keyword = declFunc, true
		return s
	}
	if roffOption(c) && s.w == 0 {
		// A manual's source names each option it describes on a line
		// of its own: declared as the rendered manual's options are.
		s.decl, s.keyword = declType, true
		return s
	}
	if pod(c) && s.w == 0 {
		// A heading of Perl's documentation names a section of the
		// documentation of the code around it, often a function's:
		// it ranks below the functions, as a name declared does, not
		// above them as a heading of markdown would.
		s.decl, s.keyword = declName, true
		return s
	}
	s.closer = isCloser(c)
	if s.closer {
		return s
	}
	// Lark marks a rule it inlines with a question mark at the margin
	// (?expr: ...), where a conditional's continuation starts with one.
	if continues(c) && !(s.w == 0 && grammarRule(c)) {
		s.cont = true
		s.prefix = prefixes(c)
		return s
	}
	if s.w <= 4 && allCaps(c) {
		// A manual's section, or its subsection, indented a little.
		s.heading = 1 + min(s.w, 1)
		return s
	}
	if !s.option && c[0] != '#' {
		s.decl, s.keyword = declOf(c)
	}
	s.rule = s.w == 0 && (s.decl == declNone && makeRule(c) || grammarRule(c))
	if s.rule {
		s.decl = declNone
	}
	return s
}

// vimComment reports whether c reads as a comment of Vim script: a
// double quote alone or before a blank, a rule's dash or equals sign or
// another quote (" call Decho(...), "----). Other code has strings
// that start a line so (a shell's echo over lines), which only lines
// at the margin that read as Vim's notes tell apart: see vimNote.
func vimComment(c []byte) bool {
	return c[0] == '"' && (len(c) == 1 || bytes.IndexByte([]byte(" \t-=\""), c[1]) >= 0)
}

// vimNote reports whether c, at the margin, is evidence of Vim script: a
// double quote, a blank and a word, and no quote to end it as a string's
// would (" Settings for the window).
func vimNote(c []byte) bool {
	return len(c) > 2 && c[0] == '"' && c[1] == ' ' && isWordByte(c[2]) && c[len(c)-1] != '"'
}

// styleRule reports whether c opens a rule of a style sheet (CSS, SCSS)
// with a selector or at-rule that starts with a mark code gives another
// sense: a class (.nav a {), an id (#content {), an at-rule (@media print
// {), a nested selector (&:hover {). A method chained on the line before
// (.then(x => {) has a parenthesis right after its name, and a decorator
// passes an object in parentheses: "({".
func styleRule(c []byte) bool {
	if len(c) < 3 || c[len(c)-1] != '{' || c[len(c)-2] != ' ' {
		return false
	}
	switch c[0] {
	case '.', '#':
		i := 1
		for i < len(c) && (isWordByte(c[i]) || c[i] == '-') {
			i++
		}
		return i > 1 && c[i] != '(' && !bytes.Contains(c, []byte("=>"))
	case '@':
		// An at-rule's name is lowercase letters and hyphens; an
		// annotation's may be qualified (@jdk.internal.Contended).
		i := 1
		for i < len(c) && (c[i] >= 'a' && c[i] <= 'z' || c[i] == '-') {
			i++
		}
		return i > 1 && c[i] == ' ' && !bytes.Contains(c, []byte("({"))
	case '&':
		return c[1] == ':' || c[1] == '.' || c[1] == '-'
	}
	return false
}

// makeRule reports whether a line reads as a rule of a Makefile with its
// prerequisites, "all: static shared", which declares a target as a
// signature declares a function, recipe or not. A label (out:) has none;
// a sentence that leads in with a colon has a sentence's words; a key and
// its value read as one.
func makeRule(c []byte) bool {
	i := bytes.IndexByte(c, ':')
	if i <= 0 || i+1 >= len(c) || c[i+1] != ' ' && c[i+1] != '\t' || c[i-1] == ' ' {
		return false
	}
	for _, b := range c[:i] {
		if !isWordByte(b) && bytes.IndexByte(ruleBytes, b) < 0 {
			return false
		}
	}
	deps := trimBlankLeft(c[i+1:])
	switch deps[len(deps)-1] {
	case '.', ',', ';', ':', '{':
		return false
	}
	// A help's usage line names its arguments in brackets: "Usage: curl
	// [options...] <url>".
	if bytes.ContainsAny(deps, "[<") {
		return false
	}
	// A name, its type and its value ("AF_INET: Final = 2") annotate a
	// variable, as Python and its stubs do; a rule assigns nothing.
	if bytes.Contains(deps, []byte(" = ")) {
		return false
	}
	return !prose(c[:i], 4) && !prose(deps, 12)
}

// grammarRule reports whether a line opens a rule of a grammar by a head
// that only a grammar writes: a name marked as Lark marks it, inlined
// (?expr) or kept whole (!op), or followed by a type in brackets (PEG's
// expr[expr_ty]), parameters in braces (Lark's templates), a priority
// (.2) or an option in parentheses ((memo)), then a colon, alone or before
// the rule's body. A plain "name: body" reads as a key and its value as
// much, which makeRule and the whole file tell.
func grammarRule(c []byte) bool {
	i := 0
	sigil := len(c) > 0 && (c[0] == '?' || c[0] == '!')
	if sigil {
		i++
	}
	start := i
	for i < len(c) && isWordByte(c[i]) {
		i++
	}
	if i == start || c[start] >= '0' && c[start] <= '9' {
		return false
	}
	marked := sigil
	if i < len(c) && (c[i] == '[' || c[i] == '{') {
		// A type is one word (expr_ty, asdl_stmt_seq*); a template's
		// parameters are a list (comp_result, x).
		closer := byte(']')
		if c[i] == '{' {
			closer = '}'
		}
		end := bytes.IndexByte(c[i:], closer)
		if end < 2 || closer == ']' && bytes.IndexByte(c[i:i+end], ' ') >= 0 {
			return false
		}
		i += end + 1
		marked = true
	}
	if i+1 < len(c) && c[i] == '.' && c[i+1] >= '0' && c[i+1] <= '9' {
		for i++; i < len(c) && (c[i] >= '0' && c[i] <= '9' || c[i] == '-'); i++ {
		}
		marked = true
	}
	if hasPrefix(c[i:], " (") {
		end := bytes.IndexByte(c[i:], ')')
		if end < 0 {
			return false
		}
		for _, b := range c[i+2 : i+end] {
			if !isWordByte(b) {
				return false
			}
		}
		i += end + 1
		marked = true
	}
	return marked && i < len(c) && c[i] == ':' && (i+1 == len(c) || c[i+1] == ' ')
}

// ruleHead reports whether a line starts as a grammar's rule does, marked
// (see grammarRule) or not: a name and a colon, alone or before a blank.
func ruleHead(c []byte) bool {
	if grammarRule(c) {
		return true
	}
	n := 0
	for n < len(c) && isWordByte(c[n]) {
		n++
	}
	return n > 0 && n < len(c) && c[n] == ':' && (n+1 == len(c) || c[n+1] == ' ')
}

// ruleName returns the name a rule's line starts with, after a grammar's
// sigil (? or !): letters, digits and underscores.
func ruleName(c []byte) []byte {
	if len(c) > 0 && (c[0] == '?' || c[0] == '!') {
		c = c[1:]
	}
	i := 0
	for i < len(c) && isWordByte(c[i]) {
		i++
	}
	return c[:i]
}

// ruleBytes may stand in a rule's targets besides word bytes.
var ruleBytes = []byte(" .$(){}/%-")

// readHash reads a line that starts with '#': a preprocessor directive, a
// markdown heading (or a comment: which, only the whole file tells) or a
// comment.
func (s *lineShape) readHash() {
	c := s.c
	n := 0
	for n < len(c) && c[n] == '#' {
		n++
	}
	d := trimBlankLeft(c[1:])
	switch {
	case n == 1 && hasWord(d, "define"):
		s.decl = declName
	case n == 1 && (hasWord(d, "include") || hasWord(d, "import")):
		s.decl = declImport
	case n == 1 && (hasWord(d, "if") || hasWord(d, "ifdef") || hasWord(d, "ifndef") || hasWord(d, "endif") ||
		hasWord(d, "else") || hasWord(d, "elif") || hasWord(d, "pragma") || hasWord(d, "undef") ||
		hasWord(d, "error") || hasWord(d, "warning") || hasWord(d, "line")):
		s.directive = true
	case n <= 6 && s.w == 0 && len(c) > n+1 && c[n] == ' ' && c[n+1] != ' ':
		s.hash = true
		s.heading = n
	case s.w > 0 && n == 1 && privateMember(c):
		// A class's private member in JavaScript: #name(args) { or
		// #name = value;, not a comment.
		s.decl, s.keyword = declOf(c[1:])
	default:
		s.comment = true // a shebang too
	}
}

// privateMember reports whether a line that starts with a hash declares
// a JavaScript class's private member: a name, then a parameter list and
// a body's brace, or a value and a semicolon. A comment that comments out
// a call or an assignment ends in neither.
func privateMember(c []byte) bool {
	i := 1
	for i < len(c) && isWordByte(c[i]) {
		i++
	}
	if i == 1 || i == len(c) || c[i] != '(' && c[i] != ' ' && c[i] != ';' && c[i] != '=' {
		return false
	}
	// Standard style spaces a method's name from its parameters:
	// #name (args) {.
	params := c[i] == '(' || hasPrefix(c[i:], " (")
	last := c[len(c)-1]
	return params && last == '{' || !params && last == ';'
}

// stripEscapes appends text to dst without its CSI escape sequences (the
// colours and bold of help and manual pages).
func stripEscapes(dst, text []byte) []byte {
	for i := 0; i < len(text); i++ {
		if text[i] != 0x1b || i+1 >= len(text) || text[i+1] != '[' {
			dst = append(dst, text[i])
			continue
		}
		j := i + 2
		for j < len(text) && (text[j] < 0x40 || text[j] > 0x7e) {
			j++
		}
		i = j
	}
	return dst
}

// stripBlame returns a line of git blame without its commit, author, date
// and line number: "3ead7a59 (Name 2026-11-22 03:35:35 +0000  1) code".
func stripBlame(text []byte) []byte {
	i := 0
	if len(text) > 0 && text[0] == '^' {
		i++
	}
	start := i
	for i < len(text) && isHex(text[i]) {
		i++
	}
	if i-start < 7 || i >= len(text) || text[i] != ' ' {
		return text
	}
	rest := text[i+1:]
	// A file name may stand between the commit and the parenthesis.
	open := bytes.IndexByte(rest, '(')
	if open < 0 || open > 256 {
		return text
	}
	end := bytes.Index(rest[open:], []byte(") "))
	if end < 0 {
		if bytes.HasSuffix(rest, []byte(")")) {
			end = len(rest) - open - 1
		} else {
			return text
		}
	}
	inner := rest[open+1 : open+end]
	k := len(inner)
	for k > 0 && inner[k-1] >= '0' && inner[k-1] <= '9' {
		k--
	}
	if k == len(inner) || k == 0 || inner[k-1] != ' ' {
		return text
	}
	if open+end+2 > len(rest) {
		return rest[len(rest):]
	}
	return rest[open+end+2:]
}

// lineNumber returns the number cat -n or nl put before a line, and the
// line after it, or -1 and the line: "    12\tcode", the number
// right-aligned in six columns (more digits fill them) and a tab. A
// number that starts with a zero is a field of data, not a line's number.
func lineNumber(text []byte) (int, []byte) {
	i := 0
	for i < len(text) && text[i] == ' ' {
		i++
	}
	j := i
	n := 0
	for j < len(text) && '0' <= text[j] && text[j] <= '9' && n < 1<<40 {
		n = n*10 + int(text[j]-'0')
		j++
	}
	if j == i || j == len(text) || text[j] != '\t' || j < 6 || j > 6 && i > 0 || text[i] == '0' {
		return -1, text
	}
	return n, text[j+1:]
}

// unnumber returns a line without the number cat -n or nl put before it,
// if the file reads as numbered: its first line numbered in six columns
// padded with spaces (a data file's first field, a six-digit id, is not),
// and each line stripped numbered above the one before, as cat -n numbers
// every line and nl those with text. A TSV line "000123\tx" keeps its
// first column.
func (o *Outline) unnumber(text []byte) []byte {
	n, rest := lineNumber(text)
	if o.numbered == 0 {
		o.numbered = -1
		if n >= 0 && text[0] == ' ' {
			o.numbered = 1
		}
	}
	if o.numbered < 0 || n <= o.lastNumber {
		return text
	}
	o.lastNumber = n
	return rest
}

// trimBlankLeft and trimBlankRight cut spaces, tabs, carriage returns and
// newlines from one end of b: bytes.TrimLeft with a set of them would build
// the set on every call, for every line.
func trimBlankLeft(b []byte) []byte {
	for len(b) > 0 && isBlank(b[0]) {
		b = b[1:]
	}
	return b
}

func trimBlankRight(b []byte) []byte {
	for len(b) > 0 && isBlank(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' }

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

func hasPrefix(b []byte, p string) bool { return len(b) >= len(p) && string(b[:len(p)]) == p }

func hasSuffix(b []byte, s string) bool { return len(b) >= len(s) && string(b[len(b)-len(s):]) == s }

// hasWord reports whether b starts with the word w followed by a non-word
// byte or its end.
func hasWord(b []byte, w string) bool {
	return hasPrefix(b, w) && (len(b) == len(w) || !isWordByte(b[len(w)]))
}

// underline returns the character of c if c is three or more of one
// character that underlines a title and nothing else: markdown's '=' and
// '-', and the others reStructuredText and info use.
func underline(c []byte) byte {
	if len(c) < 3 || underlineLevel(c[0]) == 0 {
		return 0
	}
	for _, b := range c {
		if b != c[0] {
			return 0
		}
	}
	return c[0]
}

// underlineLevel returns the level of a title underlined with b, or 0 for
// a character that underlines none. reStructuredText ranks its titles by
// the order in which a document uses the characters; most documents use
// them in this order (a title in stars, chapters in equals signs, then
// hyphens, carets or tildes, then quotes or dots), as info manuals do.
func underlineLevel(b byte) int {
	switch b {
	case '*', '=':
		return 1
	case '-':
		return 2
	case '^', '+', '~':
		return 3
	case '"', '.':
		return 4
	}
	return 0
}

// rstUnderline reports whether u, a line of one character other than
// markdown's '=' and '-', underlines the title t above it: it starts at
// the margin and is as long as the title, which reStructuredText requires
// and which a line of stars or dots under prose rarely is.
func rstUnderline(t []byte, u *lineShape) bool {
	if u.underline == '=' || u.underline == '-' {
		return true
	}
	return u.w == 0 && len(u.c) >= utf8.RuneCount(t)
}

// equalsHeading returns the level of a heading marked with equals signs,
// as AsciiDoc ("== Section") and wikis mark theirs, or 0: the document's
// title, "= Title", ranks as a section.
func equalsHeading(c []byte) int {
	n := 0
	for n < len(c) && c[n] == '=' {
		n++
	}
	if n == 0 || n > 6 || n+1 >= len(c) || c[n] != ' ' || c[n+1] == ' ' || c[n+1] == '=' {
		return 0
	}
	return max(n-1, 1)
}

// roffSection returns the level of a manual's section in its roff source:
// 1 for the title (.TH, .Dt) and a section (.SH of man, .Sh of mdoc), 2
// for a subsection (.SS, .Ss), 0 for any other line. The macro stands
// alone or before a blank.
func roffSection(c []byte) int {
	if hasPrefix(c, ".TH ") || hasPrefix(c, ".Dt ") {
		return 1 // the manual's title: its name and section
	}
	if len(c) < 3 || c[0] != '.' || c[1] != 'S' || len(c) > 3 && c[3] != ' ' && c[3] != '\t' {
		return 0
	}
	switch c[2] {
	case 'H', 'h':
		return 1
	case 'S', 's':
		return 2
	}
	return 0
}

// texSection returns the level of a sectioning command of LaTeX, from 1
// for \part and \chapter to 5 for \subparagraph, starred or not, before
// its title in braces or its short title in brackets; 0 for any other
// line (\sectionauthor{...}).
func texSection(c []byte) int {
	if len(c) < 2 || c[0] != '\\' {
		return 0
	}
	w := leadWord(c[1:])
	rest := c[1+len(w):]
	w = bytes.TrimSuffix(w, []byte("*"))
	if len(rest) == 0 || rest[0] != '{' && rest[0] != '[' {
		return 0
	}
	return texLevels[string(w)]
}

// texEntry reports whether a line opens a LaTeX environment with
// arguments after its name, as an API's documentation opens an entry for
// each thing it documents (\begin{funcdesc}{name}{args},
// \begin{methoddesc}[Class]{name}{args}), not a list or a quote that
// takes none (\begin{itemize}).
func texEntry(c []byte) bool {
	rest, ok := bytes.CutPrefix(c, []byte(`\begin{`))
	if !ok {
		return false
	}
	i := bytes.IndexByte(rest, '}')
	return i > 0 && i+1 < len(rest) && (rest[i+1] == '{' || rest[i+1] == '[')
}

// texLevels are LaTeX's sectioning commands by level.
var texLevels = map[string]int{
	"part": 1, "chapter": 1, "section": 2, "subsection": 3, "subsubsection": 4,
	"paragraph": 5, "subparagraph": 5,
}

// roffOption reports whether a line of a manual's roff source names an
// option that the lines after it describe: mdoc's list item of a flag
// (.It Fl f), or man's tag of one in bold (.B \-f, .BR \-o " file",
// \fB\-k\fR), as .TP sets over the option's text.
func roffOption(c []byte) bool {
	if rest, ok := bytes.CutPrefix(c, []byte(".It Fl ")); ok {
		return len(rest) > 0
	}
	for _, macro := range []string{".B ", ".BR ", ".BI ", ".IP \"\\fB", ".IP \\fB", "\\fB"} {
		if rest, ok := bytes.CutPrefix(c, []byte(macro)); ok {
			rest = bytes.TrimPrefix(bytes.TrimLeft(rest, "\""), []byte("\\"))
			return len(rest) > 1 && rest[0] == '-' && rest[1] != ' '
		}
	}
	return false
}

// roffMacro reports whether a line of roff defines a macro, as a macro
// package (groff's tmac files) and a manual's preamble do: ".de NAME",
// ".de1", ".dei" (its name in a string), ".am" and its kin, which append
// to one.
func roffMacro(c []byte) bool {
	if len(c) < 5 || c[0] != '.' {
		return false
	}
	w := leadWord(c[1:])
	switch string(w) {
	case "de", "de1", "dei", "dei1", "am", "am1", "ami", "ami1":
	default:
		return false
	}
	rest := c[1+len(w):]
	return len(rest) > 1 && (rest[0] == ' ' || rest[0] == '\t') && rest[1] > ' '
}

// pod reports whether a line is a heading of Perl's documentation,
// "=head2 Methods".
func pod(c []byte) bool {
	return hasPrefix(c, "=head") && len(c) >= 8 && c[5] >= '1' && c[5] <= '6' && c[6] == ' ' && c[7] != ' '
}

// commandEntry reports whether a line is an entry of a help's list of
// commands: a command's name in lower case, a run of blanks, and a
// description of two words or more that starts with a capital ("install
// Install or update the given toolchains"), not a field's name and type
// or a statement.
func commandEntry(c []byte) bool {
	// A field's comment may be prose: "level  Level // the current level".
	for _, mark := range closerComments {
		if i := bytes.Index(c, mark); i > 0 {
			c = trimBlankRight(c[:i])
		}
	}
	i := 0
	for i < len(c) && ('a' <= c[i] && c[i] <= 'z' || i > 0 && ('0' <= c[i] && c[i] <= '9' || c[i] == '-' || c[i] == '_' || c[i] == ':')) {
		i++
	}
	j := i
	for j < len(c) && c[j] == ' ' {
		j++
	}
	if i == 0 || j-i < 2 || j == len(c) || c[j] < 'A' || c[j] > 'Z' || bytes.IndexByte(c[j:], ' ') < 0 {
		return false
	}
	switch c[len(c)-1] {
	case ';', '{', '}', ',', '(', ')':
		return false
	}
	return true
}

// isCloser reports whether a line only closes blocks: braces, brackets and
// parentheses with their semicolons and commas, or a shell's or Ruby's
// closing word.
func isCloser(c []byte) bool {
	switch string(c) {
	case "end", "fi", "done", "esac", "endif", "end;", "else", "} else {", "});", "})", "};":
		return true
	}
	if w := leadWord(c); cmakeEnds[string(w)] && len(w) < len(c) && c[len(w)] == '(' && c[len(c)-1] == ')' {
		return true // CMake's endif(), endfunction(name)
	}
	if c[0] != '}' && c[0] != ')' && c[0] != ']' {
		return false
	}
	// A comment may say what the brace closes: } // namespace detail.
	for _, mark := range closerComments {
		if i := bytes.Index(c, mark); i > 0 {
			c = c[:i]
		}
	}
	for _, b := range c {
		switch b {
		case '}', ')', ']', ';', ',', ' ':
		default:
			return false
		}
	}
	return true
}

// cmakeEnds are the commands that close CMake's blocks.
var cmakeEnds = wordSet("endif", "endforeach", "endwhile", "endfunction", "endmacro", "endblock")

var closerComments = [][]byte{[]byte("//"), []byte("/*")}

// continues reports whether a line continues a declaration or statement
// begun before it, or only prefixes the one after it, rather than being
// one: it starts with an operator or a closing bracket, or it is a
// template's parameters, the rest of a declaration's header or an access
// label.
func continues(c []byte) bool {
	switch c[0] {
	case ':':
		return !hasPrefix(c, "::")
	case ',', '.', '?', '+', '|', '&', ')', ']', '}':
		return true
	}
	// The rest of a declaration's header: what a class extends or
	// implements, what a method throws, a generic function's bounds.
	if hasWord(c, "implements") || hasWord(c, "extends") || hasWord(c, "throws") || hasWord(c, "where") {
		return true
	}
	return prefixes(c)
}

// prefixes reports whether a line only prefixes the declarations after
// it: a template's parameters, or an access label. GNU's C++ indents the
// declaration under its template, and Qt's the members under their label,
// deeper, but the line opens no block of its own.
func prefixes(c []byte) bool {
	if hasWord(c, "template") {
		return true
	}
	for _, label := range []string{"public:", "private:", "protected:", "public slots:", "signals:"} {
		if string(c) == label {
			return true
		}
	}
	return false
}

// allCaps reports whether c looks like a manual's or go doc's section
// heading: a short line of capitals, digits, spaces and hyphens, with two
// capitals or more and no underscore (which a macro would have).
func allCaps(c []byte) bool {
	if len(c) < 2 || len(c) > 60 {
		return false
	}
	letters := 0
	for _, b := range c {
		switch {
		case 'A' <= b && b <= 'Z':
			letters++
		case b == ' ' || b == '-' || ('0' <= b && b <= '9') || b == '/' || b == '&' || b == '\'':
		default:
			return false
		}
	}
	return letters >= 2
}

// modifiers may precede the keyword of a declaration.
var modifiers = wordSet("public", "private", "protected", "internal", "static", "final", "abstract", "sealed",
	"export", "default", "async", "pub", "unsafe", "inline", "virtual", "override", "open", "declare",
	"readonly", "synchronized", "native", "transient", "volatile", "strictfp", "partial", "extern", "local",
	"constexpr", "explicit", "friend", "mutable", "noexcept", "crate", "pub(crate)", "pub(super)")

// declWords are the keywords that start a declaration, by its kind.
var declWords = map[string]declKind{
	"class": declType, "struct": declType, "union": declType, "enum": declType, "interface": declType,
	"trait": declType, "impl": declType, "namespace": declType, "module": declType, "mod": declType,
	"object": declType, "record": declType, "protocol": declType, "extension": declType, "typedef": declType,
	"type": declType, "@interface": declType, "package": declType,
	"func": declFunc, "def": declFunc, "fn": declFunc, "function": declFunc, "function*": declFunc,
	"sub": declFunc, "proc": declFunc, "fun": declFunc, "macro_rules!": declFunc,
	// Vim script's, whose bang lets the function replace one of its name.
	"function!": declFunc, "func!": declFunc, "fun!": declFunc,
	"var": declName, "let": declName, "const": declName, "val": declName,
	"import": declImport, "from": declImport, "use": declImport, "using": declImport, "require": declImport,
	"if": declControl, "else": declControl, "elif": declControl, "for": declControl, "foreach": declControl,
	"while": declControl, "do": declControl, "switch": declControl, "case": declControl, "try": declControl,
	"catch": declControl, "except": declControl, "finally": declControl, "with": declControl,
	"return": declControl, "loop": declControl, "match": declControl, "until": declControl,
	"unless": declControl, "select": declControl, "go": declControl, "defer": declControl,
	"then": declControl, "throw": declControl, "raise": declControl, "yield": declControl,
	"break": declControl, "continue": declControl, "goto": declControl, "assert": declControl,
	"RETURN": declControl, // SQL's, in its capitals
}

// byKeyword reports whether c starts with the keyword of a type or a
// function (class, def, func), after any modifiers, and a name after it:
// "class:" is a key.
func byKeyword(c []byte) bool {
	rest := c
	for words := 0; words < 8; words++ {
		w := leadWord(rest)
		if len(w) == 0 {
			return false
		}
		rest = trimBlankLeft(rest[len(w):])
		if k, ok := declWords[string(w)]; ok {
			return (k == declType || k == declFunc) && len(rest) > 0 && rest[0] != ':'
		}
		if !modifiers[string(w)] {
			return false
		}
	}
	return false
}

// declOf returns the kind of declaration c starts with: by its keyword
// after any modifiers, or, for a name followed by a parenthesis (a
// function's signature or prototype, a C++ method), a function; a name
// assigned at the start of the line is a name declared, or a function if
// it is assigned one. keyword reports whether a keyword or the function
// assigned tells, which a call statement, read as a signature, cannot.
func declOf(c []byte) (kind declKind, keyword bool) {
	if hasWord(c, "CREATE") {
		k := sqlCreate(c)
		return k, k != declNone
	}
	// Vim script (and Fortran) calls a function with a statement, "call
	// s:Init(...)", which declares nothing; a method named call has its
	// parenthesis right after the name.
	if hasPrefix(c, "call ") && len(c) > 5 && (isWordByte(c[5]) || c[5] == '<') {
		return declControl, false
	}
	rest := c
	for words := 0; words < 8; words++ {
		w := leadWord(rest)
		if len(w) == 0 {
			break
		}
		if k, ok := declWords[string(w)]; ok {
			// "type" and "module" are also common names: a keyword
			// must be followed by a name or a brace.
			after := trimBlankLeft(rest[len(w):])
			if len(after) == 0 || after[0] == '=' && k != declControl && k != declName || after[0] == '.' || after[0] == ',' {
				return declNone, false
			}
			if k != declControl && sentence(after) {
				// "package with pending install scripts." in a
				// paragraph wrapped before it.
				return declNone, false
			}
			if k == declName && funcValue(after) {
				return declFunc, true
			}
			// A class that opens its block in braces is declared as
			// surely as a function with its parameters is: a module
			// wrapped in a function declares its classes in its body.
			// (A struct or a type there is a function's local.)
			return k, k == declFunc && bytes.IndexByte(after, '(') > 0 || string(w) == "class" && after[len(after)-1] == '{'
		}
		if !modifiers[string(w)] {
			break
		}
		rest = trimBlankLeft(rest[len(w):])
		if hasPrefix(rest, `"C"`) {
			rest = trimBlankLeft(rest[3:])
		}
	}
	if keyFunc(rest) {
		return declFunc, true
	}
	if sigLine(rest) {
		return declFunc, false
	}
	if assigned(rest) {
		if funcValue(rest) {
			return declFunc, true
		}
		return declName, false
	}
	return declNone, false
}

// sqlCreate returns the kind of what an SQL statement CREATE creates:
// a table, a view or a type; a function, a procedure or a trigger; an
// index or another name; or none, if no such word follows.
func sqlCreate(c []byte) declKind {
	for w := range bytes.FieldsSeq(c[len("CREATE"):]) {
		switch string(w) {
		case "OR", "REPLACE", "TEMP", "TEMPORARY", "UNIQUE", "MATERIALIZED", "UNLOGGED", "GLOBAL", "LOCAL", "RECURSIVE":
			continue
		case "TABLE", "VIEW", "TYPE", "DOMAIN", "SCHEMA":
			return declType
		case "FUNCTION", "PROCEDURE", "TRIGGER", "AGGREGATE", "OPERATOR":
			return declFunc
		case "INDEX", "SEQUENCE", "EXTENSION", "ROLE", "DATABASE", "POLICY", "RULE", "CAST":
			return declName
		}
		return declNone
	}
	return declNone
}

// funcValue reports whether an assignment assigns a function, as
// JavaScript declares them: f = function (, x.prototype.f = async
// function, const f = (a) => {.
func funcValue(c []byte) bool {
	i := bytes.IndexByte(c, '=')
	if i < 0 || i+1 < len(c) && c[i+1] == '=' {
		return false
	}
	v := trimBlankLeft(c[i+1:])
	if len(v) > 0 && v[0] == '(' {
		v = trimBlankLeft(v[1:])
	}
	if hasWord(v, "async") {
		v = trimBlankLeft(v[len("async"):])
	}
	return hasWord(v, "function") || hasPrefix(v, "function*") || bytes.Contains(v, []byte("=>"))
}

// keyFunc reports whether c gives a key of an object a function, as
// JavaScript declares the methods of a prototype or a module's object:
// name: function (, name: async function*(. Such an object reads as data
// (its lines a body), yet its keys are the methods it declares.
func keyFunc(c []byte) bool {
	i := 0
	for i < len(c) && isWordByte(c[i]) {
		i++
	}
	if i == 0 {
		return false
	}
	rest := trimBlankLeft(c[i:])
	if len(rest) < 2 || rest[0] != ':' || rest[1] == ':' || rest[1] == '=' {
		return false
	}
	v := trimBlankLeft(rest[1:])
	if hasWord(v, "async") {
		v = trimBlankLeft(v[len("async"):])
	}
	return hasWord(v, "function") || hasPrefix(v, "function*")
}

// leadWord returns the word c starts with: letters, digits, underscores,
// and a trailing '!' or '*' for macro_rules! and function*.
func leadWord(c []byte) []byte {
	i := 0
	if i < len(c) && c[i] == '@' {
		i++
	}
	for i < len(c) && (isWordByte(c[i]) || c[i] == '(' && hasPrefix(c[:i], "pub")) {
		if c[i] == '(' {
			j := bytes.IndexByte(c[i:], ')')
			if j < 0 {
				break
			}
			i += j + 1
			break
		}
		i++
	}
	if i < len(c) && (c[i] == '!' || c[i] == '*') && i > 0 {
		i++
	}
	return c[:i]
}

// sigLine reports whether c reads as a function's signature or
// prototype: words (a return type, with pointers and templates) and then a
// name directly, or after one space, followed by an opening parenthesis,
// with no assignment or call chain before it.
func sigLine(c []byte) bool {
	p := bytes.IndexByte(c, '(')
	if p <= 0 {
		return false
	}
	head := trimBlankRight(c[:p])
	if len(head) == 0 || p-len(head) > 1 {
		return false
	}
	// A help's section title may end in a note in parentheses and a
	// colon ("Positional options (always true):"), where no language's
	// signature has words before the parenthesis and a colon after it
	// (a C++ constructor's list, Foo::Foo(int x) :, follows one name).
	if hasSuffix(c, "):") && bytes.IndexByte(head, ' ') >= 0 {
		return false
	}
	// The name before the parenthesis.
	j := len(head)
	for j > 0 && (isWordByte(head[j-1]) || head[j-1] == '~' || head[j-1] == '$') {
		j--
	}
	if j > 0 && j < len(head) && head[j-1] == '#' && (j == 1 || head[j-2] == ' ') {
		j-- // a JavaScript class's private method: async #name(
	}
	if j == len(head) {
		// An operator or a macro with arguments: Foo::operator==( or
		// CJSON_PUBLIC(cJSON *) name(.
		return bytes.Contains(head, []byte("operator")) || (allCapsWord(head) && sigLine(afterParen(c[p:])))
	}
	// A qualified type (Map.Entry<K,V>) may stand before the name, apart
	// from it, where a call chain (System.out.println) or a Makefile's
	// target (zutil.o: $(SRCDIR)zutil.c) has none, and the parenthesis
	// follows the name, where a sentence spaces it.
	qualified := j > 0 && (head[j-1] == ' ' || head[j-1] == '\t') && bytes.IndexByte(head[:j], ':') < 0 && p == len(head)
	for i, b := range head[:j] {
		switch {
		case isWordByte(b), b == ' ', b == '*', b == '&', b == '<', b == '>', b == ',', b == ':', b == '[', b == ']', b == '~', b == '\t':
		case b == '.' && qualified && i > 0 && isWordByte(head[i-1]) && isWordByte(head[i+1]):
		default:
			return false
		}
	}
	// A signature has few words before its name, fewer still before a
	// parenthesis spaced from it (GNU's C), as sentences space theirs.
	most := 6
	if p > len(head) {
		most = 4
	}
	return !prose(head[:j], most)
}

// prose reports whether words are a sentence's rather than code's: more
// than most of them, or one of the small words of English ("the output
// (or to a file)", "is the same as Execute(), but").
func prose(words []byte, most int) bool {
	n := 0
	var lower [8]byte
	for w := range bytes.FieldsSeq(words) {
		n++
		if n > most {
			return true
		}
		if len(w) <= len(lower) {
			// A sentence starts with a capital: "A", "The".
			l := append(lower[:0], w...)
			l[0] |= 0x20
			if smallWords[string(l)] {
				return true
			}
		}
	}
	return false
}

// sentence reports whether the rest of a line after a keyword is a
// sentence's: two of the small words of English, or one and the period
// or comma a sentence's line ends on. Code has few of them ("impl
// Display for Path"), and its lines end on none of those; words in a
// value, a string or a pattern (x = /with .+/,) are not counted.
func sentence(rest []byte) bool {
	head := rest
	if i := bytes.IndexAny(rest, "=({\"'`/"); i >= 0 {
		head = rest[:i]
	}
	small := 0
	var lower [8]byte
	for w := range bytes.FieldsSeq(head) {
		if len(w) <= len(lower) {
			l := append(lower[:0], w...)
			l[0] |= 0x20
			if smallWords[string(l)] {
				small++
			}
		}
	}
	last := rest[len(rest)-1]
	return small >= 2 || small == 1 && (last == '.' || last == ',')
}

// smallWords are words of English that no language names a type, a
// modifier or a field with, nor uses as an operator in them (as "in",
// "as" and "from" are).
var smallWords = wordSet("a", "an", "the", "of", "to", "on", "at", "by", "for", "with", "into",
	"and", "or", "but", "nor", "is", "are", "was", "be", "been", "it", "its", "this", "that", "which",
	"when", "than", "if", "not", "can", "will", "may", "must", "should", "see")

// allCapsWord reports whether w is one word of capitals, digits and
// underscores: a macro's name.
func allCapsWord(w []byte) bool {
	for _, b := range w {
		if !('A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_') {
			return false
		}
	}
	return len(w) > 0
}

// afterParen returns what follows the parenthesised group c starts with.
func afterParen(c []byte) []byte {
	depth := 0
	for i, b := range c {
		switch b {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return trimBlankLeft(c[i+1:])
			}
		}
	}
	return nil
}

// assigned reports whether c assigns a name at its start: NAME = value or
// NAME := value, as constants and variables are declared in scripts, or
// NAME=, which a shell script declares empty.
func assigned(c []byte) bool {
	i := 0
	for i < len(c) && (isWordByte(c[i]) || c[i] == '.') {
		i++
	}
	if i == 0 {
		return false
	}
	rest := trimBlankLeft(c[i:])
	if hasPrefix(rest, ":=") {
		return true
	}
	return len(rest) >= 1 && rest[0] == '=' && (len(rest) == 1 || rest[1] != '=')
}

// exported reports whether the name a declaration line declares is
// exported: not private by its modifiers, not starting with an
// underscore or #, and, after Go's func and type, capitalised. But
// pydoc lists a class's special methods bare, as its API (__init__(self,
// /, *args)): the constructor's signature is often what its reader wants.
// (A source file's def __eq__ ranks with its private methods, its
// public ones saying more of what it offers.)
func exported(c []byte) bool {
	rest := c
	goStyle, special := false, false
	for words := 0; words < 8; words++ {
		w := leadWord(rest)
		if len(w) == 0 {
			break
		}
		if string(w) == "private" {
			return false
		}
		rest = trimBlankLeft(rest[len(w):])
		if string(w) == "typedef" && bytes.HasSuffix(rest, []byte(";")) {
			// typedef __off_t off_t; declares its last word.
			rest = lastWord(rest[:len(rest)-1])
			break
		}
		if k, ok := declWords[string(w)]; ok && k != declControl {
			goStyle = string(w) == "func" || string(w) == "type"
			break
		}
		if !modifiers[string(w)] {
			// A signature: the name is the word before the parenthesis,
			// but for a macro's that declares the word it is passed
			// first, as glibc's __REDIRECT (fscanf, (...), alias) does.
			if p := bytes.IndexByte(c, '('); p > 0 {
				head := trimBlankRight(c[:p])
				rest = lastWord(head)
				special = dunder(c[len(head)-len(rest):])
				args := trimBlankLeft(c[p+1:])
				if arg := leadWord(args); allCapsWord(rest) && len(arg) > 0 && hasPrefix(trimBlankLeft(args[len(arg):]), ",") {
					rest = arg
				}
			}
			break
		}
	}
	if goStyle && len(rest) > 0 && rest[0] == '(' {
		// A method: the name follows the receiver.
		rest = trimBlankLeft(afterParen(rest))
	}
	if len(rest) == 0 {
		return true
	}
	switch {
	case rest[0] == '_':
		return special
	case rest[0] == '#':
		return false
	case goStyle:
		return 'A' <= rest[0] && rest[0] <= 'Z'
	}
	return true
}

// dunder reports whether c starts with a name both led and closed by two
// underscores and called there, as Python's special methods are listed
// (__init__(self)), not a name C reserves (__uflow) nor one of its
// attributes (__attribute__ ((__const__)), __attribute__((packed))).
func dunder(c []byte) bool {
	i := 0
	for i < len(c) && isWordByte(c[i]) {
		i++
	}
	name, after := c[:i], c[i:]
	return len(name) > 4 && hasPrefix(name, "__") && bytes.HasSuffix(name, []byte("__")) && name[2] != '_' &&
		hasPrefix(after, "(") && !hasPrefix(after, "((")
}

// lastWord returns the word c ends with, blanks after it aside.
func lastWord(c []byte) []byte {
	c = trimBlankRight(c)
	j := len(c)
	for j > 0 && isWordByte(c[j-1]) {
		j--
	}
	return c[j:]
}

// spread returns the rank of the i-th member of a class of lines, from 0,
// that spreads any number of the first ranks evenly over the class: 0,
// then the middle, then the quarters... It is the index with its bits
// reversed, so it does not depend on the size of the class, which is not
// known until the end.
func spread(i int) int {
	return int(bits.Reverse32(uint32(i)) >> (32 - spreadBits))
}

// spreadBits is the width of a spread rank.
const spreadBits = 20

// linkItem reports whether c is an item of a markdown list that starts
// with a link: "* [zstd](https://...) compression in pure Go", an entry
// of a table of contents or of a list of what a document offers. A task
// list's box ("- [x] done") is no link.
func linkItem(c []byte) bool {
	if len(c) < 2 || c[1] != ' ' || c[0] != '*' && c[0] != '-' && c[0] != '+' {
		return false
	}
	c = trimBlankLeft(c[2:])
	if len(c) == 0 || c[0] != '[' {
		return false
	}
	end := bytes.IndexByte(c, ']')
	return end > 1 && hasPrefix(c[end+1:], "(")
}

// termItem reports whether c is an item of a list that starts with a
// name set as code or in bold and says what it is after it: reST's
// double backquotes (role_arn in them, then " - The ARN of the role"),
// markdown's backquote ("- `timeout`: how long to wait"), or stars
// ("* **retries**"). Such a list defines the names a document documents
// (a configuration's variables, an object's fields), as a manual's
// options do.
func termItem(c []byte) bool {
	if len(c) < 2 || c[1] != ' ' || c[0] != '*' && c[0] != '-' && c[0] != '+' {
		return false
	}
	c = trimBlankLeft(c[2:])
	mark := ""
	for _, m := range []string{"``", "`", "**"} {
		if hasPrefix(c, m) {
			mark = m
			break
		}
	}
	if mark == "" {
		return false
	}
	c = c[len(mark):]
	end := bytes.Index(c, []byte(mark))
	if end < 1 || bytes.IndexByte(c[:end], ' ') >= 0 {
		return false
	}
	rest := c[end+len(mark):]
	return len(rest) == 0 || rest[0] == ':' || rest[0] == ',' || hasPrefix(rest, " - ") || hasPrefix(rest, " \u2014 ")
}

// shorthandMethod reports whether c reads as an object's method declared
// in short, as JavaScript writes it: a name, maybe after async, get, set
// or a generator's star, then its parameters, then the brace that opens
// its body (registerDecorator(paramSize, name) {).
func shorthandMethod(c []byte) bool {
	for _, w := range []string{"async", "get", "set"} {
		if hasPrefix(c, w+" ") {
			c = trimBlankLeft(c[len(w):])
		}
	}
	if len(c) > 0 && c[0] == '*' {
		c = trimBlankLeft(c[1:])
	}
	i := 0
	for i < len(c) && (isWordByte(c[i]) || c[i] == '$') {
		i++
	}
	return i > 0 && i < len(c) && c[i] == '(' && !isCloser(c) && hasSuffix(c, ") {")
}

// typed reports whether c gives something before the name its parameters
// follow, as a prototype gives its return type (int deflateInit2(,
// struct foo *get(): a call does not.
func typed(c []byte) bool {
	open := bytes.IndexByte(c, '(')
	if open < 0 {
		return false
	}
	return bytes.ContainsAny(bytes.TrimRight(c[:open], " \t"), " \t*")
}
