//go:build !js

package relay_test

import (
	"bytes"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/paho"

	"tabula/app/relay"
	"tabula/app/relay/relaytest"
)

// stranger is a plain MQTT client on the same broker, without the secret:
// it sees every topic and payload (subscribed to "#") and may publish
// anything anywhere.
type stranger struct {
	c  *paho.Client
	mu sync.Mutex
	// every message seen, by topic
	got map[string][][]byte
}

func newStranger(t *testing.T, b *relaytest.Broker) *stranger {
	t.Helper()
	s := &stranger{got: map[string][][]byte{}}
	conn, err := net.Dial("tcp", b.TCP)
	if err != nil {
		t.Fatal(err)
	}
	s.c = paho.NewClient(paho.ClientConfig{
		ClientID: "stranger",
		Conn:     conn,
		OnPublishReceived: []func(paho.PublishReceived) (bool, error){func(p paho.PublishReceived) (bool, error) {
			s.mu.Lock()
			s.got[p.Packet.Topic] = append(s.got[p.Packet.Topic], bytes.Clone(p.Packet.Payload))
			s.mu.Unlock()
			return true, nil
		}},
	})
	if _, err := s.c.Connect(ctx(t), &paho.Connect{ClientID: "stranger", CleanStart: true, KeepAlive: 30}); err != nil {
		t.Fatalf("stranger connect: %v", err)
	}
	t.Cleanup(func() { s.c.Disconnect(&paho.Disconnect{}) })
	if _, err := s.c.Subscribe(ctx(t), &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: "#", QoS: 1}}}); err != nil {
		t.Fatalf("stranger subscribe: %v", err)
	}
	return s
}

func (s *stranger) publish(t *testing.T, topic string, retain bool, payload []byte) {
	t.Helper()
	if _, err := s.c.Publish(ctx(t), &paho.Publish{Topic: topic, QoS: 1, Retain: retain, Payload: payload}); err != nil {
		t.Fatalf("stranger publish: %v", err)
	}
}

// seen returns a copy of what the stranger saw, and waits until it saw
// at least n messages.
func (s *stranger) seen(t *testing.T, n int) map[string][][]byte {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.mu.Lock()
		total := 0
		out := map[string][][]byte{}
		for k, v := range s.got {
			total += len(v)
			out[k] = append([][]byte(nil), v...)
		}
		s.mu.Unlock()
		if total >= n {
			return out
		}
		if time.Now().After(deadline) {
			t.Fatalf("stranger saw %d messages, want %d", total, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestAStrangerSeesOnlyCiphertextAndCannotInject(t *testing.T) {
	b := relaytest.Start(t)
	eve := newStranger(t, b)
	s := secret(t)
	alice, bob := open(t, []string{b.URL}, s), open(t, []string{b.URL}, s)
	ch, stop := alice.Watch("seat-box")
	defer stop()

	const words = "plain-words-of-a-move"
	if err := bob.Post(ctx(t), "seat-box", []byte(words+" posted")); err != nil {
		t.Fatal(err)
	}
	if err := bob.Keep(ctx(t), "seat-box", "seat-key", []byte(words+" kept")); err != nil {
		t.Fatal(err)
	}
	want(t, next(t, ch), "seat-box", "", words+" posted")
	want(t, next(t, ch), "seat-box", "seat-key", words+" kept")

	// Another game on the same broker, sealed with another secret.
	other := open(t, []string{b.URL}, secret(t))
	if err := other.Post(ctx(t), "seat-box", []byte("another game")); err != nil {
		t.Fatal(err)
	}

	saw := eve.seen(t, 3)
	var keptTopic string
	for topic, payloads := range saw {
		for _, p := range payloads {
			for _, plain := range []string{words, "seat-box", "seat-key", "another game"} {
				if strings.Contains(topic, plain) || bytes.Contains(p, []byte(plain)) {
					t.Errorf("stranger saw %q on topic %s", plain, topic)
				}
			}
			if bytes.Contains(p, s) || bytes.Contains([]byte(topic), s) {
				t.Errorf("stranger saw the secret on topic %s", topic)
			}
		}
		if strings.Contains(topic, "/k/") {
			keptTopic = topic
		}
	}
	prefix, _, _ := strings.Cut(keptTopic, "/k/")
	postTopic, otherTopic := prefix+"/p", ""
	for topic := range saw {
		if topic != postTopic && topic != keptTopic {
			otherTopic = topic
		}
	}
	if len(saw) != 3 || !strings.HasPrefix(prefix, "tabula/1/") || len(prefix) != len("tabula/1/")+22 || saw[postTopic] == nil || !strings.HasSuffix(otherTopic, "/p") {
		t.Fatalf("topics seen: %v", keys(saw))
	}
	before := alice.Stats().Unopened

	// What the stranger tries: plain text, random bytes, the other game's
	// sealed letter, our kept letter moved to the post topic and our post
	// moved to the kept topic, and an exact replay of our post.
	eve.publish(t, postTopic, false, []byte(`{"move":"steal everything"}`))
	eve.publish(t, postTopic, false, bytes.Repeat([]byte{0xA5}, relay.Overhead+40))
	eve.publish(t, postTopic, false, saw[otherTopic][0])
	eve.publish(t, postTopic, false, saw[keptTopic][0])
	eve.publish(t, keptTopic+"x", true, saw[postTopic][0])
	eve.publish(t, keptTopic, true, saw[postTopic][0])
	eve.publish(t, postTopic, false, saw[postTopic][0]) // replay: opens, but is a repeat

	if err := bob.Post(ctx(t), "seat-box", []byte("mark")); err != nil {
		t.Fatal(err)
	}
	if got := until(t, ch, "mark"); len(got) != 0 {
		t.Fatalf("the stranger's messages were delivered: %q", got)
	}
	if n := alice.Stats().Unopened - before; n != 6 {
		t.Errorf("%d payloads counted unopened, want 6 (all but the replay): %+v", n, alice.Stats())
	}

	// A later member still gets nothing from the stranger's retained
	// messages (the kept letter it overwrote is lost: brokers let anyone
	// replace a retained message).
	carol := open(t, []string{b.URL}, s)
	cc, stop2 := carol.Watch("seat-box")
	defer stop2()
	if err := carol.Post(ctx(t), "seat-box", []byte("mark")); err != nil {
		t.Fatal(err)
	}
	if got := until(t, cc, "mark"); len(got) != 0 {
		t.Fatalf("a later member got %q", got)
	}
}

func keys(m map[string][][]byte) []string {
	var k []string
	for key := range m {
		k = append(k, key)
	}
	return k
}

func TestAHugeMessageFromAStrangerDoesNotStopTheRoom(t *testing.T) {
	b := relaytest.Start(t)
	eve := newStranger(t, b)
	s := secret(t)
	alice, bob := open(t, []string{b.URL}, s), open(t, []string{b.URL}, s)
	ch, stop := alice.Watch("moves")
	defer stop()
	if err := bob.Post(ctx(t), "moves", []byte("hello")); err != nil {
		t.Fatal(err)
	}
	next(t, ch)
	var topic string
	for k := range eve.seen(t, 1) {
		topic = k
	}
	// 1 MB, over the packet limit the rooms told the broker at connect: the
	// broker drops it for them (a broker that sent it anyway would have the
	// connection dropped by the guard, TestGuardPassesPacketsUpToTheLimit…,
	// and made again). Either way letters go on.
	eve.publish(t, topic, false, make([]byte, 1<<20))
	deadline := time.Now().Add(30 * time.Second)
	for i := 0; ; i++ {
		if err := bob.Post(ctx(t), "moves", []byte("mark")); err != nil && time.Now().After(deadline) {
			t.Fatal(err)
		}
		select {
		case l := <-ch:
			if string(l.Body) != "mark" {
				t.Fatalf("got %q", l.Body)
			}
			return
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("the room did not come back after the huge message")
		}
	}
}
