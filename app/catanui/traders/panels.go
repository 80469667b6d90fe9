package traders

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/catanui"
	"tabula/app/gameui"
	"tabula/engine/catan"
	tb "tabula/engine/catan/traders"
)

// Side shows every wagon (level, gold, cargo, deliveries) and the cargo
// stacks.
func (u *addon) Side(env *gameui.Env) app.UI {
	v, x := views(env)
	if x == nil {
		return app.Text("")
	}
	rows := make([]app.UI, 0, len(x.Wagons))
	for _, w := range x.Wagons {
		li := app.Li().Class("player").DataSet("seat", strconv.Itoa(w.Seat))
		if w.Seat == v.Active && v.Winner < 0 {
			li = li.Class("active")
		}
		rows = append(rows, li.Body(
			app.Div().Class("player-top").Body(
				gameui.Chip(style(env, w.Seat)),
				app.Strong().Class("pname").Text(seatName(env, w.Seat)),
				app.Span().Class("wagon-level").Title(T("traders.wagoncard", w.Card.Points, w.Card.Gold)).Text(T("traders.level", w.Level)),
			),
			app.Div().Class("pstats small").Body(
				app.Span().Class("gold").Body(app.Raw(catanui.ResourceIcon(catan.Gold, 16)), app.Text(" "+N("traders.gold", w.Gold))),
				app.Span().Class("cargo").Body(orderIcon(w.Order), app.Text(cargoText(w.Order))),
				app.Span().Class("deliveries").Text(N("traders.deliveries", len(w.Delivered))),
			),
		))
	}
	stacks := make([]app.UI, 0, len(x.TradeHexes))
	for _, h := range x.TradeHexes {
		var needs, left []string
		for _, g := range h.Needs {
			needs = append(needs, T("traders.good."+g))
		}
		for i, g := range h.Supplies {
			left = append(left, T("traders.stackgood", T("traders.good."+g), h.Stack[i]))
		}
		stacks = append(stacks, app.Li().Class("small").DataSet("kind", h.Kind).Body(
			app.Strong().Text(T("terrain."+h.Kind)),
			app.Text(" — "+T("traders.needs", strings.Join(needs, ", "))+"; "+T("traders.stack", strings.Join(left, ", "))),
		))
	}
	return app.Section().Class("traders-side").ID("traders-side").Body(
		app.H2().Class("small-h").Text(T("traders.wagons")),
		app.Ul().Class("players").ID("wagons").Body(rows...),
		app.H2().Class("small-h").Text(T("traders.tradehexes")),
		app.Ul().Class("stacks").Body(stacks...),
	)
}

// orderIcon is the good of a cargo card, or nothing.
func orderIcon(o *tb.CargoView) app.UI {
	if o == nil {
		return app.Text("")
	}
	return app.Raw(goodSVG(o.Good, 16))
}

// Dock is the scenario's part of the viewer's dock: the prompt of a
// barbarian move, then one row with the movement (points, what to do,
// grain boost, drive-offs) and, during trade and build, the wagon
// upgrade, gold and Swift Journey; the way picked with its Go button; the
// gold chooser. On a phone, buttons that cannot be used now are left out
// to keep the board in sight.
func (u *addon) Dock(env *gameui.Env) app.UI {
	u.env = env
	v, x := views(env)
	if x == nil || env.Replay {
		return app.Text("")
	}
	var parts []app.UI
	prompt := func(id string, args ...any) {
		parts = append(parts, app.P().Class("prompt").ID("prompt").Aria("live", "polite").Text(T(id, args...)))
	}
	switch {
	case has(env, tb.ActMoveBarbarian):
		if u.from < 0 {
			prompt("traders.pick.barbarian")
		} else {
			prompt("traders.pick.barbarianto")
		}
	case has(env, tb.ActPlaceBarbarian):
		prompt("traders.pick.place", x.DriveOffDie)
	}
	var row []app.UI
	add := func(b app.HTMLButton, usable bool) {
		if usable || !env.Compact {
			row = append(row, b)
		}
	}
	m := movement(env, x)
	if m != nil {
		row = append(row, u.movementInfo(env, x, m))
		if !m.Over {
			reason := ""
			if !has(env, tb.ActGrainBoost) {
				reason = T("traders.why.boostused")
				if !m.Boosted {
					reason = T("why.needs", catanui.CardsText(catan.Of(catan.Grain, 1)))
				}
			}
			add(gameui.Button(T("traders.boost", tb.GrainBoostPoints), reason, false, func(ctx app.Context, e app.Event) {
				if a, _ := legal(u.env, tb.ActGrainBoost); len(a) > 0 {
					u.env.Act(ctx, a[0])
				}
			}).ID("grain-boost"), reason == "")
		}
		b := catanui.Board{View: v}
		acts, _ := legal(env, tb.ActDriveOff)
		for _, a := range acts {
			a := a
			row = append(row, gameui.Button(T("traders.driveoff", driveOffChance(x, m.Seat)), "", false, nil).
				ID("drive-off-"+strconv.Itoa(a.Edge)).Title(T("traders.aria.driveoff", b.EdgeName(a.Edge), driveOffChance(x, m.Seat))).
				OnClick(func(ctx app.Context, e app.Event) { u.env.Act(ctx, a) }, app.EventScope(a.Edge)))
		}
	}
	u.turnButtons(env, v, x, add)
	if len(row) > 0 {
		parts = append(parts, app.Div().Class("actions").ID("traders-actions").Body(row...))
	}
	if d, ok := destination(m, u.dest); ok {
		parts = append(parts, app.Div().Class("panel-actions").ID("move-chosen").Body(
			app.Span().Text(costText(env, d)),
			gameui.Button(T("traders.go"), "", true, func(ctx app.Context, e app.Event) { u.goChosen(ctx) }).ID("move-go"),
			app.Button().Class("btn ghost").Type("button").ID("move-cancel").Text(T("catan.cancel")).
				OnClick(func(ctx app.Context, e app.Event) { u.dest = -1 }),
		))
	}
	if u.gold && (has(env, tb.ActBuyWithGold) || len(sales(env)) > 0) {
		parts = append(parts, u.goldPanel(env, v, x))
	}
	if len(parts) == 0 {
		return app.Text("")
	}
	return app.Div().Class("traders-dock").ID("traders-dock").Body(parts...)
}

// movementInfo is the movement's points and what the player may do.
func (u *addon) movementInfo(env *gameui.Env, x *tb.View, m *tb.MovementView) app.UI {
	head := N("traders.move.points", m.Points)
	if m.Boosted {
		head += " · " + T("traders.move.boosted")
	}
	if m.Journeys > 0 {
		head += " · " + T("traders.move.journey")
	}
	say := "traders.move.start"
	switch {
	case m.Over:
		say = "traders.move.over"
	case len(m.Reachable) == 0:
		say = "traders.move.stuck"
	case m.Begun:
		say = "traders.move.on"
	}
	info := []app.UI{app.Strong().Class("move-points").Text(head), app.Text(" "), app.Span().Class("small").ID("move-say").Text(T(say))}
	if die := x.DriveOffDie; die > 0 && !has(env, tb.ActPlaceBarbarian) {
		won := x.Wagons[m.Seat].Card.DrivesOff(die)
		info = append(info, app.Text(" "), app.Span().Class("small").ID("drive-off-die").Text(T(map[bool]string{true: "traders.die.won", false: "traders.die.lost"}[won], die)))
	}
	return app.Span().Class("move-info").ID("movement").Aria("live", "polite").Body(info...)
}

// turnButtons adds the buttons of trade and build (and of the roll, for
// Swift Journey): the wagon upgrade, gold, Swift Journey.
func (u *addon) turnButtons(env *gameui.Env, v *catan.View, x *tb.View, add func(app.HTMLButton, bool)) {
	p := int(env.Viewer)
	if p < 0 || p >= len(x.Wagons) || p >= len(v.Seats) || v.Active != p || v.Winner >= 0 {
		return
	}
	if v.Step != catan.PhaseRoll && v.Step != catan.PhaseMain {
		return
	}
	w := x.Wagons[p]
	if w.Next != nil {
		icons := ""
		for r := catan.Resource(0); r < catan.NumCards; r++ {
			for k := 0; k < int(w.Next.Cost[r]); k++ {
				icons += catanui.ResourceIcon(r, 16)
			}
		}
		reason := u.reason(env, v, tb.ActUpgradeWagon, w.Next.Cost)
		add(gameui.Button("", reason, false, func(ctx app.Context, e app.Event) {
			u.env.Act(ctx, catan.Action{Type: tb.ActUpgradeWagon})
		}).ID("upgrade-wagon").Title(T("traders.wagoncard", w.Next.Points, w.Next.Gold)).Body(
			app.Text(T("traders.upgrade", w.Next.Level)), app.Raw(`<span class="icons">`+icons+`</span>`)), reason == "")
	}
	goldReason := ""
	if !has(env, tb.ActBuyWithGold) && len(sales(env)) == 0 {
		goldReason = u.reason(env, v, tb.ActBuyWithGold, catan.Of(catan.Gold, tb.GoldPerResource))
	}
	gb := gameui.Button(T("traders.goldbtn"), goldReason, false, func(ctx app.Context, e app.Event) { u.gold = !u.gold }).
		ID("gold").Aria("expanded", strconv.FormatBool(u.gold))
	if u.gold {
		gb = gb.Class("on")
	}
	add(gb, goldReason == "")
	if dev := v.Seats[p].Dev; dev != nil && dev[catan.SwiftJourney] > 0 {
		reason := ""
		if !has(env, tb.ActPlaySwiftJourney) {
			reason = T("traders.word.onecard")
		}
		add(gameui.Button(T("catan.play", T("dev.swift-journey")), reason, false, func(ctx app.Context, e app.Event) {
			u.env.Act(ctx, catan.Action{Type: tb.ActPlaySwiftJourney})
		}).ID("play-swift-journey").Title(T("dev.swift-journey.tip")), reason == "")
	}
}

// reason explains a disabled scenario button (a hint: the button is on
// exactly when Legal holds such an action).
func (u *addon) reason(env *gameui.Env, v *catan.View, t catan.ActionType, cost catan.Resources) string {
	if has(env, t) {
		return ""
	}
	if len(env.Legal) == 0 {
		return T("why.notturn")
	}
	if v.Step == catan.PhaseRoll {
		return T("why.rollfirst")
	}
	hand := v.Seats[env.Viewer].Hand
	if hand != nil {
		var miss catan.Resources
		for r := range cost {
			if cost[r] > hand[r] {
				miss[r] = cost[r] - hand[r]
			}
		}
		if miss.Total() > 0 {
			return T("why.needs", catanui.CardsText(miss))
		}
	}
	if t == tb.ActBuyWithGold {
		return T("traders.why.goldbuys", tb.GoldBuysPerTurn)
	}
	return T("why.notnow")
}

// sales are the viewer's legal sales to the bank for gold.
func sales(env *gameui.Env) []catan.Action {
	acts, _ := legal(env, catan.ActMaritimeTrade)
	var out []catan.Action
	for _, a := range acts {
		if a.Get[catan.Gold] > 0 {
			out = append(out, a)
		}
	}
	return out
}

// goldPanel buys a resource for gold or sells cards to the bank for gold.
func (u *addon) goldPanel(env *gameui.Env, v *catan.View, x *tb.View) app.UI {
	p := int(env.Viewer)
	var buys, sells []app.UI
	acts, _ := legal(env, tb.ActBuyWithGold)
	for _, a := range acts {
		a := a
		name := T("res." + a.Resource.String())
		buys = append(buys, app.Button().Class("btn").Type("button").ID("buy-"+a.Resource.String()).
			Body(app.Raw(catanui.ResourceIcon(a.Resource, 22)), app.Text(name)).
			OnClick(func(ctx app.Context, e app.Event) { u.env.Act(ctx, a) }, app.EventScope(a.Resource)))
	}
	for _, a := range sales(env) {
		a := a
		give := catanui.CardsText(a.Give)
		var r catan.Resource
		for k := range a.Give {
			if a.Give[k] > 0 {
				r = catan.Resource(k)
			}
		}
		sells = append(sells, app.Button().Class("btn").Type("button").ID("sell-"+r.String()).
			Body(app.Raw(catanui.ResourceIcon(r, 22)), app.Text(give)).
			OnClick(func(ctx app.Context, e app.Event) { u.env.Act(ctx, a) }, app.EventScope(r, give)))
	}
	left := 0
	if x.Movement != nil {
		left = x.Movement.GoldBuys
	}
	return app.Section().Class("panel").ID("gold-panel").Body(
		app.H3().Body(app.Raw(catanui.ResourceIcon(catan.Gold, 20)), app.Text(" "+N("traders.gold", x.Wagons[p].Gold))),
		app.Div().Class("trade-cols").Body(
			app.Div().Body(
				app.P().Class("small-h").Text(T("traders.buy", tb.GoldPerResource, left)),
				app.If(len(buys) == 0, func() app.UI {
					return app.P().Class("small muted").Text(u.reason(env, v, tb.ActBuyWithGold, catan.Of(catan.Gold, tb.GoldPerResource)))
				}).
					Else(func() app.UI { return app.Div().Class("choices").Body(buys...) }),
			),
			app.Div().Body(
				app.P().Class("small-h").Text(T("traders.sell")),
				app.If(len(sells) == 0, func() app.UI { return app.P().Class("small muted").Text(T("why.nobank")) }).
					Else(func() app.UI { return app.Div().Class("choices").Body(sells...) }),
			),
		),
		app.Div().Class("panel-actions").Body(
			app.Button().Class("btn ghost").Type("button").Text(T("catan.cancel")).
				OnClick(func(ctx app.Context, e app.Event) { u.gold = false }),
		),
	)
}
