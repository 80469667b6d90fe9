package burgundyui

import (
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine/burgundy"
)

// optionLabel says what a legal action does and what it costs: "Take
// Church from depot 3 · die 2 +1 worker".
func optionLabel(a burgundy.Action) string {
	var s string
	switch a.Name {
	case burgundy.ActTake:
		s = T("burgundy.act.take", tileName(a.Tile), a.Value)
	case burgundy.ActBuy:
		if a.Value == 0 {
			s = T("burgundy.act.buy.black", tileName(a.Tile))
		} else {
			s = T("burgundy.act.buy.depot", tileName(a.Tile), a.Value)
		}
	case burgundy.ActPlace:
		s = T("burgundy.act.place", tileName(a.Tile), a.Space)
	case burgundy.ActSell:
		s = T("burgundy.act.sell", a.Value, goodsName(a.Value))
	case burgundy.ActWorkers:
		s = T("burgundy.act.workers")
	case burgundy.ActShip:
		s = T("burgundy.act.ship", a.Value)
	case burgundy.ActGoods:
		s = T("burgundy.act.goods", a.Value, goodsName(a.Value))
	case burgundy.ActDiscard:
		s = T("burgundy.act.discard", tileName(a.Tile))
	case burgundy.ActPass:
		s = T("burgundy.act.pass")
	case burgundy.ActEndTurn:
		s = T("burgundy.act.end")
	default:
		s = a.Name
	}
	if c := costText(a); c != "" {
		s += " · " + c
	}
	return s
}

// costText is "die 2 +1 worker", "2 silverlings", or "".
func costText(a burgundy.Action) string {
	if a.Name == burgundy.ActBuy {
		return T("burgundy.cost.silver")
	}
	if a.Die == 0 {
		return ""
	}
	s := T("burgundy.cost.die", a.Die)
	if a.Workers > 0 {
		s += " " + i18n.N("burgundy.cost.workers", a.Workers)
	}
	return s
}

// prompt is what the viewer is asked, built from the view: the pending
// decision, the dice left, or whom the table waits for.
func prompt(env *gameui.Env, v *burgundy.View, die int) string {
	viewer := int(env.Viewer)
	switch v.Stage {
	case burgundy.StageOver:
		if len(v.Ranking) > 0 {
			w := int(v.Ranking[0])
			return T("burgundy.prompt.over", seatName(env, w), v.Scores[w])
		}
		return T("burgundy.prompt.overplain")
	case burgundy.StagePlay:
	default:
		return T("burgundy.prompt.stage." + v.Stage)
	}
	if int(v.Decider) != viewer || env.Replay || len(env.Legal) == 0 {
		return T("burgundy.prompt.wait", seatName(env, int(v.Decider)))
	}
	if n := len(v.Pending); n > 0 && int(v.Pending[n-1].Seat) == viewer {
		f := v.Pending[n-1]
		if f.Kind == burgundy.FrameShipAdjacent {
			return T("burgundy.frame."+f.Kind, f.Depot)
		}
		return T("burgundy.frame." + f.Kind)
	}
	if die == 0 {
		return T("burgundy.prompt.buy")
	}
	return T("burgundy.prompt.die", die)
}

// Dock is the viewer's prompt, dice and the actions that are not on the
// boards, the chooser and the help of a tile.
func (r *Renderer) Dock(env *gameui.Env) app.UI {
	v := viewOf(env)
	if v == nil {
		return app.Div()
	}
	r.prepare(env, v)
	faces := dieFaces(r.legal)
	die := chosenDie(faces, r.die)
	body := []app.UI{
		app.P().Class("prompt").ID("prompt").Aria("live", "polite").Text(prompt(env, v, die)),
	}
	viewer := int(env.Viewer)
	if viewer >= 0 && viewer < len(v.Estates) && !env.Replay {
		body = append(body, r.diceRow(env, &v.Estates[viewer], faces, die))
	}
	if bar := r.actionBar(env); bar != nil {
		body = append(body, bar)
	}
	if r.pick != "" {
		body = append(body, r.chooser(env))
	}
	if r.info > 0 {
		body = append(body, r.infoPanel())
	}
	return app.Div().Class("bg-dock").ID("dock").Body(body...)
}

// diceRow shows the viewer's dice; an unused die with options is a button
// choosing it. Workers and silverlings sit next to them (they pay costs).
func (r *Renderer) diceRow(env *gameui.Env, ev *burgundy.EstateView, faces []int, die int) app.UI {
	hasFace := map[int]bool{}
	for _, f := range faces {
		hasFace[f] = true
	}
	items := []app.UI{app.Span().Class("small-h").Text(T("burgundy.dice"))}
	for i, dv := range ev.Dice {
		if dv.Face == 0 {
			continue
		}
		face := dv.Face
		id := "die-" + strconv.Itoa(i)
		switch {
		case dv.Used:
			items = append(items, app.Span().Class("bg-die used").ID(id).DataSet("face", strconv.Itoa(face)).
				Title(T("burgundy.aria.die.used", face)).Body(app.Raw(dieIconHTML(face, 34, true))))
		case hasFace[face]:
			b := app.Button().Class("btn bg-die").Type("button").ID(id).DataSet("face", strconv.Itoa(face)).
				Aria("pressed", strconv.FormatBool(face == die)).Aria("label", T("burgundy.use.die", face)).
				Title(T("burgundy.use.die", face)).Body(app.Raw(dieIconHTML(face, 34, false))).
				OnClick(func(ctx app.Context, e app.Event) { r.die, r.tile, r.pick = face, 0, "" }, app.EventScope(face)) // a new roll in the same place
			if face == die {
				b = b.Class("btn bg-die on")
			}
			items = append(items, b)
		default:
			items = append(items, app.Span().Class("bg-die idle").ID(id).DataSet("face", strconv.Itoa(face)).
				Title(T("burgundy.aria.die.free", face)).Body(app.Raw(dieIconHTML(face, 34, false))))
		}
	}
	items = append(items,
		app.Span().Class("bg-purse").Title(T("burgundy.workers")).Body(
			app.Raw(`<svg class="bg-ico" viewBox="-10 -10 20 20" width="20" height="20" aria-hidden="true"><circle cy="-5" r="3.6" fill="currentColor"/><path d="M-6 9C-6 2-4-.5 0-.5S6 2 6 9Z" fill="currentColor"/></svg>`),
			app.Span().ID("my-workers").Text(strconv.Itoa(ev.Workers)),
			app.Span().Class("visually-hidden").Text(T("burgundy.workers"))),
		app.Span().Class("bg-purse").Title(T("burgundy.silver")).Body(
			app.Raw(`<svg class="bg-ico" viewBox="-10 -10 20 20" width="20" height="20" aria-hidden="true"><circle r="8" fill="#d9dde2" stroke="#5b636b" stroke-width="1.2"/><circle r="4.8" fill="none" stroke="#8c949c"/></svg>`),
			app.Span().ID("my-silver").Text(strconv.Itoa(ev.Silver)),
			app.Span().Class("visually-hidden").Text(T("burgundy.silver"))),
	)
	return app.Div().Class("bg-dice").ID("dice").Body(items...)
}

// actionBar holds the targets that are not on a board (sell, workers, a
// ship's goods kind, pass, end turn) and a hint for those that are.
func (r *Renderer) actionBar(env *gameui.Env) app.UI {
	if len(r.targets) == 0 {
		return nil
	}
	var btns []app.UI
	var onBoard, places, takes int
	keys := sortedKeys(r.targets)
	for _, k := range keys {
		idx := r.targets[k]
		a := r.legal[idx[0]]
		switch a.Name {
		case burgundy.ActSell, burgundy.ActGoods:
			k := k
			ico := goodsIconHTML(a.Value, 22)
			btns = append(btns, app.Button().Class("btn").Type("button").ID("act-"+k).
				Title(optionLabel(a)).Body(app.Raw(ico), app.Span().Text(optionLabel(a))).
				OnClick(func(ctx app.Context, e app.Event) { r.choose(ctx, env, k) }, app.EventScope(k)))
		case burgundy.ActWorkers:
			btns = append(btns, app.Button().Class("btn").Type("button").ID("act-workers").
				Title(optionLabel(a)).Text(optionLabel(a)).
				OnClick(func(ctx app.Context, e app.Event) { r.choose(ctx, env, keyWorkers) }))
		case burgundy.ActPass:
			btns = append(btns, app.Button().Class("btn ghost").Type("button").ID("act-pass").Text(T("burgundy.act.pass")).
				OnClick(func(ctx app.Context, e app.Event) { r.choose(ctx, env, keyPass) }))
		case burgundy.ActEndTurn:
			btns = append(btns, app.Div().Class("spacer"), app.Button().Class("btn primary").Type("button").ID("act-end").
				Text(T("burgundy.act.end")+" »").
				OnClick(func(ctx app.Context, e app.Event) { r.choose(ctx, env, keyEnd) }))
		case burgundy.ActPlace:
			places++
			onBoard++
		case burgundy.ActTake, burgundy.ActBuy:
			takes++
			onBoard++
		default:
			onBoard++
		}
	}
	var hints []string
	if takes > 0 {
		hints = append(hints, i18n.N("burgundy.hint.take", takes))
	}
	if places > 0 {
		hints = append(hints, i18n.N("burgundy.hint.place", places))
	}
	if onBoard > takes+places {
		hints = append(hints, T("burgundy.hint.other"))
	}
	var hint app.UI = app.Text("")
	if len(hints) > 0 {
		hint = app.P().Class("bg-hint small").ID("hint").Text(strings.Join(hints, " · "))
	}
	return app.Div().Class("bg-actions-wrap").Body(hint, app.Div().Class("actions").ID("actions").Body(btns...))
}

// chooser lists the actions one target stands for (the same tile offered
// for two purposes, or two storage tiles fitting one space).
func (r *Renderer) chooser(env *gameui.Env) app.UI {
	idx := append([]int(nil), r.targets[r.pick]...)
	sort.Ints(idx)
	btns := make([]app.UI, 0, len(idx)+1)
	for n, i := range idx {
		i := i
		a := r.legal[i]
		var ico app.UI = app.Text("")
		if a.Tile > 0 {
			ico = app.Raw(tileIconHTML(a.Tile, 26))
		}
		btns = append(btns, app.Button().Class("btn").Type("button").ID("choice-"+strconv.Itoa(n)).
			Body(ico, app.Span().Text(optionLabel(a))).
			OnClick(func(ctx app.Context, e app.Event) { r.apply(ctx, env, i) }, app.EventScope(r.pick, i))) // i indexes this render's legal actions
	}
	btns = append(btns, app.Button().Class("btn ghost").Type("button").ID("choice-cancel").Text(T("burgundy.cancel")).
		OnClick(func(ctx app.Context, e app.Event) { r.pick = "" }))
	return app.Section().Class("panel").ID("chooser").Body(
		app.H3().Text(T("burgundy.choose")),
		app.Div().Class("choices").Body(btns...),
	)
}

// infoPanel explains a tile in the viewer's words.
func (r *Renderer) infoPanel() app.UI {
	id := r.info
	return app.Section().Class("panel bg-info").ID("tile-info").Aria("live", "polite").Body(
		app.Raw(tileIconHTML(id, 40)),
		app.Div().Body(
			app.Strong().Text(tileName(id)),
			app.P().Class("small").Text(tileHelp(id)),
		),
		app.Button().Class("btn ghost").Type("button").Aria("label", T("burgundy.close")).Text("✕").
			OnClick(func(ctx app.Context, e app.Event) { r.info = 0 }),
	)
}
