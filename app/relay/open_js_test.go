//go:build js

package relay_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"tabula/app/relay"
)

// Under Node (make test-wasm) there is no WebSocket to dial with (Node 20
// has none by default): Open must fail with ErrNoRelay naming the broker
// and why, within its context, not panic.
func TestOpenWithoutABrowserWebSocketSaysWhy(t *testing.T) {
	s, err := relay.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	c, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	const broker = "ws://127.0.0.1:1/mqtt"
	r, err := relay.Open(c, []string{broker}, s)
	if r != nil || !errors.Is(err, relay.ErrNoRelay) || !strings.Contains(err.Error(), broker) {
		t.Fatalf("Open: %v, %v; want ErrNoRelay naming %s", r, err, broker)
	}
	t.Log(err)
}
