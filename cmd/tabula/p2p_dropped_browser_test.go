//go:build !js

package main

import (
	"fmt"
	"os"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// channelWatch records every data channel a page makes (window.tabulaDCs)
// and gives the test a way to cut them (window.tabulaDrop: closes every
// open one, as a link lost to the network ends, and says how many). It is
// installed before the app loads; the app's code is unchanged.
const channelWatch = `(() => {
	const make = RTCPeerConnection.prototype.createDataChannel;
	window.tabulaDCs = [];
	RTCPeerConnection.prototype.createDataChannel = function (...args) {
		const dc = make.apply(this, args);
		window.tabulaDCs.push(dc);
		return dc;
	};
	window.tabulaDrop = () => {
		let n = 0;
		for (const dc of window.tabulaDCs) {
			if (dc.readyState === "open") { dc.close(); n++; }
		}
		return n;
	};
})()`

// openChannels counts the page's open data channels.
const openChannels = `window.tabulaDCs.filter(dc => dc.readyState === "open").length`

// watchChannels installs channelWatch on p's next navigations.
func (p *page) watchChannels() {
	p.t.Helper()
	if _, err := chromedp.Call(p.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: channelWatch}); err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
}

// TestBrowserRelayDroppedLinkComesBack: two pages joined by the invite
// link over the suite's broker play; mid-game one page's link is cut
// while both pages stay open (no reload, nobody acts, no code on screen),
// first the guest's, then the host's. Each time the host's page, the
// lower seat, invites the guest's back through the room, the guest's page
// answers by itself, a new data channel opens, and the game goes on: both
// pages apply further entries and end on the same log and hash.
func TestBrowserRelayDroppedLinkComesBack(t *testing.T) {
	origin, dir, pages, broker := relayPages(t, "host", "guest")
	host, guest := pages[0], pages[1]
	host.watchChannels()
	guest.watchChannels()

	host.openLobbyRelay(origin, broker.URL)
	host.host("me", "friend", "bot:greedy")
	host.wait(`document.querySelector("#relay-host[data-state=up]")`, 10*time.Second)
	link := host.inviteLink(1)
	guest.nav(origin + "/?speed=instant")
	guest.nav(link)
	for _, p := range []*page{host, guest} {
		p.wait(onTable, netWait)
		p.autoplay()
	}
	guest.wait(`+document.getElementById("net").dataset.entries > 30`, netWait)

	var back []time.Duration
	for _, cut := range []*page{guest, host} {
		// A mark that a reload would lose: the pages stay as they are.
		for _, p := range []*page{host, guest} {
			p.eval(`(window.tabulaStayed = 1, "")`)
		}
		made := int(guest.num(`window.tabulaDCs.length`))
		if n := int(cut.num(`window.tabulaDrop()`)); n != 1 {
			t.Fatalf("%s: %d open data channels cut, want the one link", cut.name, n)
		}
		t0 := time.Now()
		// The guest's page is back with a new channel, by itself.
		guest.wait(fmt.Sprintf(`window.tabulaDCs.length > %d && %s === 1 && %s`, made, openChannels, backInGame), netWait)
		host.wait(openChannels+` === 1 && `+backInGame, netWait)
		back = append(back, time.Since(t0))
		cut.shot(dir, "relay-dropped-"+cut.name)
		for _, p := range []*page{host, guest} {
			if p.num(`window.tabulaStayed || 0`) != 1 {
				t.Fatalf("%s: the page was reloaded", p.name)
			}
			if v := p.eval(`[...document.querySelectorAll("input[id^=reply-]")].map(e => e.value).join("")`); v != "" {
				t.Errorf("%s: a reply code was typed: %q", p.name, v)
			}
		}
		// The game goes on over the new link: entries made after it on
		// both pages.
		n := max(host.entries(), guest.entries())
		for _, p := range []*page{host, guest} {
			p.wait(fmt.Sprintf(`+document.getElementById("net").dataset.entries > %d`, n+5), netWait)
		}
	}

	// Held on the host's move, both pages reach one log and hash.
	host.stopAutoplay()
	host.wait(`document.querySelector('#turn .wait[data-seat="0"]')`, netWait)
	for deadline := time.Now().Add(netWait); ; time.Sleep(100 * time.Millisecond) {
		n := host.entries()
		if n == guest.entries() && host.net("hash") == guest.net("hash") && host.net("hash") != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the pages do not reach the same log: %d entries (%s) on the host's, %d (%s) on the guest's", n, host.net("hash"), guest.entries(), guest.net("hash"))
		}
	}
	noNotes(t, "", host, guest)
	fmt.Fprintf(os.Stderr, "relay browser: a cut link back with no action, the guest's %v, the host's %v; %d entries\n",
		back[0].Round(time.Millisecond), back[1].Round(time.Millisecond), host.entries())
}
