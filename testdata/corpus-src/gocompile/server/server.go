// Package server serves the API.
package server

import (
	"context"
	"encoding/json"
	"log"
	"net/http"

	"example.com/svc/config"
)

// Server is the HTTP front end.
type Server struct {
	cfg *config.Config
	mux *http.ServeMux
}

// New builds a server.
func New(cfg *config.Config) *Server {
	s := &Server{cfg: cfg, mux: http.NewServeMux()}
	s.mux.HandleFunc("/health", s.health)
	return s
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	status := map[string]any{"ok": true, "workers": s.cfg.Workers}
	json.NewEncoder(w).Encode(status)
}

// Run serves until ctx is done.
func (s *Server) Run(ctx context.Context) error {
	srv := &http.Server{Addr: s.cfg.Addr, Handler: s.mux, ReadTimeout: s.cfg.Timeout}
	go func() {
		<-ctx.Done()
		srv.Shutdown(context.Background())
	}()
	return srv.ListenAndServe()
}
