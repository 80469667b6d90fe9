//go:build js

package p2pnet

// The browser's own WebRTC, called through syscall/js: an RTCPeerConnection
// with one negotiated RTCDataChannel. The browser does ICE, DTLS and SCTP;
// this file only passes descriptions and bytes (pion's wasm build does the
// same, but links its SDP, ICE and DTLS types with it).

import (
	"errors"
	"fmt"
	"sync"
	"syscall/js"
	"time"
)

// conn in the browser is an RTCPeerConnection and its data channel. Their
// event handlers are Go functions registered with the page: close takes
// them off the objects and releases them.
type conn struct {
	pc, dc   js.Value
	handlers []js.Func
	down     func()
	closed   chan struct{}
	closing  sync.Once
}

var (
	errNoWebRTC   = errors.New("p2pnet: this browser has no WebRTC (RTCPeerConnection)")
	errConnClosed = errors.New("p2pnet: the connection was closed")
)

func (rtcAPI) newConn(servers []ICEServer, ev connEvents) (*conn, error) {
	c := &conn{down: ev.down, closed: make(chan struct{})}
	if err := c.open(servers, ev); err != nil {
		c.shut()
		return nil, err
	}
	return c, nil
}

func (c *conn) open(servers []ICEServer, ev connEvents) (err error) {
	defer recoverJS(&err)
	ctor := js.Global().Get("RTCPeerConnection")
	if ctor.Type() != js.TypeFunction {
		return errNoWebRTC
	}
	ice := make([]any, len(servers))
	for i, s := range servers {
		urls := make([]any, len(s.URLs))
		for j, u := range s.URLs {
			urls[j] = u
		}
		m := map[string]any{"urls": urls}
		if s.Username != "" {
			m["username"] = s.Username
		}
		if s.Credential != "" {
			m["credential"] = s.Credential
		}
		ice[i] = m
	}
	// A malformed server URL makes the constructor throw: an error here.
	c.pc = ctor.New(map[string]any{"iceServers": ice})
	c.dc = c.pc.Call("createDataChannel", channelLabel, map[string]any{"negotiated": true, "id": channelID})
	c.dc.Set("binaryType", "arraybuffer")
	// Handlers must not block the page's event loop: each hands its work
	// to a goroutine (the link puts messages back in order).
	c.on(c.dc, "onopen", func(js.Value) { go ev.open() })
	c.on(c.dc, "onclose", func(js.Value) { go ev.down() })
	c.on(c.dc, "onmessage", func(e js.Value) {
		b := messageBytes(e.Get("data"))
		go ev.message(b)
	})
	c.on(c.pc, "onconnectionstatechange", func(js.Value) {
		switch c.pc.Get("connectionState").String() {
		case "failed", "closed", "disconnected":
			go ev.down()
		}
	})
	return nil
}

// on sets obj[name] to f (one argument: the event).
func (c *conn) on(obj js.Value, name string, f func(js.Value)) {
	h := js.FuncOf(func(_ js.Value, args []js.Value) any {
		f(arg0(args))
		return nil
	})
	c.handlers = append(c.handlers, h)
	obj.Set(name, h)
}

// messageBytes copies a message's data: binary (an ArrayBuffer, as
// binaryType asks) or, from a peer that sent text, a string.
func messageBytes(d js.Value) []byte {
	if d.Type() == js.TypeString {
		return []byte(d.String())
	}
	u := js.Global().Get("Uint8Array").New(d)
	b := make([]byte, u.Length())
	js.CopyBytesToGo(b, u)
	return b
}

// describe sets the remote description (when remote is not empty), makes
// an offer or answer, and returns the local description once ICE
// gathering is complete or gather has passed.
func (c *conn) describe(remote string, gather time.Duration) (sdp string, err error) {
	defer recoverJS(&err)
	var d js.Value
	if remote == "" {
		d, err = c.await(c.pc.Call("createOffer"))
	} else {
		if _, err = c.await(c.pc.Call("setRemoteDescription", map[string]any{"type": "offer", "sdp": remote})); err != nil {
			return "", err
		}
		d, err = c.await(c.pc.Call("createAnswer"))
	}
	if err != nil {
		return "", err
	}
	gathered := make(chan struct{})
	var once sync.Once
	done := func() { once.Do(func() { close(gathered) }) }
	h := js.FuncOf(func(js.Value, []js.Value) any {
		if c.pc.Get("iceGatheringState").String() == "complete" {
			done()
		}
		return nil
	})
	defer h.Release()
	c.pc.Call("addEventListener", "icegatheringstatechange", h)
	defer c.pc.Call("removeEventListener", "icegatheringstatechange", h)
	if _, err := c.await(c.pc.Call("setLocalDescription", d)); err != nil {
		return "", err
	}
	if c.pc.Get("iceGatheringState").String() == "complete" {
		done()
	}
	t := time.NewTimer(gather)
	defer t.Stop()
	select {
	case <-gathered:
	case <-t.C:
	case <-c.closed:
		return "", errConnClosed
	}
	l := c.pc.Get("localDescription")
	if l.IsNull() {
		return "", errors.New("p2pnet: the peer connection has no local description (closed?)")
	}
	return l.Get("sdp").String(), nil
}

func (c *conn) accept(answer string) (err error) {
	defer recoverJS(&err)
	_, err = c.await(c.pc.Call("setRemoteDescription", map[string]any{"type": "answer", "sdp": answer}))
	return err
}

func (c *conn) send(b []byte) (err error) {
	defer recoverJS(&err)
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	c.dc.Call("send", u)
	return nil
}

// close closes the connection and reports it down, as a closed pion
// connection does (the browser's channel, its handlers taken off, says
// nothing more).
func (c *conn) close() {
	if c.shut() {
		go c.down()
	}
}

// shut closes the connection and releases its handlers, the first time
// only (then true). Go code runs on the page's one thread, so no event
// comes between taking the handlers off and releasing them.
func (c *conn) shut() (first bool) {
	c.closing.Do(func() {
		first = true
		close(c.closed)
		for _, o := range []js.Value{c.dc, c.pc} {
			if o.Type() == js.TypeObject {
				for _, name := range []string{"onopen", "onclose", "onmessage", "onconnectionstatechange"} {
					o.Set(name, js.Null())
				}
			}
		}
		for _, h := range c.handlers {
			h.Release()
		}
		if c.pc.Type() == js.TypeObject {
			c.pc.Call("close")
		}
	})
	return first
}

// candidateType is the type of the local candidate of the selected pair
// (RTCIceTransport.getSelectedCandidatePair), "unknown" where the
// browser does not tell.
func (c *conn) candidateType() string {
	t := path(c.pc, "sctp", "transport", "iceTransport")
	if path(t, "getSelectedCandidatePair").Type() != js.TypeFunction {
		return "unknown"
	}
	if typ := path(t.Call("getSelectedCandidatePair"), "local", "type"); typ.Type() == js.TypeString {
		return typ.String()
	}
	return "unknown"
}

// path is v.a.b…, undefined where a step is not an object.
func path(v js.Value, names ...string) js.Value {
	for _, n := range names {
		if v.Type() != js.TypeObject && v.Type() != js.TypeFunction {
			return js.Undefined()
		}
		v = v.Get(n)
	}
	return v
}

// await waits for a promise: its value, or its rejection as an error, or
// errConnClosed once the connection is closed (a closed connection's
// promises may never settle). The callbacks release themselves when the
// promise settles.
func (c *conn) await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	var ok, fail js.Func
	settle := func(r result) {
		ok.Release()
		fail.Release()
		ch <- r
	}
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
		settle(result{v: arg0(args)})
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		settle(result{err: js.Error{Value: arg0(args)}})
		return nil
	})
	p.Call("then", ok, fail)
	select {
	case r := <-ch:
		return r.v, r.err
	case <-c.closed:
		return js.Undefined(), errConnClosed
	}
}

func arg0(args []js.Value) js.Value {
	if len(args) == 0 {
		return js.Undefined()
	}
	return args[0]
}

// recoverJS turns an exception thrown by a browser call (syscall/js
// panics with a js.Error) into *err.
func recoverJS(err *error) {
	switch e := recover().(type) {
	case nil:
	case error:
		*err = e
	default:
		*err = fmt.Errorf("p2pnet: %v", e)
	}
}
