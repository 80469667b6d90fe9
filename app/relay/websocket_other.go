//go:build !js

package relay

// haveWebSocket: natively the WebSocket client is Go's own.
func haveWebSocket() error { return nil }
