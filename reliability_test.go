package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// headroomBin returns a path that runs this test binary as headroom:
// testscript.Main dispatches on the program's name.
func headroomBin(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "headroom")
	if err := os.Symlink(self, bin); err != nil {
		t.Fatal(err)
	}
	return bin
}

func realLog(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/sample/go-doc-strings.txt")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func hashOf(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func headroom(t *testing.T, bin, store string, stdin io.Reader, args ...string) (string, string, error) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "HEADROOM_STORE="+store)
	cmd.Stdin = stdin
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return out.String(), errb.String(), err
}

// 64 clips at once into one store, half of the same output and half of
// different ones: every entry whole, every expand exact, no temp file left.
func TestConcurrentClips(t *testing.T) {
	bin := headroomBin(t)
	store := filepath.Join(t.TempDir(), "store")
	base := realLog(t)
	const n = 64
	inputs := make([][]byte, n)
	for i := range inputs {
		if i%2 == 0 {
			inputs[i] = base
		} else {
			inputs[i] = append([]byte(fmt.Sprintf("run %d\n", i)), base...)
		}
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			out, stderr, err := headroom(t, bin, store, bytes.NewReader(inputs[i]), "clip", "--budget", "300")
			if err == nil && (stderr != "" || !strings.Contains(out, hashOf(inputs[i])[:12])) {
				err = fmt.Errorf("stderr %q, view without its hash", stderr)
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, in := range inputs {
		if errs[i] != nil {
			t.Fatalf("clip %d: %v", i, errs[i])
		}
		out, _, err := headroom(t, bin, store, nil, "expand", hashOf(in))
		if err != nil || out != string(in) {
			t.Fatalf("expand %d: %v, exact %v", i, err, out == string(in))
		}
	}
	temps, _ := os.ReadDir(filepath.Join(store, "tmp"))
	if len(temps) != 0 {
		t.Errorf("%d temporary files left", len(temps))
	}
}

// 64 clips and runs at once append to one ledger that is just under its
// cap, so that one of them cuts it while the others wait: every line is a
// whole record, and every input, clipped or passed through, has its one.
func TestConcurrentLedger(t *testing.T) {
	bin := headroomBin(t)
	store := filepath.Join(t.TempDir(), "store")
	base := realLog(t)
	if _, _, err := headroom(t, bin, store, bytes.NewReader(base), "clip", "--budget", "300"); err != nil {
		t.Fatal(err)
	}
	ledger := filepath.Join(store, "ledger.jsonl")
	var filler bytes.Buffer
	for i := 0; filler.Len() < 4<<20-2000; i++ {
		fmt.Fprintf(&filler, `{"time":"2026-11-20T09:00:00Z","via":"run","command":"filler %d","passed":true,"bytes_in":3,"bytes_out":3,"uncounted":true}`+"\n", i)
	}
	if err := os.WriteFile(ledger, filler.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	const n = 64
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			args := []string{"clip", "--budget", "300"}
			in := append([]byte(fmt.Sprintf("input %d\n", i)), base...)
			switch i % 4 {
			case 1:
				in = []byte(fmt.Sprintf("input %d fits\n", i))
			case 2:
				args = []string{"run", "--budget", "300", "--", "sh", "-c", fmt.Sprintf("echo input %d; cat", i)}
			case 3:
				args = []string{"run", "--", "echo", "input", strconv.Itoa(i)}
			}
			_, stderr, err := headroom(t, bin, store, bytes.NewReader(in), args...)
			if err == nil && withoutHeartbeats(stderr) != "" {
				err = fmt.Errorf("stderr %q", stderr)
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("input %d: %v", i, err)
		}
	}
	b, err := os.ReadFile(ledger)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 4<<20 || !bytes.HasSuffix(b, []byte("\n")) {
		t.Errorf("ledger of %d bytes, want it cut below 4 MiB, ending a line", len(b))
	}
	seen := map[string]int{}
	for i, line := range bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n")) {
		var r struct {
			Via, Command, Hash string
			Passed             bool
		}
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatalf("line %d is not a record: %v: %q", i+1, err, line)
		}
		if strings.HasPrefix(r.Command, "filler ") {
			continue
		}
		seen[r.Via+" passed="+strconv.FormatBool(r.Passed)]++
	}
	want := map[string]int{"clip passed=false": n / 4, "clip passed=true": n / 4, "run passed=false": n / 4, "run passed=true": n / 4}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("records after the cut: %v, want %v", seen, want)
	}
}

// withoutHeartbeats is stderr less the lines run prints while its command
// still runs: on a loaded machine 64 at once can take longer than the
// first heartbeat, and a heartbeat is not a fault.
func withoutHeartbeats(stderr string) string {
	var rest strings.Builder
	for line := range strings.Lines(stderr) {
		if !strings.HasPrefix(line, "headroom: still running after ") {
			rest.WriteString(line)
		}
	}
	return rest.String()
}

// A clip killed while it spools leaves no entry that expand would serve,
// only a temporary file that prune sweeps once it is stale.
func TestKilledClipLeavesNoEntry(t *testing.T) {
	bin := headroomBin(t)
	store := filepath.Join(t.TempDir(), "store")
	cmd := exec.Command(bin, "clip")
	cmd.Env = append(os.Environ(), "HEADROOM_STORE="+store)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	part := bytes.Repeat(realLog(t), 60) // past the in-memory limit, so it spools
	if _, err := stdin.Write(part); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	spool := waitForSpool(t, filepath.Join(store, "tmp"), exited)
	cmd.Process.Kill()
	<-exited

	objects, _ := filepath.Glob(filepath.Join(store, "objects", "*", "*"))
	if len(objects) != 0 {
		t.Fatalf("a killed clip left entries: %v", objects)
	}
	if _, stderr, err := headroom(t, bin, store, nil, "expand", hashOf(part)); err == nil || !strings.Contains(stderr, "no such entry") {
		t.Errorf("expand of the killed clip's input: %v, %q", err, stderr)
	}
	// Young temporary files may belong to a live clip; stale ones go.
	if _, _, err := headroom(t, bin, store, nil, "prune"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(spool); err != nil {
		t.Fatalf("prune removed a young temporary file: %v", err)
	}
	old := time.Now().Add(-2 * time.Hour)
	os.Chtimes(spool, old, old)
	if _, _, err := headroom(t, bin, store, nil, "prune"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(spool); !os.IsNotExist(err) {
		t.Errorf("prune left a stale temporary file: %v", err)
	}
}

// waitForSpool waits until dir holds a clip's spool and returns its path,
// however long a loaded machine takes; it fails if the process writing it
// exits first (and then hands its status back to exited). Other files pass
// through dir too: a new store writes its ignore file there and renames it
// away at once, and a test that took that file for the spool found it gone.
func waitForSpool(t *testing.T, dir string, exited chan error) string {
	t.Helper()
	for {
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			if strings.HasPrefix(e.Name(), "spool-") {
				return filepath.Join(dir, e.Name())
			}
		}
		select {
		case err := <-exited:
			exited <- err
			t.Fatalf("clip exited (%v) before its spool appeared in %s", err, dir)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// A disk that fills up while clip spools (a file size limit stands in for
// it) costs the clipping, not the output: every byte comes out, with one
// warning and status 0.
func TestFullDiskFailsOpen(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	bin := headroomBin(t)
	store := filepath.Join(t.TempDir(), "store")
	in := bytes.Repeat(realLog(t), 60) // about 1 MB
	// ulimit -f counts 1,024-byte blocks: the spool fails after 400 KB.
	cmd := exec.Command("sh", "-c", `ulimit -f 400 && exec "$0" clip`, bin)
	cmd.Env = append(os.Environ(), "HEADROOM_STORE="+store)
	cmd.Stdin = bytes.NewReader(in)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("exit: %v; stderr %q", err, errb.String())
	}
	if !bytes.Equal(out.Bytes(), in) {
		t.Fatalf("output differs from input: %d of %d bytes", out.Len(), len(in))
	}
	if s := errb.String(); !strings.HasPrefix(s, "headroom: warning: ") || strings.Count(s, "\n") != 1 {
		t.Errorf("stderr = %q, want one warning", s)
	}
	objects, _ := filepath.Glob(filepath.Join(store, "objects", "*", "*"))
	temps, _ := filepath.Glob(filepath.Join(store, "tmp", "*"))
	if len(objects)+len(temps) != 0 {
		t.Errorf("left in the store: %v %v", objects, temps)
	}
}

// A reader that goes away early gets a quiet end, and the store keeps what
// was committed.
func TestClosedPipeIsQuiet(t *testing.T) {
	bin := headroomBin(t)
	store := filepath.Join(t.TempDir(), "store")
	in := bytes.Repeat(realLog(t), 60)
	for _, args := range [][]string{{"clip", "--budget", "100000"}, {"expand", hashOf(in)}} {
		cmd := exec.Command("sh", append([]string{"-c", `"$0" "$@" | head -c 10 >/dev/null`, bin}, args...)...)
		cmd.Env = append(os.Environ(), "HEADROOM_STORE="+store)
		cmd.Stdin = bytes.NewReader(in)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if errb.Len() != 0 {
			t.Errorf("%v: stderr %q, want nothing", args, errb.String())
		}
	}
	out, _, err := headroom(t, bin, store, nil, "expand", hashOf(in))
	if err != nil || out != string(in) {
		t.Errorf("store damaged after a closed pipe: %v", err)
	}
}

// headroom does not need a home directory: with HOME pointing nowhere it
// clips into the work tree's store as usual.
func TestMissingHome(t *testing.T) {
	bin := headroomBin(t)
	dir := t.TempDir()
	in := realLog(t)
	cmd := exec.Command(bin, "clip", "--budget", "300")
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + filepath.Join(dir, "no", "such", "home"), "PATH=" + os.Getenv("PATH")}
	cmd.Stdin = bytes.NewReader(in)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil || errb.Len() != 0 {
		t.Fatalf("exit %v, stderr %q", err, errb.String())
	}
	if !strings.Contains(out.String(), hashOf(in)[:12]) {
		t.Fatalf("not clipped: %q", out.String()[:100])
	}
	if _, err := os.Stat(filepath.Join(dir, ".headroom", "objects", hashOf(in)[:2], hashOf(in)[2:])); err != nil {
		t.Errorf("original not stored in the work directory: %v", err)
	}
}
