package burgundyui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/burgundy"
)

// prepare computes this render's options and targets (shared by Board,
// Side and Dock, which the shell renders in turn from the same Env).
func (r *Renderer) prepare(env *gameui.Env, v *burgundy.View) *draw {
	r.legal = nil
	if !env.Replay {
		r.legal = options(env)
	}
	die := chosenDie(dieFaces(r.legal), r.die)
	r.targets = targetsFor(r.legal, die, r.tile)
	if _, ok := r.targets[r.pick]; !ok {
		r.pick = ""
	}
	g := &landscape
	if env.Compact {
		g = &portrait
	}
	return &draw{
		g: g, v: v, styles: env.Styles, legal: r.legal, targets: r.targets,
		names:      func(s int) string { return seatName(env, s) },
		selectable: placeTiles(r.legal, die), chosen: r.tile, pick: r.pick,
		bots: botBefore(env),
	}
}

func seatName(env *gameui.Env, s int) string {
	if env.Table != nil {
		if n := env.Table.Name(engine.Seat(s)); n != "" {
			return n
		}
	}
	return T("burgundy.seat", s+1)
}

// shownSeat is the estate drawn large: the one chosen with the tabs, else
// the viewer's, else the seat deciding now, else the first.
func (r *Renderer) shownSeat(env *gameui.Env, v *burgundy.View) int {
	n := len(v.Estates)
	if s := int(r.shown); s >= 0 && s < n && r.shownBy == env.Viewer {
		return s
	}
	if s := int(env.Viewer); s >= 0 && s < n {
		return s
	}
	if s := int(v.Decider); s >= 0 && s < n {
		return s
	}
	if s := int(v.Current); s >= 0 && s < n {
		return s
	}
	return 0
}

// Board draws the main board and one estate, side by side (stacked on a
// phone).
func (r *Renderer) Board(env *gameui.Env) app.UI {
	v := viewOf(env)
	if v == nil {
		return app.Div()
	}
	d := r.prepare(env, v)
	shown := r.shownSeat(env, v)
	mine := shown == int(env.Viewer) && !env.Replay
	tabs := make([]app.UI, 0, len(v.Estates))
	for s := range v.Estates {
		s := s
		label := seatName(env, s)
		if s == int(env.Viewer) {
			label = T("burgundy.estate.yours")
		}
		btn := app.Button().Class("bg-tab").Type("button").ID("estate-tab-"+strconv.Itoa(s)).
			Aria("pressed", strconv.FormatBool(s == shown)).DataSet("seat", strconv.Itoa(s)).
			Body(gameui.Chip(env.Styles[s%len(env.Styles)]), app.Span().Text(label),
				app.Span().Class("bg-tab-vp").Text(T("burgundy.vp", v.Estates[s].VP))).
			OnClick(func(ctx app.Context, e app.Event) { r.show(env, s) })
		if s == shown {
			btn = btn.Class("bg-tab on")
		}
		if estateMoved(d.bots, v, s) {
			btn = btn.Attr(gameui.BotMarkAttr, "1")
		}
		tabs = append(tabs, btn)
	}
	var estate app.UI = app.Div()
	if shown < len(v.Estates) {
		ev := &v.Estates[shown]
		estate = app.Raw(r.estate.Draw(d.estateSVG(ev, mine), func() string {
			d.fresh = r.freshSpaces(ev)
			return d.estateSVG(ev, mine)
		}))
	}
	return app.Div().Class("bg-board").ID("board").DataSet("stage", v.Stage).
		DataSet("targets", strconv.Itoa(len(r.targets))).
		OnClick(r.onBoard(env)).OnKeyDown(r.onBoardKey(env)).Body(
		app.Raw(styleSheet),
		app.Raw(defsSVG()),
		app.Div().Class("bg-main-wrap").Body(app.Raw(r.main.Keep(d.mainBoardSVG()))),
		app.Div().Class("bg-estate-wrap").Body(
			app.Div().Class("bg-tabs").Role("group").Aria("label", T("burgundy.estates")).Body(tabs...),
			app.Div().Class("bg-estate-box").Body(estate),
		),
	)
}

// onBoard and onBoardKey pick the clicked (or focused) element.
func (r *Renderer) onBoard(env *gameui.Env) app.EventHandler {
	return gameui.OnPick(func(ctx app.Context, t app.Value) { r.boardPick(ctx, env, t) })
}

func (r *Renderer) onBoardKey(env *gameui.Env) app.EventHandler {
	return gameui.OnPickKey(func(ctx app.Context, t app.Value) { r.boardPick(ctx, env, t) })
}

// boardPick resolves a click on the boards: a target acts (or opens its
// chooser), a selectable storage tile narrows placements, any other tile
// shows its help.
func (r *Renderer) boardPick(ctx app.Context, env *gameui.Env, target app.Value) {
	if !target.Truthy() || !target.Get("closest").Truthy() {
		return
	}
	if el := target.Call("closest", "[data-act]"); el.Truthy() {
		r.choose(ctx, env, el.Call("getAttribute", "data-act").String())
		return
	}
	if el := target.Call("closest", "[data-select]"); el.Truthy() {
		id, _ := strconv.Atoi(el.Call("getAttribute", "data-select").String())
		if r.tile == id {
			r.tile = 0
		} else {
			r.tile = id
		}
		r.info, r.pick = id, ""
		return
	}
	if el := target.Call("closest", "[data-tile]"); el.Truthy() {
		id, _ := strconv.Atoi(el.Call("getAttribute", "data-tile").String())
		if id > 0 {
			r.info = id
		}
		return
	}
	r.info = 0
}

// choose acts on a target: one legal action applies at once, several open
// the chooser.
func (r *Renderer) choose(ctx app.Context, env *gameui.Env, key string) {
	idx, ok := r.targets[key]
	if !ok || len(idx) == 0 {
		return
	}
	if len(idx) > 1 {
		r.pick = key
		return
	}
	r.apply(ctx, env, idx[0])
}

func (r *Renderer) apply(ctx app.Context, env *gameui.Env, i int) {
	if i < 0 || i >= len(r.legal) {
		return
	}
	a := r.legal[i]
	r.Reset()
	env.Act(ctx, a)
}

// freshSpaces are the spaces of an estate covered since its last change
// (the same estate: switching tabs animates nothing).
func (r *Renderer) freshSpaces(ev *burgundy.EstateView) map[int]bool {
	var now [burgundy.Spaces + 1]int
	for _, sp := range ev.Spaces {
		if sp.Tile != nil && sp.ID >= 1 && sp.ID <= burgundy.Spaces {
			now[sp.ID] = sp.Tile.ID
		}
	}
	out := map[int]bool{}
	if r.drawnSeat == int(ev.Seat) && r.drawnOK {
		for i := 1; i <= burgundy.Spaces; i++ {
			if now[i] != 0 && r.drawn[i] == 0 {
				out[i] = true
			}
		}
	}
	r.drawn, r.drawnSeat, r.drawnOK = now, int(ev.Seat), true
	return out
}

// show draws seat's estate large for the viewer on screen (another person
// taking the device sees their own again).
func (r *Renderer) show(env *gameui.Env, seat int) {
	r.shown, r.shownBy = engine.Seat(seat), env.Viewer
	if seat == int(env.Viewer) {
		r.shown = -2
	}
}
