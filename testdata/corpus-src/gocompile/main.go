package main

import (
	"context"
	"log"
	"os/signal"
	"syscall"

	"example.com/svc/config"
	"example.com/svc/handlers"
	"example.com/svc/server"
	"example.com/svc/store"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	_ = store.New(cfg.Timeout)
	_ = handlers.NewAPI(nil)
	srv := server.New(cfg)
	if err := srv.Run(ctx, cfg.Addr); err != nil {
		log.Fatal(err)
	}
	log.Printf("served %d requests", srv.Requests)
}
