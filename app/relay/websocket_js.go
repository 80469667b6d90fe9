package relay

import (
	"errors"
	"syscall/js"
)

// haveWebSocket: the WebSocket client's browser binding calls the
// WebSocket constructor without looking, and panics where there is none
// (Node without --experimental-websocket, or a very old browser).
func haveWebSocket() error {
	if js.Global().Get("WebSocket").Type() != js.TypeFunction {
		return errors.New("this JavaScript environment has no WebSocket")
	}
	return nil
}
