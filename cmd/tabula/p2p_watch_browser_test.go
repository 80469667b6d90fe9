//go:build !js

package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

func (p *page) watchData(name string) string {
	return p.eval(fmt.Sprintf(`(document.getElementById("watch")||{dataset:{}}).dataset[%q] || ""`, name))
}

func (p *page) watchEntries() int {
	n, _ := strconv.Atoi(p.watchData("entries"))
	return n
}

// sameBoardAs waits until the spectator p shows the player's board at the
// same point: the same entry count and hash, each page's pair read at one
// moment. A slow player's page may still add an entry after the log seemed
// steady; a spectator that follows shows it too, one that shows another
// board at the same count fails.
func (p *page) sameBoardAs(player *page) {
	p.t.Helper()
	var we, wh, pe, ph string
	for deadline := time.Now().Add(netWait); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		pe, ph = player.netState()
		we, wh = p.dataState("watch")
		if we == pe && wh != "" {
			if wh != ph {
				p.t.Fatalf("%s: the board at %s entries has hash %s, %s's %s", p.name, we, wh, player.name, ph)
			}
			return
		}
	}
	p.t.Fatalf("%s: at %s entries (hash %s), %s at %s (hash %s)", p.name, we, wh, player.name, pe, ph)
}

// steady waits until p's log has not grown for a second (the game waits
// on a seat nobody plays: the host's own, its autoplay off; a round the
// others answer first ends before) and returns its length.
func (p *page) steady() int {
	p.t.Helper()
	last, since := -1, time.Now()
	for deadline := time.Now().Add(netWait); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if n := p.entries(); n != last {
			last, since = n, time.Now()
		} else if time.Since(since) > time.Second {
			return n
		}
	}
	p.t.Fatalf("%s: the log never stopped growing", p.name)
	return 0
}

// What a spectator may act on: the moves of the board and the dock, the
// autoplay box, any chat.
const actionControls = `document.querySelectorAll("#board [data-act], #actions button, #autoplay, #chat, [id^='takeover-'], #reclaim").length`

// A host page and a guest page play Catan (with a bot seat), the guest
// seated through a real MQTT broker (mosquitto on loopback, the site's
// default relay, so the spectators' fresh pages use it too). Mid-game a third page opens
// the host's watch link: it shows the board with every move so far, then
// follows new moves live, and offers nothing to act on, while the host's
// own page, at its turn, does. After the end a fourth page opens the link
// and gets the whole game. Both spectators end on the players' hash.
func TestBrowserP2PWatch(t *testing.T) {
	origin, dir, pages, broker := relayPages(t, "host", "guest", "watcher", "late")
	host, guest, watcher, late := pages[0], pages[1], pages[2], pages[3]
	host.openLobbyRelay(origin, broker.URL)
	host.host("me", "friend", "bot:greedy")
	link := host.inviteLink(1)
	guest.nav(origin + "/?speed=instant")
	guest.nav(link) // seated through the relay, no code carried
	host.autoplay()
	guest.autoplay()
	host.wait(`+document.getElementById("net").dataset.entries > 40`, netWait)
	// The host's person takes over its seat: the game stops at its turn.
	host.stopAutoplay()
	host.wait(`!document.querySelector("#autoplay").checked && document.querySelector('#turn .wait[data-seat="0"]')`, netWait)
	n := host.steady()
	if c := host.num(actionControls); c == 0 {
		t.Fatalf("the host's page offers nothing to act on at its turn: the check below could not fail")
	}
	host.wait(`document.querySelector("#watch-link") && document.querySelector("#watch-link").value.includes("#watch=")`, 10*time.Second)
	host.eval(`(document.querySelector("#net-watch").scrollIntoView(), "")`)
	host.shot(dir, "p2p-watch-0-host-link")
	watch := host.eval(`document.querySelector("#watch-link").value`)
	if !strings.HasPrefix(watch, origin+"/#watch=") || strings.Contains(watch, "join=") || strings.Contains(watch, "r=1") {
		t.Fatalf("watch link %q", watch)
	}

	t0 := time.Now()
	watcher.nav(watch)
	watcher.wait(fmt.Sprintf(`+(document.getElementById("watch")||{dataset:{}}).dataset.entries === %d && document.querySelector("#board svg")`, n), netWait)
	shown := time.Since(t0)
	inPage := watcher.watchData("shownMs")
	watcher.sameBoardAs(host)
	watcher.wait(`document.querySelector("#watching")`, 5*time.Second)
	seats := host.eval(`[...document.querySelectorAll("#net-panel .net-links th")].map(e => e.textContent.trim()).join("|")`)
	banner := watcher.eval(`document.querySelector("#watching").textContent`)
	for _, name := range strings.Split(seats, "|") {
		if name != "" && !strings.Contains(banner, name) {
			t.Fatalf("the banner %q does not name seat %q", banner, name)
		}
	}
	if c := watcher.num(actionControls); c != 0 {
		t.Fatalf("the spectator's page offers %v things to act on", c)
	}
	if watcher.eval(`document.getElementById("net").dataset.view`) != "watch" {
		t.Fatal("the spectator is not on the watch screen")
	}
	watcher.shot(dir, "p2p-watch-1-spectator")

	// Live: the host plays on, the spectator follows.
	host.click("#autoplay")
	watcher.wait(fmt.Sprintf(`+(document.getElementById("watch")||{dataset:{}}).dataset.entries > %d`, n+5), netWait)
	if c := watcher.num(actionControls); c != 0 {
		t.Fatalf("the spectator's page offers %v things to act on mid-game", c)
	}
	host.waitOver(netWait)
	guest.waitOver(netWait)
	watcher.wait(fmt.Sprintf(`+(document.getElementById("watch")||{dataset:{}}).dataset.entries === %d && document.querySelector("#watch-over")`, host.entries()), netWait)
	watcher.shot(dir, "p2p-watch-2-over")

	// A spectator who comes after the end catches up on the whole game.
	t1 := time.Now()
	late.nav(watch)
	late.wait(`document.querySelector("#watch-over")`, netWait)
	caught := time.Since(t1)
	hash := host.net("hash")
	for _, p := range []*page{watcher, late} {
		if p.watchData("hash") != hash || p.watchEntries() != host.entries() {
			t.Fatalf("%s: %d entries hash %s; the players %d, %s", p.name, p.watchEntries(), p.watchData("hash"), host.entries(), hash)
		}
		if p.num(`document.querySelectorAll("#watch-refused").length`) != 0 {
			t.Fatalf("%s refused a letter: %s", p.name, p.eval(`document.querySelector("#watch-refused").textContent`))
		}
	}
	// Nothing was stored as one of the spectators' games.
	late.nav(origin + "/")
	late.click("#net-open")
	late.wait(`document.querySelector("#net-lobby")`, 5*time.Second)
	if c := late.num(`document.querySelectorAll("#net-lobby .net-saved-row").length`); c != 0 {
		t.Fatalf("the spectator's device lists %v network games", c)
	}
	fmt.Fprintf(os.Stderr, "p2p watch: watch link opened → board with %d entries shown in %v (in page, link to board %s ms); a late spectator caught up on %d entries in %v\n",
		n, shown.Round(time.Millisecond), inPage, host.entries(), caught.Round(time.Millisecond))
}
