package reduce

import (
	"sort"
	"strings"

	"github.com/headroom-cli/headroom/elision"
)

// sharedPart is one object that records hold under a key, by its name and
// version members as the input writes them; or, for one that has no
// version, by its name and the first member that marks it true (go's main
// module, "Main": true), with marked set.
type sharedPart struct {
	name, version string
	marked        bool
}

// sharedParts names the objects that a stream's records hold under one key
// and share, such as the module a go list package comes from: a line for
// each distinct one, by its name and its version, when a few of them serve
// many records, in at most limit tokens; or "". A version is what a person
// reading such records looks for, and a line for each record cannot show
// it.
func sharedParts(b []byte, items []seg, limit int, c Counter) string {
	type under struct {
		key   string
		n     int
		parts map[sharedPart]bool
	}
	var keys []*under
	byKey := map[string]*under{}
	for _, it := range items {
		if kindAt(b, it.start) != jObject {
			continue
		}
		eachMember(b, it.start, func(key, v seg) bool {
			if kindAt(b, v.start) != jObject {
				return true
			}
			p, ok := versioned(b, v)
			if !ok {
				return true
			}
			k := string(b[key.start:key.end])
			u := byKey[k]
			if u == nil {
				u = &under{key: k, parts: map[sharedPart]bool{}}
				byKey[k] = u
				keys = append(keys, u)
			}
			u.n++
			u.parts[p] = true
			return true
		})
	}
	var best *under
	for _, u := range keys {
		if best == nil || u.n > best.n {
			best = u
		}
	}
	// A few objects serve many records: each is named once.
	if best == nil || len(best.parts) < 2 || len(best.parts)*sharedLeast > best.n {
		return ""
	}
	parts := make([]sharedPart, 0, len(best.parts))
	for p := range best.parts {
		parts = append(parts, p)
	}
	// The objects the input marks, such as the module the records were
	// built in, lead: a person looks for the project before what it uses.
	sort.Slice(parts, func(i, j int) bool {
		if parts[i].marked != parts[j].marked {
			return parts[i].marked
		}
		if parts[i].name != parts[j].name {
			return parts[i].name < parts[j].name
		}
		return parts[i].version < parts[j].version
	})
	var sb strings.Builder
	sb.WriteString("[headroom: the records' " + elision.Thousands(int64(len(parts))) + " distinct " + best.key + " objects by name and version:]")
	cost := c.Count([]byte(sb.String()))
	if cost > limit {
		return ""
	}
	more := func(n int) string {
		return "\n  and " + elision.Thousands(int64(n)) + " more " + best.key + " objects"
	}
	for i, p := range parts {
		l := "\n  " + best.key + ": {" + p.name + ", " + p.version + "}"
		// The last line must leave room to count those after it.
		rest := 0
		if i < len(parts)-1 {
			rest = c.Count([]byte(more(len(parts) - i - 1)))
		}
		lc := c.Count([]byte(l))
		if cost+lc+rest > limit {
			if i == 0 {
				return ""
			}
			sb.WriteString(more(len(parts) - i))
			break
		}
		cost += lc
		sb.WriteString(l)
	}
	return sb.String()
}

// sharedShare: the objects records share take at most one in sharedShare
// of the room that names the records.
const sharedShare = 8

// sharedLeast: the objects records share are named when each serves at
// least sharedLeast records on average.
const sharedLeast = 2

// versioned returns the name and the version of the object at v, as the
// input writes its members ("Path": "m", "Version": "v1.2.3"): its member
// named version, and its first other member that is a string; ok is false
// when it has no such pair. An object with a name and no version is named
// by its first member that is true instead, as go's main module
// ("Main": true), which has no version of its own.
func versioned(b []byte, v seg) (sharedPart, bool) {
	var p sharedPart
	mark := ""
	eachMember(b, v.start, func(key, val seg) bool {
		m := string(b[key.start:key.end]) + ": " + string(b[val.start:val.end])
		if kindAt(b, val.start) != jString {
			if mark == "" && string(b[val.start:val.end]) == "true" {
				mark = m
			}
			return true
		}
		switch {
		case p.version == "" && strings.EqualFold(string(b[key.start:key.end]), `"version"`):
			p.version = m
		case p.name == "":
			p.name = m
		}
		return p.name == "" || p.version == ""
	})
	if p.version == "" && mark != "" {
		p.version, p.marked = mark, true
	}
	return p, p.name != "" && p.version != ""
}
