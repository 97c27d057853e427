package cmd

import (
	"bufio"
	"bytes"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// A heartbeat tells only when the command printed since it last told, and
// never once stopped.
func TestHeartbeatBeat(t *testing.T) {
	var out bytes.Buffer
	h := &heartbeat{w: &out}
	h.beat(5 * time.Second)
	if out.Len() != 0 {
		t.Errorf("a heartbeat before any output: %q", out.String())
	}
	h.count([]byte("=== RUN   TestA\n--- PASS: TestA (0.00s)\n"))
	h.beat(5 * time.Second)
	h.beat(15 * time.Second)
	h.count([]byte("=== RUN   TestB\n"))
	h.beat(35 * time.Second)
	h.count([]byte("partial"))
	h.stop()
	h.beat(75 * time.Second)
	want := "headroom: still running after 5s, 2 lines so far; the view follows when it exits\n" +
		"headroom: still running after 35s, 3 lines so far; the view follows when it exits\n"
	if out.String() != want {
		t.Errorf("heartbeats:\n%s\nwant:\n%s", out.String(), want)
	}
	h = &heartbeat{w: &out}
	out.Reset()
	h.count([]byte("50%\r"))
	h.beat(5 * time.Second)
	if want := "headroom: still running after 5s, 4 bytes so far; the view follows when it exits\n"; out.String() != want {
		t.Errorf("heartbeat without a line: %q, want %q", out.String(), want)
	}
}

// lineWriter is one stream for run's standard output and error, as agents
// read them, that hands each line it completes to a channel.
type lineWriter struct {
	mu    sync.Mutex
	all   bytes.Buffer
	part  []byte
	lines chan string
}

func (w *lineWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.all.Write(b)
	w.part = append(w.part, b...)
	for {
		i := bytes.IndexByte(w.part, '\n')
		if i < 0 {
			return len(b), nil
		}
		select {
		case w.lines <- string(w.part[:i]):
		default:
		}
		w.part = w.part[i+1:]
	}
}

// While a command runs and prints, run says so on standard error before
// the command exits, then prints the command's output as it would have:
// the heartbeat comes before it, and the output is unchanged.
func TestRunHeartbeat(t *testing.T) {
	defer func(s beatSchedule) { heartbeats = s }(heartbeats)
	heartbeats = beatSchedule{first: time.Millisecond, most: time.Millisecond}
	stdin, feed := io.Pipe()
	w := &lineWriter{lines: make(chan string, 100)}
	getenv := func(k string) string {
		if k == "HEADROOM_STORE" {
			return filepath.Join(t.TempDir(), "store")
		}
		return ""
	}
	code := make(chan int)
	go func() {
		// The command prints a line, then waits for the test to see a
		// heartbeat: only a heartbeat can reach the test before the
		// command exits.
		code <- Run([]string{"run", "--", "sh", "-c", "echo one; read x; echo two"}, stdin, w, w, getenv)
	}()
	beat := regexp.MustCompile(`^headroom: still running after \d+s, 1 line so far; the view follows when it exits$`)
	for line := range w.lines {
		if beat.MatchString(line) {
			break
		}
		t.Fatalf("before the command exits, run printed %q", line)
	}
	feed.Close()
	if c := <-code; c != ExitOK {
		t.Fatalf("exit %d", c)
	}
	// Lines read while the command waited say what they said before; the
	// command's output comes whole after them.
	sc := bufio.NewScanner(strings.NewReader(w.all.String()))
	var rest []string
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), "headroom: still running after ") {
			rest = append(rest, sc.Text())
		} else if len(rest) > 0 {
			t.Errorf("a heartbeat after the output began:\n%s", w.all.String())
		}
	}
	if strings.Join(rest, "\n") != "one\ntwo" {
		t.Errorf("output:\n%s\nwant one and two after the heartbeats", w.all.String())
	}
}
