//go:build !js

package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/app/p2pnet"
)

// TestBrowserNetScreens: the network screens a newcomer met (issue 25,
// item 4). "Play with friends" opens at its top, with its title and game
// picker on screen, from a home screen scrolled down; invite links hold
// one "#" (chat apps may cut a link at a second one), and a link of the
// earlier form, with two, still seats its guest; the side panel's button
// that lets a bot play for a gone friend reads in at most two lines and
// nothing in the panel scrolls sideways.
func TestBrowserNetScreens(t *testing.T) {
	origin, dir, pages := netPages(t, "host", "guest", "late")
	host, guest, late := pages[0], pages[1], pages[2]

	for _, phone := range []bool{true, false} {
		host.nav(origin + "/?speed=instant")
		if phone {
			phoneView(t, host.ctx)
		} else {
			desktopView(t, host.ctx)
		}
		// The home screen scrolled as far down as it goes, as a thumb does
		// on the way to the button.
		eval[bool](t, host.ctx, `(scrollTo(0, document.documentElement.scrollHeight), true)`)
		xy := eval[[]float64](t, host.ctx, `(() => { const r = document.querySelector("#net-open").getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2, scrollY]; })()`)
		if err := chromedp.Do(host.ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
			t.Fatal(err)
		}
		host.wait(`document.querySelector("#net-lobby #net-game")`, 5*time.Second)
		time.Sleep(100 * time.Millisecond)
		got := eval[[]float64](t, host.ctx, `(() => { const h = document.querySelector("#net-lobby h1").getBoundingClientRect(), g = document.querySelector("#net-game").getBoundingClientRect();
			return [scrollY, h.top, g.top, g.bottom, innerHeight]; })()`)
		if got[0] > 0 || got[1] < 0 || got[2] < 0 || got[3] > got[4] {
			t.Errorf("phone %v: Play with friends (clicked at scroll %.0f) opens scrolled %.0f px down: title at %.0f, game picker at %.0f–%.0f of %.0f",
				phone, xy[2], got[0], got[1], got[2], got[3], got[4])
		}
	}
	host.shot(dir, "net-screens-01-lobby")

	host.openLobby(origin)
	host.host("me", "friend", "friend")
	link := host.inviteLink(1)
	if n := strings.Count(link, "#"); n != 1 {
		t.Errorf("the invite link holds %d # (chat apps may cut it at the second): %s", n, link)
	}
	host.paste(1, guest.joinLink(origin, link))
	// A link of the earlier form, the seating and the code each behind a #.
	old := strings.Replace(host.inviteLink(2), p2pnet.JoinKey, p2pnet.JoinPrefix, 1)
	if strings.Count(old, "#") != 2 {
		t.Fatalf("could not make a link of the earlier form from %s", old)
	}
	host.paste(2, late.joinLink(origin, old))
	for _, p := range []*page{host, guest, late} {
		p.wait(`document.getElementById("net").dataset.view === "table"`, netWait)
	}
	if got := late.eval(`[...document.querySelectorAll("#chips .pchip, .players .pname, #turn")].map(e => e.textContent).join(" ")`); got == "" {
		t.Error("the guest of the earlier link sees no table")
	}

	// The third friend leaves: the host's side panel offers the bot.
	if err := chromedp.Do(late.ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	host.wait(`document.querySelector(".side #takeover-2")`, netWait)
	for _, phone := range []bool{false, true} {
		if phone {
			phoneView(t, host.ctx)
		} else {
			desktopView(t, host.ctx)
		}
		if phone { // the phone shows the network panel on asking
			host.click("#net-toggle")
		}
		host.wait(`document.querySelector(".side #takeover-2")`, 5*time.Second)
		logOnHeaderRow(t, host.ctx, fmt.Sprintf("network table, phone %v", phone))
		eval[bool](t, host.ctx, `(document.querySelector(".side #takeover-2").scrollIntoView({block: "center"}), true)`)
		res := eval[[]float64](t, host.ctx, `(() => { const b = document.querySelector(".side #takeover-2"), side = b.closest(".side");
			const rg = document.createRange(); rg.selectNodeContents(b);
			const lines = new Set([...rg.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top))).size;
			// A text field scrolls its own long value (the watch link) by design: that is no box
			// of the panel running sideways.
			const over = [side, ...side.querySelectorAll("*")].filter(e => !e.matches("input, textarea") &&
				e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible").length;
			const sr = side.getBoundingClientRect(), br = b.getBoundingClientRect();
			return [lines, b.textContent.trim().split(/\s+/).length, over, br.right - sr.right, br.width]; })()`)
		if res[0] > 2 {
			t.Errorf("phone %v: the takeover button (%.0f px wide) wraps its %.0f words onto %.0f lines", phone, res[4], res[1], res[0])
		}
		if res[2] > 0 || res[3] > 1 {
			t.Errorf("phone %v: the side panel scrolls sideways (%.0f boxes) or the button runs %.0f px past it", phone, res[2], res[3])
		}
		host.shot(dir, fmt.Sprintf("net-screens-02-takeover-phone-%v", phone))
	}
	desktopView(t, host.ctx)
}
