//go:build !js

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"tabula/app/i18n"
	"tabula/app/p2pnet"
	"tabula/app/relay/relaytest"
)

// Network play in the browser: pages in separate browser contexts (so
// separate storage, like separate people) connect over real WebRTC
// through the invite link opened in the guest page and the reply code
// typed into the host page.

// p2pBrowser is the Chromium of the network tests, with what WebRTC needs
// on a machine with no network: loopback candidates allowed (and, per
// page, the camera and microphone permissions, without which Chromium
// gathers none). The first test starts it and the others share it (a
// start costs seconds on a loaded machine): each page has a browser
// context of its own (newPage), so no test sees another's storage. It
// stops when the tests end (TestMain); the stop it returns does nothing.
func p2pBrowser(t testing.TB) (context.Context, func()) {
	t.Helper()
	p2pShared.Lock()
	defer p2pShared.Unlock()
	if p2pShared.ctx == nil || p2pShared.ctx.Err() != nil {
		if p2pShared.stop != nil {
			p2pShared.stop()
		}
		dir, err := os.MkdirTemp("", "tabula-p2p-browser-")
		if err != nil {
			t.Fatal(err)
		}
		ctx, stop := chromium(t, 0,
			chromedp.UserDataDir(dir), // not the test's: it outlives the test
			chromedp.Flag("allow-loopback-in-peer-connection", true),
			// Pages in the background must not have their timers throttled:
			// every page plays at once here.
			chromedp.Flag("disable-background-timer-throttling", true),
			chromedp.Flag("disable-renderer-backgrounding", true),
			chromedp.Flag("disable-backgrounding-occluded-windows", true),
		)
		p2pShared.ctx = ctx
		p2pShared.stop = func() { stop(); os.RemoveAll(dir) }
	}
	return p2pShared.ctx, func() {}
}

var p2pShared struct {
	sync.Mutex
	ctx  context.Context
	stop func()
}

// stopSharedBrowsers stops the browsers tests share, once all have run.
func stopSharedBrowsers() {
	p2pShared.Lock()
	defer p2pShared.Unlock()
	if p2pShared.stop != nil {
		p2pShared.stop()
	}
}

// page is one person's browser: its own browser context (storage,
// permissions) and tab.
type page struct {
	t    testing.TB
	name string
	bcid cdp.BrowserContextID
	ctx  context.Context
	stop func()
}

// netPages starts a network test's browser, the site and one page per
// name (each its own browser context: its own storage, like another
// device), stopped when the test ends. It returns the site's origin and
// the screenshots' folder.
func netPages(t testing.TB, names ...string) (origin, dir string, pages []*page) {
	t.Helper()
	bctx, stop := p2pBrowser(t)
	t.Cleanup(stop)
	srv := startServer(t)
	t.Cleanup(srv.Close)
	for _, n := range names {
		p := newPage(t, bctx, n, srv.URL)
		t.Cleanup(p.stop)
		pages = append(pages, p)
	}
	return srv.URL, shotsDir(t), pages
}

func newPage(t testing.TB, bctx context.Context, name, origin string) *page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("%s: new tab: %v", name, err)
	}
	id := chromedp.FromContext(ctx).BrowserContextID
	for _, perm := range []string{"camera", "microphone"} {
		if _, err := chromedp.CallBrowser(ctx, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
			Permission: &cdpbrowser.PermissionDescriptor{Name: perm}, Setting: cdpbrowser.PermissionSettingGranted,
			Origin: origin, BrowserContextID: id}); err != nil {
			t.Fatalf("%s: permission %s: %v", name, perm, err)
		}
	}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException || os.Getenv("TABULA_TEST_CONSOLE") != "" {
				consoleMu.Lock()
				consoleLog = append(consoleLog, name+" "+string(m.Type)+": "+m.Text)
				consoleMu.Unlock()
			}
		}
	}()
	// A guard against a hung page only: the tests wait on conditions, and
	// a game's length in time depends on the machine's load (waitOver).
	tctx, cancelT := context.WithTimeout(ctx, 8*time.Minute)
	return &page{t: t, name: name, bcid: id, ctx: tctx, stop: func() { cancelT(); cancel() }}
}

// tab opens url in a new tab of p's browser (same storage), as tapping a
// link on a phone does.
func (p *page) tab(name, url string) *page {
	p.t.Helper()
	ctx, cancel := chromedp.NewContext(p.ctx)
	np := &page{t: p.t, name: name, bcid: p.bcid, ctx: ctx, stop: cancel}
	np.nav(url)
	return np
}

func (p *page) nav(url string) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.Navigate(url)); err != nil {
		p.t.Fatalf("%s: navigate: %v", p.name, err)
	}
	p.wait(clientStarted, netWait)
}

func (p *page) wait(js string, limit time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(limit)
	for {
		ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](truthy(js), chromedp.EvalAwaitPromise))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			body, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText.slice(0, 800) : ""`))
			if b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot()); err == nil {
				_ = os.WriteFile(filepath.Join(os.TempDir(), "tabula-p2p-failure-"+p.name+".png"), b, 0o644)
			}
			p.t.Fatalf("%s: timed out after %v waiting for %s (last error %v)\npage text: %s\nconsole:\n%s", p.name, limit, short(js), err, body, consoleDump())
		}
		time.Sleep(25 * time.Millisecond)
	}
}

func (p *page) eval(js string) string {
	p.t.Helper()
	return eval[string](p.t, p.ctx, js)
}

func (p *page) num(js string) float64 {
	p.t.Helper()
	return eval[float64](p.t, p.ctx, js)
}

func (p *page) click(sel string) {
	p.t.Helper()
	p.wait(fmt.Sprintf("document.querySelector(%q)", sel), 10*time.Second)
	click(p.t, p.ctx, sel)
}

func (p *page) set(sel, value string) {
	p.t.Helper()
	p.wait(fmt.Sprintf("document.querySelector(%q)", sel), 10*time.Second)
	setInput(p.t, p.ctx, sel, value)
}

func (p *page) net(name string) string {
	return p.eval(fmt.Sprintf(`(document.getElementById("net")||{dataset:{}}).dataset[%q] || ""`, name))
}

func (p *page) shot(dir, name string) { shot(p.t, p.ctx, dir, name) }

// openLobby goes to the network lobby with no STUN server (no network
// here) and instant bots.
func (p *page) openLobby(origin string) {
	p.t.Helper()
	p.openLobbyWith(origin, "")
}

// openLobbyWith is openLobby with stun as the STUN server setting.
func (p *page) openLobbyWith(origin, stun string) {
	p.t.Helper()
	p.nav(origin + "/?speed=instant")
	p.click("#net-open")
	p.wait(`document.querySelector("#net-lobby")`, 5*time.Second)
	p.set("#net-stun", stun)
	p.click("#net-settings-save")
	p.wait(`document.querySelector("#net-settings-saved")`, 5*time.Second)
}

// host fills the form: players, and kinds per seat ("me", "friend",
// "bot:greedy"), then creates the game.
func (p *page) host(kinds ...string) {
	p.t.Helper()
	// The form re-lays out for the players chosen; a click that a redraw
	// swallowed (the game just chosen) is made again.
	n := len(kinds)
	laidOut := fmt.Sprintf(`!!document.querySelector("#net-kind-%d") && !document.querySelector("#net-kind-%d")`, n-1, n)
	for try := 0; !eval[bool](p.t, p.ctx, laidOut); try++ {
		if try == 5 {
			p.t.Fatalf("%s: the lobby does not lay out %d players", p.name, n)
		}
		p.click(fmt.Sprintf("#net-players-%d", n))
		for end := time.Now().Add(2 * time.Second); time.Now().Before(end) && !eval[bool](p.t, p.ctx, laidOut); {
			time.Sleep(100 * time.Millisecond)
		}
	}
	for i, k := range kinds {
		p.wait(fmt.Sprintf("document.querySelector('#net-kind-%d')", i), 5*time.Second)
		setSelect(p.t, p.ctx, fmt.Sprintf("#net-kind-%d", i), k)
	}
	p.click("#net-create")
	p.wait(`document.querySelector("#invites")`, 10*time.Second)
}

// inviteLink waits for a seat's invite link.
func (p *page) inviteLink(seat int) string { return p.newInviteLink(seat, "") }

// newInviteLink waits for seat's invite link to be shown and differ from
// old (after a re-invite the old link stays on screen until the page
// re-renders, and its offer is spent), reading it in the same evaluation
// that sees it.
func (p *page) newInviteLink(seat int, old string) string {
	p.t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector("#invite-%d");
		return e && e.value.includes("join=") && e.value !== %q ? e.value : ""; })()`, seat, old)
	var link string
	deadline := time.Now().Add(netWait)
	for link == "" {
		v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](js))
		if err == nil {
			link = v
		}
		if link == "" && time.Now().After(deadline) {
			p.t.Fatalf("%s: no new invite link for seat %d after %v (last error %v)", p.name, seat, netWait, err)
		}
		if link == "" {
			time.Sleep(25 * time.Millisecond)
		}
	}
	return link
}

// joinLink opens an invite link as a new guest and returns its reply code.
func (p *page) joinLink(origin, link string) string {
	p.t.Helper()
	p.nav(origin + "/?speed=instant") // remember instant bots on this device
	p.nav(link)
	p.wait(`document.querySelector("#reply-code") && document.querySelector("#reply-code").value.length > 20`, 15*time.Second)
	return p.eval(`document.querySelector("#reply-code").value`)
}

func (p *page) paste(seat int, reply string) {
	p.t.Helper()
	p.set(fmt.Sprintf("#reply-%d", seat), reply)
	p.click(fmt.Sprintf("#accept-%d", seat))
}

// autoplay hands the seat to autoplay (see setAutoplay).
func (p *page) autoplay() {
	p.t.Helper()
	p.wait(`document.getElementById("net") && document.getElementById("net").dataset.view === "table" && document.querySelector("#autoplay")`, netWait)
	p.setAutoplay(true)
}

// stopAutoplay takes the seat back from autoplay (see setAutoplay).
func (p *page) stopAutoplay() {
	p.t.Helper()
	p.setAutoplay(false)
}

// setAutoplay clicks autoplay until it is on or off, clicking again when
// a redraw swallowed the click (under load a game ran to its end past
// one, and a turn-based game waited on a seat whose autoplay never came
// back on).
func (p *page) setAutoplay(on bool) {
	p.t.Helper()
	is := func() bool { return eval[bool](p.t, p.ctx, `document.querySelector("#autoplay").checked`) == on }
	for try := 0; try < 5; try++ {
		if is() {
			return
		}
		p.click("#autoplay")
		for end := time.Now().Add(3 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
			if is() {
				return
			}
		}
	}
	p.t.Fatalf("%s: autoplay is not %v after five clicks", p.name, map[bool]string{true: "on", false: "off"}[on])
}

func (p *page) entries() int {
	n, _ := strconv.Atoi(p.net("entries"))
	return n
}

// waitOver waits for the end of the game for as long as it goes on: it
// fails when the page's log has not grown for stall (a stuck game), not
// after a fixed time (a loaded machine plays the same game slower).
func (p *page) waitOver(stall time.Duration) {
	p.t.Helper()
	last, since := -1, time.Now()
	for p.net("over") != "true" {
		if n := p.entries(); n != last {
			last, since = n, time.Now()
		} else if time.Since(since) > stall {
			p.t.Fatalf("%s: the game stalled: no new entry for %v at %d entries\npage text: %s\nconsole:\n%s", p.name, stall, n,
				p.eval(`document.body ? document.body.innerText.slice(0, 800) : ""`), consoleDump())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waitEntries waits until the page holds n entries, for as long as its
// game goes on (as waitOver): it fails when the log has not grown for
// stall.
func (p *page) waitEntries(n int, stall time.Duration) {
	p.t.Helper()
	if m := p.waitEntriesOrEnd(n, stall); m < n {
		p.t.Fatalf("%s: the game ended at %d entries, before %d", p.name, m, n)
	}
}

// waitEntriesOrEnd is waitEntries that stops at the game's end too; it
// returns the entries held.
func (p *page) waitEntriesOrEnd(n int, stall time.Duration) int {
	p.t.Helper()
	last, since := -1, time.Now()
	m := p.entries()
	for ; m < n && p.net("over") != "true"; m = p.entries() {
		if m != last {
			last, since = m, time.Now()
		} else if time.Since(since) > stall {
			p.t.Fatalf("%s: the game stalled: no new entry for %v at %d entries", p.name, stall, m)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return m
}

// stamps reads window.tabulaNet[what]: seq → ms.
func (p *page) stamps(what string) map[int]float64 {
	js := fmt.Sprintf(`JSON.stringify(Object.fromEntries(Object.entries((window.tabulaNet||{})[%q]||{})))`, what)
	var raw map[string]float64
	_ = json.Unmarshal([]byte(p.eval(js)), &raw)
	out := map[int]float64{}
	for k, v := range raw {
		if n, err := strconv.Atoi(k); err == nil {
			out[n] = v
		}
	}
	return out
}

func (p *page) mark(name string) float64 {
	return p.num(fmt.Sprintf(`((window.tabulaNet||{}).marks||{})[%q] || 0`, name))
}

// latency: for entries authored on one page, the time until each other
// page applied them (wall-clock ms, same machine).
func latency(pages ...*page) (p50, p99 float64, n int) {
	return latencyOf(nil, pages...)
}

// latencyOf is latency over the entries keep takes (all when nil).
func latencyOf(keep func(seq int) bool, pages ...*page) (p50, p99 float64, n int) {
	var ds []float64
	for _, a := range pages {
		auth := a.stamps("authored")
		for _, b := range pages {
			if a == b {
				continue
			}
			app := b.stamps("applied")
			for seq, t0 := range auth {
				if keep != nil && !keep(seq) {
					continue
				}
				if t1, ok := app[seq]; ok && t1 >= t0-1 {
					ds = append(ds, t1-t0)
				}
			}
		}
	}
	if len(ds) == 0 {
		return 0, 0, 0
	}
	sort.Float64s(ds)
	return ds[len(ds)/2], ds[len(ds)*99/100], len(ds)
}

func sameHash(t *testing.T, pages ...*page) string {
	t.Helper()
	h := pages[0].net("hash")
	for _, p := range pages[1:] {
		if g := p.net("hash"); g != h || h == "" {
			t.Fatalf("final hash of %s is %s, of %s %s", p.name, g, pages[0].name, h)
		}
	}
	return h
}

// noNotes fails on protocol problems shown (other than the kinds allowed).
func noNotes(t *testing.T, allow string, pages ...*page) {
	t.Helper()
	for _, p := range pages {
		js := fmt.Sprintf(`[...document.querySelectorAll(".net-note")].filter(e => e.dataset.kind !== %q).map(e => e.textContent).join(" | ")`, allow)
		if s := p.eval(js); s != "" {
			t.Errorf("%s shows protocol problems: %s", p.name, s)
		}
	}
}

// buildPeer compiles cmd/peer once per test run.
func buildPeer(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "peer")
	cmd := exec.Command("go", "build", "-o", out, "./cmd/peer")
	cmd.Dir = repoRoot()
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building cmd/peer: %v\n%s", err, b)
	}
	return out
}

// nativePeer runs cmd/peer on an invite link (with extra flags) and
// returns its reply code; the result line comes on the channel when the
// game is over.
func nativePeer(t *testing.T, bin, link, build string, extra ...string) (string, *exec.Cmd, <-chan string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"-join", link, "-bot", "greedy", "-loopback", "-build", build, "-timeout", "3m"}, extra...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &relaytest.SyncBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Its progress (links up and down, protocol events) tells why a game
	// with it stalled.
	t.Cleanup(func() {
		if t.Failed() {
			fmt.Fprintf(os.Stderr, "cmd/peer %s said:\n%s", link[:min(len(link), 40)], stderr.String())
		}
	})
	lines := bufio.NewScanner(out)
	if !lines.Scan() {
		_ = cmd.Wait()
		t.Fatalf("cmd/peer printed no reply code: %s", stderr.String())
	}
	reply := strings.TrimSpace(lines.Text())
	done := make(chan string, 1)
	go func() {
		last := ""
		for lines.Scan() {
			last = lines.Text()
		}
		done <- last
	}()
	return reply, cmd, done
}

// Two pages and a native peer: the expired invite and a damaged reply
// code get clear messages; the guest page joins through the real invite
// link and the host types its reply code; cmd/peer of another build is
// refused with a message on the page, then cmd/peer of the same build
// joins seat 3 (the test reads its reply code from its stdout); every
// seat plays by bot; the guest reloads mid-game and resumes by a resume
// exchange through the host; all three end on the same state hash.
func TestBrowserP2PTwoPagesAndNativePeer(t *testing.T) {
	peerBin := buildPeer(t)
	origin, dir, pages := netPages(t, "host", "guest")
	host, guest := pages[0], pages[1]

	host.openLobby(origin)
	host.set("#net-name-1", "Bruno")
	host.set("#net-name-2", "Peer")
	host.shot(dir, "p2p-01-lobby")
	t0 := time.Now()
	host.host("me", "friend", "friend")
	link := host.inviteLink(1)
	inviteTook := time.Since(t0)
	host.wait(`document.querySelector("#invites svg.qr")`, 5*time.Second)
	host.shot(dir, "p2p-02-invites")
	build := host.net("build")

	// An expired invite: a clear message, nothing stored.
	iv, err := p2pnet.ParseInvite(p2pnet.JoinCode(link))
	if err != nil {
		t.Fatal(err)
	}
	iv.Expires = time.Now().Add(-time.Hour)
	expired, _ := iv.Link(origin)
	guest.nav(origin + "/?speed=instant")
	guest.nav(expired)
	guest.wait(`document.querySelector("#join-error")`, 10*time.Second)
	if msg := guest.eval(`document.querySelector("#join-error").textContent`); !strings.Contains(msg, "expired") {
		t.Errorf("expired invite: %q", msg)
	}
	guest.shot(dir, "p2p-03-expired")

	t1 := time.Now()
	reply := guest.joinLink(origin, link)
	replyTook := time.Since(t1)
	guest.shot(dir, "p2p-04-reply")
	if guest.eval(`location.hash`) != "" {
		t.Error("the invite stays in the guest's address bar: a reload would join again")
	}

	// A damaged reply code: a clear message, nothing connects.
	host.paste(1, reply[:len(reply)/2])
	host.wait(`document.querySelector("#invite-err-1")`, 5*time.Second)
	if msg := host.eval(`document.querySelector("#invite-err-1").textContent`); !strings.Contains(msg, "not a complete") {
		t.Errorf("damaged reply: %q", msg)
	}
	host.shot(dir, "p2p-05-bad-reply")
	t2 := time.Now()
	host.paste(1, reply)
	host.wait(`document.querySelector("#seat-1[data-up=true]")`, 15*time.Second)
	linkTook := time.Since(t2)

	// cmd/peer of another build: refused, with the reason on the page.
	peerLink := host.inviteLink(2)
	badReply, bad, _ := nativePeer(t, peerBin, peerLink, "some-other-build")
	host.paste(2, badReply)
	host.wait(`document.querySelector(".net-note[data-kind=refused]")`, 15*time.Second)
	if msg := host.eval(`document.querySelector(".net-note[data-kind=refused]").textContent`); !strings.Contains(msg, "same version") {
		t.Errorf("build mismatch: %q", msg)
	}
	host.shot(dir, "p2p-06-mismatch")
	_ = bad.Process.Kill()
	_ = bad.Wait()

	host.click("#reinvite-2")
	host.wait(`!document.querySelector("#connecting-2")`, 5*time.Second)
	peerLink = host.newInviteLink(2, peerLink)
	peerReply, peer, peerDone := nativePeer(t, peerBin, peerLink, build)
	defer func() { _ = peer.Process.Kill(); _ = peer.Wait() }()
	t3 := time.Now()
	host.paste(2, peerReply)
	host.wait(`document.getElementById("net").dataset.view === "table"`, netWait)
	guest.wait(`document.getElementById("net").dataset.view === "table"`, netWait)
	peerTook := time.Since(t3)
	host.autoplay()
	guest.autoplay()

	guest.wait(`+document.getElementById("net").dataset.entries > 120`, 60*time.Second)
	host.wait(`+document.getElementById("net").dataset.direct === 2`, 10*time.Second)
	host.shot(dir, "p2p-07-table-host")
	guest.shot(dir, "p2p-08-table-guest")

	// Reload mid-game: the guest resumes from storage and is offered the
	// way back at once, beside the board (which keeps its size). Its
	// reconnect link, opened in the host's game tab, is answered there;
	// the guest takes the reply.
	boardBefore := guest.eval(`JSON.stringify((r => [r.width, r.top])(document.querySelector(".board-area").getBoundingClientRect()))`)
	before := guest.entries()
	if err := chromedp.Do(guest.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	tr := time.Now()
	guest.wait(clientStarted+` && document.querySelector("#resume-code") && document.querySelector("#resume-code").value.includes("#join=")`, netWait)
	offered := time.Since(tr)
	if n := guest.entries(); n < before {
		t.Fatalf("reload lost entries: %d before, %d after", before, n)
	}
	// The way back is beside the board, not over it and not above it (a
	// protocol note may still show above the board, as on any table); the
	// board keeps its width.
	fit := guest.eval(`JSON.stringify((() => { const b = document.querySelector(".board-area").getBoundingClientRect(), c = document.querySelector("#resume").getBoundingClientRect();
		const layout = document.querySelector(".layout"), back = document.querySelector("#net-back");
		return [b.width, b.top, c.left < b.right && c.right > b.left && c.top < b.bottom && c.bottom > b.top, !!document.querySelector(".side #resume") && layout.contains(back)]; })())`)
	var bb, ba []any
	_ = json.Unmarshal([]byte(boardBefore), &bb)
	_ = json.Unmarshal([]byte(fit), &ba)
	if len(bb) != 2 || len(ba) != 4 || ba[0].(float64) < bb[0].(float64)-1 || ba[2].(bool) || !ba[3].(bool) {
		t.Errorf("the way back shrinks or covers the board: board width, top %v before, %v after (overlap %v, beside it %v)", bb, ba[:2], ba[2], ba[3])
	}
	guest.shot(dir, "p2p-09-resume")
	// The host taps the link: it opens in a new tab, which passes it to
	// the tab that plays the game (one game, one tab).
	resumeLink := guest.eval(`document.querySelector("#resume-code").value`)
	hostTab := host.tab("host-tab", resumeLink)
	hostTab.wait(`document.querySelector("#net-notice") && document.querySelector("#net-notice").textContent.includes("tab")`, 15*time.Second)
	host.wait(`document.querySelector("#gone-result-1") && document.querySelector("#gone-result-1").value.length > 20`, 15*time.Second)
	host.shot(dir, "p2p-09b-host-answers")
	hostTab.shot(dir, "p2p-09c-host-new-tab")
	hostTab.stop()
	if host.net("view") != "table" {
		t.Errorf("the reconnect link took the host off its table (view %s)", host.net("view"))
	}
	guest.set("#resume-reply", host.eval(`document.querySelector("#gone-result-1").value`))
	guest.click("#resume-go")
	guest.wait(`!document.querySelector("#resume") && +document.getElementById("net").dataset.direct >= 1`, netWait)
	resumeTook := time.Since(tr)

	// Once more, the other way round: the host sees the guest's seat
	// gone, with a ready link that brings it back, and the choice to wait
	// or let the bot play it; the guest opens that link in its tab and the
	// host takes the reply. (The host holds the game on its own move
	// meanwhile, so no dice roll waits for the guest.)
	host.click("#autoplay")
	host.wait(`!document.querySelector("#autoplay").checked && document.querySelector('#turn .wait[data-seat="0"]')`, netWait)
	if err := chromedp.Do(guest.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	tg := time.Now()
	host.wait(`document.querySelector("#gone-1") && document.querySelector("#gone-link-1") && document.querySelector("#gone-link-1").value.includes("join=")`, netWait)
	goneShown := time.Since(tg)
	if !exists(t, host.ctx, "#gone-bot-1") {
		t.Error("the host is not offered to let the bot play the gone seat")
	}
	host.shot(dir, "p2p-09e-host-gone")
	host.click("#gone-wait-1")
	host.wait(`document.querySelector("#gone-1.folded #gone-show-1")`, 5*time.Second)
	host.click("#gone-show-1")
	host.wait(`document.querySelector("#gone-link-1")`, 5*time.Second)
	back := host.eval(`document.querySelector("#gone-link-1").value`)
	guest.wait(clientStarted+` && document.querySelector("#resume")`, netWait)
	guestTab := guest.tab("guest-tab", back)
	guestTab.wait(`document.querySelector("#net-notice")`, 15*time.Second)
	guest.wait(`document.querySelector("#resume-result") && document.querySelector("#resume-result").value.length > 20`, 15*time.Second)
	guestTab.stop()
	guest.shot(dir, "p2p-09d-guest-reply")
	host.set("#gone-reply-1", guest.eval(`document.querySelector("#resume-result").value`))
	host.click("#gone-go-1")
	guest.wait(`!document.querySelector("#resume") && +document.getElementById("net").dataset.direct >= 1`, netWait)
	host.wait(`!document.querySelector("#gone-1")`, netWait)
	rejoinTook := time.Since(tg)
	host.click("#autoplay")

	host.waitOver(120 * time.Second)
	guest.waitOver(60 * time.Second)
	h := sameHash(t, host, guest)
	var res struct {
		Hash    string `json:"hash"`
		Entries int    `json:"entries"`
	}
	select {
	case line := <-peerDone:
		if err := json.Unmarshal([]byte(line), &res); err != nil || res.Hash != h {
			t.Fatalf("cmd/peer ended with %q, the pages with %s", line, h)
		}
	case <-time.After(netWait):
		t.Fatal("cmd/peer did not finish")
	}
	noNotes(t, "refused", host)
	noNotes(t, "", guest)
	host.shot(dir, "p2p-10-end")
	exportAndReplay(t, guest, h)
	p50, p99, n := latency(host, guest)
	fmt.Fprintf(os.Stderr, "p2p browser (2 pages + cmd/peer): invite link %d chars (made in %v), reply code %d chars (made in %v); reply pasted → link up %v; cmd/peer reply pasted → both tables %v; reload → way back offered %v, reconnected by its link %v; second reload → host's card with a link %v, reconnected by it %v; %d entries, final %s; entry latency author→other page p50 %.1f ms p99 %.1f ms over %d entries; host page time: %s\n",
		len(link), inviteTook.Round(time.Millisecond), len(reply), replyTook.Round(time.Millisecond), linkTook.Round(time.Millisecond),
		peerTook.Round(time.Millisecond), offered.Round(time.Millisecond), resumeTook.Round(time.Millisecond), goneShown.Round(time.Millisecond), rejoinTook.Round(time.Millisecond), host.entries(), h[:12], p50, p99, n,
		host.eval(`JSON.stringify(window.tabulaNet.prof)`))
}

// Three pages: the host invites two guests; the guests link to each other
// through the host by themselves (the mesh); every seat plays by bot, on
// the same state hash everywhere, compared past 300 entries (the founding
// and some twenty turns over the mesh) at a moment the three pages hold
// the same entries. (To the end, some 960 entries, took minutes for the
// same check; TestBrowserP2PTwoPagesAndNativePeer plays its game to the
// end.)
func TestBrowserP2PThreePages(t *testing.T) {
	origin, dir, pages := netPages(t, "host", "guest1", "guest2")
	host, g1, g2 := pages[0], pages[1], pages[2]

	host.openLobby(origin)
	host.host("me", "friend", "friend")
	t0 := time.Now()
	r1 := g1.joinLink(origin, host.inviteLink(1))
	host.paste(1, r1)
	// The second guest has the app open already: the invite link opened
	// in that tab (only the address's fragment changes, no page loads)
	// goes to the join screen all the same.
	g2.nav(origin + "/?speed=instant")
	g2.nav(origin + "/")
	l2 := host.inviteLink(2)
	g2.eval(fmt.Sprintf(`(location.href = %q, "")`, l2))
	g2.wait(`document.querySelector("#reply-code") && document.querySelector("#reply-code").value.length > 20`, 15*time.Second)
	r2 := g2.eval(`document.querySelector("#reply-code").value`)
	host.paste(2, r2)
	for _, p := range []*page{host, g1, g2} {
		p.wait(`document.getElementById("net").dataset.view === "table"`, netWait)
	}
	started := time.Since(t0)
	// Three friends, three languages: each page reads the one game in its own.
	g1.set("#lang-pick", "pt-BR")
	g2.set("#lang-pick", "ru")
	for _, p := range []*page{host, g1, g2} {
		p.autoplay()
	}
	// The guests found each other: every page has two direct links.
	for _, p := range []*page{g1, g2} {
		p.wait(`+document.getElementById("net").dataset.direct === 2`, netWait)
	}
	mesh := time.Since(t0)
	g2.wait(`+document.getElementById("net").dataset.entries > 60`, 60*time.Second)
	g2.shot(dir, "p2p-11-three-pages-guest2")
	// The network table on a phone: the same chips above the board as the
	// hot-seat table, all three on screen, and the log as a sheet.
	phoneView(t, g1.ctx)
	g1.wait(`document.querySelectorAll("#chips .pchip").length === 3 && [...document.querySelectorAll("#chips .pchip")].every(c => { const r = c.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth; })`, 10*time.Second)
	g1.shot(dir, "p2p-12-phone-guest1")
	checkLogSheet(t, g1.ctx, dir, "p2p-13-phone-log")
	desktopView(t, g1.ctx)
	// The game's length in time is the machine's: wait while it goes on.
	g2.waitEntries(300, netWait)
	h := sameHashMidGame(t, host, g1, g2)
	at := time.Since(t0)
	noNotes(t, "", host, g1, g2)
	readsInOwnLanguage(t, map[*page]i18n.Lang{host: i18n.English, g1: i18n.Portuguese, g2: i18n.Russian})
	p50, p99, n := latency(host, g1, g2)
	fmt.Fprintf(os.Stderr, "p2p browser (3 pages): both guests joined → game on %v, mesh complete %v, same hash %s at %d entries after %v; entry latency author→other page p50 %.1f ms p99 %.1f ms over %d deliveries\n",
		started.Round(time.Millisecond), mesh.Round(time.Millisecond), h[:12], host.entries(), at.Round(time.Millisecond), p50, p99, n)
}

// readsInOwnLanguage checks that each page shows the log and its table in
// its own language: the game between them carries no words.
func readsInOwnLanguage(t *testing.T, pages map[*page]i18n.Lang) {
	t.Helper()
	defer i18n.SetLang(i18n.English)
	for p, lang := range pages {
		i18n.SetLang(lang)
		end := strings.Split(i18n.T("log.end", "\x00"), "\x00")[1]
		log := p.eval(`document.querySelector("#log") ? document.querySelector("#log").textContent : ""`)
		if !strings.Contains(log, end) || p.eval(`document.documentElement.lang`) != string(lang) {
			t.Errorf("%s: the log is not in %s (no %q): %s", p.name, lang, end, short(log))
		}
	}
}

// exportAndReplay downloads the game file from a page's end screen and
// has cmd/replay verify it (engine replay and every signature).
func exportAndReplay(t *testing.T, p *page, hash string) {
	t.Helper()
	dl := t.TempDir()
	if _, err := chromedp.CallBrowser(p.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dl, BrowserContextID: p.bcid}); err != nil {
		t.Fatalf("download behaviour: %v", err)
	}
	p.click("#end-export")
	var file string
	deadline := time.Now().Add(10 * time.Second)
	for file == "" {
		if time.Now().After(deadline) {
			t.Fatal("no game file downloaded")
		}
		m, _ := filepath.Glob(filepath.Join(dl, "*.json"))
		if len(m) > 0 {
			file = m[0]
		}
		time.Sleep(50 * time.Millisecond)
	}
	cmd := exec.Command("go", "run", "./cmd/replay", file)
	cmd.Dir = repoRoot()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("cmd/replay refused the exported file: %v", err)
	}
	var rep struct {
		Agreed     string `json:"agreed"` // the pages' hash (of the public game when sealed)
		Signatures string `json:"signatures"`
	}
	if err := json.Unmarshal(out, &rep); err != nil || rep.Agreed != hash || rep.Signatures != "verified" {
		t.Fatalf("cmd/replay: %s (want agreed hash %s, signatures verified)", out, hash)
	}
}

// netWait bounds each connection step. Setup takes about a second on a quiet
// machine; the bound is generous because the suite runs pion and Chromium
// side by side on two cores.
const netWait = 45 * time.Second
