//go:build !js

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"tabula/engine/p2p"
)

// BenchmarkBrowserP2PLatency times network play end to end, sealed
// against plain (docs/p2p.md, "The latency of play, sealed against
// plain"): three pages (a host and two guests, each its own browser
// context, like three devices) join one game through invite links and
// play it by autoplay over WebRTC on loopback, each page's CPU throttled
// 4× (a phone-class device); an entry's latency is the time from its
// author page's stamp to each other page's applied stamp. Every network
// game of a game with cards is sealed, so the plain rounds play a second
// site whose wasm is built with the tabulaplain tag (network games stay
// plain; nothing else differs). Rounds alternate plain and sealed, and
// swap which goes first, so the spread between rounds of one kind shows
// the noise. TABULA_LAT_GAMES picks the games (default catan),
// TABULA_LAT_ROUNDS the rounds of each kind (2), TABULA_LAT_ENTRIES how far
// each game is played (300 entries, or its end if sooner). It prints each
// round's latency over all entries, over the moves and over the sealed
// decks' entries, reports the ratios of the median p50s, sealed over
// plain, and asserts nothing.
//
//	make bench-latency [LAT_GAMES='catan agricola']
func BenchmarkBrowserP2PLatency(b *testing.B) {
	games := strings.Fields(envOr("TABULA_LAT_GAMES", "catan"))
	rounds, _ := strconv.Atoi(envOr("TABULA_LAT_ROUNDS", "2"))
	entries, _ := strconv.Atoi(envOr("TABULA_LAT_ENTRIES", "300"))
	bctx, _ := p2pBrowser(b)
	sealedSite := startServer(b)
	b.Cleanup(sealedSite.Close)
	plainSite := serveRoot(b, plainRoot(b))
	b.Cleanup(plainSite.Close)
	for _, game := range games {
		p50s, moves := map[bool][]float64{}, map[bool][]float64{}
		for r := 0; r < rounds; r++ {
			order := []bool{false, true}
			if r%2 == 1 {
				order = []bool{true, false}
			}
			for _, sealed := range order {
				origin := plainSite.URL
				if sealed {
					origin = sealedSite.URL
				}
				lat := latencyRound(b, bctx, origin, game, sealed, entries)
				p50s[sealed] = append(p50s[sealed], lat.all.p50)
				moves[sealed] = append(moves[sealed], lat.moves.p50)
				load, _ := os.ReadFile("/proc/loadavg")
				fmt.Fprintf(os.Stderr, "p2p latency %s %s round %d: %d entries; author→other page, all entries %s; moves %s; card entries %s (load %s); host page's time, ms: %s\n",
					game, map[bool]string{true: "sealed", false: "plain"}[sealed], r+1, lat.held, lat.all, lat.moves, lat.cards, strings.Join(strings.Fields(string(load))[:3], " "), lat.prof)
			}
		}
		name := strings.ReplaceAll(game, "-", "")
		b.ReportMetric(median(p50s[false]), name+"-plain-p50-ms")
		b.ReportMetric(median(p50s[true]), name+"-sealed-p50-ms")
		b.ReportMetric(median(p50s[true])/median(p50s[false]), name+"-sealed/plain")
		b.ReportMetric(median(moves[true])/median(moves[false]), name+"-moves-sealed/plain")
	}
}

// latencyFigures: p50 and p99 in ms over n deliveries (an entry applied
// by another page than its author's).
type latencyFigures struct {
	p50, p99 float64
	n        int
}

func (l latencyFigures) String() string {
	return fmt.Sprintf("p50 %.1f ms p99 %.1f ms over %d", l.p50, l.p99, l.n)
}

// roundLatency is one game's latency: over all entries, over the moves
// (a person's or a bot's action), and over the entries of the sealed
// decks (deck set-up, hidden draws, shows and secrets; none in a plain
// game).
type roundLatency struct {
	all, moves, cards latencyFigures
	held              int
	prof              string // where the host page's time went (ms per activity)
}

// latencyRound plays one three-page game of game from origin to entries
// entries (or its end) and returns its latency; it fails when the game is
// not sealed as asked (the sites mixed up).
func latencyRound(b testing.TB, bctx context.Context, origin, game string, sealed bool, entries int) roundLatency {
	b.Helper()
	var pages []*page
	for _, name := range []string{"host", "guest1", "guest2"} {
		p := newPage(b, bctx, name, origin)
		defer p.stop()
		pages = append(pages, p)
	}
	host := pages[0]
	host.openLobby(origin)
	setSelect(b, host.ctx, "#net-game", game)
	if game == "agricola" {
		host.wait(`document.querySelector("#net-players-1")`, 5*time.Second) // its form (1–4 players) is drawn
	}
	host.host("me", "friend", "friend")
	for i, g := range pages[1:] {
		host.paste(i+1, g.joinLink(origin, host.inviteLink(i+1)))
	}
	for _, p := range pages {
		p.wait(`document.getElementById("net").dataset.view === "table"`, netWait)
		if _, err := chromedp.Call(p.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: phoneThrottle}); err != nil {
			b.Fatal(err)
		}
	}
	for _, p := range pages {
		p.autoplay()
	}
	var r roundLatency
	r.held = host.waitEntriesOrEnd(entries, 2*time.Minute)
	peer, _ := storedPeer(b, host, 0)
	if peer.Match().Setup.IsSealed() != sealed {
		b.Fatalf("%s from %s: sealed %v, wanted %v", game, origin, !sealed, sealed)
	}
	// The stored log names each entry's kind (entry seq is at seq-1).
	kinds := map[int]p2p.Kind{}
	for i, e := range peer.Entries() {
		kinds[i+1] = e.Kind
	}
	of := func(keep func(p2p.Kind) bool) latencyFigures {
		var f latencyFigures
		f.p50, f.p99, f.n = latencyOf(func(seq int) bool { k, ok := kinds[seq]; return ok && keep(k) }, pages...)
		return f
	}
	r.all.p50, r.all.p99, r.all.n = latency(pages...)
	r.prof = host.eval(`JSON.stringify((window.tabulaNet || {}).prof || {})`)
	r.moves = of(func(k p2p.Kind) bool { return k == p2p.KindAction || k == p2p.KindBatch || k == p2p.KindBot })
	r.cards = of(func(k p2p.Kind) bool {
		return k == p2p.KindDeck || k == p2p.KindHidden || k == p2p.KindShow || k == p2p.KindSecret
	})
	return r
}

// plainRoot makes a site root whose web/ holds the app's assets and a
// wasm built with the tabulaplain tag.
func plainRoot(b testing.TB) string {
	b.Helper()
	root := b.TempDir()
	web := filepath.Join(root, "web")
	copyWeb(b, web, func(n string, data []byte) []byte {
		if n == "app.wasm" {
			return nil // built below
		}
		return data
	})
	fmt.Fprintln(os.Stderr, "latency: building the plain baseline's wasm (about a minute)…")
	cmd := exec.Command("go", "build", "-tags", "tabulaplain", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(web, "app.wasm"), "./cmd/tabula")
	cmd.Dir = repoRoot()
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("building the plain wasm: %v\n%s", err, out)
	}
	return root
}
