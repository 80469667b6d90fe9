//go:build !js

package main

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/app/i18n"
	"tabula/app/netplay"
	"tabula/app/relay/relaytest"
)

// Joining and coming back through the relay: the suite's own broker
// (mosquitto on loopback) is the default relay of the site the pages load
// (netplay.RelaysEnv), and the host names it in its network settings too.

// relayPages starts the suite's broker, then netPages on a site whose
// default relay is that broker.
func relayPages(t *testing.T, names ...string) (string, string, []*page, *relaytest.Broker) {
	t.Helper()
	broker := relaytest.Start(t)
	t.Setenv(netplay.RelaysEnv, broker.URL)
	origin, dir, pages := netPages(t, names...)
	return origin, dir, pages, broker
}

// openLobbyRelay is openLobby with broker as the only relay, typed into
// the network settings.
func (p *page) openLobbyRelay(origin, broker string) {
	p.t.Helper()
	p.openLobby(origin)
	p.set("#net-brokers", broker)
	p.click("#net-settings-save")
	p.wait(`document.querySelector("#net-settings-saved") && !document.querySelector("#net-notice")`, 5*time.Second)
}

// onTable: the page shows the table.
const onTable = `document.getElementById("net") && document.getElementById("net").dataset.view === "table"`

// backInGame: the table, a direct link, and no way-back card.
const backInGame = onTable + ` && +document.getElementById("net").dataset.direct >= 1 && !document.querySelector("#resume")`

// since is how long after the page's navigation mark name was made (ms).
func (p *page) since(name string) float64 {
	return p.num(fmt.Sprintf(`(((window.tabulaNet||{}).marks||{})[%q] || performance.timeOrigin) - performance.timeOrigin`, name))
}

// steps is the page's way back after a reload, in ms after navigation:
// the game reopened, the room open, the resume code kept in it, the
// answer taken.
func (p *page) steps() string {
	return fmt.Sprintf("reopened %.0f, room %.0f, code kept %.0f, answer taken %.0f", p.since("resumed"), p.since("relay-up"), p.since("resume-kept"), p.since("back-taken"))
}

// reloadBack reloads p mid-game and waits until it is back in the game
// with no code carried: how long that took. Nothing of the log is lost.
func (p *page) reloadBack() time.Duration {
	p.t.Helper()
	before := p.entries()
	if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
		p.t.Fatal(err)
	}
	t0 := time.Now()
	p.wait(clientStarted+" && "+backInGame, netWait)
	took := time.Since(t0)
	if n := p.entries(); n < before {
		p.t.Fatalf("%s: the reload lost entries: %d before, %d after", p.name, before, n)
	}
	return took
}

// TestBrowserRelayJoinAndReload: the guest opens the invite link and is
// seated with no reply code carried back (the host's page takes the
// guest's letter by itself); mid-game each page is reloaded, twice, and
// is back in the game with no code and nobody acting; the game goes on to
// the same state on both pages. Timings go to the test log.
func TestBrowserRelayJoinAndReload(t *testing.T) {
	origin, dir, pages, broker := relayPages(t, "host", "guest")
	host, guest := pages[0], pages[1]

	host.openLobbyRelay(origin, broker.URL)
	host.host("me", "friend", "bot:greedy")
	host.wait(`document.querySelector("#relay-host[data-state=up]")`, 10*time.Second)
	host.shot(dir, "relay-01-invites")
	link := host.inviteLink(1)
	if !strings.Contains(link, "&r=1") || strings.Count(link, "#") != 1 {
		t.Fatalf("the invite link does not carry the relay secret in its fragment: %s", link)
	}

	guest.nav(origin + "/?speed=instant")
	t0 := time.Now()
	guest.nav(link)
	guest.wait(onTable, netWait)
	seated := time.Since(t0)
	inPage := guest.mark("genesis") - guest.mark("join")
	host.wait(onTable, netWait)
	if v := host.eval(`[...document.querySelectorAll("input[id^=reply-]")].map(e => e.value).join("")`); v != "" {
		t.Errorf("a reply code was typed on the host: %q", v)
	}
	host.autoplay()
	guest.autoplay()
	guest.wait(`+document.getElementById("net").dataset.entries > 40`, netWait)
	guest.shot(dir, "relay-02-guest-table")

	joinSteps := fmt.Sprintf("room %.0f, reply kept %.0f, genesis %.0f", guest.mark("relay-up")-guest.mark("join"), guest.mark("reply-kept")-guest.mark("join"), inPage)

	// Reloads mid-game: each page comes back by itself.
	var back []time.Duration
	var steps []string
	for i, p := range []*page{guest, host, guest, host} {
		back = append(back, p.reloadBack())
		steps = append(steps, p.name+": "+p.steps())
		p.autoplay()
		if i == 0 {
			p.shot(dir, "relay-03-guest-back")
		}
		n := p.entries()
		p.wait(fmt.Sprintf(`+document.getElementById("net").dataset.entries > %d`, n+5), netWait)
	}

	// The game goes on to the same state: the host holds it on its own
	// move, and both pages reach the same log (the host's page may still
	// answer a bot's offer for its person meanwhile: compared once both
	// show as many entries).
	host.click("#autoplay")
	host.wait(`!document.querySelector("#autoplay").checked && document.querySelector('#turn .wait[data-seat="0"]')`, netWait)
	n := 0
	for deadline := time.Now().Add(netWait); ; time.Sleep(100 * time.Millisecond) {
		n = host.entries()
		if n == guest.entries() && host.net("hash") == guest.net("hash") && n == host.entries() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the pages do not reach the same log: %d entries (%s) on the host's, %d (%s) on the guest's", host.entries(), host.net("hash"), guest.entries(), guest.net("hash"))
		}
	}
	noNotes(t, "", host, guest)
	sorted := append([]time.Duration(nil), back...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	fmt.Fprintf(os.Stderr, "relay browser: invite link %d chars; opening the invite → seated %v (in the page after join, ms: %s); reload → back in the game, guest %v, host %v, guest %v, host %v (median %v; in the page after navigation, ms: %s); %d entries\n",
		len(link), seated.Round(time.Millisecond), joinSteps, back[0].Round(time.Millisecond), back[1].Round(time.Millisecond),
		back[2].Round(time.Millisecond), back[3].Round(time.Millisecond), sorted[len(sorted)/2].Round(time.Millisecond), strings.Join(steps, "; "), n)
}

// TestBrowserRelayDown: the site's relay is a broker that was stopped (its
// address dead). The host's invites and the guest's reply say in plain
// words that no relay could be reached and that the code goes by hand,
// in every language; the reply code pasted by hand seats the guest.
func TestBrowserRelayDown(t *testing.T) {
	origin, dir, pages, broker := relayPages(t, "host", "guest")
	host, guest := pages[0], pages[1]
	broker.Stop()

	host.openLobby(origin)
	host.host("me", "friend", "bot:greedy")
	host.wait(`document.querySelector("#relay-host[data-state=down]")`, 15*time.Second)
	if got, want := host.eval(`document.querySelector("#relay-host .net-relay-text").textContent`), i18n.T("net.relay.none.host"); got != want {
		t.Errorf("the host's relay line: %q, want %q", got, want)
	}
	if why := host.eval(`document.querySelector("#relay-host .net-relay-why").textContent`); !strings.Contains(why, "127.0.0.1") {
		t.Errorf("the host is not told why: %q", why)
	}
	host.shot(dir, "relay-down-01-host")
	reply := guest.joinLink(origin, host.inviteLink(1))
	guest.wait(`document.querySelector("#relay-reply[data-state=down]")`, 15*time.Second)
	defer i18n.SetLang(i18n.English)
	for _, lang := range []i18n.Lang{i18n.English, i18n.Portuguese, i18n.Russian} {
		setSelect(t, guest.ctx, "#lang-pick", string(lang))
		i18n.SetLang(lang)
		want := i18n.T("net.relay.none.reply")
		guest.wait(fmt.Sprintf(`(document.querySelector("#relay-reply .net-relay-text")||{}).textContent === %q`, want), 5*time.Second)
		guest.shot(dir, "relay-down-02-guest-"+string(lang))
	}
	i18n.SetLang(i18n.English)
	setSelect(t, guest.ctx, "#lang-pick", "en")
	if !strings.HasPrefix(i18n.T("net.relay.none.reply"), "No relay could be reached: send this code back by hand") {
		t.Errorf("the English words changed: %q", i18n.T("net.relay.none.reply"))
	}
	host.paste(1, reply)
	for _, p := range []*page{host, guest} {
		p.wait(onTable, netWait)
	}
	noNotes(t, "", host, guest)
}

// TestBrowserRelayNativePeer: cmd/peer, given the suite's broker as its
// relay, joins a browser host by the invite link alone: the host's page
// takes its reply from the room, and the game goes on.
func TestBrowserRelayNativePeer(t *testing.T) {
	peerBin := buildPeer(t)
	origin, dir, pages, broker := relayPages(t, "host")
	host := pages[0]
	host.openLobbyRelay(origin, broker.URL)
	host.host("me", "friend", "bot:greedy")
	host.wait(`document.querySelector("#relay-host[data-state=up]")`, 10*time.Second)
	link := host.inviteLink(1)
	t0 := time.Now()
	_, peer, _ := nativePeer(t, peerBin, link, host.net("build"), "-relay", broker.URL)
	defer func() { _ = peer.Process.Kill(); _ = peer.Wait() }()
	host.wait(onTable, netWait)
	seated := time.Since(t0)
	host.autoplay()
	host.wait(`+document.getElementById("net").dataset.entries > 40 && +document.getElementById("net").dataset.direct === 1`, netWait)
	host.shot(dir, "relay-peer-01-host")
	noNotes(t, "", host)
	fmt.Fprintf(os.Stderr, "relay browser: cmd/peer started → host page at the table %v (no code pasted)\n", seated.Round(time.Millisecond))
}
