package burgundyui

import (
	"strconv"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/burgundy"
)

// Side lists the players in turn order with their public standing, the
// supplies, and a guide to every building and knowledge tile.
func (r *Renderer) Side(env *gameui.Env) app.UI {
	v := viewOf(env)
	if v == nil {
		return app.Div()
	}
	order := append([]engine.Seat(nil), v.TurnOrder...)
	if len(order) != len(v.Estates) {
		order = order[:0]
		for s := range v.Estates {
			order = append(order, engine.Seat(s))
		}
	}
	rows := make([]app.UI, 0, len(order))
	for pos, s := range order {
		rows = append(rows, r.playerRow(env, v, int(s), pos))
	}
	return app.Div().Class("bg-side").Body(
		app.H2().Class("small-h").Text(T("burgundy.players")),
		app.Ol().Class("players bg-players").Body(rows...),
		app.P().Class("small muted").ID("supply").Text(T("burgundy.supply", sumTiles(v.Supply.Tiles), v.Supply.Black, v.Supply.Goods)),
		guide(),
	)
}

func sumTiles(m map[string]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

func (r *Renderer) playerRow(env *gameui.Env, v *burgundy.View, s, pos int) app.UI {
	ev := &v.Estates[s]
	st := env.Styles[s%len(env.Styles)]
	li := app.Li().Class("player").DataSet("seat", strconv.Itoa(s))
	if int(v.Decider) == s || (v.Decider < 0 && int(v.Current) == s) {
		li = li.Class("active")
	}
	goods := make([]app.UI, 0, len(ev.Goods))
	for _, g := range ev.Goods {
		goods = append(goods, app.Span().Class("bg-g").Title(T("burgundy.goods.n", g.Count, g.Kind, goodsName(g.Kind))).Body(
			app.Raw(goodsIconHTML(g.Kind, 18)), app.Span().Text("×"+strconv.Itoa(g.Count))))
	}
	store := make([]app.UI, 0, len(ev.Storage))
	for _, tv := range ev.Storage {
		store = append(store, app.Span().Title(tileViewName(&tv)).Body(app.Raw(tileIconHTML(tv.ID, 20))))
	}
	dice := make([]app.UI, 0, 2)
	for _, dv := range ev.Dice {
		if dv.Face > 0 {
			dice = append(dice, app.Raw(dieIconHTML(dv.Face, 18, dv.Used)))
		}
	}
	s2 := s
	return li.Body(
		app.Div().Class("player-top").Body(
			app.Span().Class("bg-pos").Title(T("burgundy.order.tip")).Text(strconv.Itoa(pos+1)+"."),
			gameui.Chip(st),
			app.Strong().Class("pname").Text(seatName(env, s)),
			app.Span().Class("vp").Text(T("burgundy.vp", ev.VP)),
		),
		app.Div().Class("pstats small").Body(
			app.Span().Title(T("burgundy.silver")).Text(T("burgundy.silver.n", ev.Silver)),
			app.Span().Title(T("burgundy.workers")).Text(T("burgundy.workers.n", ev.Workers)),
			app.Span().Class("bg-row").Body(dice...),
			app.Span().Class("bg-row").Title(T("burgundy.storage")).Body(store...),
			app.Span().Class("bg-row").Title(T("burgundy.goods")).Body(goods...),
			app.If(len(ev.BonusTiles) > 0, func() app.UI {
				return app.Span().Text(T("burgundy.bonus.n", len(ev.BonusTiles)))
			}),
			app.Button().Class("btn ghost bg-look").Type("button").ID("look-"+strconv.Itoa(s)).
				Text(T("burgundy.estate.show")).OnClick(func(ctx app.Context, e app.Event) { r.show(env, s2) }),
		),
	)
}

// guide explains every building and knowledge tile, from the engine's
// help texts.
func guide() app.UI {
	bs := make([]app.UI, 0, 8)
	for b := 1; b <= 8; b++ {
		bs = append(bs, app.Li().Body(
			app.Raw(buildingGuideIcon(b)),
			app.Div().Body(app.Strong().Text(T("burgundy.building."+strconv.Itoa(b))),
				app.Span().Text(" — "+T("burgundy.help.building."+strconv.Itoa(b)))),
		))
	}
	ks := make([]app.UI, 0, 26)
	for k := 1; k <= 26; k++ {
		ks = append(ks, app.Li().Body(
			app.Strong().Text(strconv.Itoa(k)+". "),
			app.Span().Text(T("burgundy.help.knowledge."+strconv.Itoa(k))),
		))
	}
	return app.Div().Class("bg-guide").Body(
		app.Details().Body(app.Summary().Text(T("burgundy.guide.buildings")), app.Ul().Body(bs...)),
		app.Details().Body(app.Summary().Text(T("burgundy.guide.knowledge")), app.Ul().Body(ks...)),
		app.Details().Body(app.Summary().Text(T("burgundy.guide.turn")), app.P().Class("small").Text(T("burgundy.guide.turn.text"))),
	)
}

// buildingGuideIcon is the tile of building kind b (any tile of it),
// drawn once per language.
func buildingGuideIcon(b int) string {
	guideMu.Lock()
	defer guideMu.Unlock()
	if guideLang != i18n.Current() {
		guideLang, guideIcons = i18n.Current(), [9]string{}
	}
	if guideIcons[b] == "" {
		for id := 1; id <= burgundy.TileCount; id++ {
			if t := burgundy.Tile(id); int(t.Building) == b && !t.Black {
				guideIcons[b] = tileIconHTML(id, 28)
				break
			}
		}
	}
	return guideIcons[b]
}

var (
	guideMu    sync.Mutex
	guideLang  i18n.Lang
	guideIcons [9]string
)
