package reduce

import (
	"sort"
	"strings"
)

// A nested list a view cuts (the files of a directory in tree -J, the
// entries of a dependency tree) says in its note only how many items it
// leaves out. When its items are records named by a key, the note names
// those it leaves out in folds, as a record list's names are (see
// recordNames): as many as fit in the level's room for a string, the rest
// counted, each fold a record that holds only the key, so that the view is
// still JSON. A map of records cut so (a package's dependencies in npm ls)
// names those it leaves out by their keys, each fold a member.

// gapKey names the names of a cut run: the items from through to of the
// array at at, in folds of at most limit bytes; with no limit, all of them.
type gapKey struct{ at, from, to, limit int }

// gapNames returns the names of the items from through to of the array c
// at at, or of the members of the map of records c, the first as many as
// fit in limit bytes of folds; nil if the run is too short to name or no
// key names its records (see runNames).
func (d *jsonDoc) gapNames(at int, c *container, from, to, limit int) *recordNames {
	if to-from+1 < minRecords || c.kinds[jObject] != c.n || c.object && !c.mapLike {
		return nil
	}
	if d.gaps == nil {
		d.gaps = map[gapKey]*recordNames{}
	}
	key := gapKey{at, from, to, limit}
	if rn, ok := d.gaps[key]; ok {
		return rn
	}
	var rn *recordNames
	if all := d.runNames(at, from, to); all != nil {
		rn = &recordNames{key: all.key, colon: all.colon, names: all.names, width: listFoldWide}
		// Folds are shorter than the names on a line each: no more
		// names fit than those whose text is twice limit.
		hi, size := len(rn.names), 0
		for i, name := range rn.names {
			if size += len(name) + 1; size > 2*limit {
				hi = i
				break
			}
		}
		rn.m = sort.Search(hi+1, func(m int) bool {
			rn.m = m
			return len(strings.Join(rn.folds(), "\n")) > limit
		}) - 1
		if rn.m < minRecords || !rn.folded() {
			rn = nil
		}
	}
	d.gaps[key] = rn
	return rn
}

// runNames returns the names of all the records from through to of the
// array at at, by the key that tells them apart, or of the map at at, by
// their keys; or nil if none does (see namePaths and newRecordNames). The
// key is the run's own: a list may end in a record of another kind, as
// tree -J's report.
func (d *jsonDoc) runNames(at, from, to int) *recordNames {
	key := gapKey{at, from, to, -1}
	if rn, ok := d.gaps[key]; ok {
		return rn
	}
	var items, keys []seg
	i := 0
	member := func(key, val seg) bool {
		if i >= from {
			items, keys = append(items, val), append(keys, key)
		}
		i++
		return i <= to
	}
	object := d.b[at] == '{'
	if object {
		d.eachMember(at, member)
	} else {
		d.eachItem(at, func(start, end int) bool { return member(seg{}, seg{start, end}) })
	}
	var named *recordNames
	if object {
		// A map's records are named by their keys.
		if rn, ok := newRecordNames(d.b, keys, nil); ok {
			named = rn
		}
	} else if path := newRecordSet(d.b, items).recordKey(); path != nil {
		for _, p := range namePaths(d.b, items, path) {
			if rn, ok := newRecordNames(d.b, items, p); ok {
				named = rn
				break
			}
		}
	}
	d.gaps[key] = named
	return named
}
