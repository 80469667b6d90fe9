// Package shell is the Tabula client: the home screen, the new-game form
// and the table screen that hosts any game's renderer (package gameui).
// It holds no rules: the table controller (app/table) asks the engine.
//
// Everything lives on one route ("/"), so the service worker's cached page
// serves every screen offline; the game on the table is remembered in
// storage, so a reload resumes it.
package shell

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/netplay"
	statsui "tabula/app/stats"
	"tabula/app/store"
	"tabula/app/table"
	"tabula/engine"
)

// Screens.
const (
	screenHome  = "home"
	screenNew   = "new"
	screenTable = "table"
	screenNet   = "net" // play with friends (package netplay)
)

// Root is the whole app.
type Root struct {
	app.Compo

	// KV is the storage (the browser's localStorage unless a test sets it).
	KV       store.KV
	Now      func() time.Time
	games    store.Games
	settings store.Settings
	client   bool // set in OnMount: proves the wasm client runs

	screen string
	notice string // transient message on the home screen
	err    string // message on the table screen

	form newForm

	tbl       *table.Table
	ren       gameui.Renderer
	styles    []gameui.SeatStyle
	botQueued bool
	saveErr   string
	// warmed: games whose code table.Warm readied on this page.
	warmed map[string]bool
	// frame: the log, sheets, chips and zoom around the board.
	frame gameui.Frame

	// End screen and replay.
	showEnd  bool
	replay   *engine.Match
	replayAt int
	// stats is the statistics screen while it is open (stats.go).
	stats *statsui.Screen

	// ctx is the root component's context. Timers and callbacks must
	// dispatch through it: an event handler's context belongs to the element
	// clicked, and go-app drops dispatches once that element is gone (the
	// "Start" button of the new-game form, say).
	ctx    app.Context
	hasCtx bool

	// Timing of the last applied action (for measurements).
	lastApply time.Duration
	// botsSince is the log length when the person on screen last acted:
	// the bots' moves after it are shown until they act again.
	botsSince int
	// marks is what the bots' latest moves changed, marked on the board
	// for a moment (gameui.Highlight).
	marks gameui.Highlight

	// thinking is the searching bot at work, if any (bot.go); botMs are
	// the last search times in milliseconds (for measurements).
	thinking *thinking
	botMs    []int

	// savedShown is how many saved games the home list shows (savedPage
	// at least).
	savedShown int

	// usage is what the device's storage holds (settings), when known.
	usage    store.Usage
	hasUsage bool

	// net is the "play with friends" screen.
	net *netplay.Screen

	// rulesGame is the game whose rules are open over the screen ("" when
	// closed), rulesAt the section they opened at.
	rulesGame, rulesAt string
	keys, links        app.Func
}

// New returns the app's root, storing in the browser.
func New() *Root { return &Root{} }

func (r *Root) init() {
	if r.KV == nil {
		r.KV = store.Browser()
	}
	if r.Now == nil {
		r.Now = time.Now
	}
	r.games = store.Games{KV: r.KV}
	r.settings = r.games.LoadSettings()
	if r.screen == "" {
		r.screen = screenHome
	}
	if r.net == nil {
		r.net = netplay.New(r.KV, func() {
			if r.hasCtx {
				r.ctx.Dispatch(func(ctx app.Context) { r.screen = screenHome })
			}
		}, func() time.Duration { return time.Duration(r.settings.BotDelay) * time.Millisecond })
		r.net.OnLang = func(l i18n.Lang) {
			r.settings.Lang = string(l)
			_ = r.games.SaveSettings(r.settings)
		}
		r.net.OnRules = func(game string, view any) {
			if r.hasCtx {
				r.ctx.Dispatch(func(ctx app.Context) { r.openRules(game, view) })
			}
		}
	}
}

// OnInit runs on the server (pre-render) and in the browser.
func (r *Root) OnInit() { r.init() }

// OnMount runs only in the browser.
func (r *Root) OnMount(ctx app.Context) {
	r.init()
	r.client = true
	r.ctx, r.hasCtx = ctx, true
	// The language: the one chosen on an earlier visit, else the first of
	// the browser's preferences the catalogue speaks.
	if l := i18n.Lang(r.settings.Lang); i18n.Known(l) {
		gameui.UseLang(l)
	} else {
		nav := app.Window().Get("navigator")
		var prefs []string
		if ls := nav.Get("languages"); ls.Truthy() {
			for i := 0; i < ls.Length(); i++ {
				prefs = append(prefs, ls.Index(i).String())
			}
		}
		gameui.UseLang(i18n.Match(prefs...))
	}
	r.listenKeys()
	gameui.ListenTips()
	gameui.ListenPinch(ctx, func() *gameui.Zoom {
		switch r.screen {
		case screenTable:
			return &r.frame.Zoom
		case screenNet:
			return r.net.Zoom()
		}
		return nil
	})
	// ?speed=instant|fast|normal|slow sets the bot pace (tests use instant)
	// and is remembered.
	if sp := ctx.Page().URL().Query().Get("speed"); sp != "" {
		if d, ok := speeds[sp]; ok {
			r.settings.BotDelay = d
			_ = r.games.SaveSettings(r.settings)
		}
	}
	r.listenLinks()
	r.refreshUsage()
	// Turn-based games are served in the background while the app is
	// open; the home screen lists those waiting for the person.
	r.net.ServeTurns(func() { r.ctx.Dispatch(func(ctx app.Context) {}) })
	w := app.Window().Get("innerWidth")
	r.frame.Compact = w.Truthy() && w.Int() < 720
	// An invite link, or a network game left on screen, opens the
	// network screen; otherwise the hot-seat game left on screen.
	if href := app.Window().Get("location").Get("href").String(); netplay.IsJoinLink(href) || netplay.IsWatchLink(href) {
		r.screen = screenNet
		r.net.OpenLink(href)
		return
	}
	if r.net.ResumeCurrent() {
		r.screen = screenNet
		return
	}
	r.resume(ctx)
}

// listenLinks: an invite link opened in a tab where the app already runs
// changes only the address's fragment, so no page loads; the address
// change itself opens the join screen (the game on the table is saved).
func (r *Root) listenLinks() {
	if r.links != nil {
		return
	}
	r.links = app.FuncOf(func(this app.Value, args []app.Value) any {
		href := app.Window().Get("location").Get("href").String()
		if !netplay.IsJoinLink(href) && !netplay.IsWatchLink(href) {
			return nil
		}
		r.ctx.Dispatch(func(ctx app.Context) { r.openInvite(href) })
		return nil
	})
	app.Window().Call("addEventListener", "hashchange", r.links)
	app.Window().Call("addEventListener", "popstate", r.links)
}

// openInvite leaves whatever is on screen for the join screen of href.
func (r *Root) openInvite(href string) {
	r.games.SetCurrent("")
	r.tbl, r.ren, r.replay, r.botQueued = nil, nil, nil, false
	r.rulesGame, r.notice = "", ""
	r.screen = screenNet
	releaseTable()
	r.net.OpenLink(href)
}

// openNet shows the network lobby, from its top (the home screen may
// have been scrolled down to its button).
func (r *Root) openNet(ctx app.Context, e app.Event) {
	r.games.SetCurrent("")
	r.net.Lobby()
	r.screen = screenNet
	app.Window().Call("scrollTo", 0, 0)
}

// resume reopens the game that was on the table when the page was left.
func (r *Root) resume(ctx app.Context) {
	if id, ok := r.games.Current(); ok {
		r.open(ctx, id)
	}
}

// OnResize keeps the phone layout flag current.
func (r *Root) OnResize(ctx app.Context) {
	w, _ := app.Window().Size()
	r.frame.Compact = w < 720
}

var speeds = map[string]int{"instant": 0, "fast": 250, "normal": 600, "slow": 1200}

// Render draws the current screen.
func (r *Root) Render() app.UI {
	var body app.UI
	switch r.screen {
	case screenNew:
		body = r.renderNew()
	case screenTable:
		body = r.renderTable()
	case screenNet:
		body = r.net
	default:
		body = r.renderHome()
	}
	if r.screen == screenHome || r.screen == screenNew {
		body = app.Div().Body(app.Div().Class("lang-corner").Body(r.langPicker("lang-pick")), body)
	}
	if r.rulesGame != "" {
		body = app.Div().Body(body, r.renderRules())
	}
	root := app.Div().ID("tabula").Class("tabula", "screen-"+r.screen).
		DataSet("screen", r.screen).DataSet("lang", string(i18n.Current()))
	if r.client {
		root = root.DataSet("client", "wasm")
	}
	if r.tbl != nil && r.screen == screenTable {
		st := r.tbl.Status()
		root = root.DataSet("hash", r.tbl.Hash()).
			DataSet("entries", strconv.Itoa(len(r.tbl.Match.Entries))).
			DataSet("viewer", strconv.Itoa(int(r.tbl.Viewer))).
			DataSet("over", strconv.FormatBool(st.Over)).
			DataSet("game", r.tbl.ID).
			DataSet("apply-us", strconv.FormatInt(r.lastApply.Microseconds(), 10)).
			DataSet("bot-ms", joinInts(r.botMs))
		if r.thinking != nil {
			root = root.DataSet("thinking", strconv.Itoa(int(r.thinking.seat)))
		}
		if r.replay != nil {
			root = root.DataSet("replay", strconv.Itoa(r.replayAt))
		}
	}
	return root.Body(body)
}

// T is shorthand for the catalogue.
func T(id string, args ...any) string { return i18n.T(id, args...) }

// --- opening and starting games --------------------------------------------

func (r *Root) open(ctx app.Context, id string) {
	t, err := table.Open(r.games, id, r.Now)
	if err != nil {
		r.games.SetCurrent("")
		r.notice = T("import.bad", gameui.RefusalText(err))
		if errors.Is(err, store.ErrNotFound) {
			r.notice = gameui.ErrorText(err)
		}
		r.screen = screenHome
		return
	}
	r.seat(ctx, t)
}

// seat puts a table on screen with its renderer.
func (r *Root) seat(ctx app.Context, t *table.Table) {
	e, ok := gameui.Lookup(t.Game().ID())
	if !ok || e.New == nil {
		r.notice = T("import.norenderer", t.Game().ID())
		r.screen = screenHome
		return
	}
	r.tbl, r.ren = t, e.New()
	t.Narrate = r.ren.Narrate
	if pn, ok := r.ren.(gameui.PrivateNarrator); ok {
		t.NarrateFor = pn.NarrateFor
	}
	if sp, ok := r.ren.(gameui.Speaker); ok {
		t.Speaker = sp.Speaker
	}
	r.styles = stylesOf(t)
	r.replay, r.showEnd, r.err, r.saveErr = nil, t.Status().Over, "", ""
	r.botsSince = 0 // a table just opened shows the bots' last moves
	r.marks.Reset()
	r.frame.Reset()
	r.screen = screenTable
	r.games.SetCurrent(t.ID)
	r.kick(ctx)
}

// stylesOf reads the seats' palette indices from the game's meta.
func stylesOf(t *table.Table) []gameui.SeatStyle {
	idx := strings.Split(t.Meta["styles"], ",")
	out := make([]gameui.SeatStyle, len(t.Seats))
	used := map[int]bool{}
	for i := range out {
		k, err := strconv.Atoi(strings.TrimSpace(get(idx, i)))
		if err != nil || k < 0 || k >= len(gameui.Palette) || used[k] {
			k = 0
			for used[k] {
				k++
			}
		}
		used[k] = true
		out[i] = gameui.Palette[k]
	}
	return out
}

func get(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return ""
}

func (r *Root) goHome(ctx app.Context) {
	r.games.SetCurrent("")
	r.refreshUsage()
	r.tbl, r.ren, r.replay = nil, nil, nil
	r.screen = screenHome
	r.botQueued, r.thinking = false, nil
	releaseTable()
}

// --- playing ---------------------------------------------------------------

// act applies the viewer's action, saves, and lets bots go on.
func (r *Root) act(ctx app.Context, a engine.Action) {
	t := r.tbl
	if t == nil {
		return
	}
	start := time.Now()
	if err := t.Do(t.Viewer, a); err != nil {
		r.err = gameui.ErrorText(err)
		return
	}
	r.lastApply = time.Since(start)
	r.botsSince = len(t.Match.Entries)
	r.err = ""
	r.ren.Reset()
	r.after(ctx)
}

// after is called once the state changed: save, show the end, wake bots,
// and let a bot's offer the person leaves unanswered lapse.
func (r *Root) after(ctx app.Context) {
	r.persist()
	r.noteMarks()
	if r.tbl.Status().Over {
		r.showEnd = true
	}
	r.kick(ctx)
	r.lapseLater(ctx)
}

// lapseLater schedules the lapse of the bot's offer that the person on
// screen must answer now, if the game is still there then.
func (r *Root) lapseLater(ctx app.Context) {
	t := r.tbl
	if t == nil || !r.hasCtx {
		return
	}
	if _, _, ok := t.Lapse(); !ok {
		return
	}
	n := len(t.Match.Entries)
	gameui.Later(r.ctx, table.LapseAfter, func(ctx app.Context) {
		if r.tbl != t || r.replay != nil || len(t.Match.Entries) != n {
			return // answered, or left, meanwhile
		}
		seat, a, ok := t.Lapse()
		if !ok {
			return
		}
		if err := t.Do(seat, a); err != nil {
			r.err = gameui.ErrorText(err)
			return
		}
		r.ren.Reset()
		r.after(ctx)
	})
}

func (r *Root) persist() {
	if err := table.Persist(r.games, r.tbl); err != nil {
		if r.saveErr == "" {
			app.Log("tabula: the game could not be saved: " + err.Error())
		}
		r.saveErr = gameui.SaveFailText(err)
	} else {
		r.saveErr = ""
	}
}

// kick schedules the next bot move, paced by the settings. At instant
// speed bots move in batches of a few milliseconds, yielding to the
// browser between batches so the page stays responsive.
func (r *Root) kick(ctx app.Context) {
	t := r.tbl
	if t == nil || r.botQueued || r.replay != nil {
		return
	}
	if _, ok := t.BotToMove(); !ok {
		return
	}
	if !r.hasCtx {
		return // not mounted in a browser (component tests step bots themselves)
	}
	ctx = r.ctx
	r.botQueued = true
	delay := time.Duration(r.settings.BotDelay) * time.Millisecond
	gameui.Later(ctx, delay, func(ctx app.Context) {
		r.botQueued = false
		if r.tbl != t {
			return // left the table meanwhile
		}
		if j, ok := t.NextBot(); ok && j.Slow {
			r.think(t, j)
			return
		}
		start := time.Now()
		for {
			bot, _ := t.BotToMove()
			moved, err := t.StepBot()
			if err != nil {
				r.err = T("table.boterror", t.Name(bot), gameui.ErrorText(err))
				return
			}
			if !moved || r.settings.BotDelay > 0 || time.Since(start) > 25*time.Millisecond {
				break
			}
		}
		r.ren.Reset()
		r.after(ctx)
	})
}

func (r *Root) undo(ctx app.Context, e app.Event) {
	if err := r.tbl.Undo(); err != nil {
		r.err = gameui.ErrorText(err)
		return
	}
	r.ren.Reset()
	r.persist()
	r.noteMarks()
}

// noteMarks takes the log's latest entries into the board's marks of the
// bots' moves (only at a table where a person plays), and ends them
// HighlightFor after the last bot move.
func (r *Root) noteMarks() {
	t := r.tbl
	if t == nil {
		return
	}
	bot := func(s engine.Seat) bool { return !t.IsHuman(s) }
	r.marks.Track(r.ctx, r.hasCtx, t.Match, bot, len(t.Humans()) > 0, func() bool { return r.tbl == t })
}

func (r *Root) reveal(ctx app.Context, e app.Event) {
	r.tbl.Reveal()
	r.ren.Reset()
	r.persist()
}

// env is what the renderer draws from now.
func (r *Root) env() *gameui.Env {
	t := r.tbl
	e := &gameui.Env{Table: t, Styles: r.styles, Compact: r.frame.Compact}
	if r.replay != nil {
		e.Viewer, e.State, e.Replay = engine.Spectator, r.replay.State, true
		e.View = e.State.View(engine.Spectator)
		e.Act = func(app.Context, engine.Action) {}
		return e
	}
	e.Viewer, e.View = t.View()
	e.State = t.State()
	if e.Viewer >= 0 {
		e.BotBefore, e.BotChances = r.marks.Before(), r.marks.Chances()
	}
	e.Awaited = t.Awaited()
	e.Legal = t.Legal()
	e.Act = r.act
	e.Notice = func(s string) { r.err = s }
	return e
}

// --- replay ----------------------------------------------------------------

func (r *Root) startReplay(at int) {
	t := r.tbl
	m, err := engine.Replay(t.Game(), t.Match.Setup, t.Match.Entries)
	if err != nil {
		r.err = gameui.ErrorText(err)
		return
	}
	r.replay = m
	r.seek(at)
}

// seek moves the replay to entry n: forward by appending the logged
// entries, backward with Match.Rewind.
func (r *Root) seek(n int) {
	all := r.tbl.Match.Entries
	if n < 0 {
		n = 0
	}
	if n > len(all) {
		n = len(all)
	}
	m := r.replay
	if n < len(m.Entries) {
		if err := m.Rewind(n); err != nil {
			r.err = gameui.ErrorText(err)
			return
		}
	}
	for len(m.Entries) < n {
		if err := m.Append(all[len(m.Entries)]); err != nil {
			r.err = gameui.ErrorText(err)
			return
		}
	}
	r.replayAt = n
	if r.ren != nil {
		r.ren.Reset()
	}
}

func (r *Root) stopReplay() {
	r.replay = nil
	if r.ren != nil {
		r.ren.Reset()
	}
}

func plural(n int, one, other string) string {
	if n == 1 {
		return one
	}
	return other
}

var _ = fmt.Sprint

func lookupEntry(id string) (gameui.Entry, bool) { return gameui.Lookup(id) }
