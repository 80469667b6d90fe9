//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/app/store"
)

// With 1,000 finished games stored (the previous version's finished
// 4-player Catan game, stored compactly, a thousand times), the home
// screen lists them, one opens, and a new game's moves are saved, in
// the times logged (measured in the page: the click to the screen drawn;
// the save itself). The list shows the 30 most recent games, and more on
// request. The test goes through this once; the medians of five rounds
// are BenchmarkBrowserThousandGames's.
func TestBrowserThousandGames(t *testing.T) { thousandGames(t, 1) }

// BenchmarkBrowserThousandGames is TestBrowserThousandGames five times
// over (it was the test, moved here for the test's time), for the median
// times it logs:
//
//	go test -run '^$' -bench BrowserThousandGames -benchtime 1x ./cmd/tabula
func BenchmarkBrowserThousandGames(b *testing.B) {
	for range b.N {
		thousandGames(b, 5)
	}
}

func thousandGames(t testing.TB, rounds int) {
	old := mainLocalStorage(t)
	var index []store.Summary
	_ = json.Unmarshal([]byte(old["tabula/index"]), &index)
	var done store.Summary
	for _, s := range index {
		if s.Over {
			done = s
		}
	}
	mem := store.NewMem()
	if err := (store.Games{KV: mem}).Put(done, []byte(old["tabula/game/"+done.ID])); err != nil {
		t.Fatal(err)
	}
	game, _ := mem.Get("tabula/game/" + done.ID)

	ctx, srv := beforeTheApp(t)
	sum, _ := json.Marshal(done)
	const n = 1000
	eval[bool](t, ctx, fmt.Sprintf(`new Promise((ok, no) => {
		const r = indexedDB.open("tabula", 1);
		r.onupgradeneeded = () => r.result.createObjectStore("kv");
		r.onsuccess = () => {
			const tx = r.result.transaction("kv", "readwrite"), kv = tx.objectStore("kv");
			const game = %q, sum = JSON.parse(%q);
			for (let i = 0; i < %d; i++) {
				const id = "old-" + i;
				kv.put(game, "tabula/game/" + id);
				kv.put(JSON.stringify(Object.assign({}, sum, {id: id, updated: "2026-01-01T00:00:" + String(i %% 60).padStart(2, "0") + "Z"})), "tabula/sum/" + id);
			}
			kv.put("1", "tabula/migrated");
			tx.oncomplete = () => { r.result.close(); ok(true); };
			tx.onabort = () => no(tx.error);
		};
		r.onerror = () => no(r.error);
	})`, game, string(sum), n))

	var list, open, start []float64
	for range rounds {
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?speed=fast")); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, clientStarted, 30*time.Second)
		waitJS(t, ctx, `document.querySelectorAll(".saved-row").length === 30 && document.querySelector("#saved-more")`, 10*time.Second)
		// Open one of them.
		open = append(open, eval[float64](t, ctx, `new Promise(ok => {
			const t0 = performance.now();
			const id = document.querySelector('.saved-row[data-id^="old-"]').dataset.id;
			document.querySelector('.saved-row[data-id="' + id + '"] .btn.primary').click();
			const f = () => document.getElementById("tabula").dataset.game === id && document.querySelector("#board svg") ? ok(performance.now() - t0) : requestAnimationFrame(f);
			f();
		})`))
		// Back to the list.
		list = append(list, eval[float64](t, ctx, fmt.Sprintf(`new Promise(ok => {
			const t0 = performance.now();
			document.querySelector("#end-close") && document.querySelector("#end-close").click();
			setTimeout(() => {
				const t1 = performance.now();
				document.querySelector("#home").click();
				const f = () => document.querySelectorAll(".saved-row").length === 30 ? ok(performance.now() - t1) : requestAnimationFrame(f);
				f();
			}, 100);
		})`)))
		// A new game of bots at fast speed, saved after each move.
		t0 := time.Now()
		click(t, ctx, "#new-catan")
		waitJS(t, ctx, `document.querySelector("#kind-2")`, 5*time.Second)
		setSelect(t, ctx, "#kind-0", "bot:greedy")
		click(t, ctx, "#new-start")
		waitJS(t, ctx, `document.getElementById("tabula").dataset.entries > 12`, 20*time.Second)
		start = append(start, float64(time.Since(t0).Milliseconds()))
		click(t, ctx, "#home")
		waitJS(t, ctx, `document.querySelectorAll(".saved-row").length === 30`, 10*time.Second)
	}
	sort.Float64s(list)
	sort.Float64s(open)
	sort.Float64s(start)
	t.Logf("%d stored games: list (home screen drawn) median %.0f ms, open median %.0f ms, new game to its 13th saved move median %.0f ms",
		n, list[len(list)/2], open[len(open)/2], start[len(start)/2])
}
