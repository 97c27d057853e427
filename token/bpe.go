package token

import (
	"encoding/binary"
	"sync/atomic"
	"unicode/utf8"

	"github.com/headroom-cli/headroom/token/internal/vocab"
)

// encoding is an opened vocabulary plus its pre-tokenizer.
type encoding struct {
	table *vocab.Table
	o200k bool // selects the pre-tokenizer; a branch is cheaper than an indirect call per piece
	cache *caches
}

// pieceCache remembers the token counts of short pieces. The vocabulary is
// megabytes of randomly accessed memory, so a lookup there costs a couple of
// cache misses, while tool output repeats the same short pieces constantly.
//
// An entry packs a piece of up to 7 bytes, its length and its count into one
// word, so entries are read and written atomically and a Counter can share
// its cache between goroutines without locks; a racing write just replaces
// one correct entry with another. Entries are exact, never approximations: a
// hit requires the stored bytes and length to equal the piece's.
type pieceCache [1 << cacheBits]atomic.Uint64

const (
	cacheBits     = 13
	maxCached     = 7
	cacheLenShift = 56
	cacheCntShift = 59
)

// longCache is pieceCache for pieces of 8 to 48 bytes, which take several
// words. Each entry is guarded by a sequence number, odd while a write is in
// progress: a reader that sees the same even number before and after
// reading the words has read one writer's entry, and a writer that finds an
// entry busy simply skips caching. All accesses are atomic, so the scheme
// needs no locks and is clean under the race detector. Entries store the
// whole piece, so hits are exact.
type longCache [1 << longCacheBits]longEntry

type longEntry struct {
	seq   atomic.Uint64
	meta  atomic.Uint64 // length | count<<8
	words [longWords]atomic.Uint64
}

const (
	longCacheBits = 11
	longWords     = 6
	maxLongCached = 8 * longWords
)

// caches holds one encoding's caches; Counters of the same encoding share
// them because they would fill identical ones. Being zero-initialised
// package state, they cost nothing at start-up.
type caches struct {
	short pieceCache
	long  longCache
}

var o200kCaches, cl100kCaches caches

// packPiece returns p's bytes in little-endian order with its length above
// them; len(p) must be 1 to maxCached.
func packPiece(p []byte) uint64 {
	return vocab.Word(p) | uint64(len(p))<<cacheLenShift
}

// cachedCount is pieceCount through the short-piece cache; len(p) must be
// 2 to maxCached.
func (e *encoding) cachedCount(p []byte) int {
	key := packPiece(p)
	slot := &e.cache.short[(key*0x9e3779b97f4a7c15)>>(64-cacheBits)]
	if v := slot.Load(); v&(1<<cacheCntShift-1) == key {
		return int(v >> cacheCntShift)
	}
	n := e.pieceCount(p)
	slot.Store(key | uint64(n)<<cacheCntShift)
	return n
}

// longCount is pieceCount through the long-piece cache; len(p) must be
// maxCached+1 to maxLongCached.
func (e *encoding) longCount(p []byte) int {
	n := len(p)
	nw := (n + 7) / 8
	// word returns the k-th word of p, zero-padded at the end.
	word := func(k int) uint64 {
		if rest := p[8*k:]; len(rest) < 8 {
			return vocab.Word(rest)
		}
		return binary.LittleEndian.Uint64(p[8*k:])
	}
	h := (word(0) ^ binary.LittleEndian.Uint64(p[n-8:])*0x9e3779b97f4a7c15 ^ uint64(n)) * 0xbf58476d1ce4e5b9
	ent := &e.cache.long[h>>(64-longCacheBits)]
	if seq := ent.seq.Load(); seq&1 == 0 {
		meta := ent.meta.Load()
		hit := meta&0xff == uint64(n)
		for k := 0; hit && k < nw; k++ {
			hit = ent.words[k].Load() == word(k)
		}
		if hit && ent.seq.Load() == seq {
			return int(meta >> 8)
		}
	}
	count := e.pieceCount(p)
	if seq := ent.seq.Load(); seq&1 == 0 && ent.seq.CompareAndSwap(seq, seq+1) {
		ent.meta.Store(uint64(n) | uint64(count)<<8)
		for k := range nw {
			ent.words[k].Store(word(k))
		}
		ent.seq.Store(seq + 2)
	}
	return count
}

// count returns the number of tokens tiktoken-go's EncodeOrdinary would
// produce for string(s).
func (e *encoding) count(s []byte) int {
	if !utf8.Valid(s) {
		s = sanitize(s)
	}
	n := 0
	for i := 0; i < len(s); {
		var j int
		if e.o200k {
			j = splitO200K(s, i)
		} else {
			j = splitCL100K(s, i)
		}
		switch p := s[i:j]; {
		case len(p) == 1:
			n++ // every byte is a token
		case len(p) <= maxCached:
			n += e.cachedCount(p)
		case len(p) <= maxLongCached:
			n += e.longCount(p)
		default:
			n += e.pieceCount(p)
		}
		i = j
	}
	return n
}

// sanitize replaces every byte that is not part of a valid UTF-8 sequence
// with U+FFFD, one replacement per byte. That is what converting the text to
// []rune does, which both regexp2 and tiktoken-go do before matching and
// before turning each match back into bytes for BPE.
func sanitize(s []byte) []byte {
	out := make([]byte, 0, len(s)+len(s)/2)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, s[i:i+size]...)
		}
		i += size
	}
	return out
}

// pieceCount returns the number of BPE tokens in one pre-tokenized piece.
func (e *encoding) pieceCount(p []byte) int {
	if len(p) == 1 {
		return 1 // every byte is a token
	}
	// Most pieces are whole tokens; tiktoken-go checks this before merging
	// too, which matters because merging could in principle split them.
	if _, ok := e.table.Rank(p); ok {
		return 1
	}
	if len(p) <= smallPiece {
		return e.mergeSmall(p)
	}
	return e.mergeLarge(p)
}

const (
	noRank = vocab.NoRank
	// smallPiece is the longest piece merged by rescanning all pairs for
	// the lowest rank, which beats a heap on short input and needs no
	// allocation.
	smallPiece = 64
)

func (e *encoding) rank(b []byte) uint32 {
	if r, ok := e.table.Rank(b); ok {
		return uint32(r)
	}
	return noRank
}

// mergeSmall runs byte-pair merging the way tiktoken does: repeatedly merge
// the adjacent pair whose concatenation has the lowest rank, the leftmost
// such pair on ties, until no pair is a token. It returns the number of
// parts left.
func (e *encoding) mergeSmall(p []byte) int {
	var posBuf [smallPiece + 1]int32
	var rankBuf [smallPiece]uint32
	m := len(p) // number of parts
	pos := posBuf[:m+1]
	ranks := rankBuf[:m] // ranks[i] is the rank of parts i and i+1 merged
	for i := range pos {
		pos[i] = int32(i)
	}
	for i := 0; i < m-1; i++ {
		ranks[i] = e.table.PairRank(p[i], p[i+1])
	}
	ranks[m-1] = noRank
	for m > 1 {
		best, bi := uint32(noRank), -1
		for i, r := range ranks[:m-1] {
			if r < best {
				best, bi = r, i
			}
		}
		if bi < 0 {
			break
		}
		copy(pos[bi+1:], pos[bi+2:m+1])
		copy(ranks[bi+1:], ranks[bi+2:m])
		m--
		ranks[bi] = noRank
		if bi+1 < m {
			ranks[bi] = e.rank(p[pos[bi]:pos[bi+2]])
		}
		if bi > 0 {
			ranks[bi-1] = e.rank(p[pos[bi-1]:pos[bi+1]])
		}
	}
	return m
}

// mergeLarge is mergeSmall for long pieces (runs of punctuation, base64
// blobs, minified code), where rescanning every pair after every merge would
// be quadratic. Parts form a linked list keyed by their start offset and
// candidate merges sit in a min-heap ordered by (rank, start), which yields
// the same merge order. Heap entries are not removed when a merge changes a
// pair; they are recognised as stale when popped because the pair's current
// rank differs (distinct byte strings have distinct ranks).
func (e *encoding) mergeLarge(p []byte) int {
	n := len(p)
	next := make([]int32, n) // start of the following part, or n
	prev := make([]int32, n) // start of the preceding part, or -1
	ranks := make([]uint32, n)
	h := make(mergeHeap, 0, n)
	for i := range n {
		next[i] = int32(i + 1)
		prev[i] = int32(i - 1)
		ranks[i] = noRank
		if i+1 < n {
			ranks[i] = e.table.PairRank(p[i], p[i+1])
			if ranks[i] != noRank {
				h = append(h, uint64(ranks[i])<<32|uint64(i))
			}
		}
	}
	h.init()
	parts := n
	for len(h) > 0 {
		top := h.pop()
		start, r := int32(uint32(top)), uint32(top>>32)
		if ranks[start] != r {
			continue // stale, or its part was absorbed by a left neighbour
		}
		right := next[start]
		after := next[right]
		next[start] = after
		if int(after) < n {
			prev[after] = start
		}
		ranks[right] = noRank
		parts--
		ranks[start] = noRank
		if int(after) < n {
			if ranks[start] = e.rank(p[start:next[after]]); ranks[start] != noRank {
				h.push(uint64(ranks[start])<<32 | uint64(start))
			}
		}
		if pl := prev[start]; pl >= 0 {
			if ranks[pl] = e.rank(p[pl:after]); ranks[pl] != noRank {
				h.push(uint64(ranks[pl])<<32 | uint64(pl))
			}
		}
	}
	return parts
}

// mergeHeap is a binary min-heap of rank<<32|start.
type mergeHeap []uint64

func (h mergeHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h *mergeHeap) push(x uint64) {
	*h = append(*h, x)
	s := *h
	for i := len(s) - 1; i > 0; {
		parent := (i - 1) / 2
		if s[parent] <= s[i] {
			break
		}
		s[parent], s[i] = s[i], s[parent]
		i = parent
	}
}

func (h *mergeHeap) pop() uint64 {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	*h = s[:last]
	h.down(0)
	return top
}

func (h mergeHeap) down(i int) {
	for {
		c := 2*i + 1
		if c >= len(h) {
			return
		}
		if c+1 < len(h) && h[c+1] < h[c] {
			c++
		}
		if h[i] <= h[c] {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}
