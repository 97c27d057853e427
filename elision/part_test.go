package elision

import (
	"bytes"
	"crypto/sha256"
	"io"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func TestParseRange(t *testing.T) {
	tests := []struct {
		in      string
		want    Range
		wantErr bool
	}{
		{"3:7", Range{3, 7}, false},
		{"3:", Range{3, 0}, false},
		{":7", Range{1, 7}, false},
		{"5", Range{5, 5}, false},
		{"L96-1299", Range{96, 1299}, false},
		{"7:3", Range{}, true},
		{"0:3", Range{}, true},
		{":", Range{}, true},
		{"", Range{}, true},
		{"a:b", Range{}, true},
		{"-3", Range{1, 3}, false}, // "-" separates as ":" does
		{"1:2:3", Range{}, true},
		{"99999999999999999999:1", Range{}, true},
	}
	for _, tt := range tests {
		got, err := ParseRange(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseRange(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

// FuzzParseRange: any string either fails or gives a range that reads back
// the same and is ordered.
func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"3:7", "3:", ":7", "5", "L9-415", "7:3", "", ":", "1:2:3", "-", "L", "0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRange(s)
		if err != nil {
			return
		}
		if r.From < 1 || (r.To != 0 && r.To < r.From) {
			t.Fatalf("ParseRange(%q) = %v: out of order", s, r)
		}
		back, err := ParseRange(r.String())
		if err != nil || back != r {
			t.Fatalf("ParseRange(%q) = %v, which reads back as %v, %v", s, r, back, err)
		}
	})
}

// FuzzPart checks Part.Write against a plain reading of its definition.
func FuzzPart(f *testing.F) {
	// A small buffer makes most lines long ones, which are read in
	// pieces and matched and copied from the original.
	defer func(n int) { partBuffer = n }(partBuffer)
	partBuffer = 16
	f.Add([]byte("a line longer than sixteen bytes\nb\nanother line longer than the buffer"), int64(1), int64(0), "buffer$", int64(0), int64(0))
	f.Add([]byte("a\nb\nc\n"), int64(2), int64(3), "b|c", int64(0), int64(1))
	f.Add([]byte("no newline"), int64(1), int64(0), "", int64(1), int64(0))
	f.Add([]byte("\n\n\n"), int64(1), int64(2), "^$", int64(0), int64(0))
	f.Fuzz(func(t *testing.T, in []byte, from, to int64, re string, head, tail int64) {
		grep, err := regexp.Compile(re)
		if err != nil || from < 1 || (to != 0 && to < from) || head < 0 || tail < 0 || (head > 0 && tail > 0) {
			return
		}
		p := Part{Lines: &Range{from, to}, Head: head, Tail: tail}
		if re != "" {
			p.Grep = grep
		}
		var got bytes.Buffer
		err = p.Write(&got, bytes.NewReader(in))

		// The same, the slow way.
		lines := strings.SplitAfter(string(in), "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		if from > int64(len(lines)) {
			if err == nil {
				t.Fatalf("no error for lines %d: past %d lines", from, len(lines))
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		var sel []string
		for i, l := range lines {
			n := int64(i + 1)
			if n < from || (to != 0 && n > to) {
				continue
			}
			if p.Grep != nil {
				if !p.Grep.MatchString(strings.TrimSuffix(l, "\n")) {
					continue
				}
				l = strconv.FormatInt(n, 10) + ":" + l
			}
			sel = append(sel, l)
		}
		if head > 0 && int64(len(sel)) > head {
			sel = sel[:head]
		}
		if tail > 0 && int64(len(sel)) > tail {
			sel = sel[int64(len(sel))-tail:]
		}
		if want := strings.Join(sel, ""); got.String() != want {
			t.Fatalf("Write = %q, want %q", got.String(), want)
		}
	})
}

func TestPartBytes(t *testing.T) {
	in := "0123456789"
	for _, tt := range []struct {
		r    Range
		want string
		err  bool
	}{{Range{1, 3}, "012", false}, {Range{9, 0}, "89", false}, {Range{8, 99}, "789", false}, {Range{11, 12}, "", true}} {
		var b bytes.Buffer
		err := Part{Bytes: &tt.r}.Write(&b, strings.NewReader(in))
		if (err != nil) != tt.err || b.String() != tt.want {
			t.Errorf("bytes %v = %q, %v; want %q, error %v", tt.r, b.String(), err, tt.want, tt.err)
		}
	}
}

// L4: a part of an original that is one long line, as a minified file is,
// is read and matched in pieces and copied from the original: memory does
// not grow with the line.
func TestPartLongLineMemory(t *testing.T) {
	line := bytes.Repeat([]byte("abcdefgh"), 4<<20) // 32 MiB
	in := append(append([]byte("first\n"), line...), "\nlast\n"...)
	long := append(append([]byte{}, line...), '\n')
	for _, tt := range []struct {
		name string
		p    Part
		want []byte
	}{
		{"lines", Part{Lines: &Range{2, 2}}, long},
		{"grep", Part{Grep: regexp.MustCompile("gh$")}, append([]byte("2:"), long...)},
		{"grep, no match", Part{Grep: regexp.MustCompile("^x")}, nil},
		{"head", Part{Head: 2}, append([]byte("first\n"), long...)},
		{"tail", Part{Tail: 2}, append(long, "last\n"...)},
	} {
		h := sha256.New()
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		err := tt.p.Write(h, bytes.NewReader(in))
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got, want := h.Sum(nil), sha256.Sum256(tt.want); !bytes.Equal(got, want[:]) {
			t.Errorf("%s: wrong output", tt.name)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 2<<20 {
			t.Errorf("%s: allocated %d bytes for a %d-byte line", tt.name, alloc, len(line))
		}
	}
	// Where the original cannot be read at an offset, the line is held.
	var got bytes.Buffer
	if err := (Part{Lines: &Range{2, 2}}).Write(&got, onlyReadSeeker{bytes.NewReader(in)}); err != nil || !bytes.Equal(got.Bytes(), long) {
		t.Errorf("without ReadAt: %d bytes, %v", got.Len(), err)
	}
}

type onlyReadSeeker struct{ io.ReadSeeker }
