package reduce

import (
	"bytes"
	"strconv"
)

// jkind is the type of a JSON value.
type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNumber
	jString
	jArray
	jObject
	nKinds
)

var kindNames = [nKinds][2]string{
	{"null", "nulls"}, {"boolean", "booleans"}, {"number", "numbers"},
	{"string", "strings"}, {"array", "arrays"}, {"object", "objects"},
}

// name returns the kind's name, in the plural unless n is 1.
func (k jkind) name(n int) string {
	if n == 1 {
		return kindNames[k][0]
	}
	return kindNames[k][1]
}

// kindAt returns the kind of the valid value that starts at b[i].
func kindAt(b []byte, i int) jkind {
	switch b[i] {
	case '{':
		return jObject
	case '[':
		return jArray
	case '"':
		return jString
	case 't', 'f':
		return jBool
	case 'n':
		return jNull
	}
	return jNumber
}

// Words that make a key or a value tell of a failure, in lower case.
var (
	// errorKeys hold an error whenever their value is not empty: a
	// count of errors (a linter's, for each file) when it is not 0.
	errorKeys = wordSet("error", "errors", "err", "exception", "failure", "failures", "fatal", "panic",
		"stacktrace", "traceback", "depserrors", "problems", "missing", "invalid", "extraneous",
		"errorcount", "error_count", "errors_count", "fatalerrorcount")
	// statusKeys hold a state that may be a failure.
	statusKeys = wordSet("status", "state", "result", "conclusion", "outcome", "action", "level",
		"severity", "lvl", "statuscode", "status_code", "phase", "health")
	// failStates are the values of statusKeys that are failures.
	failStates = wordSet("fail", "failed", "failure", "failing", "error", "errored", "errors", "err", "fatal",
		"panic", "panicked", "crashed", "crash", "timedout", "timed_out", "timeout", "critical", "crit",
		"broken", "aborted", "unhealthy", "build-fail", "crashloopbackoff", "emerg", "alert")
	// okKeys hold a success flag.
	okKeys = wordSet("ok", "success", "succeeded", "passed", "healthy")
)

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// lowerContent returns a string literal's content in ASCII lower case, or
// "" if it is too long to be a key or state worth matching.
func lowerContent(lit []byte) string {
	if len(lit) < 2 || len(lit) > 34 {
		return ""
	}
	var buf [32]byte
	s := buf[:len(lit)-2]
	for i, c := range lit[1 : len(lit)-1] {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		s[i] = c
	}
	return string(s)
}

// failing reports whether the member key: v (key is empty for an array
// item) tells of a failure: an error field that is not empty, a failed
// status, a success flag that is false. Objects are looked into to
// depth levels, so {"result": {"status": "failed"}} is found too.
func failing(b []byte, key, v seg, depth int) bool {
	if key.end > key.start {
		name := lowerContent(b[key.start:key.end])
		raw := b[v.start:v.end]
		switch {
		case errorKeys[name] && !emptyValue(raw):
			return true
		case statusKeys[name] && failState(name, raw):
			return true
		case okKeys[name] && string(raw) == "false":
			return true
		}
	}
	if depth <= 0 || b[v.start] != '{' {
		return false
	}
	found := false
	eachMember(b, v.start, func(k, val seg) bool {
		found = failing(b, k, val, depth-1)
		return !found
	})
	return found
}

// emptyValue reports whether a value holds nothing: null, false, 0, "",
// [] or {}. A count of zero is empty however it is written: 0.0, or "0"
// as a JUnit report turned into JSON writes its attributes.
func emptyValue(raw []byte) bool {
	switch string(raw) {
	case "null", "false", "0", `""`:
		return true
	}
	if zero(bytes.Trim(raw, `"`)) {
		return true
	}
	if raw[0] == '[' || raw[0] == '{' {
		return len(bytes.TrimSpace(raw[1:len(raw)-1])) == 0
	}
	return false
}

// zero reports whether c writes the number zero: 0, 0.0, 00.
func zero(c []byte) bool {
	digits, dots := 0, 0
	for _, ch := range c {
		switch ch {
		case '0':
			digits++
		case '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}

// failState reports whether the value of a status key is a failure: a
// failure word, an HTTP status of 500 or more, or a numeric log level of
// error or worse (pino and bunyan write 50 for error).
func failState(key string, raw []byte) bool {
	if raw[0] == '"' {
		return failStates[lowerContent(raw)]
	}
	n, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		return false
	}
	if key == "level" || key == "lvl" || key == "severity" {
		return n >= 50 && n < 100
	}
	return n >= 500 && n < 600
}

// signature returns a hash of a value's shape: its kind and, for an object,
// its keys and the kinds of their values, in any order. Items of an array
// with the same signature look alike to a reader.
func signature(b []byte, v seg) uint64 {
	k := kindAt(b, v.start)
	h := uint64(k) + 1
	if k != jObject {
		return h
	}
	eachMember(b, v.start, func(key, val seg) bool {
		// Summing mixed hashes ignores the order of the keys.
		h += mix(fnv(b[key.start:key.end]) ^ uint64(kindAt(b, val.start)))
		return true
	})
	return h
}

func fnv(p []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range p {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// mix scrambles a hash so that sums of hashes rarely collide
// (splitmix64's finaliser).
func mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>31
}

// A linter's message, as ESLint's JSON report writes them, is
// {"ruleId": ..., "severity": 2, ...}, where 2 is an error and 1 a
// warning. The severity tells so only beside a ruleId: elsewhere a small
// severity is as often a syslog level, where 2 is critical, or a rank.
const (
	lintWarning = 1
	lintError   = 2
)

// lintRule returns the rule and severity of the linter's message v, or
// "" and 0 if v is none.
func lintRule(b []byte, v seg) (string, int) {
	if b[v.start] != '{' {
		return "", 0
	}
	var rule, severity seg
	eachMember(b, v.start, func(k, val seg) bool {
		switch string(b[k.start:k.end]) {
		case `"ruleId"`:
			rule = val
		case `"severity"`:
			severity = val
		}
		return true
	})
	if rule.end == rule.start || severity.end-severity.start != 1 {
		return "", 0
	}
	switch b[severity.start] {
	case '1':
		return string(b[rule.start:rule.end]), lintWarning
	case '2':
		return string(b[rule.start:rule.end]), lintError
	}
	return "", 0
}
