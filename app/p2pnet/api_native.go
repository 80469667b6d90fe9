//go:build !js

package p2pnet

import (
	"net"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/transport/v5"
	"github.com/pion/webrtc/v4"
)

// NetOptions are native-only ICE settings (the browser decides these
// itself under js/wasm).
type NetOptions struct {
	// Loopback gathers only loopback UDP4 host candidates, without mDNS:
	// for tests and for peers on one machine with no network.
	Loopback bool
	// Net replaces the OS network (a pion vnet in fault tests).
	Net transport.Net
	// IPs keeps only host candidates on these addresses (vnet tests).
	IPs []string
}

// rtcAPI makes pion peer connections with the settings of NetOptions.
type rtcAPI struct{ api *webrtc.API }

func newAPI(o NetOptions) rtcAPI {
	se := webrtc.SettingEngine{}
	se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
	// A closed tab or killed process is noticed in seconds, not the
	// default 25 s: play pauses only while the seat to decide is away.
	se.SetICETimeouts(3*time.Second, 6*time.Second, time.Second)
	// Lost handshake flights and data chunks are repeated sooner than the
	// defaults (1 s doubling; SCTP backs off up to 60 s): a lost packet
	// should cost a game a fraction of a second, not a minute.
	se.SetDTLSRetransmissionInterval(100 * time.Millisecond)
	se.SetSCTPRTOMax(time.Second)
	if o.Loopback {
		se.SetIncludeLoopbackCandidate(true)
		se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
		se.SetIPFilter(func(ip net.IP) bool { return ip.IsLoopback() })
	}
	if o.Net != nil {
		se.SetNet(o.Net)
		se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
	}
	return rtcAPI{webrtc.NewAPI(webrtc.WithSettingEngine(se))}
}
