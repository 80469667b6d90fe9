package main

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/app/table"
	"tabula/engine/catan"
)

// The header and the dock name the same seats as awaited at every moment.
// The position: a 7 was rolled and both Ana (seat 0, the person) and a
// bot must discard. Bots answer first, so until the bot has discarded
// the header must not say "You: discard" while the dock has no discard
// to make (it said so while the bot waited its turn, at any bot speed
// but instant); and when the dock waits, it waits for whom the header
// names. The page is sampled every few milliseconds, at the slow bot
// pace.
func TestBrowserHeaderAndDockAwaitTheSameSeats(t *testing.T) {
	file, names := discardPosition(t)
	ctx, srv, _, _ := openSite(t, startServer)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?speed=slow")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, clientStarted, 20*time.Second)
	waitJS(t, ctx, `document.querySelector("#import-file")`, 5*time.Second)
	// A sample between every few tasks of the page (a render is one task,
	// so no sample falls inside one): the seats the header names, whether
	// the dock offers the discard, and the dock's prompt.
	eval[bool](t, ctx, `(() => { window.tabulaSamples = [];
		const tick = () => {
			const turn = document.querySelector("#turn");
			if (turn) {
				const p = document.querySelector("#prompt");
				window.tabulaSamples.push({
					header: [...turn.querySelectorAll(".wait")].map(w => +w.dataset.seat),
					discard: !!document.querySelector("#discard-panel"),
					prompt: p ? p.textContent : ""});
			}
			if (window.tabulaSamples.length >= 20000) clearInterval(window.tabulaSampler);
		};
		window.tabulaSampler = setInterval(tick, 5); return true; })()`)
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles("#import-file", []string{file})); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.querySelector("#discard-panel")`, 20*time.Second)
	time.Sleep(200 * time.Millisecond) // a few samples of the discard itself

	type sample struct {
		Header  []int  `json:"header"`
		Discard bool   `json:"discard"`
		Prompt  string `json:"prompt"`
	}
	samples := eval[[]sample](t, ctx, `window.tabulaSamples`)
	botWaited := 0
	for i, f := range samples {
		you, bot := false, false
		for _, s := range f.Header {
			you, bot = you || s == 0, bot || s != 0
		}
		if bot {
			botWaited++
		}
		if you != f.Discard {
			t.Fatalf("sample %d of %d: the header names seats %v, the dock's discard shown %v (prompt %q)", i, len(samples), f.Header, f.Discard, f.Prompt)
		}
		if f.Discard {
			continue
		}
		for s, name := range names {
			named := false
			for _, h := range f.Header {
				named = named || h == s
			}
			if named != strings.Contains(f.Prompt, name) {
				t.Fatalf("sample %d of %d: the header names seats %v, the dock says %q", i, len(samples), f.Header, f.Prompt)
			}
		}
	}
	t.Logf("%d samples, %d of them naming a bot in the header", len(samples), botWaited)
	if botWaited == 0 {
		t.Fatalf("no sample waited for a bot's discard (%d samples): the position did not show the moment", len(samples))
	}
}

// discardPosition is a game where a 7 makes seat 0 and another seat
// discard at once, and the seats' names.
func discardPosition(t *testing.T) (string, []string) {
	t.Helper()
	return catanPosition(t, "discard", func(tbl *table.Table) bool {
		st := tbl.Status()
		return tbl.State().(*catan.State).Phase == catan.PhaseDiscard && st.Decides(0) && len(st.Deciders) > 1
	}), []string{"Ana", "Bo", "Cy"}
}
