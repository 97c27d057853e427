package shape

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
)

// ListingForm is what a line of a listing is.
type ListingForm uint8

// The forms of a line of a listing.
const (
	// ListingOther is a line that is no entry: a title, a summary, a
	// tool's complaint.
	ListingOther ListingForm = iota
	// ListingBlank is an empty line, which ends a table.
	ListingBlank
	// ListingPath is a path or a name alone on its line, perhaps after
	// an indentation or a status (git status -s), perhaps followed by
	// " -> " and a link's target: find, rg -l, git ls-files, dpkg -L,
	// jar tf, ls -1.
	ListingPath
	// ListingRow is a row of a table of entries: ls -l, du, git ls-tree,
	// dpkg -l, unzip -l, apt list, ps, pip list.
	ListingRow
	// ListingTree is an entry of a tree drawn with lines: tree, npm ls,
	// yarn list, cargo tree.
	ListingTree
	// ListingHead is a line that heads entries: a table's header or rule,
	// ls -R's "dir:".
	ListingHead
	// ListingTotal is ls -l's "total 2008": the blocks the entries below
	// take up, which tells nothing about them.
	ListingTotal
)

// ListingLine is one line of a listing taken apart.
type ListingLine struct {
	Form ListingForm
	// Start and End delimit the entry's name in the line, a path for most
	// listings; both are 0 when the line names none, as a row of ps does.
	Start, End int
	// Weak is set for a ListingPath that may be a word rather than a name:
	// no separator, no extension.
	Weak bool
	// Depth is how deep a ListingTree entry is, from 0.
	Depth int
	// Command is set for a row of a table of processes (ps, top) named by
	// the program it runs: a name, not a path in a directory.
	Command bool
}

// ListingParser takes the lines of a listing apart one after another: a
// table's header tells how the rows after it read.
type ListingParser struct {
	cols int // fields of the header of the table being read, 0 outside one
	// cmd is set when the header's last column is the command a row of
	// processes runs (ps's COMMAND, CMD), which names the row.
	cmd bool
	// descCol is where the descriptions of file's rows start, 0 before
	// the first of them; descName is the name of the last of them.
	descCol  int
	descName []byte
	// sized is set once a row of ls -sh has been read: a size with its
	// unit, then a name. After it, a bare number before a name (a
	// link's 0) is a size too.
	sized bool
	// coded is the name of the last row of codes and a path read.
	coded []byte
}

// Parse takes apart the next line of a listing.
func (p *ListingParser) Parse(line []byte) ListingLine {
	line = bytes.TrimSuffix(line, []byte{'\r'})
	if len(bytes.TrimSpace(line)) == 0 {
		p.cols, p.descCol, p.sized = 0, 0, false
		return ListingLine{Form: ListingBlank}
	}
	if l, ok := parseTreeLine(line); ok {
		return l
	}
	if l, ok := parseDiffStatRow(line); ok {
		return l
	}
	if l, ok := p.parseDescribed(line); ok {
		return l
	}
	f := fieldsOf(line)
	if l, ok := parsePorcelainV2(line, &f); ok {
		return l
	}
	if l, ok := parseModeRow(line, &f); ok {
		return l
	}
	if l, ok := parseKnownRow(line, &f); ok {
		return l
	}
	if l, ok := p.parseSizedName(line, &f); ok {
		return l
	}
	if f.count == 2 && string(line[f.at[0][0]:f.at[0][1]]) == "total" && size(line[f.at[1][0]:f.at[1][1]]) {
		// ls prints the blocks its entries take before them; wc and
		// du -c print their totals after their rows. After it, ls -s's
		// bare numbers are sizes.
		p.sized = true
		return ListingLine{Form: ListingTotal}
	}
	if listingRule(line) {
		// A rule under a header.
		return ListingLine{Form: ListingHead}
	}
	if n := listingHeader(line, &f); n > 0 {
		p.cols = n
		last := string(line[f.at[n-1][0]:f.at[n-1][1]])
		p.cmd = last == "COMMAND" || last == "CMD"
		return ListingLine{Form: ListingHead}
	}
	if p.cols > 0 {
		if first := line[f.at[0][0]:f.at[0][1]]; first[len(first)-1] == ',' {
			// Words each ended by a comma name no entry: they enumerate
			// what the row above has, as objdump -h prints a section's
			// flags under it, and the table goes on after them.
			return ListingLine{Form: ListingOther}
		}
		// Rows may leave columns empty: lsof's TID and TASKCMD, and
		// DEVICE, SIZE/OFF and NODE of a file it cannot read.
		if f.count >= 2 && f.count*2 >= p.cols {
			if c := p.cols - 1; p.cmd && f.count > c && c < f.n {
				// The program, the first word of the command: its
				// arguments follow, with spaces among them.
				return ListingLine{Form: ListingRow, Start: f.at[c][0], End: f.at[c][1], Command: true}
			}
			return ListingLine{Form: ListingRow, Start: f.at[0][0], End: f.at[0][1]}
		}
		p.cols = 0
	}
	if l := parsePathLine(line); l.Form != ListingOther {
		return l
	}
	if l, ok := p.parseCodedRow(line, &f); ok {
		return l
	}
	return ListingLine{Form: ListingOther}
}

// parseCodedRow recognises a row of short codes, then a path: what a
// tool prints of each file it checked or describes (dpkg -V's "??5??????",
// git ls-files --eol's "i/lf w/lf attr/", git check-ignore -v's source,
// lsattr's flags, du --time's size and date). A word among the codes
// makes the line prose or a log's ("Compiling src/a.c"); codes that are
// numbers alone are measures of a file (wc, uniq -c, size) or its
// checksum (sha256sum), which are records, not a list; a mark of a
// heading or an item ("#", "-") is a document's, and a tag in brackets or
// a count of steps done a log's; names alone, all like the last, are a
// table of names in columns; a '=' is a setting's. A
// list names another thing on each row: a name the row before ended with
// too is a unit of measure (go test -bench's "allocs/op").
func (p *ListingParser) parseCodedRow(line []byte, f *fields) (ListingLine, bool) {
	if f.count < 2 || f.count > f.n || bytes.IndexByte(line, '=') >= 0 {
		return ListingLine{}, false
	}
	last := f.at[f.n-1]
	name := line[last[0]:last[1]]
	if ok, strong := listingName(name); !ok || !strong || bytes.Contains(name, []byte("://")) {
		return ListingLine{}, false
	}
	again := bytes.Equal(name, p.coded)
	p.coded = append(p.coded[:0], name...)
	if again {
		return ListingLine{}, false
	}
	numbers, names := true, true
	for _, at := range f.at[:f.n-1] {
		code := line[at[0]:at[1]]
		if word(code) || bytes.Trim(code, "#-*+>") == nil || logCode(code) {
			return ListingLine{}, false
		}
		if !hexDigits(code) {
			numbers = false
		}
		if !nameLike(code, name) {
			names = false
		}
	}
	if numbers || names {
		return ListingLine{}, false
	}
	return ListingLine{Form: ListingRow, Start: last[0], End: last[1]}, true
}

// logCode reports whether a field before a path is a log's mark rather
// than a code of the file: a tag in brackets or parentheses ("[build]",
// "[12:00:01]", "(2/9)"), or a count of the steps done ("3/200"), as a
// build prints before each file it works on.
func logCode(f []byte) bool {
	if f[0] == '[' || f[0] == '(' {
		return true
	}
	done, all, ok := bytes.Cut(f, []byte("/"))
	return ok && logIsDigits(done) && logIsDigits(all)
}

// nameLike reports whether a field before a row's name is a name of the
// same build: clearly a path, no size, and ending as the name does, in a
// separator or an extension. A row of such fields alone is names laid out
// in columns (column -t, paste, ls -C), several entries to a row, where a
// listing keeps one.
func nameLike(f, name []byte) bool {
	if _, strong := listingName(f); !strong || size(f) {
		return false
	}
	dir := f[len(f)-1] == '/' && name[len(name)-1] == '/'
	return dir || hasExt(lastSegment(f)) && hasExt(lastSegment(name))
}

// word reports whether f is a word of two letters or more, perhaps with
// hyphens inside it and punctuation after it ("error:", "at",
// "Auto-merging").
func word(f []byte) bool {
	f = bytes.TrimRight(f, ":,;.!")
	if len(f) < 2 || !isLetter(f[0]) {
		return false
	}
	for _, c := range f {
		if !isLetter(c) && c != '-' && c != '\'' {
			return false
		}
	}
	return true
}

// hexDigits reports whether f is made of decimal or lowercase hex digits
// alone: a count, a size in bytes, an inode, a checksum, an address.
func hexDigits(f []byte) bool {
	for _, c := range f {
		if !isDigit(c) && !('a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// parseDescribed recognises a row of file(1)'s output: a name, a colon,
// spaces that line the descriptions up in a column, and a description in
// file's words ("ASCII text", "directory", "symbolic link to ..."). Search
// output without line numbers (path:text) reads much the same; but its
// lines name one file many times over, and indented code starts at
// columns that differ with the length of the path, so a row is taken only
// for a name other than the last row's, at the column the first row set.
func (p *ListingParser) parseDescribed(line []byte) (ListingLine, bool) {
	colon := bytes.Index(line, []byte(": "))
	if colon <= 0 {
		return ListingLine{}, false
	}
	at := colon + 1
	for at < len(line) && line[at] == ' ' {
		at++
	}
	name := line[:colon]
	if at == len(line) || p.descCol > 0 && at != p.descCol || bytes.Equal(name, p.descName) || !fileDescription(line[at:]) {
		return ListingLine{}, false
	}
	if ok, _ := listingName(name); !ok {
		return ListingLine{}, false
	}
	p.descCol = at
	p.descName = append(p.descName[:0], name...)
	return ListingLine{Form: ListingRow, Start: 0, End: colon}, true
}

// fileWords are words that file(1) describes what a file holds with.
var fileWords = []string{
	"text", "data", "directory", "symbolic link", "script", "executable", "ELF", "empty", "archive",
	"image", "document", "object", "library", "cannot open", "socket", "fifo", "special",
}

// mimeTypes are the top-level types file -i and --mime-type describe a
// file with ("text/plain; charset=us-ascii", "inode/directory").
var mimeTypes = []string{
	"text/", "application/", "image/", "audio/", "video/", "font/", "inode/", "message/", "model/", "multipart/",
}

// fileDescription reports whether desc holds one of fileWords as a word,
// or is a MIME type as file -i prints it: a type, a slash and a subtype,
// then perhaps parameters after a semicolon.
func fileDescription(desc []byte) bool {
	for _, m := range mimeTypes {
		if sub, ok := bytes.CutPrefix(desc, []byte(m)); ok {
			end := bytes.IndexByte(sub, ';')
			if end < 0 {
				end = len(sub)
			}
			return end > 0 && !bytes.ContainsAny(sub[:end], " /:")
		}
	}
	for _, w := range fileWords {
		for at := 0; ; {
			i := bytes.Index(desc[at:], []byte(w))
			if i < 0 {
				break
			}
			i += at
			end := i + len(w)
			if (i == 0 || desc[i-1] == ' ') && (end == len(desc) || bytes.IndexByte([]byte(" ,)"), desc[end]) >= 0) {
				return true
			}
			at = end
		}
	}
	return false
}

// parsePathLine recognises a line holding one path or name, with what may
// come before it (indentation, git status's XY or "modified:") and after
// it (a link's target).
func parsePathLine(line []byte) ListingLine {
	if bytes.HasPrefix(line, dpkgLegend) {
		// The legend above dpkg -l's table, whose slashes part the
		// states a package may be in.
		return ListingLine{Form: ListingOther}
	}
	start := 0
	switch {
	case gitShortStatus(line):
		start = 3
	case bytes.HasPrefix(line, []byte("Would remove ")):
		start = len("Would remove ") // git clean -n
	case len(line) > 2 && (line[0] == '*' || line[0] == '+') && line[1] == ' ' && line[2] != ' ' && bytes.IndexByte(line[2:], ' ') < 0:
		// git branch marks the current branch with '*', one checked out
		// in another worktree with '+'.
		start = 2
	case gitNameStatus(line) > 0:
		start = gitNameStatus(line)
	case line[0] == '\t':
		start = 1
		if i := bytes.Index(line, []byte(":   ")); i > 0 && gitStatusWord(line[1:i]) {
			start = i + 2
		}
	}
	for start < len(line) && line[start] == ' ' {
		start++
	}
	end := len(line)
	if bytes.IndexByte(line[start:], '>') > 0 {
		if i := bytes.Index(line[start:], []byte(" -> ")); i > 0 {
			end = start + i
		}
	}
	for start < end && (line[end-1] == ' ' || line[end-1] == '\t') {
		end--
	}
	if start < end && line[end-1] == ',' {
		// An item of an enumeration, each ended by a comma: a terminal's
		// capabilities (infocmp -1), a literal's elements, a definition's
		// fields. No name of a file ends so.
		return ListingLine{Form: ListingOther}
	}
	if start < end && line[end-1] == ':' {
		// ls -R heads each directory's entries with "dir:", pip show -f
		// its files with "Files:".
		if ok, _ := listingName(line[start : end-1]); ok && start == 0 {
			return ListingLine{Form: ListingHead, Start: start, End: end - 1}
		}
		return ListingLine{Form: ListingOther}
	}
	if start >= end {
		return ListingLine{Form: ListingOther}
	}
	if q, ok := quotedName(line[start:end]); ok && start == 0 {
		// Indented, quoted names are code's strings, as Go's imports.
		return ListingLine{Form: ListingPath, Start: start + 1, End: start + 1 + len(q), Weak: true}
	}
	ok, strong := listingName(line[start:end])
	if !ok {
		return ListingLine{Form: ListingOther}
	}
	return ListingLine{Form: ListingPath, Start: start, End: end, Weak: !strong}
}

// dpkgLegend starts the first line of dpkg -l's legend.
var dpkgLegend = []byte("Desired=Unknown/Install/")

// quotedName returns the name inside double quotes that b is, as ls -Q
// prints each name ("X11"/, "adduser.conf"), with perhaps the mark of its
// type after it (ls -F's / * @ | =).
func quotedName(b []byte) ([]byte, bool) {
	if len(b) > 0 && strings.IndexByte("/*@|=", b[len(b)-1]) >= 0 {
		b = b[:len(b)-1]
	}
	if len(b) < 3 || b[0] != '"' || b[len(b)-1] != '"' {
		return nil, false
	}
	q := b[1 : len(b)-1]
	if bytes.IndexByte(q, '"') >= 0 {
		return nil, false
	}
	ok, _ := listingName(q)
	return q, ok
}

// listingName reports whether b can be the name of an entry, and whether
// it clearly is a path. A name with spaces counts only if it clearly is a
// path; names may start with @ (npm scopes). No name ends in two slashes:
// iconv -l ends each character set's so ("UTF-8//"), a list of names of
// no file, package or process.
func listingName(b []byte) (ok, strong bool) {
	if bytes.HasSuffix(b, []byte("//")) {
		return false, false
	}
	if len(b) > 1 && b[0] == '@' {
		b = b[1:]
	}
	ok, strong = barePath(b)
	if ok && !strong && bytes.ContainsRune(b, ' ') || ok && encoded(b) {
		return false, false
	}
	return ok, strong
}

// encoded reports whether b is a line of base64 (base64's output, the body
// of a PEM certificate or key), which the '/' among its letters makes look
// like a path: at least 40 bytes of base64's letters, with no '.', '-' or
// '_' as names have between words, and a run of 20 or more between its
// slashes that mixes capitals, small letters and digits, as a name's parts
// do not.
func encoded(b []byte) bool {
	if len(b) < 40 {
		return false
	}
	run, mixed := 0, false
	var upper, lower, digit bool
	for _, c := range b {
		switch {
		case 'A' <= c && c <= 'Z':
			upper = true
		case 'a' <= c && c <= 'z':
			lower = true
		case isDigit(c):
			digit = true
		case c == '/' || c == '+' || c == '=':
			if c == '/' {
				run, upper, lower, digit = -1, false, false, false
			}
		default:
			return false
		}
		run++
		mixed = mixed || run >= 20 && upper && lower && digit
	}
	return mixed
}

// gitShortStatus reports whether a line starts as git status -s prints a
// path: two status letters and a space.
func gitShortStatus(line []byte) bool {
	const codes = " MTADRCU?!"
	return len(line) > 3 && bytes.IndexByte([]byte(codes), line[0]) >= 0 && bytes.IndexByte([]byte(codes), line[1]) >= 0 &&
		line[2] == ' ' && line[3] != ' ' && (line[0] != ' ' || line[1] != ' ')
}

// porcelainV2Fields is how many fields git status --porcelain=v2 prints
// before the path in an entry of each kind: 1, a change; 2, a rename or
// a copy; u, an unmerged path.
var porcelainV2Fields = map[byte]int{'1': 8, '2': 9, 'u': 10}

// parsePorcelainV2 recognises an entry of git status --porcelain=v2: its
// kind, the state (XY, ".M"), the submodule's (N...), modes and object
// names, then the path, and a rename's old path after a tab; or an
// untracked or ignored path after ? or !.
func parsePorcelainV2(line []byte, f *fields) (ListingLine, bool) {
	if len(line) < 3 || line[1] != ' ' || line[2] == ' ' {
		return ListingLine{}, false
	}
	if line[0] == '?' || line[0] == '!' {
		return ListingLine{Form: ListingPath, Start: 2, End: len(line)}, true
	}
	n, ok := porcelainV2Fields[line[0]]
	if !ok || f.n <= n {
		return ListingLine{}, false
	}
	xy, sub := line[f.at[1][0]:f.at[1][1]], line[f.at[2][0]:f.at[2][1]]
	if len(xy) != 2 || len(sub) != 4 || sub[0] != 'N' && sub[0] != 'S' || !allDigits(line[f.at[3][0]:f.at[3][1]]) {
		return ListingLine{}, false
	}
	start, end := f.at[n][0], len(line)
	if i := bytes.IndexByte(line[start:], '\t'); i > 0 {
		end = start + i
	}
	return ListingLine{Form: ListingRow, Start: start, End: end}, true
}

// parseDiffStatRow recognises a row of git diff --stat or diffstat: a
// space, the path (shortened with ... when long, a rename as {a => b}), a
// bar, and the number of lines changed with a bar of + and -, or Bin and
// the sizes of a binary file.
func parseDiffStatRow(line []byte) (ListingLine, bool) {
	// The cheap tests first: the search for the bar reads all of a line
	// that may be a minified file's.
	if len(line) < 2 || line[0] != ' ' || line[1] == ' ' {
		return ListingLine{}, false
	}
	bar := bytes.LastIndex(line, []byte(" | "))
	if bar < 2 {
		return ListingLine{}, false
	}
	if !diffStatCount(bytes.TrimSpace(line[bar+3:])) {
		return ListingLine{}, false
	}
	end := bar
	for end > 1 && line[end-1] == ' ' {
		end--
	}
	return ListingLine{Form: ListingRow, Start: 1, End: end}, end > 1
}

// DiffStatSummary reports whether a line closes a stat of a diff, as git
// diff --stat and diffstat print it: " 3 files changed, 39 insertions(+)".
func DiffStatSummary(line []byte) bool {
	n, rest, _ := bytes.Cut(bytes.TrimLeft(line, " "), []byte(" "))
	return logIsDigits(n) && (bytes.HasPrefix(rest, []byte("files changed")) || bytes.HasPrefix(rest, []byte("file changed")))
}

// diffStatCount reports whether b, what follows the bar of a --stat row,
// is its count: a number, alone or with a bar of + and -, or Bin and the
// sizes of a binary file.
func diffStatCount(b []byte) bool {
	n := 0
	for n < len(b) && '0' <= b[n] && b[n] <= '9' {
		n++
	}
	switch {
	case n > 0 && n == len(b):
		return true
	case n > 0 && b[n] == ' ' && len(bytes.Trim(b[n+1:], "+-")) == 0:
		return true
	}
	return bytes.HasPrefix(b, []byte("Bin "))
}

// gitNameStatus returns where the path starts in a line of git diff or
// git log --name-status: a status letter, a rename's or copy's similarity
// (R086), a tab and the path, or the old and the new path of a rename or
// copy with a tab between them, whose new path is the entry; 0 if the
// line is none.
func gitNameStatus(line []byte) int {
	if len(line) > 0 && line[0] == ':' {
		return gitRawStatus(line)
	}
	tab := bytes.IndexByte(line, '\t')
	if tab < 1 || tab > 4 || tab == len(line)-1 || bytes.IndexByte([]byte("MADRCTUX"), line[0]) < 0 {
		return 0
	}
	for _, c := range line[1:tab] {
		if c < '0' || c > '9' {
			return 0
		}
	}
	if line[0] == 'R' || line[0] == 'C' {
		if next := bytes.IndexByte(line[tab+1:], '\t'); next >= 0 {
			return tab + 1 + next + 1
		}
	}
	return tab + 1
}

// gitRawStatus returns where the path starts in a row of git's raw diff
// format (git diff --raw, git diff-tree -r, git log --raw): a colon for
// each parent, the modes and the objects, then the status and the path
// as --name-status prints them (":100644 100644 7c1c8f6 4cb3151
// M\tREADME.md"), or a merge's statuses, one a parent ("MM\tpath"); 0 if
// the line is none.
func gitRawStatus(line []byte) int {
	tab := bytes.IndexByte(line, '\t')
	if tab < 0 {
		return 0
	}
	sp := bytes.LastIndexByte(line[:tab], ' ')
	if sp < 0 {
		return 0
	}
	groups := 1
	for i, c := range line[:sp] {
		switch {
		case c == ' ':
			groups++
		case c == ':' && groups == 1, isDigit(c), 'a' <= c && c <= 'f', c == '.' && i > 0:
		default:
			return 0
		}
	}
	if groups < 4 || groups%2 != 0 {
		return 0 // modes and objects come in pairs: a parent's and the file's
	}
	status := line[sp+1 : tab]
	if len(status) > 1 && len(bytes.Trim(status, "MADRCTUX")) == 0 && tab+1 < len(line) {
		return tab + 1 // a merge's row
	}
	if n := gitNameStatus(line[sp+1:]); n > 0 {
		return sp + 1 + n
	}
	return 0
}

// gitStatusWord reports whether w is one of the words git status puts
// before a path: "modified", "new file", "both modified"...
func gitStatusWord(w []byte) bool {
	switch string(w) {
	case "modified", "new file", "deleted", "renamed", "copied", "typechange", "unmerged",
		"both modified", "both added", "both deleted", "added by us", "added by them", "deleted by us", "deleted by them":
		return true
	}
	return false
}

// treeConnectors start the entries of a drawn tree, after the lines that
// carry their parents' branches on.
var treeConnectors = []string{"├── ", "└── ", "├─┬ ", "└─┬ ", "├─ ", "└─ ", "|-- ", "`-- ", "+-- ", `\-- `}

// processConnectors start the entries of pstree's tree, with no blank
// before the name; a process's only child follows it on its line, after
// one of processLinks.
var (
	processConnectors = []string{"├─", "└─", "|-", "`-"}
	processLinks      = []string{"-+-", "---", "─┬─", "───"}
)

// parseTreeLine recognises an entry of a tree drawn by tree, npm ls, yarn
// list, cargo tree or pstree: branches ("│   ", "    "), a connector, a
// name.
func parseTreeLine(line []byte) (ListingLine, bool) {
	switch line[0] {
	case 0xe2, 0xc2, '|', '`', '+', '\\', ' ':
		// │├└, a no-break space, ASCII branches, indentation.
	default:
		return ListingLine{}, false
	}
	// col counts the columns before the connector; fixed is set when
	// the branches are tree's own, four columns each: a no-break space
	// or an ASCII | in them. There a branch ended with its parent
	// ("    ", after "│   ") runs into the whitespace before it, and
	// only the columns tell the depth.
	i, depth, col, fixed := 0, 0, 0, false
	for i < len(line) {
		rest := line[i:]
		for _, c := range treeConnectors {
			if bytes.HasPrefix(rest, []byte(c)) {
				start := i + len(c)
				if start >= len(line) {
					return ListingLine{}, false
				}
				end := len(line)
				if j := bytes.Index(line[start:], []byte(" -> ")); j > 0 {
					end = start + j
				}
				if fixed {
					depth = col / 4
				}
				return ListingLine{Form: ListingTree, Start: start, End: end, Depth: depth}, !addressedNode(line[start:])
			}
		}
		for _, c := range processConnectors {
			if rest[0] != '|' && rest[0] != '`' && rest[0] != 0xe2 {
				break
			}
			if start := i + len(c); bytes.HasPrefix(rest, []byte(c)) && start < len(line) && line[start] != ' ' && line[start] != '-' && !bytes.HasPrefix(line[start:], []byte("─")) {
				end := len(line)
				for _, l := range processLinks {
					if j := bytes.Index(line[start:], []byte(l)); j > 0 && start+j < end {
						end = start + j
					}
				}
				if fixed {
					depth = col / 4
				}
				return ListingLine{Form: ListingTree, Start: start, End: end, Depth: depth}, !addressedNode(line[start:])
			}
		}
		switch {
		case bytes.HasPrefix(rest, []byte("│")):
			i += len("│")
		case rest[0] == '|' || rest[0] == ' ':
			fixed = fixed || rest[0] == '|'
			i++
		case bytes.HasPrefix(rest, []byte("\u00a0")):
			fixed = true
			i += len("\u00a0")
		default:
			return ListingLine{}, false
		}
		col++
		// Branches are drawn three or four columns apart, with spaces or,
		// in tree's UTF-8 mode, no-break spaces.
		for i < len(line) {
			if line[i] == ' ' {
				i++
			} else if bytes.HasPrefix(line[i:], []byte("\u00a0")) {
				fixed = true
				i += len("\u00a0")
			} else {
				break
			}
			col++
		}
		depth++
	}
	return ListingLine{}, false
}

// treeBranches reports whether a line holds a drawn tree's branches ("│",
// "|") and blanks alone.
func treeBranches(line []byte) bool {
	bars := 0
	for len(line) > 0 {
		switch {
		case bytes.HasPrefix(line, []byte("│")):
			bars++
			line = line[len("│"):]
		case bytes.HasPrefix(line, []byte("\u00a0")):
			line = line[len("\u00a0"):]
		case line[0] == '|':
			bars++
			line = line[1:]
		case line[0] == ' ' || line[0] == '\t' || line[0] == '\r':
			line = line[1:]
		default:
			return false
		}
	}
	return bars > 0
}

// addressedNode reports whether a drawn tree's entry is an object in a
// program's memory, as a compiler dumps the nodes of its syntax tree
// ("FunctionDecl 0x55d0c8 <a.c:3:1, col:65> col:5 main 'int (void)'"):
// a kind, then the node's address. Such a tree names no file, package
// or process.
func addressedNode(e []byte) bool {
	_, rest, ok := bytes.Cut(e, []byte(" "))
	if !ok {
		return false
	}
	addr, _, _ := bytes.Cut(rest, []byte(" "))
	h, ok := bytes.CutPrefix(addr, []byte("0x"))
	return ok && len(h) >= 4 && hexDigits(h)
}

// parseModeRow recognises a row that starts with a file's mode, as ls -l,
// find -ls, tar tv and zipinfo print them, and finds the name after the
// date; or, in a row with no date, the path it ends with.
func parseModeRow(line []byte, f *fields) (ListingLine, bool) {
	fields := f.at[:f.n]
	m := 0
	for m < 2 && m < len(fields) && allDigits(line[fields[m][0]:fields[m][1]]) {
		m++ // find -ls and ls -s start with numbers
	}
	if m >= len(fields) || !fileMode(line[fields[m][0]:fields[m][1]]) && !arMode(line, fields, m) {
		return ListingLine{}, false
	}
	row := ListingLine{Form: ListingRow}
	for i := m + 1; i < len(fields); i++ {
		f := line[fields[i][0]:fields[i][1]]
		var name int // the field the name starts at
		switch {
		case month(f) && i+2 < len(fields):
			name = i + 3 // Aug 28 16:20 name, Jan  3  2023 name
			if name+1 < len(fields) && year(line[fields[name][0]:fields[name][1]]) {
				name++ // ar tv: Jan  1 00:00 1970 name
			}
		case isoDate(f) && i+1 < len(fields):
			name = i + 2 // 2024-01-02 12:34 name
			for name < len(fields)-1 && zone(line[fields[name][0]:fields[name][1]]) {
				name++ // --full-time: 2024-01-02 12:34:56.000000000 +0000 name
			}
		default:
			continue
		}
		if name < len(fields) {
			row.Start = fields[name][0]
			row.End = len(line)
			if j := bytes.Index(line[row.Start:], []byte(" -> ")); j > 0 {
				row.End = row.Start + j
			}
		}
		break
	}
	if row.End == 0 && f.count == f.n {
		// No date: find -printf '%M %u %p' and stat -c '%A %U %n' print
		// a mode and a few words before a path, the last field but a
		// link's target.
		last := len(fields) - 1
		if last >= m+3 && string(line[fields[last-1][0]:fields[last-1][1]]) == "->" {
			last -= 2
		}
		at := fields[last]
		if ok, strong := barePath(line[at[0]:at[1]]); last > m && ok && strong && bytes.IndexByte(line[at[0]:at[1]], '/') >= 0 {
			row.Start, row.End = at[0], at[1]
		}
	}
	return row, true
}

// fields are where the whitespace-separated fields of a line start and
// end, the first maxFields of them, and how many there are, counted up to
// one more.
type fields struct {
	at       [maxFields][2]int
	n, count int
}

const maxFields = 16

func fieldsOf(line []byte) fields {
	var f fields
	i := 0
	for {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i == len(line) {
			return f
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		f.count++
		if f.n == maxFields {
			return f
		}
		f.at[f.n] = [2]int{i, j}
		f.n++
		i = j
	}
}

// arMode reports whether the m-th of a line's fields is a member's mode
// as ar tv prints it: the permissions alone, with no type before them,
// then the owner's and the group's numbers ("rw-r--r-- 0/0").
func arMode(line []byte, fields [][2]int, m int) bool {
	if m+1 >= len(fields) {
		return false
	}
	mode, ids := line[fields[m][0]:fields[m][1]], line[fields[m+1][0]:fields[m+1][1]]
	uid, gid, ok := bytes.Cut(ids, []byte("/"))
	return len(mode) == 9 && permissions(mode) && ok && len(uid) > 0 && len(gid) > 0 && allDigits(uid) && allDigits(gid)
}

// year reports whether f is a year of four digits.
func year(f []byte) bool {
	return len(f) == 4 && allDigits(f) && f[0] >= '1' && f[0] <= '2'
}

// fileMode reports whether f is a file's mode as ls -l prints it:
// drwxr-xr-x, -rw-r--r--., lrwxrwxrwx@.
func fileMode(f []byte) bool {
	if len(f) == 11 && (f[10] == '.' || f[10] == '+' || f[10] == '@') {
		f = f[:10]
	}
	return len(f) == 10 && bytes.IndexByte([]byte("-dlcbpsD?"), f[0]) >= 0 && permissions(f[1:])
}

// permissions reports whether f is the owner's, the group's and others'
// permissions, as a file's mode spells them after its type: rwxr-xr-x.
func permissions(f []byte) bool {
	for i, c := range f {
		want := "rwx"[i%3]
		if c != '-' && c != want && !(i%3 == 2 && bytes.IndexByte([]byte("sStT"), c) >= 0) {
			return false
		}
	}
	return true
}

func month(f []byte) bool {
	switch string(f) {
	case "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec":
		return true
	}
	return false
}

// isoDate reports whether f is a date as 2024-01-02, or 24-01-02.
func isoDate(f []byte) bool {
	if len(f) != 10 && len(f) != 8 {
		return false
	}
	y := len(f) - 6
	return allDigits(f[:y]) && f[y] == '-' && allDigits(f[y+1:y+3]) && f[y+3] == '-' && allDigits(f[y+4:])
}

// parseKnownRow recognises the rows of tables whose form is known: du,
// git ls-tree, dpkg -l, unzip -l, apt list, npm pack's notices, go list
// -m, go mod graph, pip freeze, the table of mounts, dpkg
// --get-selections and apt-cache madison.
func parseKnownRow(line []byte, f *fields) (ListingLine, bool) {
	fields := f.at[:f.n]
	field := func(i int) []byte { return line[fields[i][0]:fields[i][1]] }
	tab := bytes.IndexByte(line, '\t')
	if start, end, ok := gitRefRow(line, f); ok {
		return ListingLine{Form: ListingRow, Start: start, End: end}, true
	}
	if start, end, ok := symbolRow(line, f); ok {
		return ListingLine{Form: ListingRow, Start: start, End: end}, true
	}
	if start, end, ok := libraryRow(line, f); ok {
		return ListingLine{Form: ListingRow, Start: start, End: end}, true
	}
	switch {
	case tab > 0 && size(line[:tab]) && tab+1 < len(line):
		return ListingLine{Form: ListingRow, Start: tab + 1, End: len(line)}, true // du
	case tab > 0 && len(fields) >= 3 && len(field(0)) == 6 && allDigits(field(0)) && (gitObjectType(field(1)) || objectName(field(1))):
		return ListingLine{Form: ListingRow, Start: tab + 1, End: len(line)}, true // git ls-tree, git ls-files -s
	case len(fields) >= 3 && dpkgStatus(field(0)) && line[0] != ' ':
		return ListingLine{Form: ListingRow, Start: fields[1][0], End: fields[1][1]}, true // dpkg -l
	case len(fields) >= 4 && allDigits(field(0)) && isoDate(field(1)) && clock(field(2)):
		return ListingLine{Form: ListingRow, Start: fields[3][0], End: len(line)}, true // unzip -l
	case len(fields) >= 3 && (isoDate(field(0)) || isoDate(field(1)) || month(field(1)) || weekday(field(1))),
		len(fields) == 2 && isoDate(field(0)):
		// A date alone before the name: find -printf '%TY-%Tm-%Td %p'.
		if start, ok := stampedName(line, f); ok {
			return ListingLine{Form: ListingRow, Start: start, End: nameEnd(line, start)}, true // jar tvf, find -printf
		}
	case f.count >= 3 && (f.count <= 4 || line[len(line)-1] == ']') && aptName(field(0)):
		return ListingLine{Form: ListingRow, Start: 0, End: bytes.IndexByte(line, '/')}, true // apt list
	case f.count == 4 && string(field(0)) == "npm" && string(field(1)) == "notice" && size(field(2)):
		return ListingLine{Form: ListingRow, Start: fields[3][0], End: len(line)}, true
	case f.count == 2 && (goVersion(field(1)) || bytes.Contains(field(1), []byte("@v"))) && line[0] != ' ':
		if ok, _ := pathPrefix(field(0)); ok {
			return ListingLine{Form: ListingRow, Start: 0, End: fields[0][1]}, true // go list -m, go mod graph
		}
	case (f.count == 2 || f.count == 3 && (size(field(2)) || architecture(field(2)))) && line[0] != ' ' && packageName(field(0)) && version(field(1)):
		// dpkg-query -W, brew list --versions; dpkg-query -W -f with a
		// package's size or architecture after its version.
		return ListingLine{Form: ListingRow, Start: 0, End: fields[0][1]}, true
	case f.count == 2 && line[0] != ' ' && bytes.IndexByte(field(0), '/') > 0 && bytes.IndexByte(field(1), '/') >= 0:
		// go list -f '{{.ImportPath}} {{.Dir}}': a name and where it is.
		ok0, _ := pathPrefix(field(0))
		ok1, strong := pathPrefix(field(1))
		if ok0 && ok1 && strong {
			return ListingLine{Form: ListingRow, Start: 0, End: fields[0][1]}, true
		}
	case f.count == 2 && line[0] == ' ' && aptRelation(field(0)):
		// apt-cache depends: "  Depends: libc6", "  Breaks: <cogito>".
		name := field(1)
		start := fields[1][0]
		if len(name) > 2 && name[0] == '<' && name[len(name)-1] == '>' {
			name, start = name[1:len(name)-1], start+1
		}
		if packageName(name) {
			return ListingLine{Form: ListingRow, Start: start, End: start + len(name)}, true
		}
	case f.count >= 3 && line[0] != ' ' && string(field(1)) == "-" && packageName(field(0)):
		return ListingLine{Form: ListingRow, Start: 0, End: fields[0][1]}, true // apt-cache search
	case f.count >= 2 && f.count <= maxFields && line[0] != ' ' && dpkgOwners(line, f):
		last := fields[len(fields)-1]
		return ListingLine{Form: ListingRow, Start: last[0], End: last[1]}, true // dpkg -S
	case f.count == 2 && percent(field(0)) && field(1)[len(field(1))-1] == '/':
		return ListingLine{Form: ListingRow, Start: fields[1][0], End: len(line)}, true // git diff --dirstat
	case f.count == 6 && string(field(1)) == "on" && string(field(3)) == "type" && field(5)[0] == '(' && line[len(line)-1] == ')':
		return ListingLine{Form: ListingRow, Start: fields[2][0], End: fields[2][1]}, true // mount: what on where type fs (options)
	case f.count == 6 && line[0] != ' ' && field(1)[0] == '/' && allDigits(field(4)) && allDigits(field(5)) && len(field(4))+len(field(5)) == 2:
		// /proc/mounts, /etc/fstab: what, where, the type, the options,
		// then dump's flag and fsck's pass.
		return ListingLine{Form: ListingRow, Start: fields[1][0], End: fields[1][1]}, true
	case f.count >= 5 && string(field(1)) == "|" && string(field(3)) == "|" && packageName(field(0)) && version(field(2)):
		return ListingLine{Form: ListingRow, Start: fields[0][0], End: fields[0][1]}, true // apt-cache madison
	case f.count == 2 && line[0] != ' ' && selection(field(1)) && packageName(field(0)):
		return ListingLine{Form: ListingRow, Start: 0, End: fields[0][1]}, true // dpkg --get-selections
	case f.count == 1 && bytes.Contains(line, []byte("==")) && line[0] != ' ' && line[0] != '=':
		name, _, _ := bytes.Cut(line, []byte("=="))
		if weakName(name) {
			return ListingLine{Form: ListingRow, Start: 0, End: len(name)}, true // pip freeze
		}
	}
	return ListingLine{}, false
}

// parseSizedName recognises a row of ls -s: a size, right-aligned, then a
// name. A bare number before a name is as likely a count (wc -l, uniq -c),
// which reads as text: it is taken for a size only after a size with its
// unit (ls -sh's 4.0K) or ls's "total" above the rows, until a blank line.
func (p *ListingParser) parseSizedName(line []byte, f *fields) (ListingLine, bool) {
	if f.count != 2 {
		return ListingLine{}, false
	}
	at := f.at[:f.n]
	sz, name := line[at[0][0]:at[0][1]], line[at[1][0]:at[1][1]]
	if !size(sz) || allDigits(sz) && !p.sized {
		return ListingLine{}, false
	}
	if ok, _ := listingName(name); !ok {
		return ListingLine{}, false
	}
	p.sized = p.sized || !allDigits(sz)
	return ListingLine{Form: ListingRow, Start: at[1][0], End: at[1][1]}, true
}

// gitRefRow recognises a row of git's lists of references, and returns
// where the name it lists is: a reference after its object (git show-ref,
// git for-each-ref, git ls-remote: "0188dfd... refs/heads/main",
// "0188dfd... commit\trefs/tags/v1.1"); a branch, its commit and subject,
// after a mark of the current one (git branch -v, -vv: "* main 0188dfd
// [origin/main] wording"); a worktree's path, commit and branch (git
// worktree list: "/src/wt 6768063 [feature]"); a stash ("stash@{0}: WIP
// on main: 981e5f4 subject").
func gitRefRow(line []byte, f *fields) (start, end int, ok bool) {
	fields := f.at[:f.n]
	field := func(i int) []byte { return line[fields[i][0]:fields[i][1]] }
	switch {
	case f.count < 2:
	case objectName(field(0)) && (f.count == 2 || f.count == 3 && gitObjectType(field(1))):
		last := fields[f.count-1]
		if ref := line[last[0]:last[1]]; bytes.HasPrefix(ref, []byte("refs/")) || string(ref) == "HEAD" {
			return last[0], last[1], true
		}
	case f.count >= 3 && len(line) > 2 && line[1] == ' ' && (line[0] == ' ' && line[2] != ' ' || line[0] == '*' || line[0] == '+'):
		// The current branch is marked with '*', one checked out in
		// another worktree with '+'.
		i := 0
		if line[0] != ' ' {
			i = 1
		}
		if i+1 < f.count && shortObjectName(field(i+1)) && !bytes.HasPrefix(field(i), []byte("(")) {
			return fields[i][0], fields[i][1], true
		}
	case f.count == 3 && line[0] != ' ' && len(field(1)) >= 7 && lowerHex(field(1)) && field(2)[0] == '[' && field(2)[len(field(2))-1] == ']':
		// A commit's short name may be all digits: the path and the
		// branch in brackets around it tell.
		if ok, strong := pathPrefix(field(0)); ok && strong {
			return fields[0][0], fields[0][1], true
		}
	case bytes.HasPrefix(line, []byte("stash@{")):
		if n, j := digits(line, len("stash@{")); n >= 0 && bytes.HasPrefix(line[j:], []byte("}: ")) {
			return 0, j + 1, true
		}
	}
	return 0, 0, false
}

// symbolRow recognises a row of a table of symbols, and returns where the
// symbol's name is: nm's address, type letter and name ("0000000000001139
// T main"), with a size before the letter (nm -S, go tool nm -size); an
// undefined symbol, with blanks for its address ("                 U
// printf"); readelf -s's numbered rows ("3: 0000000000000000 0 FUNC GLOBAL
// DEFAULT UND printf@GLIBC_2.2.5 (3)", the first with no name). A name that c++filt demangled runs
// to the end of the line, blanks and all. nm pads addresses to 8 or 16
// digits; go tool nm aligns them to the right instead. objdump -T's rows
// start as nm's do, an address and a letter, but the letter is one of its
// flags, and a section, a tab, a size and a version come before the name
// ("000000000000e4e0 g    DF .text\t0000000000000086  Base  inflateEnd"):
// nm's fields are spaced, and a row holding a tab is none of its.
func symbolRow(line []byte, f *fields) (start, end int, ok bool) {
	fields := f.at[:f.n]
	field := func(i int) []byte { return line[fields[i][0]:fields[i][1]] }
	address := func(b []byte) bool {
		return (len(b) == 8 || len(b) == 16 || line[0] == ' ' && len(b) >= 4) && lowerHex(b) && bytes.ContainsFunc(b, unicode.IsDigit)
	}
	switch {
	case f.count < 2:
	case fields[0][0] >= 8 && len(field(0)) == 1 && bytes.IndexByte([]byte("Uvw"), field(0)[0]) >= 0:
		return fields[1][0], len(line), true
	case f.count >= 3 && address(field(0)) && bytes.IndexByte(line, '\t') < 0:
		i := 1
		if f.count >= 4 && len(field(1)) > 1 && lowerHex(field(1)) {
			i = 2
		}
		if t := field(i); len(t) == 1 && bytes.IndexByte([]byte(nmTypes), t[0]) >= 0 && i+1 < f.n {
			return fields[i+1][0], len(line), true
		}
	case f.count >= 7 && len(field(0)) > 1 && field(0)[len(field(0))-1] == ':' && allDigits(field(0)[:len(field(0))-1]) &&
		len(field(1)) >= 8 && lowerHex(field(1)) && allDigits(field(2)):
		if f.count == 7 {
			return 0, 0, true // the null symbol, which has no name
		}
		return fields[7][0], fields[7][1], true
	}
	return 0, 0, false
}

// libraryRow recognises a row of a list of shared libraries, and returns
// where the library's name is: ldd's name, " => ", the file it resolves
// to or "not found", and where it is loaded ("libc.so.6 =>
// /lib/x86_64-linux-gnu/libc.so.6 (0x00007f...)", "linux-vdso.so.1
// (0x00007f...)"); ldconfig -p's name, what it is built for, " => " and
// the file ("libz.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libz.so.1").
func libraryRow(line []byte, f *fields) (start, end int, ok bool) {
	at := f.at[:f.n]
	arrowAt := func(i int) bool { return i < len(at) && string(line[at[i][0]:at[i][1]]) == "=>" }
	if f.count < 2 || !arrowAt(1) && !arrowAt(2) && !bytes.HasPrefix(line[at[f.n-1][0]:], []byte("(0x")) {
		return 0, 0, false // neither an arrow nor a load address
	}
	start = len(line) - len(bytes.TrimLeft(line, " \t"))
	rest := line[start:]
	left, right, arrow := bytes.Cut(rest, []byte(" => "))
	if !arrow {
		// No resolution: only a load address follows the name.
		i := bytes.Index(rest, []byte(" (0x"))
		if i <= 0 || rest[len(rest)-1] != ')' || !lowerHex(rest[i+4:len(rest)-1]) {
			return 0, 0, false
		}
		left = rest[:i]
	} else if !bytes.HasPrefix(right, []byte("/")) && !bytes.HasPrefix(right, []byte("not found")) {
		return 0, 0, false
	}
	if i := bytes.Index(left, []byte(" (")); i > 0 && left[len(left)-1] == ')' {
		left = left[:i] // ldconfig's "(libc6,x86-64)"
	}
	if !bytes.Contains(left, []byte(".so")) {
		return 0, 0, false
	}
	if ok, _ := listingName(left); !ok {
		return 0, 0, false
	}
	return start, start + len(left), true
}

// nmTypes are the letters nm puts before a symbol's name to tell where it
// lives: text, data, bss, read-only, undefined, weak...
const nmTypes = "AaBbCcDdGgiINnpRrSsTtUuVvWw-?"

// lowerHex reports whether b is made of digits and lower-case hex letters.
func lowerHex(b []byte) bool {
	for _, c := range b {
		if !isDiffHex(c) {
			return false
		}
	}
	return len(b) > 0
}

// shortObjectName reports whether f is a git object's name cut short, as
// git prints them beside branches: 7 to 40 hex digits, with a digit and a
// letter among them so that neither a number nor a word passes.
func shortObjectName(f []byte) bool {
	if len(f) < 7 || len(f) > 40 {
		return false
	}
	var d, l bool
	for _, c := range f {
		switch {
		case isDigit(c):
			d = true
		case 'a' <= c && c <= 'f':
			l = true
		default:
			return false
		}
	}
	return d && l
}

// dpkgOwners reports whether a line is one of dpkg -S's: the packages
// that hold a path, with commas between them and a colon after the last,
// then the path: "libc6:amd64, libc6-dev:amd64: /usr/lib"; or a diversion
// of a path: "diversion by dash from: /bin/sh".
func dpkgOwners(line []byte, f *fields) bool {
	at := f.at[:f.n]
	last := line[at[len(at)-1][0]:at[len(at)-1][1]]
	if last[0] != '/' {
		return false
	}
	if bytes.HasPrefix(line, []byte("diversion by ")) || bytes.HasPrefix(line, []byte("local diversion ")) {
		end := line[at[len(at)-2][0]:at[len(at)-2][1]]
		return string(end) == "from:" || string(end) == "to:"
	}
	for i, a := range at[:len(at)-1] {
		w := line[a[0]:a[1]]
		sep := byte(',')
		if i == len(at)-2 {
			sep = ':'
		}
		if w[len(w)-1] != sep || !packageName(w[:len(w)-1]) || bytes.ContainsFunc(w, unicode.IsUpper) {
			// Debian's package names are lower case; "Location: /usr"
			// is a field of pip show.
			return false
		}
	}
	return true
}

// selection reports whether f is what dpkg --get-selections says is to
// become of a package.
func selection(f []byte) bool {
	switch string(f) {
	case "install", "deinstall", "purge", "hold":
		return true
	}
	return false
}

// percent reports whether f is a share as git diff --dirstat prints it:
// 12.3%.
func percent(f []byte) bool {
	n, ok := bytes.CutSuffix(f, []byte("%"))
	whole, frac, _ := bytes.Cut(n, []byte("."))
	return ok && len(whole) > 0 && allDigits(whole) && allDigits(frac)
}

// size reports whether f is a size as du -h, ls -h and npm print them:
// 4096, 4.0K, 1.2kB, 224B.
func size(f []byte) bool {
	i, dots := 0, 0
	for i < len(f) && (isDigit(f[i]) || f[i] == '.' && i > 0 && dots == 0) {
		if f[i] == '.' {
			dots++ // 4.0K has one; 127.0.0.1 is an address
		}
		i++
	}
	if i == 0 || !isDigit(f[i-1]) {
		return false
	}
	unit := string(f[i:])
	switch unit {
	case "", "B", "K", "M", "G", "T", "P", "k", "kB", "KB", "MB", "GB", "TB", "KiB", "MiB", "GiB":
		return true
	}
	return false
}

func gitObjectType(f []byte) bool {
	return string(f) == "blob" || string(f) == "tree" || string(f) == "commit"
}

// dpkgStatus reports whether f is the status column of dpkg -l: ii, rc,
// iU, hi, un, iF, and with an error flag, iiR.
func dpkgStatus(f []byte) bool {
	if len(f) == 3 && f[2] == 'R' {
		f = f[:2]
	}
	return len(f) == 2 && bytes.IndexByte([]byte("uihrp"), f[0]) >= 0 && bytes.IndexByte([]byte("ncHUFWti"), f[1]) >= 0
}

// clock reports whether f is a time of day: 16:20, 16:20:05, or with a
// fraction of a second, 16:20:05.123456789.
func clock(f []byte) bool {
	if len(f) > 8 && f[8] == '.' && allDigits(f[9:]) {
		f = f[:8]
	}
	if len(f) == 8 && f[5] == ':' && allDigits(f[6:]) {
		f = f[:5]
	}
	return len(f) == 5 && allDigits(f[:2]) && f[2] == ':' && allDigits(f[3:])
}

func weekday(f []byte) bool {
	switch string(f) {
	case "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun":
		return true
	}
	return false
}

// zone reports whether f is a time zone as listings print it: UTC, CEST,
// +0000, -0700.
func zone(f []byte) bool {
	if len(f) == 5 && (f[0] == '+' || f[0] == '-') && allDigits(f[1:]) {
		return true
	}
	if len(f) < 3 || len(f) > 4 {
		return false
	}
	for _, c := range f {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

// stampedName returns where the name starts in a row that gives sizes and
// a date before it, as jar tvf ("241 Tue Jan 02 12:34:56 UTC 2024 a/b.go")
// and find -printf with %T and %s print them: the fields before the name
// are numbers, sizes, dates, times and zones, one of them a date, and the
// name is clearly a path, which a message in a timestamped log is not.
func stampedName(line []byte, f *fields) (int, bool) {
	dated := false
	for i, at := range f.at[:f.n] {
		w := line[at[0]:at[1]]
		switch {
		case isoDate(w) || month(w):
			dated = true
		case allDigits(w) || size(w) || clock(w) || weekday(w) || zone(w):
		default:
			if i == 0 || !dated || i > 8 {
				return 0, false
			}
			ok, strong := barePath(line[at[0]:nameEnd(line, at[0])])
			return at[0], ok && strong
		}
	}
	return 0, false
}

// nameEnd returns where a name that starts at start ends: at a link's
// " -> target", or at the end of the line.
func nameEnd(line []byte, start int) int {
	if j := bytes.Index(line[start:], []byte(" -> ")); j > 0 {
		return start + j
	}
	return len(line)
}

// objectName reports whether f is the full name of a git object: 40 or
// 64 hex digits.
func objectName(f []byte) bool {
	if len(f) != 40 && len(f) != 64 {
		return false
	}
	for _, c := range f {
		if !isDigit(c) && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// aptRelation reports whether f names a relation between packages as
// apt-cache depends prints it: Depends:, PreDepends:, Recommends:,
// Suggests:, Breaks:, Conflicts:, Replaces:, Enhances:, with a | before an
// alternative.
func aptRelation(f []byte) bool {
	switch string(bytes.TrimPrefix(f, []byte("|"))) {
	case "Depends:", "PreDepends:", "Recommends:", "Suggests:", "Breaks:", "Conflicts:", "Replaces:", "Enhances:":
		return true
	}
	return false
}

// packageName reports whether f can name a package, perhaps with its
// architecture: zlib1g, libc6:amd64.
func packageName(f []byte) bool {
	name, arch, ok := bytes.Cut(f, []byte(":"))
	if ok && (len(arch) == 0 || !weakName(arch)) {
		return false
	}
	return len(name) > 0 && weakName(name)
}

// version reports whether f is a package's version: 3.134, 1:2.39.5-0+deb12u2,
// v1.2.3, 2.1.0-1~bpo12+1; a digit first (after a v or an epoch), a dot or
// a hyphen in it.
func version(f []byte) bool {
	if len(f) > 2 && f[0] == 'v' {
		f = f[1:]
	}
	if i := bytes.IndexByte(f, ':'); i > 0 && allDigits(f[:i]) {
		f = f[i+1:]
	}
	if len(f) < 2 || !isDigit(f[0]) || !bytes.ContainsAny(f, ".-") {
		return false
	}
	for _, c := range f {
		if !isLetter(c) && !isDigit(c) && bytes.IndexByte([]byte(".+~-_"), c) < 0 {
			return false
		}
	}
	return true
}

// architecture reports whether f names a package's architecture, as
// dpkg, rpm and apt print it.
func architecture(f []byte) bool {
	switch string(f) {
	case "amd64", "arm64", "i386", "armhf", "armel", "all", "any", "x86_64", "aarch64", "noarch", "i686", "ppc64el", "s390x", "riscv64":
		return true
	}
	return false
}

// aptName reports whether f is the first field of apt list's rows:
// name/suite,suite.
func aptName(f []byte) bool {
	name, suite, ok := bytes.Cut(f, []byte("/"))
	if !ok || len(name) == 0 || len(suite) == 0 || bytes.IndexByte(suite, '/') >= 0 {
		return false
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || isDigit(c) || c == '+' || c == '.' || c == '-') {
			return false
		}
	}
	return bytes.Contains(suite, []byte("now")) || bytes.IndexByte(suite, ',') >= 0 || bytes.Contains(suite, []byte("stable"))
}

// goVersion reports whether f is a Go module's version: v1.2.3.
func goVersion(f []byte) bool {
	return len(f) >= 2 && f[0] == 'v' && isDigit(f[1])
}

// listingRule reports whether a line rules a table off: dashes, equals
// signs and pluses, perhaps in columns ("---------  ----------").
func listingRule(line []byte) bool {
	rule := 0
	for _, c := range line {
		switch c {
		case '-', '=', '+', '|':
			rule++
		case ' ', '\t', '/':
		default:
			return false
		}
	}
	return rule >= 3
}

// listingHeader returns the number of columns of a table's header line,
// or 0 if the line is none: two words or more, most of them capitalised
// (USER PID %CPU, Package Version, Filesystem Size Used Avail Use%
// Mounted on, top's TIME+), none of them prose.
func listingHeader(line []byte, fs *fields) int {
	if fs.count < 2 || fs.count > maxFields || !bytes.Contains(line, []byte("  ")) {
		// Columns are aligned: some are two spaces apart or more.
		return 0
	}
	if fs.n == 2 && gitShortStatus(line) {
		// git status -s's staged change to a file named in capitals
		// ("M  Makefile", "D  LICENSE"): a status and a path, two
		// spaces apart as a header's columns are.
		return 0
	}
	if line[0] == ' ' || line[0] == '\t' {
		// An indented line is text, unless all its words are capitals:
		// ps right-aligns its numbers and their headings, "  PID TTY".
		for _, c := range bytes.TrimSpace(line) {
			if !(c >= 'A' && c <= 'Z' || c == ' ' || c == '%' || c == '_' || c == '-' || c == '+') {
				return 0
			}
		}
	}
	caps := 0
	for _, at := range fs.at[:fs.n] {
		f := line[at[0]:at[1]]
		for _, c := range f {
			if !isLetter(c) && !isDigit(c) && bytes.IndexByte([]byte("%:_-/#()+"), c) < 0 {
				return 0
			}
		}
		if f[len(f)-1] == ':' || f[len(f)-1] == '.' {
			return 0
		}
		if 'A' <= f[0] && f[0] <= 'Z' || f[0] == '%' || f[0] == '#' {
			caps++
		}
	}
	if caps*3 < fs.n*2 {
		return 0
	}
	return fs.n
}

// listingMarks are lines that only listing tools print, with the tool.
var listingMarks = []struct{ line, why string }{
	{"On branch ", "git status"},
	{"# branch.oid ", "git status --porcelain=v2"},
	{"# branch.head ", "git status --porcelain=v2"},
	{"HEAD detached at ", "git status"},
	{"Changes to be committed:", "git status"},
	{"Changes not staged for commit:", "git status"},
	{"Untracked files:", "git status"},
	{"Reverse Depends:", "apt-cache rdepends"},
	{"Listing...", "apt list"},
	{"||/ Name", "dpkg -l"},
	{"Archive:  ", "unzip -l"},
	{"npm notice Tarball Contents", "npm pack"},
}

// gitStatusHint reports whether a line is one of git status's hints:
// "  (use "git add <file>..." to update what will be committed)", "no
// changes added to commit (use "git add" and/or "git commit -a")".
func gitStatusHint(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	return bytes.HasPrefix(t, []byte(`(use "git `)) && bytes.HasSuffix(t, []byte(")")) ||
		bytes.HasPrefix(t, []byte("no changes added to commit")) || bytes.HasPrefix(t, []byte("nothing added to commit"))
}

// gitBranchLine reports whether a line is the one git status -sb puts
// above the files: "## main...origin/main [ahead 2]", "## No commits yet
// on main", "## HEAD (no branch)". A branch without upstream ("## main")
// reads as a markdown heading, and is not taken.
func gitBranchLine(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, []byte("## "))
	if !ok {
		return false
	}
	if bytes.HasPrefix(rest, []byte("No commits yet on ")) || string(rest) == "HEAD (no branch)" {
		return true
	}
	branch, _, _ := bytes.Cut(rest, []byte(" ["))
	return bytes.Contains(branch, []byte("...")) && bytes.IndexByte(branch, ' ') < 0
}

// listingMark returns the tool a line marks the output of, or "".
func listingMark(line []byte) string {
	for _, m := range listingMarks {
		if bytes.HasPrefix(line, []byte(m.line)) {
			return m.why
		}
	}
	if gitBranchLine(line) {
		return "git status -b"
	}
	// tree's summary: "14 directories, 115 files", "314 directories".
	if n, j := digits(line, 0); j > 0 && n >= 0 && bytes.HasPrefix(line[j:], []byte(" director")) {
		return "tree"
	}
	return ""
}

// sniffListing reports whether sample is a listing: three quarters of its
// lines are entries (paths, rows of a table of files or packages, entries
// of a drawn tree), or a third when a line marks a listing tool.
func sniffListing(sample []byte) (bool, string) {
	var (
		p                     ListingParser
		entries, weak, others int
		frame                 int // lines of a listing tool's frame, as listingMark and gitStatusHint tell
		paths, rows, trees    int
		spaced                int  // paths with a blank in them
		refs                  int  // rows of git's lists of references
		moded                 int  // rows that start with a file's mode (ls -l, tar tv, ar tv)
		logged                int  // lines that start as a log's do
		commits               int  // headers of a commit, as git log and git show print them
		stats                 int  // summaries of a diff's stat, "3 files changed, ..."
		repeats               int  // entries that are the line before them again
		partings              int  // rules after an entry that more lines follow
		ruled                 bool // the line before is a rule after an entry
		entered               bool // the line before is an entry
		prev                  []byte
		mark                  string
	)
	for line := range sampleLines(sample) {
		line = logTerminal(line)
		l := p.Parse(line)
		if l.Form != ListingBlank && l.Form != ListingOther && bytes.Equal(line, prev) {
			repeats++
		}
		prev = line
		rule := l.Form == ListingHead && listingRule(line)
		if ruled && !rule && l.Form != ListingBlank {
			partings++
		}
		ruled = entered && rule
		entered = l.Form == ListingPath || l.Form == ListingRow || l.Form == ListingTree
		if l.Form != ListingBlank && l.Form != ListingTree && logStartMark(line) != "" {
			logged++
		}
		switch l.Form {
		case ListingPath:
			entries++
			paths++
			if l.Weak {
				weak++
			}
			if bytes.IndexByte(line[l.Start:l.End], ' ') >= 0 {
				spaced++
			}
		case ListingRow:
			entries++
			rows++
			f := fieldsOf(line)
			if _, _, ok := gitRefRow(line, &f); ok {
				refs++
			} else if _, ok := parseModeRow(line, &f); ok && l.End > l.Start {
				moded++
			}
		case ListingTree:
			entries++
			trees++
		case ListingOther:
			if treeBranches(line) {
				// A drawn tree's branches carried on past an entry
				// with nothing to say (npm ls --long's empty
				// description): part of the drawing, as a blank
				// line is of other listings.
				continue
			}
			if m := listingMark(line); m != "" || gitStatusHint(line) {
				// A listing tool's frame: its headings and hints.
				if mark == "" {
					mark = m
				}
				frame++
				continue
			}
			others++
			if isDiffCommit(line) {
				commits++
			}
			if DiffStatSummary(line) {
				stats++
			}
			if others >= 64 && entries*2 < others {
				// Most of a long stretch is no entries: no listing. Stop
				// here rather than read the rest.
				return false, ""
			}
		}
	}
	total := entries + others
	switch {
	case mark != "" && entries > 0 && entries*3 >= total && logged == 0:
		// A listing tool's frame tells even of one entry, as git status
		// of a file changed, unless a log's lines are around it.
		return true, fmt.Sprintf("%d of %d lines are entries, and %s marks", entries, total+frame, mark)
	case entries < 3 && entries > 0 && paths == entries && weak+spaced+others+frame == 0:
		// A path or two and nothing else (git ls-files -m, gofmt -l,
		// which): too few to ask for a majority of, but no prose is
		// made of file names alone.
		return true, fmt.Sprintf("%d of %d lines are paths, and nothing else", entries, entries)
	case entries < 3 && entries > 0 && refs == entries && others+frame == 0:
		// A branch or two (git branch -v) and nothing else.
		return true, fmt.Sprintf("%d of %d lines are git's references, and nothing else", entries, entries)
	case entries < 3 && entries > 0 && moded == entries && others+frame == 0:
		// A file or two described by ls -l, tar tv or ar tv, and nothing
		// else: no prose starts with a file's mode.
		return true, fmt.Sprintf("%d of %d lines are rows that start with a file's mode, and nothing else", entries, entries)
	case commits > 0, stats > 1:
		// Files under a commit's header (git show --stat, git log
		// --name-status) are a record of the commit, as git log's are;
		// so are blocks of a stat each closed by its summary, whatever
		// the commits' headers look like (git log --stat --format).
		return false, ""
	case partings >= 3 && partings*64 >= entries:
		// A table's rules are over and under its header and after its
		// last row; rules that go on between entries, three or more and
		// one to every 64 entries at least, part records: the stacks of
		// go tool pprof -traces, whose functions read as names, the rows
		// of a grid.
		return false, ""
	case repeats*2 >= entries:
		// A listing names each entry once; one word over and over is a
		// loop's "ok" or progress dots, which text counts as one line.
		return false, ""
	case entries < 3, logged*4 >= total:
		// Lines that mark a log, a quarter of the lines or more, tell of
		// a command that reports what it did, as git pull does above
		// the files it changed.
		return false, ""
	case entries*4 >= total*3:
	default:
		return false, ""
	}
	what := "paths or names"
	switch {
	case trees >= rows && trees >= paths:
		what = "entries of a tree"
	case rows >= paths:
		what = "rows of a table of entries"
	}
	return true, fmt.Sprintf("%d of %d lines are %s", entries, total, what)
}
