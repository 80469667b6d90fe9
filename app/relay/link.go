package relay

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/url"
	"sync"
	"time"

	"github.com/coder/websocket"
	mqtt "github.com/eclipse/paho.mqtt.golang"
)

// Timing of a broker connection.
const (
	dialTimeout  = 10 * time.Second // WebSocket and MQTT handshakes
	keepAlive    = 30 * time.Second
	retryFirst   = time.Second // first retry of a broker never reached
	retryLongest = 30 * time.Second
)

// link is the room's connection to one broker: a paho client over a
// WebSocket (coder/websocket natively; the browser's WebSocket in wasm).
// Once connected, paho reconnects by itself and onConnect subscribes again.
type link struct {
	url    string
	room   *Room
	client mqtt.Client

	mu      sync.Mutex
	up      bool  // connected and subscribed
	lastErr error // why it is not up
}

func checkBroker(broker string) error {
	u, err := url.Parse(broker)
	if err != nil {
		return err
	}
	if u.Scheme != "ws" && u.Scheme != "wss" {
		return fmt.Errorf("not a ws:// or wss:// address")
	}
	if u.Host == "" {
		return fmt.Errorf("no host")
	}
	return nil
}

func newLink(r *Room, broker string) *link {
	l := &link{url: broker, room: r}
	id := make([]byte, 8)
	rand.Read(id)
	o := mqtt.NewClientOptions().
		AddBroker(broker).
		SetClientID("tb" + hex.EncodeToString(id)).
		SetProtocolVersion(4).
		SetCleanSession(true).
		SetKeepAlive(keepAlive).
		SetConnectTimeout(dialTimeout).
		SetAutoReconnect(true).
		SetMaxReconnectInterval(retryLongest).
		SetCustomOpenConnectionFn(l.dial).
		SetOnConnectHandler(l.onConnect).
		SetConnectionLostHandler(func(_ mqtt.Client, err error) { l.set(false, fmt.Errorf("connection lost: %w", err)) })
	l.client = mqtt.NewClient(o)
	return l
}

// dial opens the WebSocket (subprotocol "mqtt") whose binary messages
// carry the MQTT byte stream, and puts the packet-size guard on it.
func (l *link) dial(u *url.URL, _ mqtt.ClientOptions) (net.Conn, error) {
	ctx, cancel := context.WithTimeout(l.room.ctx, dialTimeout)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u.String(), &websocket.DialOptions{Subprotocols: []string{"mqtt"}})
	if err != nil {
		l.set(false, err)
		return nil, err
	}
	// A broker may put several packets in one WebSocket message; the
	// guard, not this limit, bounds each packet.
	c.SetReadLimit(4 * maxPacket)
	return &guard{Conn: websocket.NetConn(l.room.ctx, c, websocket.MessageBinary)}, nil
}

// run makes the first connection, retrying with a growing pause until it
// succeeds or the room closes; paho keeps it up after that.
func (l *link) run() {
	pause := retryFirst
	for {
		t := l.client.Connect()
		select {
		case <-t.Done():
		case <-l.room.ctx.Done():
			return
		}
		if t.Error() == nil {
			return
		}
		l.set(false, firstErr(l.err(), t.Error()))
		select {
		case <-time.After(pause):
		case <-l.room.ctx.Done():
			return
		}
		pause = min(2*pause, retryLongest)
	}
}

// onConnect subscribes to the room's topics (again, after a reconnect:
// the session is clean). Retained letters arrive right after.
func (l *link) onConnect(c mqtt.Client) {
	t := c.Subscribe(l.room.seal.filter(), 1, func(_ mqtt.Client, m mqtt.Message) {
		l.room.receive(m.Topic(), m.Payload())
	})
	select {
	case <-t.Done():
	case <-l.room.ctx.Done():
		return
	}
	if err := t.Error(); err != nil {
		l.set(false, fmt.Errorf("subscribe: %w", err))
		return
	}
	if st, ok := t.(*mqtt.SubscribeToken); ok {
		for _, q := range st.Result() {
			if q == 0x80 {
				l.set(false, fmt.Errorf("subscribe refused by the broker"))
				return
			}
		}
	}
	l.set(c.IsConnectionOpen(), nil)
}

func (l *link) set(up bool, err error) {
	l.mu.Lock()
	l.up = up
	if err != nil || up {
		l.lastErr = err
	}
	l.mu.Unlock()
	l.room.wakeUp()
}

func (l *link) isUp() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.up
}

func (l *link) err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lastErr
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
