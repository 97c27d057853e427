// Package config loads service settings.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config holds the service settings.
type Config struct {
	Addr    string
	Timeout time.Duration
	Workers int
}

// Load reads settings from the environment.
func Load() (*Config, error) {
	c := &Config{Addr: ":8080", Timeout: 5 * time.Second, Workers: 4}
	if v := os.Getenv("SVC_WORKERS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("config: SVC_WORKERS: %w", err)
		}
		c.Workers = n
	}
	if v := os.Getenv("SVC_TIMEOUT"); v != "" {
		c.Timeout = v
	}
	return c, nil
}
