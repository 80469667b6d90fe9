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
// each game is played (300 entries, or its end if sooner). It reports the
// ratio of the median p50s, sealed over plain, and asserts nothing.
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
		p50s := map[bool][]float64{}
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
				p50, p99, n, held := latencyRound(b, bctx, origin, game, sealed, entries)
				p50s[sealed] = append(p50s[sealed], p50)
				load, _ := os.ReadFile("/proc/loadavg")
				fmt.Fprintf(os.Stderr, "p2p latency %s %s round %d: %d entries, author→other page p50 %.1f ms p99 %.1f ms over %d deliveries (load %s)\n",
					game, map[bool]string{true: "sealed", false: "plain"}[sealed], r+1, held, p50, p99, n, strings.Join(strings.Fields(string(load))[:3], " "))
			}
		}
		name := strings.ReplaceAll(game, "-", "")
		b.ReportMetric(median(p50s[false]), name+"-plain-p50-ms")
		b.ReportMetric(median(p50s[true]), name+"-sealed-p50-ms")
		b.ReportMetric(median(p50s[true])/median(p50s[false]), name+"-sealed/plain")
	}
}

// latencyRound plays one three-page game of game from origin to entries
// entries and returns its latency figures and the entries held; it fails when the game is not
// sealed as asked (the sites mixed up).
func latencyRound(b testing.TB, bctx context.Context, origin, game string, sealed bool, entries int) (p50, p99 float64, n, held int) {
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
	held = host.waitEntriesOrEnd(entries, 2*time.Minute)
	if peer, _ := storedPeer(b, host, 0); peer.Match().Setup.IsSealed() != sealed {
		b.Fatalf("%s from %s: sealed %v, wanted %v", game, origin, !sealed, sealed)
	}
	p50, p99, n = latency(pages...)
	return p50, p99, n, held
}

// plainRoot makes a site root whose web/ holds the app's assets and a
// wasm built with the tabulaplain tag.
func plainRoot(b testing.TB) string {
	b.Helper()
	root := b.TempDir()
	web := filepath.Join(root, "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		b.Fatal(err)
	}
	src := filepath.Join(repoRoot(), "web")
	files, err := os.ReadDir(src)
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range files {
		if f.IsDir() || strings.HasPrefix(f.Name(), "app.wasm") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, f.Name()))
		if err == nil {
			err = os.WriteFile(filepath.Join(web, f.Name()), data, 0o644)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	fmt.Fprintln(os.Stderr, "latency: building the plain baseline's wasm (about a minute)…")
	cmd := exec.Command("go", "build", "-tags", "tabulaplain", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(web, "app.wasm"), "./cmd/tabula")
	cmd.Dir = repoRoot()
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("building the plain wasm: %v\n%s", err, out)
	}
	return root
}
