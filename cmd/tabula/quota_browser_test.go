//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tabula/app/store"
	"tabula/engine"
)

// storedAt is the stored game id: its summary's hash and entries, and
// whether its file loads at that hash.
func storedAt(t *testing.T, ctx context.Context, id string) (hash string, entries int) {
	t.Helper()
	var s store.Summary
	if err := json.Unmarshal([]byte(eval[string](t, ctx, storedJS("tabula/sum/"+id))), &s); err != nil {
		t.Fatalf("game %s: no summary: %v", id, err)
	}
	m, _, err := engine.Load(storedFile(t, ctx, id))
	if err != nil {
		t.Fatalf("game %s: the stored file does not load: %v", id, err)
	}
	if h := engine.HashHex(m.State); h != s.Hash {
		t.Fatalf("game %s: file at %.8s, summary at %.8s", id, h, s.Hash)
	}
	return s.Hash, len(m.Entries)
}

// failPuts makes the page's database refuse writes on demand: the
// window.tabulaFailAt-th put into the app's object store from now on
// throws QuotaExceededError (as a full storage does), and the app aborts
// that transaction, so the browser rolls back the puts before it.
const failPuts = `(() => {
	const put = IDBObjectStore.prototype.put;
	let n = 0;
	window.tabulaFailAt = 0;
	window.tabulaFailed = 0;
	IDBObjectStore.prototype.put = function (...args) {
		if (this.name === "kv" && window.tabulaFailAt > 0 && ++n >= window.tabulaFailAt) {
			window.tabulaFailAt = 0;
			n = 0;
			window.tabulaFailed++;
			throw new DOMException("injected: the quota is exceeded", "QuotaExceededError");
		}
		return put.apply(this, args);
	};
})()`

// A save refused at each of its writes, in Chromium's database: the
// player is told the storage is full, the stored game and its summary stay
// together at the last saved move (the browser rolled the aborted
// transaction back), the next save goes through, the other stored game is
// untouched, and a reload opens the game where it was stored.
func TestBrowserStorageRefusedWritesLoseNothing(t *testing.T) {
	ctx, stop := browser(t)
	defer stop()
	srv := startServer(t)
	defer srv.Close()
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: failPuts}); err != nil {
		t.Fatal(err)
	}
	p := &tab{t: t, ctx: ctx}
	p.nav(srv.URL + "/?speed=instant")
	startBots := func() {
		p.click("#new-catan")
		p.click("#players-4")
		p.wait(`document.querySelector("#kind-3")`, 5*time.Second)
		for i := range 4 {
			setSelect(t, ctx, fmt.Sprintf("#kind-%d", i), "bot:greedy")
		}
		p.click("#new-start")
	}
	startBots()
	p.wait(`document.getElementById("tabula").dataset.over === "true"`, 120*time.Second)
	first := attr(t, ctx, "game")
	firstHash, _ := storedAt(t, ctx, first)
	p.click("#end-close")
	time.Sleep(300 * time.Millisecond)
	p.click("#home")

	// Slow bots: one move (one save) a second, each refused at another
	// of its writes.
	p.nav(srv.URL + "/?speed=slow")
	startBots()
	p.wait(`document.getElementById("tabula").dataset.entries > 2`, 10*time.Second)
	id := attr(t, ctx, "game")
	const full = "The game could not be saved: this device's storage for Tabula is full. Nothing was lost; this move is not saved yet. Export the game, or delete finished games in Settings, to make room."
	for at := 1; at <= 2; at++ { // a move's save writes the game and its summary
		before, _ := storedAt(t, ctx, id)
		failed := eval[int](t, ctx, `window.tabulaFailed`)
		eval[bool](t, ctx, fmt.Sprintf(`(window.tabulaFailAt = %d) > 0`, at))
		p.wait(fmt.Sprintf(`window.tabulaFailed > %d`, failed), 10*time.Second)
		time.Sleep(100 * time.Millisecond) // the refusal shown
		if msg := eval[string](t, ctx, `[...document.querySelectorAll("[role=alert]")].map(e => e.textContent).join(" | ")`); msg != full {
			t.Errorf("write %d of a save refused: the page says %q", at, msg)
		}
		if h, _ := storedAt(t, ctx, id); h != before {
			t.Errorf("write %d of a save refused: the stored game moved from %.8s to %.8s", at, before, h)
		}
		// The next save goes through, and the message goes.
		p.wait(fmt.Sprintf(`!document.querySelector("[role=alert]")`), 10*time.Second)
		if h, _ := storedAt(t, ctx, id); h == before {
			t.Errorf("write %d: the next save did not store the game", at)
		}
	}
	if h, _ := storedAt(t, ctx, first); h != firstHash {
		t.Errorf("the finished game changed: %.8s, was %.8s", h, firstHash)
	}
	// A refused save, then a reload: the game opens at its stored point.
	eval[bool](t, ctx, `(window.tabulaFailAt = 1) > 0`)
	p.wait(`window.tabulaFailed > 2`, 10*time.Second)
	stored, _ := storedAt(t, ctx, id)
	p.nav(srv.URL + "/?speed=slow")
	p.wait(fmt.Sprintf(`document.getElementById("tabula").dataset.game === %q`, id), 10*time.Second)
	if h := attr(t, ctx, "hash"); h != stored {
		t.Errorf("after a reload the game is at %.8s, stored at %.8s", h, stored)
	}
}

// tab is one page of a browser test.
type tab struct {
	t   *testing.T
	ctx context.Context
}

func (p *tab) nav(url string) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.Navigate(url)); err != nil {
		p.t.Fatal(err)
	}
	waitJS(p.t, p.ctx, clientStarted, 20*time.Second)
}

func (p *tab) wait(js string, limit time.Duration) { p.t.Helper(); waitJS(p.t, p.ctx, js, limit) }

func (p *tab) click(sel string) {
	p.t.Helper()
	waitJS(p.t, p.ctx, fmt.Sprintf("document.querySelector(%q)", sel), 10*time.Second)
	click(p.t, p.ctx, sel)
}
