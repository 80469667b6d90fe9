//go:build js

package p2pnet

import "github.com/pion/webrtc/v4"

// NetOptions has no fields in the browser: the browser's RTCPeerConnection
// chooses interfaces and candidates itself.
type NetOptions struct{}

func newAPI(NetOptions) *webrtc.API { return webrtc.NewAPI() }
