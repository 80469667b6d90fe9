package netplay

import (
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	statsui "tabula/app/stats"
	"tabula/app/store"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/p2p"
)

// Views of the screen.
const (
	viewLobby = "lobby" // host form, join box, saved games, settings
	viewJoin  = "join"  // a guest answering an invite
	viewGame  = "game"  // a session: invites (host, before the genesis) or the table
)

// Screen is the "play with friends" part of the app, one component under
// the shell's root: the lobby, the invite/reply exchange and the network
// table. The shell opens it with Lobby, OpenLink or ResumeCurrent.
type Screen struct {
	app.Compo

	// KV is the device storage; Home returns to the shell's home screen;
	// BotDelay is the pause before a bot's move (the shell's setting).
	KV       store.KV
	Home     func()
	BotDelay func() time.Duration
	// OnLang keeps a language chosen here (the shell stores it); OnRules
	// opens a game's rules at the part that matters for a view.
	OnLang  func(l i18n.Lang)
	OnRules func(game string, view any)

	ctx     app.Context
	mounted bool
	onMount func(ctx app.Context)

	view     string
	notice   words // lobby: a message (bad link, resume problem …)
	form     hostForm
	joinText string
	settings Settings
	saved    Saved

	sess    *Session
	ren     gameui.Renderer
	styles  []gameui.SeatStyle
	invites map[int]*invite
	// Guest: the reply code to send back, and whether it was copied.
	reply       string
	replyErr    words
	joining     bool
	resume      exchange // a returning page's code and the reply it waits for
	answer      exchange // answering a returning player's code
	err         words    // table: the last refused action
	copied      string   // id of the last copy button pressed
	showNet     bool
	showLog     bool
	showEnd     bool
	stats       *statsui.Screen // the statistics while open (stats.go)
	endSeen     bool
	lastDecides bool
	// marks is what the bot seats' latest moves changed, marked on the
	// board for a moment (gameui.Highlight).
	marks gameui.Highlight
	// lapseAt is the log length at which the lapse of a bot's offer to
	// the person was last scheduled (lapseLater).
	lapseAt    int
	botQueued  map[int]bool
	stepQueued atomic.Bool
	took       map[string]float64 // timings for the test log (ms)
	// gone: seats no link reaches, with their way back; qrOpen: the code
	// whose QR is shown.
	gone   map[int]*gone
	qrOpen string
	// frame: the log, sheets, chips and zoom around the board.
	frame gameui.Frame
	// lastRender and renderQueued pace redraws (throttle).
	lastRender   time.Time
	renderQueued bool
	// watch: the game watched through a watch link (watchscreen.go);
	// watchURL: the players' watch link, made for watchFor.
	watch    *watching
	watchURL string
	watchFor *Session
	// sentAt: when this device's reply or resume code went out through
	// the relay, with no link since (trackSent).
	sentAt time.Time
	// turns serves the turn-based games not on screen (turnsvc.go).
	turns *turnService
}

// invite is one friend seat's invite on the host.
type invite struct {
	link    string
	qr      string
	reply   string
	err     words
	making  bool
	pasted  bool
	started time.Time
}

// exchange is a resume code and its answer.
type exchange struct {
	code   string // the code we made or were given
	qr     string
	input  string
	result string // the reply we made
	from   int    // whom the reply goes to
	sent   bool   // the reply was taken: connecting
	err    words
	busy   bool
}

// T is the catalogue.
func T(id string, args ...any) string { return i18n.T(id, args...) }

// New returns the screen for a shell.
func New(kv store.KV, home func(), delay func() time.Duration) *Screen {
	return &Screen{KV: kv, Home: home, BotDelay: delay, view: viewLobby}
}

func (s *Screen) init() {
	if s.KV == nil {
		s.KV = store.NewMem()
	}
	s.saved = Saved{KV: s.KV}
	if s.turns == nil {
		s.turns = newTurnService(s.saved, Build(), p2p.Config{})
	}
	if s.view == "" {
		s.view = viewLobby
	}
	if s.botQueued == nil {
		s.botQueued = map[int]bool{}
	}
	if s.took == nil {
		s.took = map[string]float64{}
	}
}

// OnMount runs in the browser when the screen is shown.
func (s *Screen) OnMount(ctx app.Context) {
	s.init()
	s.ctx, s.mounted = ctx, true
	w := app.Window().Get("innerWidth")
	s.frame.Compact = w.Truthy() && w.Int() < 720
	initJS()
	onLink = func(link string) {
		s.ctx.Dispatch(func(ctx app.Context) { s.join(ctx, link) })
	}
	if f := s.onMount; f != nil {
		s.onMount = nil
		f(ctx)
	}
}

// OnDismount: the shell went to another screen.
func (s *Screen) OnDismount() { s.mounted = false }

// run does f now if mounted, else when mounted.
func (s *Screen) run(f func(ctx app.Context)) {
	s.init()
	if s.mounted {
		s.ctx.Dispatch(f)
		return
	}
	s.onMount = f
}

// Lobby shows the lobby.
func (s *Screen) Lobby() {
	s.run(func(ctx app.Context) {
		s.settings = s.saved.LoadSettings()
		if s.sess == nil {
			s.view = viewLobby
		}
	})
}

// OpenLink answers an invite link (the page was opened with one).
func (s *Screen) OpenLink(href string) {
	s.run(func(ctx app.Context) {
		if IsWatchLink(href) {
			s.openWatch(href)
			return
		}
		clearFragment()
		s.join(ctx, href)
	})
}

// ResumeCurrent reopens the network game that was on screen, if any.
func (s *Screen) ResumeCurrent() bool {
	s.init()
	id, ok := s.saved.Current()
	if !ok {
		return false
	}
	s.run(func(ctx app.Context) { s.open(ctx, id) })
	return true
}

// HasCurrent reports whether a network game was on screen.
func (s *Screen) HasCurrent() bool {
	s.init()
	_, ok := s.saved.Current()
	return ok
}

func (s *Screen) env() Env {
	s.settings = s.saved.LoadSettings()
	return Env{
		KV: s.saved, Build: Build(), Settings: s.settings,
		Wake:  s.wake,
		Stamp: stamp,
	}
}

// wake schedules a step on the UI goroutine (at most one pending).
func (s *Screen) wake() {
	if !s.mounted || !s.stepQueued.CompareAndSwap(false, true) {
		return
	}
	ctx := s.ctx
	go ctx.Dispatch(func(ctx app.Context) {
		s.stepQueued.Store(false)
		s.step(ctx)
		s.throttle(ctx)
	})
}

// renderEvery bounds how often entries arriving from the network (or
// from bots at instant speed) redraw the table: drawing a board costs
// far more than applying an entry, and nobody reads 60 boards a second.
const renderEvery = 120 * time.Millisecond

// throttle skips this update if the screen was drawn very recently, and
// makes sure a later one comes.
func (s *Screen) throttle(ctx app.Context) {
	if time.Since(s.lastRender) >= renderEvery {
		return
	}
	ctx.PreventUpdate()
	if s.renderQueued {
		return
	}
	s.renderQueued = true
	gameui.Later(s.ctx, renderEvery-time.Since(s.lastRender), func(ctx app.Context) { s.renderQueued = false })
}

// step takes in what the nodes reported and lets the bots play.
func (s *Screen) step(ctx app.Context) {
	se := s.sess
	if se == nil {
		return
	}
	wasStarted := se.Started
	se.Step()
	publishProf()
	s.takeRelayReplies()
	s.trackSent()
	if se.Started && !wasStarted {
		mark("genesis")
		s.enterTable()
	}
	if se.Table != nil {
		s.noteMarks()
		s.lapseLater()
		decides := se.Table.Match.State.Status().Decides(engine.Seat(se.Meta.Seat)) && !se.Proposed()
		if decides != s.lastDecides && s.ren != nil {
			s.ren.Reset()
		}
		s.lastDecides = decides
		if se.Over && !s.showEnd && !s.endSeen {
			s.showEnd, s.endSeen = true, true
		}
	}
	// A seat refused before the game (another build, a taken seat) gets
	// the reason on its invite card, ready for a new link.
	for _, n := range se.Notes {
		if inv := s.invites[n.Seat]; n.Kind == "refused" && inv != nil && inv.pasted && !s.linkUp(n.Seat) {
			inv.pasted, inv.err = false, s.noteWords(n)
		}
	}
	for seat, inv := range s.invites {
		if inv.pasted && s.linkUp(seat) && s.took["setup-"+strconv.Itoa(seat)] == 0 {
			s.took["setup-"+strconv.Itoa(seat)] = float64(time.Since(inv.started).Microseconds()) / 1000
		}
	}
	for _, seat := range se.Due() {
		if s.botQueued[seat] {
			continue
		}
		s.botQueued[seat] = true
		seat := seat
		gameui.Later(s.ctx, s.delay(), func(ctx app.Context) {
			s.botQueued[seat] = false
			if s.sess != se {
				return
			}
			if err := se.PlayBot(seat); err != nil {
				consoleError(fmt.Sprintf("tabula: the bot of seat %d could not move: %v", seat, err))
				s.err = say("net.boterror", s.name(seat), explained(err))
			}
			s.wake()
			s.throttle(ctx)
		})
	}
}

// lapseLater lets the offer of a bot seat that the person must answer
// lapse after table.LapseAfter when they leave it unanswered, as at a
// hot-seat table: their own device answers for them. The answer is the
// person's own signed move, so every device sees it in the log, and the
// bots decide from the log alone: the wait itself, a clock on one
// device, never enters what the others compute.
func (s *Screen) lapseLater() {
	se := s.sess
	seat := engine.Seat(se.Meta.Seat)
	n := len(se.Table.Match.Entries)
	if !s.mounted || s.lapseAt == n {
		return
	}
	lapse := func() (engine.Action, bool) {
		st := se.Table.Match.State
		if !st.Status().Decides(seat) || se.Proposed() {
			return nil, false
		}
		return table.LapseOf(se.Meta.Game, st, seat, func(x engine.Seat) bool { return se.BotSeat(int(x)) })
	}
	if _, ok := lapse(); !ok {
		return
	}
	s.lapseAt = n
	gameui.Later(s.ctx, table.LapseAfter, func(ctx app.Context) {
		if s.sess != se || se.Table == nil || len(se.Table.Match.Entries) != n {
			return // answered, or left, meanwhile
		}
		a, ok := lapse()
		if !ok {
			return
		}
		if err := se.Act(a); err != nil {
			s.err = explained(err)
			return
		}
		s.ren.Reset()
		s.step(ctx)
	})
}

// noteMarks takes the mirror's latest entries into the board's marks of
// the bot seats' moves, and ends them HighlightFor after the last one.
func (s *Screen) noteMarks() {
	se := s.sess
	s.marks.Track(s.ctx, s.mounted, se.Table.Match, func(seat engine.Seat) bool { return se.BotSeat(int(seat)) }, true,
		func() bool { return s.sess == se })
}

func (s *Screen) delay() time.Duration {
	if s.BotDelay == nil {
		return 0
	}
	return s.BotDelay()
}

// linkUp reports whether seat has a direct link to the person's node.
func (s *Screen) linkUp(seat int) bool {
	if s.sess == nil {
		return false
	}
	for _, l := range s.sess.Links {
		if l.Seat == seat && l.Direct {
			return true
		}
	}
	return false
}

// Zoom is the board's zoom of the table on screen (for the pinch).
func (s *Screen) Zoom() *gameui.Zoom { return &s.frame.Zoom }

// CloseSheets closes the statistics or a sheet open over the table
// (Escape) and reports whether one was.
func (s *Screen) CloseSheets() bool {
	if s.statsOpen() {
		s.stats = nil
		return true
	}
	return s.frame.CloseSheets()
}

// OnResize keeps the phone layout flag current.
func (s *Screen) OnResize(ctx app.Context) {
	w, _ := app.Window().Size()
	s.frame.Compact = w < 720
}

// open resumes a stored game (unless another tab plays it).
func (s *Screen) open(ctx app.Context, id string) {
	s.unarchive(id)
	s.whenFree(ctx, id, "", func(ctx app.Context) { s.resumeGame(ctx, id) })
}

// tabWait is how long a tab waits for another to say it plays a game.
const tabWait = 250 * time.Millisecond

// whenFree runs then unless another tab of this browser plays game id;
// that tab gets link (if any) and this one says where the game is.
func (s *Screen) whenFree(ctx app.Context, id, link string, then func(ctx app.Context)) {
	if s.sess != nil && s.sess.Meta.ID == id {
		then(ctx)
		return
	}
	ctx.Async(func() {
		s.turns.setLive(id)
		s.turns.stop(id) // the background table lets go of it first
		taken := askTabs(id, link, tabWait)
		s.ctx.Dispatch(func(ctx app.Context) {
			if taken {
				s.leave()
				s.notice = say("net.tab.elsewhere")
				if link != "" {
					s.notice = say("net.tab.sent")
				}
				return
			}
			then(ctx)
		})
	})
}

// resumeGame puts stored game id on screen with a reconnect code.
func (s *Screen) resumeGame(ctx app.Context, id string) {
	if s.reopen(id) {
		s.askResumeCode(ctx, s.sess, func() { mark("resumecode") })
	}
}

// askResumeCode makes a new resume code for se in the background (the
// resume card shows it, or why it failed), then runs made if it is set.
func (s *Screen) askResumeCode(ctx app.Context, se *Session, made func()) {
	s.resume = exchange{busy: true}
	ctx.Async(func() {
		code, err := se.ResumeCode(origin())
		s.ctx.Dispatch(func(ctx app.Context) {
			s.resume.busy = false
			if err != nil {
				s.resume.err = explained(err)
				return
			}
			s.resume.code = code
			s.resume.qr, _ = QRSVG(code, 200)
			if made != nil {
				made()
			}
		})
	})
}

// seat puts a session on screen.
func (s *Screen) seat(se *Session) {
	s.sess = se
	setLive(se.Meta.ID)
	s.turns.setLive(se.Meta.ID)
	s.view = viewGame
	s.invites = map[int]*invite{}
	s.resume, s.answer = exchange{}, exchange{}
	s.gone, s.qrOpen = nil, ""
	s.sentAt = time.Time{}
	s.frame.Reset()
	s.err, s.showEnd, s.endSeen, s.showNet = nil, false, false, false
	s.botQueued = map[int]bool{}
	s.ren, s.styles = nil, nil
	se.Step()
	if se.Started {
		s.enterTable()
		s.endSeen = se.Over
	}
	s.wake()
}

// enterTable sets up the renderer once the genesis fixed the game.
func (s *Screen) enterTable() {
	se := s.sess
	if se.Table == nil {
		return
	}
	e, ok := gameui.Lookup(se.Table.Match.Game.ID())
	if !ok || e.New == nil {
		s.err = say("net.norenderer", se.Table.Match.Game.ID())
		return
	}
	s.ren = e.New()
	s.marks.Reset()
	se.Narrate = s.ren.Narrate
	if pn, ok := s.ren.(gameui.PrivateNarrator); ok {
		se.NarrateFor = pn.NarrateFor
	}
	if sp, ok := s.ren.(gameui.Speaker); ok {
		se.Speaker = sp.Speaker
	}
	se.Renarrate()
	s.styles = make([]gameui.SeatStyle, len(se.Meta.Colors))
	used := map[int]bool{}
	for i, c := range se.Meta.Colors {
		if c < 0 || c >= len(gameui.Palette) || used[c] {
			c = 0
			for used[c] {
				c++
			}
		}
		used[c] = true
		s.styles[i] = gameui.Palette[c]
	}
}

// leave closes the session on screen (its game stays stored).
func (s *Screen) leave() {
	s.closeWatch()
	setLive("")
	if s.turns != nil {
		s.turns.setLive("")
	}
	if s.sess != nil {
		s.sess.Close()
		s.sess = nil
	}
	s.ren = nil
	s.view = viewLobby
}

func (s *Screen) goHome(ctx app.Context) {
	s.leave()
	s.saved.SetCurrent("")
	if s.Home != nil {
		s.Home()
	}
}

// name is a seat's name.
func (s *Screen) name(seat int) string {
	if s.sess != nil && seat >= 0 && seat < len(s.sess.Meta.Names) && s.sess.Meta.Names[seat] != "" {
		return s.sess.Meta.Names[seat]
	}
	return T("net.seatn", seat+1)
}

func (s *Screen) style(seat int) gameui.SeatStyle {
	if seat >= 0 && seat < len(s.styles) {
		return s.styles[seat]
	}
	return gameui.Palette[seat%len(gameui.Palette)]
}

// Render draws the current view.
func (s *Screen) Render() app.UI {
	defer profAdd("render", time.Now())
	s.lastRender = time.Now()
	profMu.Lock()
	prof["renders"]++
	profMu.Unlock()
	s.init()
	var body app.UI
	switch {
	case s.watch != nil:
		body = s.renderWatch()
	case s.view == viewJoin && s.sess == nil:
		body = s.renderJoinError()
	case s.sess != nil && s.sess.Started && s.ren != nil:
		body = s.renderTable()
	case s.sess != nil:
		body = s.renderConnect()
	default:
		body = s.renderLobby()
	}
	if s.viewName() != "table" && s.watch == nil {
		body = app.Div().Body(app.Div().Class("lang-corner").Body(s.langPicker("lang-pick")), body)
	}
	root := app.Div().ID("net").Class("net").DataSet("view", s.viewName()).DataSet("build", Build()).
		Body(app.Raw(styleSheet), body)
	if se := s.sess; se != nil {
		root = root.DataSet("seat", strconv.Itoa(se.Meta.Seat)).DataSet("gameid", se.Meta.ID).
			DataSet("started", strconv.FormatBool(se.Started)).DataSet("direct", strconv.Itoa(s.directLinks()))
		if se.Table != nil {
			root = root.DataSet("hash", se.MirrorHash()).
				DataSet("entries", strconv.Itoa(len(se.Table.Match.Entries))).
				DataSet("over", strconv.FormatBool(se.Over))
		}
	}
	return root
}

func (s *Screen) viewName() string {
	switch {
	case s.watch != nil:
		return "watch"
	case s.sess != nil && s.sess.Started && s.ren != nil:
		return "table"
	case s.sess != nil && s.sess.Meta.Host:
		return "invites"
	case s.sess != nil:
		return "joining"
	case s.view == viewJoin:
		return "join-error"
	}
	return "lobby"
}

func (s *Screen) directLinks() int {
	n := 0
	if s.sess != nil {
		for _, l := range s.sess.Links {
			if l.Direct {
				n++
			}
		}
	}
	return n
}

// Build is this client's build id for the protocol's HELLO: the site
// version go-app was served with (a new app.wasm is a new build), so two
// pages of different deployments refuse each other with a clear message.
func Build() string {
	if v := app.Getenv("GOAPP_VERSION"); v != "" {
		return "web-" + v
	}
	return "dev"
}

var _ = p2p.Broadcast
