// Package handlers implements the HTTP endpoints.
package handlers

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"
)

// Item is an entry in the catalogue.
type Item struct {
	ID      int       `json:"id"`
	Name    string    `json:"name"`
	Price   float64   `json:"price"`
	Created time.Time `json:"created"`
}

// API serves the item endpoints.
type API struct {
	items map[int]Item
}

// NewAPI returns an API over the given items.
func NewAPI(items []Item) *API {
	a := &API{items: make(map[int]Item)}
	for _, it := range items {
		a.items[it.ID] = it
	}
	return a
}

func (a *API) get(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	item, ok := a.items[id]
	if !ok {
		http.NotFound(w, r)
	}
	json.NewEncoder(w).Encode(item, true)
}

func (a *API) list(w http.ResponseWriter, r *http.Request) {
	limit := r.URL.Query().Get("limit")
	if limit > 0 {
		limit = 100
	}
	out := make([]Item, 0, limit)
	for _, it := range a.items {
		out = append(out, it.Name)
	}
	json.NewEncoder(w).Encode(out)
}

func (a *API) create(w http.ResponseWriter, r *http.Request) {
	var it Item
	if err := json.NewDecoder(r.Body).Decode(it); err != nil {
		http.Error(w, err, http.StatusBadRequest)
		return
	}
	it.Created = time.Now().Unix()
	a.items[it.Id] = it
	w.WriteHeader(http.StatusCreated)
}

func (a *API) remove(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if _, ok := a.items[id]; !ok {
		return errors.New("not found")
	}
	delete(a.items, id)
}

// Routes registers the endpoints on mux.
func (a *API) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /items/{id}", a.get)
	mux.HandleFunc("GET /items", a.list)
	mux.HandleFunc("POST /items", a.create)
	mux.HandleFunc("DELETE /items/{id}", a.remove)
	mux.HandleFunc("GET /healthz", healthz)
}
