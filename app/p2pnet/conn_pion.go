//go:build !js

package p2pnet

import (
	"time"

	"github.com/pion/webrtc/v4"
)

// conn natively is a pion PeerConnection and its data channel.
type conn struct {
	pc *webrtc.PeerConnection
	dc *webrtc.DataChannel
}

func (a rtcAPI) newConn(servers []ICEServer, ev connEvents) (*conn, error) {
	var ice []webrtc.ICEServer
	for _, s := range servers {
		w := webrtc.ICEServer{URLs: s.URLs, Username: s.Username}
		if s.Credential != "" {
			w.Credential = s.Credential
		}
		ice = append(ice, w)
	}
	pc, err := a.api.NewPeerConnection(webrtc.Configuration{ICEServers: ice})
	if err != nil {
		return nil, err
	}
	negotiated, id := true, uint16(channelID)
	dc, err := pc.CreateDataChannel(channelLabel, &webrtc.DataChannelInit{Negotiated: &negotiated, ID: &id})
	if err != nil {
		pc.Close()
		return nil, err
	}
	dc.OnOpen(ev.open)
	dc.OnClose(ev.down)
	dc.OnMessage(func(m webrtc.DataChannelMessage) { ev.message(m.Data) })
	pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		switch s {
		case webrtc.PeerConnectionStateFailed, webrtc.PeerConnectionStateClosed, webrtc.PeerConnectionStateDisconnected:
			ev.down()
		}
	})
	return &conn{pc: pc, dc: dc}, nil
}

// describe sets the remote description (when remote is not empty), makes
// an offer or answer, and returns the local description once ICE
// gathering is complete or gather has passed.
func (c *conn) describe(remote string, gather time.Duration) (string, error) {
	var d webrtc.SessionDescription
	var err error
	if remote == "" {
		d, err = c.pc.CreateOffer(nil)
	} else {
		if err = c.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: remote}); err != nil {
			return "", err
		}
		d, err = c.pc.CreateAnswer(nil)
	}
	if err != nil {
		return "", err
	}
	done := webrtc.GatheringCompletePromise(c.pc)
	if err := c.pc.SetLocalDescription(d); err != nil {
		return "", err
	}
	select {
	case <-done:
	case <-time.After(gather):
	}
	return c.pc.LocalDescription().SDP, nil
}

func (c *conn) accept(answer string) error {
	return c.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: answer})
}

func (c *conn) send(b []byte) error { return c.dc.Send(b) }

func (c *conn) close() { c.pc.Close() }

// candidateType is the type of the local candidate of the selected pair.
func (c *conn) candidateType() string {
	if sctp := c.pc.SCTP(); sctp != nil && sctp.Transport() != nil && sctp.Transport().ICETransport() != nil {
		if p, err := sctp.Transport().ICETransport().GetSelectedCandidatePair(); err == nil && p != nil && p.Local != nil {
			return p.Local.Typ.String()
		}
	}
	return "unknown"
}
