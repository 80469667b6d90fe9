package relay

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/eclipse/paho.golang/paho"
)

// Timing of a broker connection.
const (
	dialTimeout  = 10 * time.Second // WebSocket and MQTT handshakes
	keepAlive    = 30               // seconds between pings when idle
	retryFirst   = 500 * time.Millisecond
	retryLongest = 30 * time.Second

	receiveMaximum = 64 // received messages not yet handled, per broker
)

// link is the room's connection to one broker: MQTT 5 (Eclipse's
// paho.golang client, which takes any net.Conn and dials nothing itself)
// over a WebSocket (coder/websocket: its own client natively, the
// browser's WebSocket in wasm). run keeps it up: when it drops, it is
// made again after a pause that grows while the broker stays away, and
// the room's topics are subscribed again (the session is clean).
type link struct {
	url  string
	room *Room

	mu      sync.Mutex
	client  *paho.Client // nil while down
	lastErr error        // why it is down
}

func checkBroker(broker string) error {
	u, err := url.Parse(broker)
	if err != nil {
		return err
	}
	if u.Scheme != "ws" && u.Scheme != "wss" {
		return errors.New("not a ws:// or wss:// address")
	}
	if u.Host == "" {
		return errors.New("no host")
	}
	return nil
}

// run connects, and connects again whenever the connection ends, until
// the room closes.
func (l *link) run() {
	pause := retryFirst
	for {
		lost, err := l.connect()
		if err == nil {
			pause = retryFirst
			select {
			case err = <-lost:
			case <-l.room.ctx.Done():
			}
			l.down(fmt.Errorf("connection lost: %w", err))
		} else {
			l.down(err)
		}
		select {
		case <-time.After(pause):
		case <-l.room.ctx.Done():
			return
		}
		pause = min(2*pause, retryLongest)
	}
}

// connect opens the WebSocket (subprotocol "mqtt"), makes the MQTT
// session and subscribes to the room. The channel says when the
// connection ends.
func (l *link) connect() (<-chan error, error) {
	if err := haveWebSocket(); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(l.room.ctx, dialTimeout)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, l.url, &websocket.DialOptions{Subprotocols: []string{"mqtt"}})
	if errors.Is(err, net.ErrClosed) {
		// What the browser says of any WebSocket that failed to open: it
		// tells the page nothing more.
		return nil, errors.New("the WebSocket closed before it opened (refused, blocked, or no network)")
	}
	if err != nil {
		return nil, err
	}
	// A broker may put many packets in one WebSocket message (a burst of
	// retained letters): the guard, not this limit, bounds each packet, and
	// natively a message is read as a stream, never whole.
	ws.SetReadLimit(16 << 20)
	conn := &guard{Conn: websocket.NetConn(l.room.ctx, ws, websocket.MessageBinary), wire: &l.room.wire}
	lost := make(chan error, 1)
	end := func(err error) {
		select {
		case lost <- err:
		default:
		}
	}
	id := make([]byte, 8)
	rand.Read(id)
	c := paho.NewClient(paho.ClientConfig{
		ClientID: "tb" + hex.EncodeToString(id),
		Conn:     conn,
		OnPublishReceived: []func(paho.PublishReceived) (bool, error){func(p paho.PublishReceived) (bool, error) {
			l.room.receive(p.Packet.Topic, p.Packet.Payload)
			return true, nil
		}},
		OnClientError:      end,
		OnServerDisconnect: func(d *paho.Disconnect) { end(fmt.Errorf("the broker disconnected (reason %d)", d.ReasonCode)) },
	})
	fail := func(err error) (<-chan error, error) {
		c.Disconnect(&paho.Disconnect{})
		conn.Close()
		return nil, err
	}
	limit, inFlight := uint32(maxPacket), uint16(receiveMaximum)
	ca, err := c.Connect(ctx, &paho.Connect{
		ClientID:   c.ClientID(),
		KeepAlive:  keepAlive,
		CleanStart: true,
		// MQTT 5 lets a client say the largest packet it takes (the broker
		// drops a larger message for this client instead of sending it)
		// and how many unacknowledged messages it holds (paho's queue of
		// received messages is that long).
		Properties: &paho.ConnectProperties{MaximumPacketSize: &limit, ReceiveMaximum: &inFlight},
	})
	if err != nil {
		return fail(fmt.Errorf("MQTT connect: %w", err))
	}
	if ca.ReasonCode >= 0x80 {
		return fail(fmt.Errorf("MQTT connect refused (reason %d)", ca.ReasonCode))
	}
	sa, err := c.Subscribe(ctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: l.room.seal.filter(), QoS: 1}}})
	if err != nil {
		return fail(fmt.Errorf("subscribe: %w", err))
	}
	if len(sa.Reasons) != 1 || sa.Reasons[0] >= 0x80 {
		return fail(fmt.Errorf("subscribe refused (reasons %v)", sa.Reasons))
	}
	go func() {
		<-c.Done()
		end(errors.New("closed"))
	}()
	l.mu.Lock()
	l.client, l.lastErr = c, nil
	l.mu.Unlock()
	l.room.wakeUp()
	return lost, nil
}

func (l *link) down(err error) {
	l.mu.Lock()
	c := l.client
	l.client = nil
	if l.room.ctx.Err() == nil {
		l.lastErr = err
	}
	l.mu.Unlock()
	if c != nil {
		c.Disconnect(&paho.Disconnect{})
	}
	l.room.wakeUp()
}

// up is the connected client, or nil.
func (l *link) up() *paho.Client {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.client
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
