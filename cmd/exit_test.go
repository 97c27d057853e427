package cmd

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// run runs headroom in-process with stdin, in a fresh directory holding
// its own store, and returns the exit status and both streams.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	store := filepath.Join(t.TempDir(), "store")
	env := map[string]string{"HEADROOM_STORE": store}
	code := Run(args, strings.NewReader(stdin), &out, &errb, func(k string) string { return env[k] })
	return code, out.String(), errb.String()
}

func TestExitStatus(t *testing.T) {
	big := strings.Repeat("a line of output that repeats with a number 12345\nand another one\n", 2000)
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  int
	}{
		{"clip within budget", "ok\n", []string{"clip"}, ExitOK},
		{"clip over budget", big, []string{"clip"}, ExitOK},
		{"clip unwritable store", big, []string{"clip", "--store", "/dev/null/store"}, ExitOK},
		{"clip missing file", "", []string{"clip", "/nonexistent/file"}, ExitFailure},
		{"clip bad flag", "", []string{"clip", "--nope"}, ExitUsage},
		{"clip bad budget", "", []string{"clip", "--budget", "x"}, ExitUsage},
		{"clip budget too small", "", []string{"clip", "--budget", "10"}, ExitUsage},
		{"clip bad tool", "", []string{"clip", "--tool", "nope"}, ExitUsage},
		{"clip bad encoding", "", []string{"clip", "--encoding", "nope"}, ExitUsage},
		{"clip two files", "", []string{"clip", "a", "b"}, ExitUsage},
		{"expand malformed", "", []string{"expand", "../etc"}, ExitUsage},
		{"expand unknown", "", []string{"expand", "abcdef"}, ExitFailure},
		{"expand no hash", "", []string{"expand"}, ExitUsage},
		{"expand bad range", "", []string{"expand", "abcdef", "--lines", "3:1"}, ExitUsage},
		{"unknown command", "", []string{"frob"}, ExitUsage},
		{"version", "", []string{"version"}, ExitOK},
		{"prune", "", []string{"prune"}, ExitOK},
		{"prune bad size", "", []string{"prune", "--max-size", "big"}, ExitUsage},
		{"gain", "", []string{"gain"}, ExitOK},
		{"stats", "", []string{"stats", "--json"}, ExitOK},
		{"gain bad since", "", []string{"gain", "--since", "yesterday"}, ExitUsage},
		{"gain argument", "", []string{"gain", "all"}, ExitUsage},
		{"ls", "", []string{"ls"}, ExitOK},
		{"ls bad limit", "", []string{"ls", "-n", "-1"}, ExitUsage},
		{"expand @last of nothing", "", []string{"expand", "@last"}, ExitFailure},
		{"expand @0", "", []string{"expand", "@0"}, ExitUsage},
		{"expand @-1", "", []string{"expand", "@-1"}, ExitUsage},
		{"expand @latest", "", []string{"expand", "@latest"}, ExitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, tt.stdin, tt.args...)
			if code != tt.want {
				t.Errorf("exit %d, want %d; stderr: %s", code, tt.want, stderr)
			}
			if tt.want != ExitOK && strings.Count(stderr, "\n") != 1 {
				t.Errorf("stderr is not one line: %q", stderr)
			}
		})
	}
}

// A failing store costs the clipping, not the output: the input comes out
// unchanged with one warning and status 0.
func TestClipFailOpen(t *testing.T) {
	in := strings.Repeat("fail open keeps every byte\n", 3000)
	code, out, stderr := run(t, in, "clip", "--store", "/dev/null/store")
	if code != ExitOK || out != in {
		t.Fatalf("exit %d, output changed: %v", code, out != in)
	}
	if !strings.HasPrefix(stderr, "headroom: warning: ") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr = %q, want one warning line", stderr)
	}
}

// Standard input that is a terminal gets a hint and status 2 instead of a
// wait for typing.
func TestClipTerminalStdin(t *testing.T) {
	tty := openTerminal(t)
	var out, errb bytes.Buffer
	code := Run([]string{"clip"}, tty, &out, &errb, func(string) string { return "" })
	if code != ExitUsage {
		t.Fatalf("exit %d, want %d", code, ExitUsage)
	}
	if !strings.Contains(errb.String(), "pipe a command into headroom clip") {
		t.Errorf("stderr = %q, want a usage hint", errb.String())
	}
}

// Bars are drawn on a terminal only, and coloured unless NO_COLOR is set.
func TestReportStyle(t *testing.T) {
	tty := openTerminal(t)
	file, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	noColor := func(k string) string {
		if k == "NO_COLOR" {
			return "1"
		}
		return ""
	}
	for _, tt := range []struct {
		name         string
		w            io.Writer
		getenv       func(string) string
		bars, colour bool
	}{
		{"terminal", tty, func(string) string { return "" }, true, true},
		{"terminal, NO_COLOR", tty, noColor, true, false},
		{"buffer", new(bytes.Buffer), func(string) string { return "" }, false, false},
		{"file", file, func(string) string { return "" }, false, false},
	} {
		if st := reportStyle(tt.w, tt.getenv); st.Bars != tt.bars || st.Colour != tt.colour {
			t.Errorf("%s: %+v, want bars %v, colour %v", tt.name, st, tt.bars, tt.colour)
		}
	}
}

// openTerminal opens the follower side of a new pseudo-terminal.
func openTerminal(t *testing.T) *os.File {
	t.Helper()
	leader, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { leader.Close() })
	fd := int(leader.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlock pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Skipf("name pseudo-terminal: %v", err)
	}
	f, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR, 0)
	if err != nil {
		t.Skipf("open pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestVersionString(t *testing.T) {
	old := version
	t.Cleanup(func() { version = old })
	version = "v1.2.3"
	if got := versionString(); got != "v1.2.3" {
		t.Errorf("versionString() = %q with ldflags set, want v1.2.3", got)
	}
	version = ""
	if got := versionString(); got == "" || got == "v1.2.3" {
		t.Errorf("versionString() = %q without ldflags, want the build info's", got)
	}
}

// A working directory that was deleted loses no input (review M5): clip
// clips into a fallback store, or the one named, and run runs its command.
func TestGoneWorkingDirectory(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("TMPDIR", t.TempDir())
	gone := filepath.Join(t.TempDir(), "gone")
	if err := os.Mkdir(gone, 0o700); err != nil {
		t.Fatal(err)
	}
	t.Chdir(gone)
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	noEnv := func(string) string { return "" }
	headroom := func(stdin string, args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(args, strings.NewReader(stdin), &out, &errb, noEnv)
		return code, out.String(), errb.String()
	}
	if code, out, stderr := headroom("hello\n", "clip"); code != ExitOK || out != "hello\n" || stderr != "" {
		t.Errorf("clip of a short input: exit %d, %q, stderr %q", code, out, stderr)
	}
	big := strings.Repeat("a line of output in a directory that is gone\n", 3000)
	code, out, stderr := headroom(big, "clip")
	if code != ExitOK || !strings.HasPrefix(out, "[headroom: ") || !strings.Contains(out, filepath.Join(cache, "headroom")) || stderr != "" {
		t.Errorf("clip: exit %d, stderr %q, view %.200q; want a view stored under %s", code, stderr, out, cache)
	}
	named := filepath.Join(t.TempDir(), "named")
	if code, out, _ := headroom(big, "clip", "--store", named); code != ExitOK || !strings.Contains(out, named) {
		t.Errorf("clip --store: exit %d, view %.200q", code, out)
	}
	if code, out, stderr := headroom("", "run", "--", "/bin/echo", "RAN"); code != ExitOK || out != "RAN\n" || stderr != "" {
		t.Errorf("run: exit %d, %q, stderr %q; want the command run", code, out, stderr)
	}
	// doctor says so, and what clip does there, instead of failing.
	code, out, stderr = headroom("", "doctor")
	for _, want := range []string{
		"store     none here: the current directory is gone\n",
		"fallback  " + filepath.Join(cache, "headroom") + "\n",
		"project: cannot tell: the current directory is gone\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor does not say %q:\n%s", want, out)
		}
	}
	if code != ExitOK || stderr != "" {
		t.Errorf("doctor: exit %d, stderr %q", code, stderr)
	}
}
