package shell

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
)

func (r *Root) renderTable() app.UI {
	t := r.tbl
	if t == nil {
		return r.renderHome()
	}
	if s, pass := t.NeedsHandover(); pass && r.replay == nil {
		return r.renderHandover(s)
	}
	env := r.env()
	entry, _ := gameui.Lookup(t.Game().ID())
	st := t.Status()

	waits := gameui.Waits(r.ren, env)
	thinking := engine.Spectator
	if s, ok := t.BotToMove(); ok && r.replay == nil {
		thinking = s
	}
	f := &r.frame
	var main []app.UI
	main = append(main,
		app.Header().Class("topbar").Body(
			gameui.HomeButton("home", func(ctx app.Context) { r.goHome(ctx) }),
			app.Strong().Class("title").Text(T(entry.Title)),
			r.turnLine(env, waits, thinking),
			r.botProgress(thinking),
			app.Div().Class("spacer"),
			r.undoButton(),
			r.helpButton(),
			r.statsButton("stats-open", false),
			r.langPicker("lang-pick"),
			gameui.ExportButton("export", r.export),
			f.LogButton(),
			app.If(st.Over && !r.showEnd, func() app.UI {
				return app.Button().Class("btn primary").ID("show-end").Type("button").Text(T("end.show")).
					OnClick(func(ctx app.Context, e app.Event) { r.showEnd = true })
			}),
		),
	)
	var notes []app.UI
	if top := f.Top(r.ren, env, waits); top != nil {
		notes = append(notes, top)
	}
	if r.err != "" {
		notes = append(notes, app.P().Class("error").ID("error").Role("alert").Text(r.err))
	}
	if moves := r.botMoves(env.Viewer); moves != nil {
		notes = append(notes, moves)
	}
	if r.saveErr != "" {
		notes = append(notes, app.P().Class("error").Role("alert").Text(r.saveErr))
	}
	main = append(main, gameui.Notes(notes...)) // the layout keeps its place as they come and go
	var ctx *app.Context
	if r.hasCtx {
		ctx = &r.ctx
	}
	dock := app.Div().Class("dock")
	if r.replay != nil {
		dock = dock.Class("replaying") // the game's prompt speaks of the live game: hidden
	}
	main = append(main, app.Div().Class("layout").Body(
		app.Div().Class("board-area").Body(f.Board(ctx, r.ren.Board(env))),
		app.Aside().Class("side").Body(
			f.Side(r.ren, env),
			r.ren.Side(env),
			f.Log(r.renderLog),
		),
		dock.Body(
			app.If(r.replay != nil, func() app.UI { return r.replayBar() }),
			r.ren.Dock(env),
		),
	))
	main = append(main, f.Sheets(r.ren, env, r.renderLog)...)
	if st.Over && r.showEnd && r.replay == nil {
		main = append(main, r.renderEnd())
	}
	if r.statsOpen() {
		main = append(main, r.renderStats())
	}
	return f.Screen("", main)
}

// turnLine says who must act now and why (see gameui.Waits).
func (r *Root) turnLine(env *gameui.Env, waits []gameui.Wait, thinking engine.Seat) app.UI {
	t := r.tbl
	st := env.State.Status()
	line := func(text string) app.UI {
		return app.Span().ID("turn").Class("turn").Aria("live", "polite").Text(text)
	}
	if r.replay != nil {
		return line(T("end.step", r.replayAt, len(t.Match.Entries)))
	}
	if st.Over {
		return line(T("end.title"))
	}
	return gameui.TurnLine(waits, r.styles, thinking)
}

// botProgress is how far the searching bot of seat thinking has got
// (bot.go writes it as the search goes on).
func (r *Root) botProgress(thinking engine.Seat) app.UI {
	th := r.thinking
	return app.If(th != nil && th.seat == thinking, func() app.UI {
		text := ""
		if th.pct > 0 {
			text = T("table.botpct", th.pct)
		}
		return app.Span().ID("bot-progress").Class("bot-progress").Aria("hidden", "true").Text(text)
	})
}

func (r *Root) undoButton() app.UI {
	reason := ""
	if !r.tbl.CanUndo() {
		reason = T("table.undo.none")
	}
	if r.replay != nil || r.tbl.Status().Over {
		return app.Text("")
	}
	return gameui.Button("", reason, false, r.undo).ID("undo").Aria("label", T("table.undo")).
		Body(app.Span().Aria("hidden", "true").Text("↶"), app.Span().Class("btn-word").Text(T("table.undo")))
}

func (r *Root) renderHandover(s engine.Seat) app.UI {
	name := r.tbl.Name(s)
	return app.Div().Class("handover").ID("handover").Role("dialog").Aria("modal", "true").
		Aria("labelledby", "handover-h").Body(
		app.Div().Class("handover-card").Body(
			app.Raw(`<svg viewBox="-20 -20 40 40" width="72" height="72" aria-hidden="true"><path d="`+
				gameui.ShapePath(r.styles[s].Shape, 14)+`" fill="`+r.styles[s].Color+`" stroke="#222" stroke-width="2"/></svg>`),
			app.H1().ID("handover-h").Text(T("table.pass.title", name)),
			app.P().Text(T("table.pass.text", name)),
			app.Button().Class("btn primary big").ID("reveal").Type("button").AutoFocus(true).
				Text(T("table.pass.button", name)).OnClick(r.reveal),
			app.Button().Class("btn ghost").Type("button").Text("⌂ "+T("table.home")).
				OnClick(func(ctx app.Context, e app.Event) { r.goHome(ctx) }),
			r.langPicker("lang-pick"),
		),
	)
}

// shownBotMoves is how many of the bots' latest moves stay on show.
const shownBotMoves = 3

// botMoves shows what the bots did since the person on screen last acted
// (their last few moves, in the log's words for that person), so a move
// made while they looked away can still be followed: it stays until they
// act. Nothing shows without a person at the table, and nothing here
// paces the bots.
func (r *Root) botMoves(viewer engine.Seat) app.UI {
	t := r.tbl
	if r.replay != nil || viewer < 0 || !t.IsHuman(viewer) {
		return nil
	}
	var lines []app.UI
	for _, l := range t.WordsFor(string(i18n.Current()), viewer) {
		if l.Index < r.botsSince || l.Seat < 0 || int(l.Seat) >= len(t.Seats) || t.IsHuman(l.Seat) {
			continue
		}
		st := gameui.Palette[0]
		if int(l.Seat) < len(r.styles) {
			st = r.styles[l.Seat]
		}
		lines = append(lines, app.Li().DataSet("seat", strconv.Itoa(int(l.Seat))).Body(gameui.Chip(st), app.Text(" "+l.Text)))
	}
	if len(lines) == 0 {
		return nil
	}
	lines = lines[max(0, len(lines)-shownBotMoves):]
	return app.Ul().ID("bot-moves").Class("bot-moves").Role("status").Aria("live", "polite").
		Aria("label", T("table.botmoves")).Body(lines...)
}

func (r *Root) renderLog() app.UI {
	t := r.tbl
	reader, _ := t.View()
	if r.replay != nil {
		reader = engine.Spectator
	}
	lines := t.WordsFor(string(i18n.Current()), reader)
	if r.replay != nil {
		// Only what has happened up to the replay point.
		k := 0
		for k < len(lines) && lines[k].Index < r.replayAt {
			k++
		}
		lines = lines[:k]
	}
	return gameui.LogPanel(lines, r.styles)
}

func (r *Root) renderEnd() app.UI {
	t := r.tbl
	st := t.Status()
	var names []string
	for _, w := range st.Winners {
		names = append(names, t.Name(w))
	}
	headline := gameui.Headline(names)
	sc := r.ren.Scores(t.State())
	return app.Div().Class("end-overlay").ID("end").Role("dialog").Aria("labelledby", "end-h").Body(
		app.Div().Class("end-card").Body(
			app.P().Class("muted").Text(T("end.title")),
			app.H1().ID("end-h").Class("winner-line").Text(headline),
			sc.Sheet(len(t.Seats), func(i int) gameui.SeatStyle { return r.styles[i] }, func(i int) string { return t.Name(engine.Seat(i)) }, st.Winners),
			app.Div().Class("form-actions").Body(
				app.Button().Class("btn primary").ID("replay").Type("button").Text("▶ "+T("end.replay")).
					OnClick(func(ctx app.Context, e app.Event) { r.startReplay(0) }),
				r.statsButton("end-stats", true),
				app.Button().Class("btn").ID("end-close").Type("button").Text(T("end.close")).
					OnClick(func(ctx app.Context, e app.Event) { r.showEnd = false }),
				app.Button().Class("btn").Type("button").Text(T("table.export")).OnClick(r.export),
				app.Button().Class("btn").ID("end-home").Type("button").Text("⌂ "+T("table.home")).
					OnClick(func(ctx app.Context, e app.Event) { r.goHome(ctx) }),
			),
		),
	)
}

func (r *Root) replayBar() app.UI {
	n := len(r.tbl.Match.Entries)
	step := func(to func() int) app.EventHandler {
		return func(ctx app.Context, e app.Event) { r.seek(to()) }
	}
	return app.Div().Class("replay-bar").ID("replay-bar").Body(
		app.Button().Class("btn").ID("rp-first").Type("button").Aria("label", T("end.first")).Text("|◀").OnClick(step(func() int { return 0 })),
		app.Button().Class("btn").ID("rp-prev").Type("button").Aria("label", T("end.prev")).Text("◀").OnClick(step(func() int { return r.replayAt - 1 })),
		app.Input().Type("range").ID("rp-range").Min(0).Max(n).Value(strconv.Itoa(r.replayAt)).Aria("label", T("end.replay")).
			OnInput(func(ctx app.Context, e app.Event) {
				v, _ := strconv.Atoi(ctx.JSSrc().Get("value").String())
				r.seek(v)
			}),
		app.Button().Class("btn").ID("rp-next").Type("button").Aria("label", T("end.next")).Text("▶").OnClick(step(func() int { return r.replayAt + 1 })),
		app.Button().Class("btn").ID("rp-last").Type("button").Aria("label", T("end.last")).Text("▶|").OnClick(step(func() int { return n })),
		app.Span().Class("small").ID("rp-pos").Text(T("end.step", r.replayAt, n)),
		r.statsButton("rp-stats", true),
		app.Button().Class("btn primary").ID("rp-close").Type("button").Text(T("end.show")).
			OnClick(func(ctx app.Context, e app.Event) { r.stopReplay(); r.showEnd = true }),
	)
}
