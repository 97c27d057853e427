package agent

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"path/filepath"
	"slices"
	"strings"
)

// A shell runs a name that is a function or an alias as its definition,
// not as the program of that name, and headroom run would bypass the
// definition. The hook cannot ask the agent's shell, so it looks where
// definitions come from: the functions bash exports into the environment,
// which the hook inherits from the agent; the user's start-up files; and,
// for Claude Code, the snapshots of the user's shell that its Bash tool
// sources before each command.

// Limits that keep the look cheap: it runs before every command that would
// otherwise be rewritten.
const (
	maxShellFile = 4 << 20 // a start-up file or snapshot larger than this may define anything
	maxSnapshots = 16      // the newest snapshots read; older ones belong to ended sessions
)

// startupFiles are the files in the home directory that bash and zsh read
// when they start, and the files they conventionally source.
var startupFiles = []string{".bashrc", ".bash_aliases", ".bash_profile", ".bash_login", ".profile",
	".zshrc", ".zshenv", ".zprofile", ".zlogin", ".aliases"}

// ShellDefines returns a function that reports whether the shell agent a
// runs commands in may define name as a function or an alias. It errs on
// the side of yes: a file it cannot read, or read to its end, may define
// anything.
func ShellDefines(a Agent, f Files, p Places) func(name string) bool {
	return func(name string) bool {
		if p.env("BASH_FUNC_"+name+"%%") != "" || p.env("BASH_FUNC_"+name+"()") != "" {
			return true
		}
		paths, err := shellFiles(a, f, p)
		if err != nil {
			return true
		}
		for _, path := range paths {
			b, err := readLimited(f, path, maxShellFile)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil || defines(b, name) {
				return true
			}
		}
		return false
	}
}

// shellFiles lists the files that may define functions and aliases for the
// shell of agent a.
func shellFiles(a Agent, f Files, p Places) ([]string, error) {
	var paths []string
	for _, dir := range []string{p.Home, p.envPath("ZDOTDIR")} {
		if filepath.IsAbs(dir) {
			for _, name := range startupFiles {
				paths = append(paths, filepath.Join(dir, name))
			}
		}
	}
	// A non-interactive bash reads $BASH_ENV, and sh $ENV.
	for _, v := range []string{"BASH_ENV", "ENV"} {
		if path := p.envPath(v); path != "" {
			paths = append(paths, path)
		}
	}
	if a != Claude {
		return paths, nil
	}
	// Claude Code sources $CLAUDE_ENV_FILE before each command, and the
	// snapshot of the user's shell it took at start.
	// https://code.claude.com/docs/en/settings#environment-variables
	if path := p.envPath("CLAUDE_ENV_FILE"); path != "" {
		paths = append(paths, path)
	}
	for _, dir := range claudeDirs(p) {
		snaps, err := f.Glob(filepath.Join(dir, "shell-snapshots", "snapshot-*"))
		if err != nil {
			return nil, err
		}
		// Their names hold the time they were taken: snapshot-bash-1760627850286-hk1p23.sh.
		slices.SortFunc(snaps, func(x, y string) int { return strings.Compare(snapshotTime(x), snapshotTime(y)) })
		paths = append(paths, snaps[max(0, len(snaps)-maxSnapshots):]...)
	}
	return paths, nil
}

// snapshotTime returns the part of a snapshot's name that orders it in
// time, its milliseconds padded to compare as text.
func snapshotTime(path string) string {
	parts := strings.Split(filepath.Base(path), "-")
	if len(parts) < 3 {
		return ""
	}
	return fmt.Sprintf("%20s", parts[2])
}

// claudeDirs returns Claude Code's user directories: $CLAUDE_CONFIG_DIR,
// which takes the place of ~/.claude when it is set, and ~/.claude, in
// case it is still read.
func claudeDirs(p Places) []string {
	var dirs []string
	if d := p.envPath("CLAUDE_CONFIG_DIR"); d != "" {
		dirs = append(dirs, d)
	}
	if filepath.IsAbs(p.Home) {
		dirs = append(dirs, filepath.Join(p.Home, ".claude"))
	}
	return dirs
}

// readLimited reads a file that is at most limit bytes long.
func readLimited(f Files, name string, limit int64) ([]byte, error) {
	if f.Open == nil {
		return nil, fs.ErrNotExist
	}
	file, err := f.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	var b bytes.Buffer
	if info, err := file.Stat(); err == nil && info.Size() <= limit {
		b.Grow(int(info.Size()) + bytes.MinRead)
	}
	if _, err := b.ReadFrom(io.LimitReader(file, limit+1)); err != nil {
		return nil, err
	}
	if int64(b.Len()) > limit {
		return nil, fmt.Errorf("%s: longer than %d bytes", name, limit)
	}
	return b.Bytes(), nil
}

// defines reports whether shell text may define name as a function or an
// alias. It matches generously, comments included: a false yes only leaves
// a command as it is.
func defines(text []byte, name string) bool {
	if definesPlain(text, name) {
		return true
	}
	// Claude Code's snapshots keep each function as
	// eval "$(echo 'BASE64' | base64 -d)" > /dev/null 2>&1.
	const pipe = "| base64 -"
	var buf []byte
	for off := 0; ; {
		i := bytes.Index(text[off:], []byte(pipe))
		if i < 0 {
			return false
		}
		i += off
		off = i + len(pipe)
		if opt := text[off:]; !bytes.HasPrefix(opt, []byte("d")) && !bytes.HasPrefix(opt, []byte("-decode")) {
			continue
		}
		end := bytes.LastIndexByte(text[:i], '\'')
		start := bytes.LastIndexByte(text[:max(end, 0)], '\'')
		if start < 0 {
			return true // encoded in a way not understood
		}
		// The decoder skips line breaks; other blanks and the
		// backslashes of continued lines are taken out first.
		blob := text[start+1 : end]
		var err error
		if buf, err = base64.StdEncoding.AppendDecode(buf[:0], blob); err != nil {
			blob = bytes.Map(func(r rune) rune {
				if r == ' ' || r == '\t' || r == '\\' {
					return -1
				}
				return r
			}, blob)
			buf, err = base64.StdEncoding.AppendDecode(buf[:0], blob)
		}
		if err != nil || definesPlain(buf, name) {
			return true
		}
	}
}

// definesPlain reports whether shell text has name where a function
// definition ("name()", "function name") or an alias ("alias name=")
// would.
func definesPlain(text []byte, name string) bool {
	for i := range wordStarts(text, name) {
		before := text[bytes.LastIndexByte(text[:i], '\n')+1 : i]
		after := text[i+len(name):]
		rest := bytes.TrimLeft(after, " \t")
		switch {
		case bytes.HasPrefix(rest, []byte("(")) && bytes.HasPrefix(bytes.TrimLeft(rest[1:], " \t"), []byte(")")):
			return true // name() or name ()
		case bytes.HasPrefix(after, []byte("=")) && hasWord(before, "alias"):
			return true
		case hasWord(before, "function") && (len(after) == 0 || wordEdge(after[0])):
			return true
		}
	}
	return false
}

// wordStarts yields the offsets in text where w starts a word.
func wordStarts(text []byte, w string) iter.Seq[int] {
	return func(yield func(int) bool) {
		for off := 0; ; {
			i := bytes.Index(text[off:], []byte(w))
			if i < 0 {
				return
			}
			i += off
			off = i + 1
			if (i == 0 || wordEdge(text[i-1])) && !yield(i) {
				return
			}
		}
	}
}

// hasWord reports whether text has w as a whole word.
func hasWord(text []byte, w string) bool {
	for i := range wordStarts(text, w) {
		if end := i + len(w); end == len(text) || wordEdge(text[end]) {
			return true
		}
	}
	return false
}

// wordEdge reports whether c may stand next to a name in shell text
// without being part of it.
func wordEdge(c byte) bool {
	return strings.IndexByte(" \t\r\n;&|(){}'\"`", c) >= 0
}

// Executable returns a function that says why exec cannot run the file a
// command names by path, relative to dir, as it is, or nil when it can. A
// shell runs a file that is neither a binary nor a script starting with #!
// as a shell script, which headroom run cannot.
func Executable(f Files, dir string) func(path string) error {
	return func(path string) error {
		if !filepath.IsAbs(path) {
			if !filepath.IsAbs(dir) {
				return errors.New("is relative to a directory the hook does not know")
			}
			path = filepath.Join(dir, path)
		}
		if f.Open == nil {
			return errors.New("cannot be looked at")
		}
		file, err := f.Open(path)
		if err != nil {
			return errors.New("cannot be looked at")
		}
		defer file.Close()
		info, err := file.Stat()
		switch {
		case err != nil:
			return errors.New("cannot be looked at")
		case !info.Mode().IsRegular():
			return errors.New("is not a regular file")
		case info.Mode().Perm()&0o111 == 0:
			return errors.New("is not executable")
		}
		head := make([]byte, 4)
		n, _ := io.ReadFull(file, head)
		if isExecutable(head[:n]) {
			return nil
		}
		return errors.New("the shell would run as a script but exec cannot")
	}
}

// isExecutable reports whether a file starting with head is one the kernel
// runs: a script naming its interpreter, or an ELF or Mach-O binary.
func isExecutable(head []byte) bool {
	if bytes.HasPrefix(head, []byte("#!")) {
		return true
	}
	for _, magic := range []string{"\x7fELF", "\xfe\xed\xfa\xce", "\xfe\xed\xfa\xcf", "\xce\xfa\xed\xfe", "\xcf\xfa\xed\xfe", "\xca\xfe\xba\xbe"} {
		if string(head) == magic {
			return true
		}
	}
	return false
}
