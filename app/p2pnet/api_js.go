//go:build js

package p2pnet

// NetOptions has no fields in the browser: the browser's RTCPeerConnection
// chooses interfaces and candidates itself.
type NetOptions struct{}

// rtcAPI makes the browser's peer connections.
type rtcAPI struct{}

func newAPI(NetOptions) rtcAPI { return rtcAPI{} }
