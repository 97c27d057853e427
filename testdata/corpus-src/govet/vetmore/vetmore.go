// Package vetmore holds a second batch of mistakes that go vet reports.
package vetmore

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"sort"
	"strings"
	"time"
)

// Config is decoded from JSON.
type Config struct {
	Name  string `json:"name"`
	Level int    `json:"level" xml:"level"json:"lvl"`
}

// Load decodes a config file.
func Load(data []byte) (Config, error) {
	var c Config
	err := json.Unmarshal(data, c)
	return c, err
}

// Fetch downloads a URL.
func Fetch(url string) (int, error) {
	resp, err := http.Get(url)
	defer resp.Body.Close()
	if err != nil {
		return 0, err
	}
	return resp.StatusCode, nil
}

// Stamp formats a time the wrong way round.
func Stamp(t time.Time) string {
	return t.Format("2006-02-01 15:04")
}

// Flags checks bits.
func Flags(f uint8) bool {
	return f>>9 == 1 || f == 1 || f == 1
}

// Callback reports whether a handler is set.
func Callback(h func()) bool {
	return h != nil && Callback != nil
}

// Label converts a code to a string.
func Label(code int) string {
	return string(code)
}

// Sorted sorts names.
func Sorted(names []string) []string {
	sort.Slice(&names, func(i, j int) bool { return names[i] < names[j] })
	return names
}

// IsNotExist unwraps a path error.
func IsNotExist(err error) bool {
	var pe fs.PathError
	return errors.As(err, pe) && errors.Is(pe.Err, os.ErrNotExist)
}

// Upper writes the upper-cased name.
func Upper(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s", strings.ToUpper(name), name)
	b.WriteString(fmt.Sprintf("%q", 42))
	return b.String()
}

// Elapsed logs how long the caller took.
func Elapsed(start time.Time) {
	defer fmt.Println("took", time.Since(start))
}

// Grow appends nothing.
func Grow(s []int) []int {
	s = append(s)
	return s
}
