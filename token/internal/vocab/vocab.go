// Package vocab defines the binary vocabulary table that package token embeds:
// a hash table from token bytes to BPE rank that is used in place, straight
// from the embedded bytes, so that opening one costs nothing measurable.
//
// Layout (all integers little-endian):
//
//	header  16 bytes: magic "HRV2", log2 of the slot count, token count,
//	        length of the byte pool
//	pairs   65536 uint32: the rank of each two-byte token, indexed by
//	        first byte<<8 | second byte, or NoRank
//	slots   uint64 each: 0 if empty, otherwise
//	        bits  0-20 offset of the token's bytes in the pool
//	        bits 21-28 token length (1..255, so 0 marks an empty slot)
//	        bits 29-46 rank
//	        bits 47-63 the top 17 bits of the token's hash
//	pool    token bytes, then 8 zero bytes so that any token can be read
//	        as a 64-bit word; a token that is a prefix of another shares
//	        its bytes
//
// Collisions are resolved by linear probing. The hash tag in each slot lets a
// probe skip non-matching slots without touching the pool, which matters
// because most lookups made during BPE merging are misses. The pair table
// exists because merging starts by looking up every adjacent byte pair of a
// piece, and a direct index is far cheaper than a probe.
package vocab

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
)

const (
	magic      = "HRV2"
	headerSize = 16
	pairsSize  = 1 << 16 * 4
	slotSize   = 8
	poolPad    = 8

	offBits  = 21
	lenBits  = 8
	rankBits = 18
	tagShift = offBits + lenBits + rankBits // 47

	offMask   = 1<<offBits - 1
	lenShift  = offBits
	lenMask   = 1<<lenBits - 1
	rankShift = offBits + lenBits
	rankMask  = 1<<rankBits - 1
	// keyMask selects the fields a probe compares before looking at bytes.
	keyMask = uint64(lenMask)<<lenShift | (1<<64-1)&^(1<<tagShift-1)
)

// MaxTokenLen is the longest token a table can hold.
const MaxTokenLen = lenMask

// NoRank is what PairRank returns for a pair that is not a token.
const NoRank = 1<<32 - 1

// Table is an opened vocabulary. Its methods only read the underlying bytes.
type Table struct {
	pairs   []byte
	slots   []byte
	pool    []byte
	mask    uint64
	ntokens int
}

// Open interprets data, which must have been produced by Build, without
// copying or scanning it.
func Open(data []byte) (*Table, error) {
	if len(data) < headerSize || string(data[:4]) != magic {
		return nil, errors.New("vocab: bad magic")
	}
	logSlots := binary.LittleEndian.Uint32(data[4:])
	ntokens := binary.LittleEndian.Uint32(data[8:])
	poolLen := binary.LittleEndian.Uint32(data[12:])
	if logSlots > 30 || poolLen < poolPad {
		return nil, errors.New("vocab: bad header")
	}
	nslots := uint64(1) << logSlots
	if uint64(len(data)) != headerSize+pairsSize+nslots*slotSize+uint64(poolLen) {
		return nil, fmt.Errorf("vocab: size %d does not match header", len(data))
	}
	slotStart := uint64(headerSize + pairsSize)
	slotEnd := slotStart + nslots*slotSize
	return &Table{
		pairs:   data[headerSize:slotStart],
		slots:   data[slotStart:slotEnd],
		pool:    data[slotEnd:],
		mask:    nslots - 1,
		ntokens: int(ntokens),
	}, nil
}

// Len returns the number of tokens in t.
func (t *Table) Len() int { return t.ntokens }

// PairRank returns the rank of the two-byte token a, b, or NoRank.
func (t *Table) PairRank(a, b byte) uint32 {
	return binary.LittleEndian.Uint32(t.pairs[(int(a)<<8|int(b))*4:])
}

// Rank returns the rank of the token whose bytes are b, and whether there is
// such a token.
func (t *Table) Rank(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > MaxTokenLen {
		return 0, false
	}
	h := Hash(b)
	want := uint64(len(b))<<lenShift | h&^(1<<tagShift-1)
	if len(b) <= 8 {
		return t.rankShort(b, h, want)
	}
	slots := t.slots
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		s := binary.LittleEndian.Uint64(slots[i*slotSize:])
		if s == 0 {
			return 0, false
		}
		if s&keyMask == want {
			off := s & offMask
			if string(t.pool[off:off+uint64(len(b))]) == string(b) {
				return int(s >> rankShift & rankMask), true
			}
		}
	}
}

// rankShort is Rank for tokens of up to 8 bytes, which compares them as
// words instead of calling into a general byte comparison.
func (t *Table) rankShort(b []byte, h, want uint64) (int, bool) {
	key := Word(b)
	keep := uint64(1<<64-1) >> (64 - 8*len(b))
	slots := t.slots
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		s := binary.LittleEndian.Uint64(slots[i*slotSize:])
		if s == 0 {
			return 0, false
		}
		if s&keyMask == want && binary.LittleEndian.Uint64(t.pool[s&offMask:])&keep == key {
			return int(s >> rankShift & rankMask), true
		}
	}
}

// Word returns the 1 to 8 bytes of b as a little-endian word, zero above
// them. It uses possibly overlapping loads (the overlapping bytes are equal)
// rather than a byte loop.
func Word(b []byte) uint64 {
	switch n := len(b); {
	case n >= 4:
		return uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))<<(8*(n-4))
	case n >= 2:
		return uint64(binary.LittleEndian.Uint16(b)) | uint64(binary.LittleEndian.Uint16(b[n-2:]))<<(8*(n-2))
	default:
		return uint64(b[0])
	}
}

// Build lays out a table for tokens, where tokens[r] holds the bytes of the
// token of rank r. The output depends only on tokens. logSlots is the base-2
// logarithm of the number of hash slots; it must leave room for every token.
func Build(tokens [][]byte, logSlots uint) ([]byte, error) {
	nslots := 1 << logSlots
	if len(tokens) >= nslots || len(tokens) > rankMask+1 {
		return nil, fmt.Errorf("vocab: %d tokens do not fit %d slots", len(tokens), nslots)
	}

	// Lay out the pool: visit tokens in byte order so that a token that is a
	// prefix of its successor can point into the successor's bytes.
	order := make([]int, len(tokens))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return bytes.Compare(tokens[a], tokens[b]) })
	offsets := make([]int, len(tokens))
	var pool []byte
	for k := len(order) - 1; k >= 0; k-- {
		tok := tokens[order[k]]
		if len(tok) == 0 || len(tok) > MaxTokenLen {
			return nil, fmt.Errorf("vocab: token %d has length %d", order[k], len(tok))
		}
		if k+1 < len(order) {
			if next := tokens[order[k+1]]; bytes.HasPrefix(next, tok) {
				offsets[order[k]] = offsets[order[k+1]]
				continue
			}
		}
		offsets[order[k]] = len(pool)
		pool = append(pool, tok...)
	}
	if len(pool) > offMask+1 {
		return nil, fmt.Errorf("vocab: pool of %d bytes is too large", len(pool))
	}
	pool = append(pool, make([]byte, poolPad)...)

	size := headerSize + pairsSize + nslots*slotSize
	out := make([]byte, size, size+len(pool))
	copy(out, magic)
	binary.LittleEndian.PutUint32(out[4:], uint32(logSlots))
	binary.LittleEndian.PutUint32(out[8:], uint32(len(tokens)))
	binary.LittleEndian.PutUint32(out[12:], uint32(len(pool)))
	pairs := out[headerSize : headerSize+pairsSize]
	for i := 0; i < len(pairs); i += 4 {
		binary.LittleEndian.PutUint32(pairs[i:], NoRank)
	}
	slots := out[headerSize+pairsSize:]
	mask := uint64(nslots - 1)
	for rank, tok := range tokens {
		if len(tok) == 2 {
			binary.LittleEndian.PutUint32(pairs[(int(tok[0])<<8|int(tok[1]))*4:], uint32(rank))
		}
		h := Hash(tok)
		s := uint64(offsets[rank]) | uint64(len(tok))<<lenShift |
			uint64(rank)<<rankShift | h&^(1<<tagShift-1)
		i := h & mask
		for binary.LittleEndian.Uint64(slots[i*slotSize:]) != 0 {
			i = (i + 1) & mask
		}
		binary.LittleEndian.PutUint64(slots[i*slotSize:], s)
	}
	out = append(out, pool...)

	// Check the result through the reader, so a layout bug fails generation
	// rather than producing a table that silently miscounts.
	t, err := Open(out)
	if err != nil {
		return nil, err
	}
	for rank, tok := range tokens {
		if got, ok := t.Rank(tok); !ok || got != rank {
			return nil, fmt.Errorf("vocab: token %d (%q) reads back as %d, %v (duplicate token?)", rank, tok, got, ok)
		}
	}
	return out, nil
}

// Hash is the table's hash function. It is fixed (unseeded) because tables
// are built ahead of time; changing it requires regenerating every table.
func Hash(b []byte) uint64 {
	h := uint64(len(b)) * hashK0
	if len(b) > 8 {
		h, b = hashLong(h, b)
	}
	// 0 to 8 bytes remain; the length is already in h.
	var v uint64
	if len(b) > 0 {
		v = Word(b)
	}
	return mix(h^v, hashK2)
}

const (
	hashK0 = 0xa0761d6478bd642f
	hashK1 = 0xe7037ed1a0b428db
	hashK2 = 0x8ebc6af09c88c6e3
)

// hashLong absorbs all but the last 1 to 8 bytes of b, out of line so that
// Hash stays small.
func hashLong(h uint64, b []byte) (uint64, []byte) {
	for len(b) > 8 {
		h = mix(h^binary.LittleEndian.Uint64(b), hashK1)
		b = b[8:]
	}
	return h, b
}

// mix folds the full 128-bit product of x and k, which spreads every input
// bit over both halves of the result.
func mix(x, k uint64) uint64 {
	hi, lo := bits.Mul64(x^0x589965cc75374cc3, k)
	return hi ^ lo
}

// ParseTiktoken reads a .tiktoken file ("base64-token rank" per line) and
// returns the tokens indexed by rank. It insists on ranks 0..n-1 in order,
// which both supported vocabularies satisfy, so that a table can store ranks
// without a separate index.
func ParseTiktoken(src []byte) ([][]byte, error) {
	var tokens [][]byte
	for n, line := range bytes.Split(src, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		enc, rankText, ok := bytes.Cut(line, []byte(" "))
		if !ok {
			return nil, fmt.Errorf("line %d: no rank", n+1)
		}
		tok, err := base64.StdEncoding.DecodeString(string(enc))
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n+1, err)
		}
		rank, err := strconv.Atoi(string(rankText))
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n+1, err)
		}
		if rank != len(tokens) {
			return nil, fmt.Errorf("line %d: rank %d out of sequence", n+1, rank)
		}
		tokens = append(tokens, tok)
	}
	return tokens, nil
}

// Names lists the vocabularies that are generated, by tiktoken name.
var Names = []string{"o200k_base", "cl100k_base"}

// logSlots sizes each hash table to a load factor of about 0.76, which keeps
// the embedded data small; a larger table measured no faster, because the
// cost of a lookup is the cache miss, not the probe length.
var logSlots = map[string]uint{
	"o200k_base":  18,
	"cl100k_base": 17,
}

// Generate builds the table for the named vocabulary from the contents of its
// .tiktoken file. It is what go generate runs, and what tests run to check
// that the committed tables are current.
func Generate(name string, src []byte) ([]byte, error) {
	n, ok := logSlots[name]
	if !ok {
		return nil, fmt.Errorf("vocab: unknown vocabulary %q", name)
	}
	tokens, err := ParseTiktoken(src)
	if err != nil {
		return nil, err
	}
	return Build(tokens, n)
}
