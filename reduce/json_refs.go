package reduce

import "bytes"

// maxRefContainer is the most members a container may have for its keys
// and values to count as names of other members: larger ones are data.
const maxRefContainer = 32

// maxRefLen is the longest key or string value that counts as a name.
const maxRefLen = 64

// references maps the keys and short strings of the small containers near
// a document's root to the container they are in. A member of a large
// map whose key one of them names stands out: the direct dependencies a
// package lock's root package lists, the version a registry's dist-tags
// call latest.
type references map[string]int

// maxRefDepth is how deep in a document names are gathered.
const maxRefDepth = 4

// gather collects the names in the value at v, depth levels below the
// root, and in the first member of each large container.
func (refs references) gather(b []byte, v seg, depth int) {
	if depth >= maxRefDepth || (b[v.start] != '{' && b[v.start] != '[') {
		return
	}
	n := 0
	visit := func(key, val seg) bool {
		n++
		return n <= maxRefContainer
	}
	if b[v.start] == '{' {
		eachMember(b, v.start, visit)
	} else {
		eachItem(b, v.start, func(start, end int) bool { return visit(seg{}, seg{start, end}) })
	}
	small := n <= maxRefContainer
	walk := func(key, val seg) bool {
		if small {
			refs.add(b, key, v.start)
			if b[val.start] == '"' {
				refs.add(b, val, v.start)
			}
		}
		refs.gather(b, val, depth+1)
		// Of a large container, only the first member is looked into: it
		// is often the one the rest are about, like a lock's own package.
		return small
	}
	if b[v.start] == '{' {
		eachMember(b, v.start, walk)
	} else {
		eachItem(b, v.start, func(start, end int) bool { return walk(seg{}, seg{start, end}) })
	}
}

func (refs references) add(b []byte, lit seg, in int) {
	if lit.end-lit.start < 3 || lit.end-lit.start > maxRefLen+2 {
		return
	}
	name := string(b[lit.start+1 : lit.end-1])
	if _, ok := refs[name]; !ok {
		refs[name] = in
	}
}

// names reports whether member m of the object at in is named from
// elsewhere: its key, or the last parts of its key after a slash, as
// node_modules/chalk is named by chalk.
func (refs references) names(b []byte, in int, m member) bool {
	name := b[m.key.start+1 : m.key.end-1]
	if len(name) == 0 || len(name) > 2*maxRefLen {
		return false
	}
	for {
		if at, ok := refs[string(name)]; ok && at != in {
			return true
		}
		i := bytes.IndexByte(name, '/')
		if i < 0 {
			return false
		}
		name = name[i+1:]
	}
}
