package drain

import "testing"

func TestNewServer(t *testing.T) {
	s := NewServer(5)
	if len(s.conns) != 5 {
		t.Fatalf("conns = %d", len(s.conns))
	}
}

func TestShutdownWaitsForHandlers(t *testing.T) {
	s := NewServer(40)
	s.Shutdown()
	t.Log("shutdown complete")
}
