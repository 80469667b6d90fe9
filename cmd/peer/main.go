//go:build !js

// Command peer joins a peer-to-peer Tabula game as one seat, played by a
// bot, over real WebRTC (pion): the same protocol and transport as the
// browser (engine/p2p, app/p2pnet). Native only: the browser build of
// p2pnet uses the browser's own WebRTC, not pion.
//
//	go run ./cmd/peer -join '<invite link>' -bot greedy
//
// It prints the reply code on stdout (paste it into the inviting page;
// with -relay and an invite link that carries the game's relay secret the
// code also goes to the page through the game's room, which takes it by
// itself), then plays until the game is over and prints one JSON line with the
// final agreed hash (the state hash; a sealed game's public game's, the same
// on every device: Peer.AgreedAt). With -store FILE the seat (keys, chance secret, log) is
// saved after every entry; -resume FILE restarts from it and prints an
// invite (resume) code on stdout, whose reply it reads from stdin. If the
// others handed its seat to the bot meanwhile (a takeover), it reclaims it.
//
// Progress goes to stderr. Exit status: 0 game over, 1 failure, 2 bad flags.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"tabula/app/netplay"
	"tabula/app/p2pnet"
	"tabula/engine"
	"tabula/engine/bot"
	_ "tabula/engine/games"
	"tabula/engine/p2p"
)

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

type result struct {
	Seat    int    `json:"seat"`
	Game    string `json:"game"`
	Entries uint64 `json:"entries"`
	Hash    string `json:"hash"`
	Winners []int  `json:"winners"`
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("peer", flag.ContinueOnError)
	fs.SetOutput(stderr)
	join := fs.String("join", "", "invite link or code to answer")
	resume := fs.String("resume", "", "restart from this stored seat file")
	store := fs.String("store", "", "save the seat to this file after every entry")
	kind := fs.String("bot", "greedy", "bot kind: "+strings.Join(bot.Kinds(), ", "))
	seed := fs.Uint64("seed", 1, "bot seed")
	build := fs.String("build", "dev", "build id; must equal the inviting page's")
	stun := fs.String("stun", "", "STUN server URL (e.g. stun:stun.example.org:3478); none by default")
	relays := fs.String("relay", "", "relays (MQTT brokers over WebSocket, separated by spaces) to send the reply code through; none by default")
	loopback := fs.Bool("loopback", false, "gather loopback candidates only (same machine, no network)")
	timeout := fs.Duration("timeout", time.Hour, "give up after this long")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if (*join == "") == (*resume == "") {
		fmt.Fprintln(stderr, "peer: give exactly one of -join or -resume")
		return 2
	}
	b, err := bot.New(*kind, *seed)
	if err != nil {
		fmt.Fprintln(stderr, "peer:", err)
		return 2
	}
	if *resume != "" && *store == "" {
		*store = *resume
	}
	over := make(chan struct{})
	wake := make(chan struct{}, 1)
	linked := make(chan struct{})
	var once, up sync.Once
	cfg := p2pnet.Config{
		Build: *build,
		Net:   p2pnet.NetOptions{Loopback: *loopback},
		Store: func(snap []byte) {
			if *store != "" {
				if err := writeFile(*store, snap); err != nil {
					fmt.Fprintln(stderr, "peer: store:", err)
				}
			}
		},
		OnEvent: func(e p2pnet.Event) {
			switch e.Kind {
			case p2pnet.EvLinkUp:
				fmt.Fprintf(stderr, "peer: link to seat %d up (%s)\n", e.Seat, e.Type)
				up.Do(func() { close(linked) })
			case p2pnet.EvLinkDown:
				fmt.Fprintf(stderr, "peer: link to seat %d down\n", e.Seat)
			case p2pnet.EvProtocol:
				switch e.P2P.Kind {
				case p2p.EvApplied:
				case p2p.EvOver:
					once.Do(func() { close(over) })
				default:
					fmt.Fprintf(stderr, "peer: %v\n", e.P2P)
				}
			}
			select {
			case wake <- struct{}{}:
			default:
			}
		},
	}
	if *stun != "" {
		cfg.ICEServers = []p2pnet.ICEServer{{URLs: []string{*stun}}}
	}
	var n *p2pnet.Node
	if *join != "" {
		var reply string
		n, reply, err = p2pnet.Join(cfg, *join)
		if err != nil {
			fmt.Fprintln(stderr, "peer:", err)
			return 1
		}
		fmt.Fprintln(stdout, reply)
		fmt.Fprintln(stderr, "peer: paste the reply code above into the inviting page")
		if *relays != "" {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			done, err := netplay.SendReply(ctx, strings.Fields(*relays), *join, reply)
			cancel()
			if err != nil {
				fmt.Fprintln(stderr, "peer: the reply did not go through the relay (paste it by hand):", err)
			} else {
				fmt.Fprintln(stderr, "peer: the reply went through the relay")
				go func() { <-linked; done() }()
			}
		}
	} else {
		snap, err := engine.ReadFileLimited(*resume, p2p.MaxSnapshot)
		if err != nil {
			fmt.Fprintln(stderr, "peer:", err)
			return 1
		}
		n, err = p2pnet.Resume(cfg, snap)
		if err != nil {
			fmt.Fprintln(stderr, "peer:", err)
			return 1
		}
		code, err := n.Offer(p2pnet.AnySeat)
		if err != nil {
			fmt.Fprintln(stderr, "peer:", err)
			return 1
		}
		fmt.Fprintln(stdout, code)
		fmt.Fprintln(stderr, "peer: open this resume code in any running page of the game, then paste its reply here")
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && line == "" {
			fmt.Fprintln(stderr, "peer: no reply:", err)
			return 1
		}
		if err := n.Accept(line); err != nil {
			fmt.Fprintln(stderr, "peer:", err)
			return 1
		}
	}
	defer n.Close()
	seat := -1
	n.With(func(p *p2p.Peer) { seat = p.Seat() })
	deadline := time.After(*timeout)
	turn := p2pnet.NewBotTurn(b, seat)
	var reclaimed time.Time
	for {
		select {
		case <-over:
			return finish(n, stdout, stderr)
		case <-deadline:
			fmt.Fprintln(stderr, "peer: timed out")
			return 1
		case <-wake:
		case <-time.After(200 * time.Millisecond):
		}
		var a engine.Action
		taken := false
		n.With(func(p *p2p.Peer) {
			if !p.Started() {
				return
			}
			if taken = p.Bot(seat); taken {
				return // the others voted this seat to the bot while we were away
			}
			a = turn.Choose(p)
		})
		if taken && time.Since(reclaimed) > 2*time.Second {
			reclaimed = time.Now()
			fmt.Fprintln(stderr, "peer: this seat was handed to the bot while away; reclaiming it")
			if err := n.Reclaim(); err != nil {
				fmt.Fprintln(stderr, "peer:", err)
			}
		}
		if a == nil {
			continue
		}
		if err := turn.Act(n, a); err != nil && !errors.Is(err, engine.ErrNotYourTurn) {
			fmt.Fprintln(stderr, "peer: own action refused:", err)
			return 1
		}
	}
}

func finish(n *p2pnet.Node, stdout, stderr io.Writer) int {
	var r result
	n.With(func(p *p2p.Peer) {
		r.Seat = p.Seat()
		r.Game = p.Match().Game.ID()
		r.Entries, _ = p.Head()
		r.Hash = p.AgreedAt(len(p.Match().Entries))
		for _, w := range p.Match().State.Status().Winners {
			r.Winners = append(r.Winners, int(w))
		}
	})
	// Linger briefly so the others receive our last messages.
	time.Sleep(500 * time.Millisecond)
	out, _ := json.Marshal(r)
	fmt.Fprintln(stdout, string(out))
	return 0
}

// writeFile replaces path atomically, so a crash never leaves half a seat.
func writeFile(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
