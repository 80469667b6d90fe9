// Package relaytest runs a real MQTT broker for tests: Debian's mosquitto,
// started as a child process on loopback with a WebSocket listener.
package relaytest

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// Broker is one running mosquitto.
type Broker struct {
	URL    string // ws://127.0.0.1:<port>: what relay.Open takes
	TCP    string // 127.0.0.1:<port>: plain MQTT, for a stranger's client
	t      testing.TB
	bin    string
	conf   string
	ws     string // the WebSocket listener's address
	cmd    *exec.Cmd
	exited chan struct{}
	out    *SyncBuffer
	once   sync.Once
}

// Start starts mosquitto on two free loopback ports (plain MQTT and
// WebSockets; mosquitto 2.0 will not start with a WebSocket listener
// alone) and stops it at the test's cleanup. A test fails, never skips,
// when mosquitto is missing: the suite's machines install it (.ci/run).
func Start(t testing.TB) *Broker {
	t.Helper()
	bin, err := exec.LookPath("mosquitto")
	if err != nil {
		for _, p := range []string{"/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto"} {
			if _, e := os.Stat(p); e == nil {
				bin, err = p, nil
				break
			}
		}
	}
	if err != nil {
		t.Fatalf("relaytest: mosquitto, the MQTT broker the relay tests run, is not installed (Debian: apt-get install mosquitto): %v", err)
	}
	tcp, ws := freePort(t), freePort(t)
	dir := t.TempDir()
	conf := filepath.Join(dir, "mosquitto.conf")
	text := fmt.Sprintf("persistence false\nlog_dest stdout\nlistener %d 127.0.0.1\nlistener %d 127.0.0.1\nprotocol websockets\nallow_anonymous true\n", tcp, ws)
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	b := &Broker{
		URL:  fmt.Sprintf("ws://127.0.0.1:%d/mqtt", ws),
		TCP:  fmt.Sprintf("127.0.0.1:%d", tcp),
		t:    t,
		out:  &SyncBuffer{},
		bin:  bin,
		conf: conf,
		ws:   fmt.Sprintf("127.0.0.1:%d", ws),
	}
	b.start()
	return b
}

// start runs mosquitto and waits until both listeners accept.
func (b *Broker) start() {
	t := b.t
	t.Helper()
	b.once = sync.Once{}
	b.cmd = exec.Command(b.bin, "-c", b.conf)
	b.cmd.Stdout, b.cmd.Stderr = b.out, b.out
	if err := b.cmd.Start(); err != nil {
		t.Fatalf("relaytest: start mosquitto: %v", err)
	}
	exited := make(chan struct{})
	b.exited = exited
	cmd := b.cmd
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() { b.Stop(); <-exited })
	deadline := time.Now().Add(10 * time.Second)
	for _, addr := range []string{b.TCP, b.ws} {
		for {
			c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
			if err == nil {
				c.Close()
				break
			}
			select {
			case <-exited:
				t.Fatalf("relaytest: mosquitto exited at start:\n%s", b.out.String())
			default:
			}
			if time.Now().After(deadline) {
				t.Fatalf("relaytest: mosquitto does not accept on %s after 10 s:\n%s", addr, b.out.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// Restart stops the broker and starts it again on the same ports, with
// nothing retained (no persistence): a broker that restarted.
func (b *Broker) Restart() {
	b.t.Helper()
	b.Stop()
	<-b.exited
	b.start()
}

// Stop ends the broker (every client's connection drops); once.
func (b *Broker) Stop() {
	b.once.Do(func() {
		if b.cmd.Process != nil {
			b.cmd.Process.Kill()
		}
	})
}

// Log is what mosquitto printed so far.
func (b *Broker) Log() string { return b.out.String() }

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("relaytest: no free port: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// SyncBuffer is a bytes.Buffer that a process's output and a test may
// use at once.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
