package netplay

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/p2pnet"
	"tabula/engine"
	"tabula/engine/p2p"
)

// env is what the renderer draws: always the person's seat (no hand-over
// on a network table).
func (s *Screen) gameEnv() *gameui.Env {
	se := s.sess
	seat := engine.Seat(se.Meta.Seat)
	st := se.Table.Match.State
	e := &gameui.Env{Table: se.Table, Viewer: seat, State: st, View: st.View(seat), Styles: s.styles, Compact: s.frame.Compact}
	e.Awaited = se.Awaited()
	e.Legal = se.Legal()
	e.Act = s.act
	e.Notice = func(m string) { s.err = fixed(m) }
	e.BotBefore = s.marks.Before()
	return e
}

// act sends the person's action into the game.
func (s *Screen) act(ctx app.Context, a engine.Action) {
	start := time.Now()
	if err := s.sess.Act(a); err != nil {
		s.err = explained(err)
		return
	}
	s.took["act"] = float64(time.Since(start).Microseconds()) / 1000
	s.err = nil
	s.ren.Reset()
	s.step(ctx)
}

func (s *Screen) renderTable() app.UI {
	se := s.sess
	env := timed("render.env", s.gameEnv)
	entry, _ := gameui.Lookup(se.Table.Match.Game.ID())
	st := env.State.Status()
	waits := timed("render.waits", func() []gameui.Wait { return s.waits(env) })
	f := &s.frame
	var main []app.UI
	main = append(main, app.Header().Class("topbar").Body(
		gameui.HomeButton("net-home", s.goHome),
		app.Strong().Class("title").Text(T(entry.Title)),
		s.turnLine(st, waits),
		app.Div().Class("spacer"),
		app.Label().Class("net-auto").For("autoplay").Body(
			app.Input().Type("checkbox").ID("autoplay").Checked(se.Meta.Autoplay).
				OnChange(func(ctx app.Context, e app.Event) {
					s.sess.SetAutoplay(ctx.JSSrc().Get("checked").Bool()) // the session now, not the one drawn
					s.ren.Reset()
				}),
			app.Span().Text(T("net.autoplay")),
		),
		app.Button().Class("btn ghost").ID("net-toggle").Type("button").Title(T("net.network")+s.netBadge()).Aria("label", T("net.network")+s.netBadge()).
			Body(app.Span().Class("btn-icon").Aria("hidden", "true").Text("⇄"), app.Span().Class("btn-word").Text(T("net.network")), app.Text(s.netBadge())).
			Aria("expanded", strconv.FormatBool(s.showNet)).Aria("controls", "net-panel").
			OnClick(func(ctx app.Context, e app.Event) { s.showNet = !s.showNet }),
		s.helpButton(),
		s.statsButton("stats-open", false),
		s.langPicker("lang-pick"),
		gameui.ExportButton("net-export", s.export),
		f.LogButton(),
		app.If(st.Over && !s.showEnd, func() app.UI {
			return app.Button().Class("btn primary").ID("show-end").Type("button").Text(T("end.show")).
				OnClick(func(ctx app.Context, e app.Event) { s.showEnd = true })
		}),
	))
	var notes []app.UI
	if top := timed("render.top", func() app.UI { return f.Top(s.ren, env, waits) }); top != nil {
		notes = append(notes, top)
	}
	if s.err != nil {
		notes = append(notes, app.P().Class("error").ID("error").Role("alert").Text(s.err.text()))
	}
	notes = append(notes, s.renderNotes()...)
	if se.TakenOver() {
		notes = append(notes, app.Div().Class("notice net-note-info").ID("taken-over").Role("status").Body(
			app.Span().Text(T("net.takenover")+" "),
			app.If(se.HandOpen(), func() app.UI { return app.Span().ID("hand-open").Text(T("net.takenover.open") + " ") }),
			app.Button().Class("btn primary small").ID("reclaim").Type("button").Text(T("net.reclaim")).
				OnClick(func(ctx app.Context, e app.Event) {
					if err := s.sess.Reclaim(); err != nil {
						s.err = explained(err)
						return
					}
					s.err = say("net.reclaim.sent")
				}),
		))
	}
	if !se.TakenOver() && se.HandOpen() {
		notes = append(notes, app.Div().Class("notice net-note-info").ID("hand-open").Role("status").Text(T("net.handopen")))
	}
	// The way back (this page returned) or the seats no link reaches: in
	// cards beside the board on a wide screen, in a strip above it on a
	// phone; the board keeps its size.
	var back []app.UI
	if s.resuming() && s.remoteUp() {
		s.resume = exchange{}
	}
	if s.resuming() {
		back = append(back, s.renderResume())
	}
	for _, seat := range s.trackGone() {
		back = append(back, s.renderGone(seat))
	}
	if f.Compact && len(back) > 0 {
		notes = append(notes, app.Div().Class("net-strip").ID("net-back").Body(back...))
	}
	main = append(main, gameui.Notes(notes...)) // the layout keeps its place as they come and go
	side := []app.UI{}
	if !f.Compact && len(back) > 0 {
		side = append(side, app.Div().Class("net-back").ID("net-back").Body(back...))
	}
	side = append(side, timed("render.frameside", func() app.UI { return f.Side(s.ren, env) }))
	if s.showNet || !f.Compact {
		side = append(side, timed("render.net", s.renderNet))
	}
	side = append(side, timed("render.side", func() app.UI { return s.ren.Side(env) }), timed("render.log", func() app.UI { return f.Log(s.renderLog) }))
	var ctx *app.Context
	if s.mounted {
		ctx = &s.ctx
	}
	main = append(main, app.Div().Class("layout").Body(
		app.Div().Class("board-area").Body(f.Board(ctx, timed("render.board", func() app.UI { return s.ren.Board(env) }))),
		app.Aside().Class("side").Body(side...),
		app.Div().Class("dock").Body(
			app.If(se.Proposed(), func() app.UI {
				return app.P().Class("muted small").Text(T("net.waitothers"))
			}),
			timed("render.dock", func() app.UI { return s.ren.Dock(env) }),
		),
	))
	main = append(main, f.Sheets(s.ren, env, s.renderLog)...)
	if st.Over && s.showEnd {
		main = append(main, s.renderEnd())
	}
	if s.statsOpen() {
		main = append(main, s.renderStats())
	}
	return f.Screen("net-table", main)
}

// remoteUp: a direct link to another device is open.
func (s *Screen) remoteUp() bool {
	for _, l := range s.sess.Links {
		if l.Direct && l.Seat != s.sess.Meta.Seat {
			return true
		}
	}
	return false
}

func (s *Screen) netBadge() string {
	away := 0
	for _, l := range s.sess.Links {
		if l.Away || (!l.Direct && !l.Relayed) {
			away++
		}
	}
	if away > 0 {
		return " ⚠ " + strconv.Itoa(away)
	}
	return ""
}

// waits is who the game waits for and why (the renderer's reasons), each
// marked away or with its stall countdown where that applies.
func (s *Screen) waits(env *gameui.Env) []gameui.Wait {
	ws := gameui.Waits(s.ren, env)
	for i, w := range ws {
		d := int(w.Seat)
		switch {
		case d == s.sess.Meta.Seat:
		case s.away(d):
			ws[i].Text += " (" + T("net.away") + ")"
		default:
			if c := s.countdown(d); c != "" {
				ws[i].Text += " (" + c + ")"
			}
		}
	}
	return ws
}

func (s *Screen) turnLine(st engine.Status, waits []gameui.Wait) app.UI {
	se := s.sess
	line := func(text string) app.UI {
		return app.Span().ID("turn").Class("turn").Aria("live", "polite").Text(text)
	}
	if st.Over {
		return line(T("end.title"))
	}
	if st.Chance != nil {
		if len(se.Stalled) > 0 {
			var names []string
			for _, x := range se.Stalled {
				names = append(names, s.name(x))
			}
			return line(T("net.stalled", strings.Join(names, ", ")))
		}
		return line(T("net.chance"))
	}
	return gameui.TurnLine(waits, s.styles, engine.Spectator)
}

// renderRecords lists the game's withheld dice rolls and punished seats
// in words, with the seats' names.
func (s *Screen) renderRecords() app.UI {
	se := s.sess
	if len(se.Records) == 0 {
		return app.Text("")
	}
	var items []app.UI
	for i, n := range se.Records {
		items = append(items, app.Li().ID("record-"+strconv.Itoa(i)).DataSet("kind", n.Kind).DataSet("seat", strconv.Itoa(n.Seat)).Text(s.noteText(n)))
	}
	return app.Div().Class("net-records").Body(
		app.H3().Class("small-h").Text(T("net.records")),
		app.Ul().Body(items...))
}

// countdown is the visible stall countdown of a seat the game waits on:
// its seconds left, or "stalled"; "" when it does not wait on it.
func (s *Screen) countdown(seat int) string {
	left, ok := s.sess.Countdown[seat]
	if !ok {
		return ""
	}
	switch {
	case left == p2p.Forever:
		return ""
	case left == 0:
		return T("net.stalled.now")
	}
	secs := int((left + time.Second - 1) / time.Second)
	if secs >= 60 {
		return T("net.countdown.min", secs/60, secs%60)
	}
	return T("net.countdown", secs)
}

// botLevel names a hosted bot seat's kind ("bot:mcts-hard") in words.
func botLevel(kind string) string {
	k, _ := p2p.HostedKind(kind)
	if !slices.Contains(p2p.HostedKinds(), k) {
		return T("net.role.bot")
	}
	return T("net.bot." + k)
}

func (s *Screen) away(seat int) bool {
	for _, l := range s.sess.Links {
		if l.Seat == seat {
			return l.Away
		}
	}
	return false
}

func (s *Screen) linkType(seat int) string {
	for _, l := range s.sess.Links {
		if l.Seat == seat {
			return linkText(l)
		}
	}
	return ""
}

// linkText says how a seat is reached: direct (and the candidate type:
// host = same network, srflx = through the routers, relay = TURN) or
// relayed through the other players.
func linkText(l p2pnet.LinkInfo) string {
	switch {
	case l.Direct:
		return T("net.link.direct", T("net.cand."+candType(l.Type)))
	case l.Relayed:
		return T("net.link.relayed")
	}
	return T("net.link.none")
}

func candType(t string) string {
	switch t {
	case "host", "srflx", "prflx", "relay":
		return t
	}
	return "unknown"
}

// renderNet is the network panel: every seat's connection, and the
// reconnect box for a returning player.
func (s *Screen) renderNet() app.UI {
	se := s.sess
	links := map[int]p2pnet.LinkInfo{}
	for _, l := range se.Links {
		links[l.Seat] = l
	}
	rows := []app.UI{}
	for seat := 0; seat < len(se.Table.Seats); seat++ {
		var who, status, cls string
		l, known := links[seat]
		switch {
		case seat == se.Meta.Seat:
			who, status, cls = T("net.role.you"), T("net.status.here"), "ok"
		case se.Hosted(seat):
			who, status, cls = T("net.role.bot"), botLevel(se.kindOf(seat)), "ok"
		default:
			who = T("net.role.friend")
			status = T("net.link.none")
			if known {
				status = linkText(l)
			}
			cls = "ok"
			if !known || (!l.Direct && !l.Relayed) {
				cls = "bad"
			} else if l.Relayed {
				cls = "warn"
			}
		}
		if se.OnlyVia[seat] {
			status += " · " + T("net.onlyvia")
		}
		away := known && l.Away && seat != se.Meta.Seat
		if away {
			status += " · " + T("net.away")
			cls = "bad"
		}
		if known && l.Bot {
			status += " · " + T("net.botplays")
			if se.Punished[seat] {
				status += " · " + T("net.punished")
			}
			cls = "warn"
		}
		if c := s.countdown(seat); c != "" && seat != se.Meta.Seat && !away {
			status += " · " + c
		}
		var voters []string
		for v, seats := range se.Votes {
			for _, x := range seats {
				if x == seat {
					voters = append(voters, s.name(v))
				}
			}
		}
		sort.Strings(voters)
		if len(voters) > 0 {
			status += " · " + T("net.votes.of", strings.Join(voters, ", "), len(voters), se.NeedVotes[seat])
		}
		cells := []app.UI{
			app.Th().Scope("row").Body(gameui.Chip(s.style(seat)), app.Text(" "+s.name(seat))),
			app.Td().Class("muted small").Text(who),
			app.Td().Class("net-st " + cls).Text(status),
		}
		if known && l.Bot && se.Punished[seat] && slices.Contains(se.Reclaims, seat) {
			seat := seat
			cells = append(cells, app.Td().Body(gameui.Button(T("net.handback", s.name(seat)), "", false,
				func(ctx app.Context, e app.Event) {
					if err := se.HandBack(seat); err != nil {
						s.err = say("net.takeover.fail", err.Error())
					}
				}).ID("handback-"+strconv.Itoa(seat)).Class("small")))
		} else if (away || se.canVote(seat)) && canTakeover && !se.Hosted(seat) && !l.Bot {
			seat := seat
			reason := ""
			if !se.canVote(seat) {
				reason = T("net.takeover.notnow", s.name(seat))
			}
			cells = append(cells, app.Td().Body(gameui.Button(T("net.takeover", s.name(seat)), reason, false,
				func(ctx app.Context, e app.Event) {
					if err := takeover(se, seat); err != nil {
						s.err = say("net.takeover.fail", explained(err))
					}
				}).ID("takeover-"+strconv.Itoa(seat)).Class("small")))
		} else {
			cells = append(cells, app.Td())
		}
		rows = append(rows, app.Tr().DataSet("seat", strconv.Itoa(seat)).DataSet("away", strconv.FormatBool(away)).
			DataSet("type", l.Type).DataSet("direct", strconv.FormatBool(l.Direct)).Body(cells...))
	}
	x := &s.answer
	return app.Section().Class("net-panel").ID("net-panel").Aria("label", T("net.network")).Body(
		app.H2().Class("small-h").Text(T("net.network")),
		app.P().Class("muted small").ID("net-think-shown").Text(T("net.think.show", thinkText(se.Think))),
		s.relayLine(relayForPanel),
		app.Table().Class("net-links").Body(app.TBody().Body(rows...)),
		s.renderRecords(),
		s.renderWatchLink(),
		app.Details().Class("net-answer").Body(
			app.Summary().ID("answer-open").Text(T("net.answer.title")),
			app.P().Class("muted small").Text(T("net.answer.hint")),
			app.Div().Class("net-row").Body(
				app.Input().Type("text").ID("answer-input").Class("grow net-code").Attr("autocomplete", "off").
					Aria("label", T("net.answer.title")).Value(x.input).
					OnChange(func(ctx app.Context, e app.Event) { x.input = ctx.JSSrc().Get("value").String() }),
				app.Button().Class("btn").ID("answer-go").Type("button").Text(T("net.answer.go")).
					OnClick(func(ctx app.Context, e app.Event) {
						if v := app.Window().GetElementByID("answer-input"); v.Truthy() {
							x.input = v.Get("value").String()
						}
						s.answerResume(ctx)
					}),
			),
			app.If(x.busy, func() app.UI { return app.P().Class("muted small").Text(T("net.invite.making")) }),
			app.If(x.result != "", func() app.UI {
				return app.Div().Body(
					app.Label().Class("small").For("answer-reply").Text(T("net.answer.send")),
					app.Textarea().ID("answer-reply").Class("net-code").ReadOnly(true).Rows(3).Text(x.result),
					s.copyButton("copy-answer", "answer-reply", x.result),
				)
			}),
			app.If(x.err != nil, func() app.UI {
				return app.P().Class("error").ID("answer-err").Role("alert").Text(x.err.text())
			}),
		),
	)
}

func (s *Screen) answerResume(ctx app.Context) {
	x := &s.answer
	x.err, x.result = nil, ""
	if !IsJoinLink(x.input) && !strings.HasPrefix(strings.TrimSpace(x.input), "I") {
		x.err = say("net.answer.bad")
		return
	}
	x.busy = true
	se := s.sess
	code := x.input
	ctx.Async(func() {
		reply, err := se.Answer(code)
		s.ctx.Dispatch(func(ctx app.Context) {
			x.busy = false
			if err != nil {
				x.err = later(joinError, err)
				if err == ErrNotResume {
					x.err = say("net.answer.notresume")
				}
				return
			}
			x.result = reply
		})
	})
}

func (s *Screen) renderLog() app.UI {
	lines := s.sess.Table.WordsFor(string(i18n.Current()), engine.Seat(s.sess.Meta.Seat))
	return gameui.LogPanel(lines, s.styles)
}

func (s *Screen) renderEnd() app.UI {
	se := s.sess
	st := se.Table.Match.State.Status()
	var names []string
	for _, w := range st.Winners {
		names = append(names, s.name(int(w)))
	}
	headline := gameui.Headline(names)
	sc := s.ren.Scores(se.Table.Match.State)
	return app.Div().Class("end-overlay").ID("end").Role("dialog").Aria("labelledby", "end-h").Body(
		app.Div().Class("end-card").Body(
			app.P().Class("muted").Text(T("end.title")),
			app.H1().ID("end-h").Class("winner-line").Text(headline),
			sc.Sheet(len(se.Table.Seats), s.style, s.name, st.Winners),
			app.P().Class("muted small").Text(T("net.end.proof", len(se.Table.Match.Entries))),
			app.Div().Class("form-actions").Body(
				app.Button().Class("btn").ID("end-close").Type("button").Text(T("end.close")).
					OnClick(func(ctx app.Context, e app.Event) { s.showEnd = false }),
				app.Button().Class("btn primary").Type("button").ID("end-export").Text(T("table.export")).OnClick(s.export),
				s.statsButton("end-stats", true),
				app.Button().Class("btn").ID("end-home").Type("button").Text("⌂ "+T("table.home")).
					OnClick(func(ctx app.Context, e app.Event) { s.goHome(ctx) }),
			),
		),
	)
}

// export downloads the game file with the signed log.
func (s *Screen) export(ctx app.Context, e app.Event) {
	data, err := s.sess.Export()
	if err != nil {
		s.err = explained(err)
		return
	}
	gameui.Download("tabula-"+s.sess.Meta.Game+"-net-"+short(s.sess.Meta.ID)+".json", data)
}
