package reduce

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The forms a record view picks are cached by the records it shows in
// full, not by how many: nameList reorders the records a list shows in
// full first (the first, the last, then the rest) and leaves that order
// for a later pass, which must not reuse a form picked for the first k
// records in the other order. Views picked with the cache filled in one
// order, then asked in another, equal views picked without it.
func TestJSONRecordPicksCachedByRecords(t *testing.T) {
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
		"kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"}
	c := counter()
	for _, every := range []int{3, 4, 7} {
		var recs []map[string]any
		for i := range 120 {
			rec := map[string]any{"path": fmt.Sprintf("lib/%s/%s", words[i/len(words)], words[i%len(words)]),
				"version": fmt.Sprintf("1.%d.0", i)}
			if i%every == 1 {
				extra := map[string]string{}
				for j := range 4 + i%9 {
					extra[fmt.Sprintf("%s%d", words[j], i)] = strings.Repeat(words[(i+j)%len(words)]+" ", 1+i%11)
				}
				rec[words[i%len(words)]+"Config"] = extra
			}
			recs = append(recs, rec)
		}
		in, err := json.MarshalIndent(recs, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		for _, budget := range []int{300, 500, 700, 1000, 1500} {
			views := func(picked map[listTry]listPick) [][]byte {
				root := seg{skipSpace(in, 0), 0}
				root.end = valueEnd(in, root.start)
				d := newJSONDoc(in, root, true)
				d.limit = budget*32 + 1024
				lists := d.recordLists()
				if len(lists) != 1 || len(lists[0].upgrades) < 4 {
					t.Fatalf("every %d: want one list with records that stand out, got %d lists", every, len(lists))
				}
				l := lists[0]
				d.listViews(lists, budget, c, false, picked)
				// As nameList leaves them: the first, the last, the rest.
				up := l.upgrades[:l.core]
				n := len(up)
				l.upgrades = append(append([]int{up[0], up[n-1]}, up[1:n-1]...), l.upgrades[l.core:]...)
				v, _ := d.listViews(lists, budget, c, false, picked)
				return v
			}
			got := views(map[listTry]listPick{})
			want := views(nil)
			if !slices.EqualFunc(got, want, bytes.Equal) {
				t.Errorf("one record in %d stands out, budget %d: views picked with the cache differ from views picked afresh:\n%s\nwant:\n%s",
					every, budget, bytes.Join(got, []byte("\n--\n")), bytes.Join(want, []byte("\n--\n")))
			}
		}
	}
}
