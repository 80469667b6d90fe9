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
)

// Side lists the players (score, family, food for the next harvest,
// supply, a small farm and the live score by category) and the major
// improvements.
func (r *Renderer) Side(env *gameui.Env) app.UI {
	d := r.prepare(env)
	if d == nil {
		return app.Div()
	}
	rows := make([]app.UI, 0, len(d.v.Farms))
	for s := range d.v.Farms {
		rows = append(rows, r.playerRow(d, s))
	}
	return app.Div().Class("ag-side").Body(
		app.H2().Class("small-h").Text(T("agricola.players")),
		app.Ol().Class("players ag-players").Body(rows...),
		r.majorsList(d),
	)
}

// playerRow is one player's public standing.
func (r *Renderer) playerRow(d *render, s int) app.UI {
	env, v := d.env, d.v
	fv := &v.Farms[s]
	li := app.Li().Class("player").DataSet("seat", strconv.Itoa(s)).DataSet("score", strconv.Itoa(fv.Score.Total))
	if int(v.Decider) == s {
		li = li.Class("active")
	}
	var start app.UI = app.Text("")
	if int(v.Start) == s && v.Players > 1 {
		start = app.Span().Title(T("agricola.start.tip")).Body(app.Raw(icon("start", 16)), app.Span().Class("visually-hidden").Text(T("agricola.start.tip")))
	}
	food := fv.Goods[agricola.Food]
	harvest := T("agricola.food.need", fv.FoodNeeded)
	if v.NextHarvest > 0 {
		harvest = T("agricola.food.needat", fv.FoodNeeded, v.NextHarvest)
	}
	foodCls := "ag-food"
	if food < fv.FoodNeeded {
		foodCls += " short"
	}
	supply := fv.Goods
	supply[agricola.Food] = 0
	s2 := s
	stats := []app.UI{
		app.Span().Class(foodCls).ID("food-"+strconv.Itoa(s)).Title(harvest).Body(
			app.Raw(icon("food", 16)), app.Span().Text(T("agricola.food.have", food, fv.FoodNeeded)),
			app.Span().Class("visually-hidden").Text(harvest)),
		app.Span().Title(T("agricola.people.tip")).Body(app.Raw(icon("person", 16)),
			app.Span().Text(i18n.N("agricola.people", fv.People))),
	}
	if fv.Begging > 0 {
		stats = append(stats, app.Span().Class("ag-beg").Body(app.Raw(icon("begging", 16)), app.Span().Text(i18n.N("agricola.begging", fv.Begging))))
	}
	if fv.HandSize > 0 || len(fv.Cards) > 0 {
		stats = append(stats, app.Span().Text(T("agricola.cards.count", len(fv.Cards), fv.HandSize)))
	}
	stats = append(stats, app.Span().Class("ag-row").Title(T("agricola.supply")).Body(app.Raw(goodsHTML(supply, 16))))
	return li.Body(
		app.Div().Class("player-top").Body(
			gameui.Chip(style(env, s)),
			app.Strong().Class("pname").Text(seatName(env, s)),
			start,
			app.Span().Class("vp").Title(T("agricola.score.live")).Text(T("agricola.points", fv.Score.Total)),
		),
		app.Div().Class("pstats small").Body(stats...),
		app.Button().Class("ag-mini").Type("button").ID("look-"+strconv.Itoa(s)).
			Aria("label", T("agricola.farm.show", seatName(env, s))).Title(T("agricola.farm.show", seatName(env, s))).
			Body(app.Raw(r.miniFarm(d, s))).
			OnClick(r.on(func(ctx app.Context, e app.Event) { r.show(s2) }, "look", s2)),
		app.Details().Class("ag-sheet").Body(
			app.Summary().Text(T("agricola.score.live")),
			scoreSheetTable(&fv.Score),
		),
	)
}

// scoreCategories are the score sheet's rows, in the scoring pad's order,
// with their message ids.
var scoreCategories = []struct {
	id  string
	get func(*agricola.ScoreSheet) int
}{
	{"agricola.score.fields", func(s *agricola.ScoreSheet) int { return s.Fields }},
	{"agricola.score.pastures", func(s *agricola.ScoreSheet) int { return s.Pastures }},
	{"agricola.score.grain", func(s *agricola.ScoreSheet) int { return s.Grain }},
	{"agricola.score.vegetables", func(s *agricola.ScoreSheet) int { return s.Vegetables }},
	{"agricola.score.sheep", func(s *agricola.ScoreSheet) int { return s.Sheep }},
	{"agricola.score.boar", func(s *agricola.ScoreSheet) int { return s.Boar }},
	{"agricola.score.cattle", func(s *agricola.ScoreSheet) int { return s.Cattle }},
	{"agricola.score.unused", func(s *agricola.ScoreSheet) int { return s.Unused }},
	{"agricola.score.stables", func(s *agricola.ScoreSheet) int { return s.FencedStables }},
	{"agricola.score.rooms", func(s *agricola.ScoreSheet) int { return s.Rooms }},
	{"agricola.score.people", func(s *agricola.ScoreSheet) int { return s.People }},
	{"agricola.score.cards", func(s *agricola.ScoreSheet) int { return s.Cards }},
	{"agricola.score.bonus", func(s *agricola.ScoreSheet) int { return s.Bonus }},
	{"agricola.score.begging", func(s *agricola.ScoreSheet) int { return s.Begging }},
}

// scoreSheetTable is one player's live score by category (one HTML
// string: four of them are drawn on every render).
func scoreSheetTable(sc *agricola.ScoreSheet) app.UI {
	var b strings.Builder
	b.WriteString(`<table class="ag-score"><tbody>`)
	row := func(cls, name string, n int) {
		fmt.Fprintf(&b, `<tr%s><th scope="row">%s</th><td>%d</td></tr>`, cls, esc(name), n)
	}
	for _, c := range scoreCategories {
		row("", T(c.id), c.get(sc))
	}
	row(` class="total"`, T("agricola.score.total"), sc.Total)
	b.WriteString(`</tbody></table>`)
	return app.Raw(b.String())
}

// majorsList shows the 10 major improvements: cost, points, owner, their
// text on hover, focus or tap; those the viewer may build now are lit, the
// others say why not while an improvement may be built.
func (r *Renderer) majorsList(d *render) app.UI {
	env := d.env
	offered := d.mine && d.dec != nil && d.dec.Kind == agricola.FrameMenu && d.dec.Ops&agricola.OpMajor != 0
	items := make([]app.UI, 0, len(d.v.Majors))
	for _, m := range d.v.Majors {
		key := "major-" + m.ID
		_, can := d.targets[key]
		var alt []string
		named := map[string]bool{}
		for _, rf := range m.ReturnFor {
			if n := cardName(rf); !named[n] {
				named[n] = true
				alt = append(alt, `<span class="small">`+esc(T("agricola.or")+" "+T("agricola.price.return", n))+`</span>`)
			}
		}
		cost := goodsHTML(m.Cost, 16, alt...)
		li := app.Li().Class("ag-card ag-major").DataSet("major", m.ID)
		var action app.UI = app.Text("")
		switch {
		case int(m.Owner) >= 0:
			li = li.Class("owned")
			action = app.Span().Class("ag-owner").Body(gameui.Chip(style(env, int(m.Owner))), app.Span().Text(seatName(env, int(m.Owner))))
		case can:
			li = li.Class("can")
			k := key
			action = app.Button().Class("btn primary").Type("button").ID("act-"+key).Text(T("agricola.build")).
				Aria("label", d.keyLabel(key)).OnClick(r.on(func(ctx app.Context, e app.Event) { r.choose(ctx, k) }, k))
		case offered:
			action = gameui.Button(T("agricola.build"), r.majorReason(d, m), false, nil).ID("act-" + key)
		}
		info, text := r.cardInfo(m.ID)
		li = li.Body(
			app.Div().Class("ag-card-top").Body(
				app.Strong().Text(cardName(m.ID)),
				app.Span().Class("ag-vp").Text(i18n.N("agricola.card.vp", m.VP)),
				info,
			),
			app.Div().Class("ag-card-cost small").Body(app.Raw(cost)),
			text,
			action,
		)
		items = append(items, li)
	}
	return app.Section().Class("ag-majors-wrap").ID("majors").Body(
		app.H2().Class("small-h").Text(T("agricola.majors")),
		app.Ul().Class("ag-majors").Body(items...),
	)
}

// majorReason says why the viewer cannot build major m now: not enough
// goods for any of its prices, or no such action now.
func (r *Renderer) majorReason(d *render, m agricola.MajorView) string {
	if d.s == nil || d.viewer < 0 {
		return T("agricola.why.notnow")
	}
	ps := d.s.Cost(engine.Seat(d.viewer), agricola.Purchase{What: agricola.OpMajor, Via: d.dec.Via, Card: m.ID})
	for _, p := range ps {
		if p.Return == "" {
			if s := missing(d.v.Farms[d.viewer].Goods, p.Goods); s != "" {
				return s
			}
		}
	}
	return T("agricola.why.notnow")
}
