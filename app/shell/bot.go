package shell

import (
	"errors"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/table"
	"tabula/engine"
)

// thinking is a searching bot at work: whose seat, and how far it got
// (written by the bot's goroutine, read by renders: a plain int, where a
// stale read shows an older percentage).
type thinking struct {
	seat engine.Seat
	pct  int
}

// yieldEvery is how long a searching bot computes before it lets the page
// paint and take input: within the 100 ms in which a tap feels answered.
// Each yield costs the search a timer and a paint of its progress; at 40 ms
// a hard move of Agricola in the throttled browser took some 15 % longer.
const yieldEvery = 100 * time.Millisecond

// searchGC and searchMemory are the collector's settings while a bot
// searches. A search makes much short-lived garbage over a live heap of a
// few MB, and in the browser the collector runs on the page's one thread:
// at GOGC 400 a hard move of Agricola (4 players, 4× throttled) took some
// 0.8 of its time at the default 100, for some 12 MB more heap at its
// peak (BenchmarkHardAtTable: 20 MB against 8). The memory limit bounds
// that peak on a page whose own heap is larger.
const (
	searchGC     = 400
	searchMemory = 256 << 20
)

// roomToSearch sets the collector for a search and returns what puts the
// page's settings back.
func roomToSearch() (restore func()) {
	gc := debug.SetGCPercent(searchGC)
	limit := debug.SetMemoryLimit(searchMemory)
	return func() {
		debug.SetGCPercent(gc)
		debug.SetMemoryLimit(limit)
	}
}

// think lets a searching bot decide on a goroutine of its own, on a copy
// of the state. Between batches of its search it yields to the browser
// (a JavaScript timer: the page paints and takes input) and shows how far
// it got; its answer is played only if the game is still where it was.
func (r *Root) think(t *table.Table, j *table.BotJob) {
	r.botQueued = true
	th := &thinking{seat: j.Seat}
	r.thinking = th
	go func() {
		start := time.Now()
		last := start
		restore := roomToSearch()
		a := j.Run(func(done, total int) {
			if time.Since(last) < yieldEvery {
				return
			}
			th.pct = 100 * done / total
			showProgress(T("table.botpct", th.pct))
			yieldToPage()
			last = time.Now()
		})
		restore()
		took := time.Since(start)
		r.ctx.Dispatch(func(ctx app.Context) {
			if r.thinking != th {
				return // the table was left meanwhile (goHome)
			}
			r.botQueued, r.thinking = false, nil
			if j.Searched {
				r.botMs = append(r.botMs, int(took.Milliseconds()))
				if len(r.botMs) > 400 {
					r.botMs = r.botMs[len(r.botMs)-400:]
				}
			}
			if r.tbl != t {
				return
			}
			if err := t.Finish(j, a); err != nil {
				if !errors.Is(err, table.ErrMoved) {
					r.err = T("table.boterror", t.Name(j.Seat), gameui.ErrorText(err))
					return
				}
			}
			r.ren.Reset()
			r.after(ctx)
		})
	}()
}

// showProgress writes a searching bot's progress into the turn line
// directly: a re-render of the whole table for every step would cost the
// page more than the search.
func showProgress(msg string) {
	if !app.IsClient {
		return
	}
	if el := app.Window().GetElementByID("bot-progress"); el.Truthy() {
		el.Set("textContent", msg)
	}
}

// yieldToPage blocks the calling goroutine until a JavaScript timer fires:
// with every goroutine waiting, the browser runs its event loop (paint,
// input) first.
func yieldToPage() {
	if !app.IsClient {
		return
	}
	done := make(chan struct{})
	var cb app.Func
	cb = app.FuncOf(func(this app.Value, args []app.Value) any {
		cb.Release()
		close(done)
		return nil
	})
	app.Window().Call("setTimeout", cb, 0)
	<-done
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}
