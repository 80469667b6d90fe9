package netplay

import (
	"encoding/hex"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/p2p"
)

// watching is the spectator's screen: a game followed through its watch
// link, drawn as everyone sees it (Viewer engine.Spectator), with no
// action, no legal move and no chat. Nothing of it is stored: it is never
// one of this device's games.
type watching struct {
	sp     *Spectator
	tbl    *table.Table // the verified game so far (nil before the genesis)
	ren    gameui.Renderer
	styles []gameui.SeatStyle
	bad    words // the link could not be read
	queued atomic.Bool
	// shownMs: from opening the link to the board drawn (measurements).
	shownMs float64
}

// openWatch shows the game a watch link names and starts following it.
// The link stays in the address bar: a reload watches again.
func (s *Screen) openWatch(link string) {
	s.leave()
	w := &watching{}
	s.watch = w
	s.frame.Reset()
	lk, err := ParseWatch(link)
	if err != nil {
		w.bad = say("net.watch.bad")
		return
	}
	s.settings = s.saved.LoadSettings()
	mark("watch")
	w.sp = NewSpectator(lk, func() { s.watchWake(w) })
	w.sp.Watch(s.settings.Brokers)
}

// closeWatch stops following (leaving the screen).
func (s *Screen) closeWatch() {
	if s.watch != nil && s.watch.sp != nil {
		s.watch.sp.Close()
	}
	s.watch = nil
}

// watchWake schedules a step of w on the UI goroutine (at most one pending).
func (s *Screen) watchWake(w *watching) {
	if !s.mounted || !w.queued.CompareAndSwap(false, true) {
		return
	}
	ctx := s.ctx
	go ctx.Dispatch(func(ctx app.Context) {
		w.queued.Store(false)
		if s.watch == w {
			s.watchStep(w)
			s.throttle(ctx)
		}
	})
}

// watchStep copies what the spectator verified into the screen's table.
func (s *Screen) watchStep(w *watching) {
	var gen *p2p.Genesis
	var setup engine.Setup
	var es []engine.Entry
	have := 0
	if w.tbl != nil {
		have = len(w.tbl.Match.Entries)
	}
	w.sp.Read(func(g *p2p.Genesis, m *engine.Match, _ []p2p.Entry) {
		if g == nil {
			return
		}
		gen, setup = g, m.Setup
		if len(m.Entries) > have {
			es = append(es, m.Entries[have:]...)
		}
	})
	if gen == nil {
		return
	}
	if w.tbl == nil && !s.watchTable(w, gen, setup) {
		return
	}
	m := w.tbl.Match
	for _, e := range es {
		before := m.State.Clone()
		if err := apply(m, e); err != nil {
			// Cannot happen: the follower checked the entry.
			w.bad = explained(err)
			return
		}
		w.tbl.Narrated(before, len(m.Entries)-1)
	}
}

// watchTable sets up the table and renderer once the genesis is verified.
func (s *Screen) watchTable(w *watching, gen *p2p.Genesis, setup engine.Setup) bool {
	g, err := engine.Lookup(setup.Game)
	if err == nil {
		var m *engine.Match
		if m, err = engine.NewMatch(g, setup, nil); err == nil {
			seats := make([]engine.SeatInfo, len(gen.Seats))
			for i, sk := range gen.Seats {
				kind := "remote"
				if _, hosted := p2p.HostedKind(sk.Kind); hosted {
					kind = sk.Kind
				}
				seats[i] = engine.SeatInfo{Name: sk.Name, Kind: kind}
				if seats[i].Name == "" {
					seats[i].Name = "#" + strconv.Itoa(i+1)
				}
			}
			w.tbl = &table.Table{ID: hex.EncodeToString(gen.Game[:]), Match: m, Seats: seats,
				Meta: map[string]string{"network": "p2p"}, Viewer: engine.Spectator, Now: time.Now}
		}
	}
	if err != nil {
		w.bad = explained(err)
		return false
	}
	e, ok := gameui.Lookup(setup.Game)
	if !ok || e.New == nil {
		w.bad = say("net.norenderer", setup.Game)
		w.tbl = nil
		return false
	}
	w.ren = e.New()
	w.tbl.Narrate = w.ren.Narrate
	if pn, ok := w.ren.(gameui.PrivateNarrator); ok {
		w.tbl.NarrateFor = pn.NarrateFor
	}
	if sp, ok := w.ren.(gameui.Speaker); ok {
		w.tbl.Speaker = sp.Speaker
	}
	for i := range gen.Seats {
		w.styles = append(w.styles, gameui.Palette[i%len(gameui.Palette)])
	}
	w.shownMs = float64(time.Since(w.sp.Opened).Microseconds()) / 1000
	mark("watch-board")
	return true
}

// watchEnv is what the renderer draws: the public view, nothing to do.
func (w *watching) env(compact bool) *gameui.Env {
	st := w.tbl.Match.State
	return &gameui.Env{Table: w.tbl, Viewer: engine.Spectator, State: st, View: st.View(engine.Spectator),
		Styles: w.styles, Compact: compact,
		Act: func(app.Context, engine.Action) {}}
}

func (s *Screen) watchHome(ctx app.Context) {
	s.closeWatch()
	clearFragment()
	s.goHome(ctx)
}

// renderWatch is the spectator's screen.
func (s *Screen) renderWatch() app.UI {
	w := s.watch
	if w.tbl == nil || w.ren == nil {
		return s.renderWatchWait(w)
	}
	env := w.env(s.frame.Compact)
	entry, _ := gameui.Lookup(w.tbl.Match.Game.ID())
	st := env.State.Status()
	f := &s.frame
	waits := gameui.Waits(w.ren, env)
	line := gameui.TurnLine(waits, w.styles, engine.Spectator)
	if st.Over {
		line = app.Span().ID("turn").Class("turn").Text(T("net.watch.over"))
	}
	main := []app.UI{app.Header().Class("topbar").Body(
		gameui.HomeButton("net-home", s.watchHome),
		app.Strong().Class("title").Text(T(entry.Title)),
		line,
		app.Div().Class("spacer"),
		s.langPicker("lang-pick"),
		f.LogButton(),
	)}
	var notes []app.UI
	notes = append(notes, app.P().Class("notice net-note-info").ID("watching").Role("status").Text(T("net.watching")+" "+T("net.watch.seats", strings.Join(w.names(), ", "))))
	if st.Over {
		notes = append(notes, app.P().Class("notice").ID("watch-over").Role("status").Text(T("net.watch.over")))
	}
	if err := w.sp.Err(); err != nil {
		notes = append(notes, app.P().Class("error").ID("watch-refused").Role("alert").Text(T("net.watch.refused", explain(err))))
	}
	if w.bad != nil {
		notes = append(notes, app.P().Class("error").ID("error").Role("alert").Text(w.bad.text()))
	}
	if top := f.Top(w.ren, env, waits); top != nil {
		notes = append(notes, top)
	}
	main = append(main, gameui.Notes(notes...)) // the layout keeps its place as they come and go
	var ctx *app.Context
	if s.mounted {
		ctx = &s.ctx
	}
	log := func() app.UI {
		return gameui.LogPanel(w.tbl.WordsFor(string(i18n.Current()), engine.Spectator), w.styles)
	}
	main = append(main, app.Div().Class("layout").Body(
		app.Div().Class("board-area").Body(f.Board(ctx, w.ren.Board(env))),
		app.Aside().Class("side").Body(f.Side(w.ren, env), w.ren.Side(env),
			app.P().Class("muted small").ID("watch-moves").Text(T("net.watch.moves", len(w.tbl.Match.Entries))), f.Log(log)),
		app.Div().Class("dock replaying").Body(w.ren.Dock(env)),
	))
	main = append(main, f.Sheets(w.ren, env, log)...)
	return s.watchRoot(w, f.Screen("net-table net-watch", main))
}

func (w *watching) names() []string {
	var out []string
	for _, st := range w.tbl.Seats {
		out = append(out, st.Name)
	}
	return out
}

// renderWatchWait is the screen until the game is verified: opening, the
// relay down, or why it cannot be shown.
func (s *Screen) renderWatchWait(w *watching) app.UI {
	var parts []app.UI
	parts = append(parts, app.H1().Text(T("net.watch.title")))
	switch {
	case w.bad != nil:
		parts = append(parts, app.P().Class("error").ID("error").Role("alert").Text(w.bad.text()))
	default:
		state, err := w.sp.Relay()
		switch {
		case state == RelayOff:
			parts = append(parts, app.P().Class("error").ID("watch-relay").Role("alert").Text(T("net.watch.norelay")))
		case state == RelayDown && err != nil:
			parts = append(parts, app.P().Class("error").ID("watch-relay").Role("alert").Text(T("net.watch.down", err.Error())))
		default:
			parts = append(parts, app.P().Class("muted").ID("watch-opening").Role("status").Text(T("net.watch.open")))
		}
		if err := w.sp.Err(); err != nil {
			parts = append(parts, app.P().Class("error").ID("watch-refused").Role("alert").Text(T("net.watch.refused", explain(err))))
		}
	}
	parts = append(parts, app.Div().Class("net-row").Body(gameui.HomeButton("net-home", s.watchHome), s.langPicker("lang-pick")))
	return s.watchRoot(w, app.Section().Class("net-card").Body(parts...))
}

// watchRoot carries what tests read: entries verified, over, the agreed
// hash (as the players' data-hash: a sealed game's public one).
func (s *Screen) watchRoot(w *watching, body app.UI) app.UI {
	root := app.Div().ID("watch").DataSet("watch", "1")
	if w.tbl != nil {
		root = root.DataSet("entries", strconv.Itoa(len(w.tbl.Match.Entries))).
			DataSet("over", strconv.FormatBool(w.tbl.Match.State.Status().Over)).
			DataSet("hash", w.sp.AgreedAt(len(w.tbl.Match.Entries))).
			DataSet("shown-ms", strconv.FormatFloat(w.shownMs, 'f', 1, 64))
	}
	return root.Body(body)
}

// renderWatchLink is the players' watch link, in the network panel.
func (s *Screen) renderWatchLink() app.UI {
	se := s.sess
	if se == nil || !se.Started {
		return app.Text("")
	}
	if s.watchURL == "" || s.watchFor != se {
		s.watchURL, s.watchFor = "", se
		if u, err := se.WatchURL(origin()); err == nil {
			s.watchURL = u
		}
	}
	parts := []app.UI{app.H3().Class("small-h").Text(T("net.watch.title"))}
	if s.watchURL == "" {
		parts = append(parts, app.P().Class("muted small").ID("watch-none").Text(T("net.watch.none")))
	} else {
		parts = append(parts,
			app.P().Class("muted small").Text(T("net.watch.hint")),
			app.Div().Class("net-row").Body(
				app.Input().Type("text").ID("watch-link").Class("grow net-code").ReadOnly(true).
					Aria("label", T("net.watch.title")).Value(s.watchURL),
				s.copyButton("copy-watch", "watch-link", s.watchURL),
			))
		if err := se.WatchErr(); err != nil {
			parts = append(parts, app.P().Class("muted small").ID("watch-pub-err").Text(T("net.watch.err", explain(err))))
		}
	}
	return app.Div().Class("net-watch").ID("net-watch").Body(parts...)
}
