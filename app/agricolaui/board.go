package agricolaui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// render is what Board, Side and Dock of one render share: the shell
// renders the three in turn from the same Env, so it is computed once.
type render struct {
	env    *gameui.Env
	s      *agricola.State
	v      *agricola.View
	viewer int // -1: spectator
	dec    *agricola.DecisionView
	// mine: the viewer decides now (and has options).
	mine    bool
	legal   []agricola.Action
	targets map[string][]int
	// fenceMode: the viewer's decision offers a fence-building action;
	// preview is the engine's preview of the edges chosen.
	fenceMode bool
	preview   *agricola.FencePreview
	// animals: the viewer must choose which animals to keep.
	animals bool
	shown   int
	// bots is the view before the bots' latest moves, whose changes are
	// marked (marks.go); nil when nothing is.
	bots *agricola.View
}

// prepare computes this render's options, targets and previews.
func (r *Renderer) prepare(env *gameui.Env) *render {
	if r.env == env && r.cur != nil {
		return r.cur
	}
	v := viewOf(env)
	if v == nil {
		return nil
	}
	d := &render{env: env, s: stateOf(env), v: v, viewer: int(env.Viewer), dec: v.Decision, bots: botBefore(env)}
	if !env.Replay {
		d.legal = options(env)
	}
	if d.viewer >= len(v.Farms) {
		d.viewer = -1
	}
	d.mine = len(d.legal) > 0 && d.viewer >= 0 && int(v.Decider) == d.viewer
	d.targets = targetsFor(d.s, env.Viewer, d.legal)
	if _, ok := d.targets[r.pick]; !ok {
		r.pick = ""
	}
	if d.mine && d.dec != nil {
		switch d.dec.Kind {
		case agricola.FrameMenu:
			d.fenceMode = d.dec.Ops&agricola.OpFences != 0
		case agricola.FrameAnimals:
			d.animals = true
		}
	}
	if !d.fenceMode {
		r.fences = 0
	}
	if d.fenceMode && r.fences != 0 && d.s != nil {
		p := d.s.PreviewFences(engine.Seat(d.viewer), r.fences)
		d.preview = &p
	}
	if d.viewer >= 0 && !env.Replay && (d.animals || r.arranging) {
		r.ensureArrange(d)
	}
	d.shown = r.shownSeat(d)
	r.env, r.cur, r.legal, r.targets = env, d, d.legal, d.targets
	return d
}

// shownSeat is the farm drawn large: the viewer's while they decide
// something on it, else the one chosen with the tabs, else the viewer's,
// else the seat deciding, else the first.
func (r *Renderer) shownSeat(d *render) int {
	n := len(d.v.Farms)
	if d.mine && (d.fenceMode || d.animals || r.arranging || d.hasCellTargets()) {
		return d.viewer
	}
	if s := int(r.shown); s >= 0 && s < n && r.shownBy == engine.Seat(d.viewer) {
		return s
	}
	if d.viewer >= 0 {
		return d.viewer
	}
	if s := int(d.v.Decider); s >= 0 && s < n {
		return s
	}
	return 0
}

func (d *render) hasCellTargets() bool {
	for k := range d.targets {
		if strings.HasPrefix(k, "cell-") {
			return true
		}
	}
	return false
}

// label is the words of legal action i.
func (d *render) label(i int) string {
	return optionLabel(d.s, engine.Seat(d.viewer), d.dec, d.legal[i])
}

// keyLabel is the words of a target: its action, or how many it offers.
func (d *render) keyLabel(key string) string {
	idx := d.targets[key]
	if len(idx) == 0 {
		return ""
	}
	if len(idx) == 1 {
		return d.label(idx[0])
	}
	parts := make([]string, len(idx))
	for i, j := range idx {
		parts[i] = d.label(j)
	}
	return strings.Join(parts, " / ")
}

// Board draws the action board with the round track, and one farm large
// (the tabs choose which).
func (r *Renderer) Board(env *gameui.Env) app.UI {
	d := r.prepare(env)
	if d == nil {
		return app.Div()
	}
	v := d.v
	tabs := make([]app.UI, 0, len(v.Farms))
	for s := range v.Farms {
		s := s
		label := seatName(env, s)
		if s == d.viewer {
			label = T("agricola.farm.yours")
		}
		btn := app.Button().Class("ag-tab").Type("button").ID("farm-tab-"+strconv.Itoa(s)).
			Aria("pressed", strconv.FormatBool(s == d.shown)).DataSet("seat", strconv.Itoa(s)).
			Body(gameui.Chip(style(env, s)), app.Span().Text(label),
				app.Span().Class("ag-tab-vp").Text(T("agricola.points", v.Farms[s].Score.Total))).
			OnClick(r.on(func(ctx app.Context, e app.Event) { r.show(s) }, "farm-tab", s))
		if s == d.shown {
			btn = btn.Class("on")
		}
		if d.farmMoved(s) {
			btn = btn.Attr(gameui.BotMarkAttr, "1")
		}
		tabs = append(tabs, btn)
	}
	farm := r.farmSVG(d, d.shown, false)
	cls := "ag-board"
	if d.mine && (d.fenceMode || d.animals || d.hasCellTargets()) {
		cls += " farm-first" // on a phone the farm comes first when it is what to click
	}
	return app.Div().Class(cls).ID("board").DataSet("round", strconv.Itoa(v.Round)).
		DataSet("targets", strconv.Itoa(len(d.targets))).DataSet("shown", strconv.Itoa(d.shown)).
		OnClick(r.on(gameui.OnPick(r.boardPick), "board")).OnKeyDown(r.on(gameui.OnPickKey(r.boardPick), "board")).Body(
		app.Raw(styleSheet),
		app.Raw(defsSVG),
		app.Div().Class("ag-left").Body(app.Raw(r.actions.Keep(d.actionBoardHTML()))),
		app.Div().Class("ag-right").Body(
			app.Div().Class("ag-tabs").Role("group").Aria("label", T("agricola.farms")).Body(tabs...),
			app.Div().Class("ag-farm-box").Body(app.Raw(farm)),
			app.Raw(d.farmInfoHTML(d.shown)),
		),
	)
}

// farmSVG draws seat's farm (large, with the viewer's targets, or as a
// thumbnail).
func (r *Renderer) farmSVG(d *render, seat int, small bool) string {
	fv := &d.v.Farms[seat]
	fd := &farmDraw{fv: fv, style: style(d.env, seat), name: seatName(d.env, seat), small: small, home: atHome(d.v, seat)}
	fd.placed = fv.Placed
	if seat == d.viewer && !small {
		if p := r.arrangement(d); p != nil {
			fd.placed = p
		}
		if d.mine {
			fd.cellTargets = map[farmyard.Cell]string{}
			for k := range d.targets {
				if c, ok := strings.CutPrefix(k, "cell-"); ok {
					n, _ := strconv.Atoi(c)
					fd.cellTargets[farmyard.Cell(n)] = d.keyLabel(k)
				}
			}
			fd.picked = r.pick
			fd.fenceMode = d.fenceMode
			fd.chosen = r.fences
			fd.preview = d.preview
		}
	}
	if small {
		return fd.svg()
	}
	fd.bots = d.cellsMoved(seat) // in both drawings: Steady compares them without the marks
	return r.farm.Draw(fd.svg(), func() string {
		fd.fresh = r.freshCells(seat, fv)
		return fd.svg()
	})
}

// miniFarm is seat's farm as a thumbnail, drawn again only when what it
// shows changed (four are on screen at every render).
func (r *Renderer) miniFarm(d *render, seat int) string {
	fv := &d.v.Farms[seat]
	var k strings.Builder
	fmt.Fprint(&k, fv.Yard, fv.House, atHome(d.v, seat), fv.Placed, style(d.env, seat).Color)
	for _, c := range fv.Cells {
		k.WriteString(strconv.Itoa(int(c.Crop.Kind)*10 + c.Crop.N))
	}
	key := k.String()
	if m, ok := r.minis[seat]; ok && m[0] == key {
		return m[1]
	}
	svg := r.farmSVG(d, seat, true)
	if r.minis == nil {
		r.minis = map[int][2]string{}
	}
	r.minis[seat] = [2]string{key, svg}
	return svg
}

// freshCells are the cells of seat's farm with a tile or stable that was
// not there when the same farm, drawn large, last changed.
func (r *Renderer) freshCells(seat int, fv *agricola.FarmView) farmyard.Set {
	now := fv.Yard.Tiles() | fv.Yard.Stables
	var out farmyard.Set
	if r.drawnOK && r.drawnSeat == seat {
		out = now &^ r.drawn
	}
	r.drawn, r.drawnSeat, r.drawnOK = now, seat, true
	return out
}

// show draws seat's farm large for the viewer on screen.
func (r *Renderer) show(seat int) {
	if r.env == nil {
		return
	}
	r.shown, r.shownBy = engine.Seat(seat), r.env.Viewer
	if seat == int(r.env.Viewer) {
		r.shown = -2
	}
}

// status is the line above the board: round, stage, next harvest.
func (d *render) status() string {
	v := d.v
	var parts []string
	if v.Round == 0 {
		parts = append(parts, T("agricola.status.setup"))
	} else {
		parts = append(parts, T("agricola.status.round", v.Round, v.Stage))
	}
	switch {
	case v.Over:
		parts = append(parts, T("agricola.status.over"))
	case v.HarvestNow:
		parts = append(parts, T("agricola.status.harvestnow"))
	case v.NextHarvest > 0:
		left := v.NextHarvest - max(v.Round, 1)
		if left == 0 {
			parts = append(parts, T("agricola.status.harvestthis", v.NextHarvest))
		} else {
			parts = append(parts, T("agricola.status.harvest", v.NextHarvest)+" "+i18n.N("agricola.status.left", left))
		}
	}
	return strings.Join(parts, " · ")
}

// actionBoardHTML is the action board: the permanent spaces, then the
// round track with the stage cards revealed on it.
func (d *render) actionBoardHTML() string {
	v := d.v
	var b strings.Builder
	b.Grow(16 << 10)
	b.WriteString(`<div class="ag-actboard">`)
	start := ""
	if int(v.Start) >= 0 && int(v.Start) < len(v.Farms) && v.Players > 1 {
		start = fmt.Sprintf(`<span class="ag-start" title="%s">%s%s <span>%s</span></span>`, esc(T("agricola.start.tip")),
			icon("start", 18), chipHTML(style(d.env, int(v.Start))), esc(seatName(d.env, int(v.Start))))
	}
	fmt.Fprintf(&b, `<p class="ag-status" id="ag-status">%s<span>%s</span>%s</p>`, icon("harvest", 18), esc(d.status()), start)
	fmt.Fprintf(&b, `<div class="ag-acts" role="group" aria-label="%s">`, esc(T("agricola.aria.board")))
	byID := map[string]*agricola.SpaceView{}
	for i := range v.Spaces {
		sp := &v.Spaces[i]
		byID[sp.ID] = sp
		if sp.Stage == 0 {
			d.spaceHTML(&b, sp)
		}
	}
	b.WriteString(`</div>`)
	fmt.Fprintf(&b, `<h3 class="small-h">%s</h3><div class="ag-track" role="group" aria-label="%s">`, esc(T("agricola.track")), esc(T("agricola.track")))
	for _, rv := range v.Rounds {
		if sp := byID[rv.Card]; rv.Card != "" && sp != nil {
			d.spaceHTML(&b, sp)
			continue
		}
		d.roundHTML(&b, &rv)
	}
	b.WriteString(`</div></div>`)
	return b.String()
}

// roundHTML is a round space whose stage card is still face down: its
// number, stage, harvest mark and the goods waiting there.
func (d *render) roundHTML(b *strings.Builder, rv *agricola.RoundView) {
	cls := "ag-rd stage-" + strconv.Itoa(rv.Stage)
	if rv.Round == d.v.Round+1 {
		cls += " next"
	}
	label := T("agricola.round.hidden", rv.Round, rv.Stage)
	if rv.Harvest {
		label += ", " + T("agricola.round.harvest")
	}
	fmt.Fprintf(b, `<div class="%s" data-round="%d" role="group" aria-label="%s"><span class="ag-rd-n">%s</span><span class="ag-rd-s">%s</span>`,
		cls, rv.Round, esc(label), esc(T("agricola.round.n", rv.Round)), esc(T("agricola.stage.n", rv.Stage)))
	if rv.Harvest {
		fmt.Fprintf(b, `<span class="ag-hv" title="%s">%s<span>%s</span></span>`, esc(T("agricola.round.harvest")), icon("harvest", 16), esc(T("agricola.round.harvest")))
	}
	d.deliveries(b, rv)
	b.WriteString(`</div>`)
}

// deliveries lists the goods waiting on a round space, by seat.
func (d *render) deliveries(b *strings.Builder, rv *agricola.RoundView) {
	for _, dl := range rv.Goods {
		if int(dl.Seat) < 0 || int(dl.Seat) >= len(d.v.Farms) {
			continue
		}
		title := T("agricola.delivery", seatName(d.env, int(dl.Seat)), goodsText(dl.Goods), cardName(dl.Via))
		fmt.Fprintf(b, `<span class="ag-deliv" title="%s">%s%s<span class="visually-hidden">%s</span></span>`,
			esc(title), chipHTML(style(d.env, int(dl.Seat))), goodsHTML(dl.Goods, 14), esc(title))
	}
}

// chipHTML is gameui.Chip as a string.
func chipHTML(s gameui.SeatStyle) string {
	return fmt.Sprintf(`<svg class="chip" viewBox="-10 -10 20 20" width="16" height="16" aria-hidden="true"><path d="%s" fill="%s" stroke="#222" stroke-width="1.5"/></svg>`,
		gameui.ShapePath(s.Shape, 7.5), s.Color)
}

// spaceDesc says what a space gives and lets do, from the view's fields.
func spaceDesc(sp *agricola.SpaceView, family bool) string {
	var parts []string
	if !sp.Accumulate.IsZero() {
		parts = append(parts, T("agricola.sp.acc", goodsText(sp.Accumulate)))
	}
	if sp.StartPlayer {
		parts = append(parts, T("agricola.sp.start"))
	}
	if !sp.Take.IsZero() {
		parts = append(parts, T("agricola.sp.take", goodsText(sp.Take)))
	}
	if len(sp.Choose) > 0 {
		opts := make([]string, len(sp.Choose))
		for i, g := range sp.Choose {
			opts[i] = goodsText(g)
		}
		parts = append(parts, T("agricola.sp.choose", strings.Join(opts, " "+T("agricola.or")+" ")))
	}
	switch sp.Grow {
	case agricola.GrowWithRoom:
		parts = append(parts, T("agricola.sp.grow.room"))
	case agricola.GrowWithoutRoom:
		parts = append(parts, T("agricola.sp.grow.free"))
	}
	var steps []string
	for _, st := range sp.Steps {
		if s := stepText(st, family); s != "" {
			steps = append(steps, s)
		}
	}
	if len(steps) > 0 {
		parts = append(parts, strings.Join(steps, ", "+T("agricola.then")+" "))
	}
	return strings.Join(parts, "; ")
}

// stepText is one step's ops: "rooms and/or stables", "a major or minor
// improvement". Without cards, minors and occupations are left out.
func stepText(st agricola.Step, family bool) string {
	var ops []string
	for op := agricola.Op(1); op <= agricola.OpOccupation; op <<= 1 {
		if st.Ops&op == 0 || family && (op == agricola.OpMinor || op == agricola.OpOccupation) {
			continue
		}
		ops = append(ops, opName(op))
	}
	join := " " + T("agricola.andor") + " "
	if st.One {
		join = " " + T("agricola.or") + " "
	}
	return strings.Join(ops, join)
}

// opName is a farm action's short name ("build rooms").
func opName(op agricola.Op) string { return T("agricola.op." + op.String()) }

// spaceHTML is one action space: name, what it does, the goods on it, who
// stands there; lit and focusable when the viewer may place a person on it.
func (d *render) spaceHTML(b *strings.Builder, sp *agricola.SpaceView) {
	key := "space-" + sp.ID
	_, usable := d.targets[key]
	cls := "ag-sp"
	if sp.Round > 0 {
		cls += " stage-" + strconv.Itoa(sp.Stage)
	}
	if len(sp.People) > 0 {
		cls += " taken"
	}
	name := spaceName(sp.ID)
	desc := spaceDesc(sp, d.v.Family)
	var who []string
	for _, p := range sp.People {
		who = append(who, seatName(d.env, int(p)))
	}
	aria := name + ": " + desc
	if !sp.Goods.IsZero() {
		aria += ". " + T("agricola.sp.pile", goodsText(sp.Goods))
	}
	if len(who) > 0 {
		aria += ". " + T("agricola.sp.taken", strings.Join(who, ", "))
	}
	if usable {
		fmt.Fprintf(b, `<div class="%s spot" role="button" tabindex="0" data-act="%s" data-space="%s"%s aria-label="%s">`, cls, key, sp.ID, gameui.Mark(d.spaceTaken(sp)), esc(T("agricola.act.place", name)+". "+aria))
	} else {
		fmt.Fprintf(b, `<div class="%s" data-space="%s"%s role="group" aria-label="%s">`, cls, sp.ID, gameui.Mark(d.spaceTaken(sp)), esc(aria))
	}
	if sp.Round > 0 {
		fmt.Fprintf(b, `<span class="ag-sp-r" title="%s">%s</span>`, esc(T("agricola.round.n", sp.Round)), esc(T("agricola.round.short", sp.Round)))
		if sp.Round > 0 && isHarvest(d.v, sp.Round) {
			fmt.Fprintf(b, `<span class="ag-sp-h" title="%s">%s</span>`, esc(T("agricola.round.harvest")), icon("harvest", 14))
		}
	}
	fmt.Fprintf(b, `<span class="ag-sp-n">%s</span><span class="ag-sp-d">%s</span>`, esc(name), esc(desc))
	if !sp.Goods.IsZero() {
		fmt.Fprintf(b, `<span class="ag-sp-g">%s</span>`, goodsHTML(sp.Goods, 20))
	}
	if len(sp.People) > 0 {
		b.WriteString(`<span class="ag-sp-p">`)
		for _, p := range sp.People {
			fmt.Fprintf(b, `<span class="ag-meeple" title="%s">%s%s</span>`, esc(seatName(d.env, int(p))), chipHTML(style(d.env, int(p))),
				fmt.Sprintf(`<svg class="ag-ico" width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" style="color:%s"><use href="#ag-i-person" width="20" height="20"/></svg>`, style(d.env, int(p)).Color))
		}
		b.WriteString(`</span>`)
	}
	if sp.Round > 0 {
		for _, rv := range d.v.Rounds {
			if rv.Round == sp.Round {
				d.deliveries(b, &rv)
			}
		}
	}
	b.WriteString(`</div>`)
}

// isHarvest reports whether round ends with a harvest (from the view's
// round track).
func isHarvest(v *agricola.View, round int) bool {
	for _, rv := range v.Rounds {
		if rv.Round == round {
			return rv.Harvest
		}
	}
	return false
}

// farmInfoHTML is the line under the large farm: house, people, fences
// and stables left, animals a card holds, fields on cards.
func (d *render) farmInfoHTML(seat int) string {
	fv := &d.v.Farms[seat]
	var b strings.Builder
	b.WriteString(`<div class="ag-farm-info small">`)
	fmt.Fprintf(&b, `<span>%s %s</span>`, icon("room", 16), esc(T("agricola.house.rooms", materialName(fv.House), fv.Yard.Rooms.Len())))
	fmt.Fprintf(&b, `<span>%s %s</span>`, icon("person", 16), esc(i18n.N("agricola.people", fv.People)))
	fmt.Fprintf(&b, `<span>%s %s</span>`, icon("fence", 16), esc(i18n.N("agricola.fencesleft", fv.FencesLeft)))
	fmt.Fprintf(&b, `<span>%s %s</span>`, icon("stable", 16), esc(i18n.N("agricola.stablesleft", fv.StablesLeft)))
	for i, h := range fv.Holders {
		switch h.Where {
		case farmyard.InPasture, farmyard.InStable, farmyard.InHouse:
			continue
		}
		herd := farmyard.Herd{}
		if i < len(fv.Placed) {
			herd = fv.Placed[i]
		}
		fmt.Fprintf(&b, `<span>%s</span>`, esc(T("agricola.holder.card", cardName(h.Where), herdText(herd), h.Cap)))
	}
	for _, cf := range fv.CardFields {
		crop := T("agricola.cell.field")
		if cf.Crop.N > 0 {
			crop = T("agricola.cell.fieldcrop", amount(cf.Crop.Kind, cf.Crop.N))
		}
		fmt.Fprintf(&b, `<span>%s: %s</span>`, esc(cardName(cf.Card)), esc(crop))
	}
	b.WriteString(`</div>`)
	return b.String()
}

// boardPick resolves a click on the board: a fence edge toggles, a target
// acts (or opens its chooser).
func (r *Renderer) boardPick(ctx app.Context, target app.Value) {
	if e, ok := gameui.Picked(target, "data-edge"); ok && r.cur != nil && r.cur.fenceMode {
		n, _ := strconv.Atoi(e)
		r.toggleEdge(farmyard.Edge(n))
		return
	}
	if key, ok := gameui.Picked(target, "data-act"); ok {
		r.choose(ctx, key)
	}
}

// toggleEdge adds or removes a fence edge from the fences being planned.
func (r *Renderer) toggleEdge(e farmyard.Edge) {
	if e.Valid() {
		r.fences ^= farmyard.FencesOf(e)
	}
}

// choose acts on a target: one legal action applies at once, several open
// the chooser.
func (r *Renderer) choose(ctx app.Context, key string) {
	idx, ok := r.targets[key]
	if !ok || len(idx) == 0 {
		return
	}
	if len(idx) > 1 {
		r.pick = key
		return
	}
	r.apply(ctx, idx[0])
}

// apply sends legal action i.
func (r *Renderer) apply(ctx app.Context, i int) {
	if i < 0 || i >= len(r.legal) {
		return
	}
	r.send(ctx, r.legal[i])
}

// send applies an action (from the legal list, or built here and checked
// by the engine's preview) for the seat of the last render, and drops the
// choices in progress.
func (r *Renderer) send(ctx app.Context, a agricola.Action) {
	env := r.env
	if env == nil || env.Act == nil {
		return
	}
	r.Reset()
	env.Act(ctx, a)
}

// on is a click handler scoped to this renderer and what it acts on:
// go-app keeps an element's handler while the function's code is the same,
// so a handler for another target (or table) needs its own scope.
func (r *Renderer) on(h app.EventHandler, scope ...any) (app.EventHandler, app.EventOption) {
	return h, app.EventScope(append([]any{r.uid}, scope...)...)
}

// button is gameui.Button whose click handler is scoped like on's.
func (r *Renderer) button(label, reason string, primary bool, h app.EventHandler, scope ...any) app.HTMLButton {
	b := gameui.Button(label, reason, primary, nil)
	if reason == "" && h != nil {
		b = b.OnClick(r.on(h, scope...))
	}
	return b
}
