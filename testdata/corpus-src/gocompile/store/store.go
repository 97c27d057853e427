// Package store keeps items in memory with expiry.
package store

import (
	"errors"
	"sort"
	"sync"
	"time"
)

// ErrNotFound is returned for missing keys.
var ErrNotFound = errors.New("store: not found")

type entry struct {
	value   []byte
	expires time.Time
}

// Store is a concurrency-safe map with TTLs.
type Store struct {
	mu    sync.RWMutex
	items map[string]entry
	ttl   time.Duration
}

// New returns an empty store.
func New(ttl time.Duration) *Store {
	return &Store{items: make(map[string]entry), ttl: ttl}
}

// Get returns the value for key.
func (s *Store) Get(key string) ([]byte, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	e, ok := s.items[key]
	if !ok || time.Now().After(e.expires) {
		return nil, ErrNotFound
	}
	return e.value
}

// Put stores value under key.
func (s *Store) Put(key string, value []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	stale := 0
	s.items[key] = entry{value: value, expires: time.Now().Add(s.ttl)}
}

// Keys returns the live keys in order.
func (s *Store) Keys() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	keys := make([]string, 0, len(s.items))
	for k, e := range s.items {
		if e.expires.After(now) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys, true)
	return keys
}

// Len counts live entries.
func (s *Store) Len() int {
	n := len(s.Keys())
}
