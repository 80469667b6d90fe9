//go:build !js

package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabula/app/p2pnet"
	"tabula/engine"
	"tabula/engine/bot"
	_ "tabula/engine/enginetest" // the Race test game
	"tabula/engine/p2p"
)

// The command joins a game hosted by an in-process node (standing in for
// the browser page): it prints its reply code, plays its seat with a bot to
// the end, and prints the same final hash as the host.
func TestJoinPlaysToTheEnd(t *testing.T) {
	wake := make(chan struct{}, 1)
	host, err := p2pnet.Host(p2pnet.Config{Build: "dev", Net: p2pnet.NetOptions{Loopback: true},
		OnEvent: func(p2pnet.Event) {
			select {
			case wake <- struct{}{}:
			default:
			}
		}}, engine.Setup{Game: "test-race", Players: 2}, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	code, err := host.Offer(1)
	if err != nil {
		t.Fatal(err)
	}
	link := "https://tabula.example/" + p2pnet.JoinPrefix + code
	pr, pw := io.Pipe()
	var stderr strings.Builder
	done := make(chan int)
	store := filepath.Join(t.TempDir(), "seat")
	go func() {
		done <- run([]string{"-join", link, "-bot", "random", "-loopback", "-store", store, "-timeout", "60s"}, strings.NewReader(""), pw, &stderr)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	if !lines.Scan() {
		t.Fatal("no reply code printed")
	}
	if err := host.Accept(lines.Text()); err != nil {
		t.Fatal(err)
	}
	// The host's seat is played here.
	b, _ := bot.New("random", 9)
	go func() {
		acted := map[uint64]bool{}
		for i := 0; i < 2000; i++ {
			select {
			case <-wake:
			case <-time.After(50 * time.Millisecond):
			}
			var a engine.Action
			var round uint64
			over := false
			host.With(func(p *p2p.Peer) {
				if !p.Started() {
					return
				}
				st := p.Match().State.Status()
				over = st.Over
				round, _ = p.Head()
				if !st.Over && st.Chance == nil && st.Decides(0) && !acted[round] {
					a = b.Choose(p.Match().State, 0)
				}
			})
			if over {
				return
			}
			if a != nil {
				acted[round] = true
				if err := host.Act(a); err != nil && !errors.Is(err, engine.ErrNotYourTurn) {
					t.Error(err)
				}
			}
		}
	}()
	if !lines.Scan() {
		t.Fatalf("no result line; stderr:\n%s", stderr.String())
	}
	var r result
	if err := json.Unmarshal([]byte(lines.Text()), &r); err != nil {
		t.Fatal(err)
	}
	if code := <-done; code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr.String())
	}
	var want string
	host.With(func(p *p2p.Peer) { want = engine.HashHex(p.Match().State) })
	if r.Hash != want || r.Seat != 1 {
		t.Fatalf("peer ended with %+v, host hash %s", r, want)
	}
}

func TestFlags(t *testing.T) {
	var out, errb strings.Builder
	if code := run(nil, strings.NewReader(""), &out, &errb); code != 2 {
		t.Fatalf("no flags: exit %d", code)
	}
	if code := run([]string{"-join", "x", "-bot", "clever"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Fatalf("bad bot: exit %d", code)
	}
	if code := run([]string{"-join", "https://x/#join=AAAA"}, strings.NewReader(""), &out, &errb); code != 1 || !strings.Contains(errb.String(), "not a valid code") {
		t.Fatalf("bad invite: exit %d, %s", code, errb.String())
	}
}
