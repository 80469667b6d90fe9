package catanui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/catan"
)

// resourceKinds are the five resources (the rules screen's costs).
var resourceKinds = []catan.Resource{catan.Lumber, catan.Wool, catan.Grain, catan.Brick, catan.Ore}

// cardsText is "2 grain, 1 ore", in the order of the kinds in play.
func cardsText(m *model, x catan.Resources) string {
	return cardsOf(x, m.kinds)
}

// CardsText is "2 grain, 1 ore" over every card kind, for an addon's
// costs and reasons.
func CardsText(x catan.Resources) string {
	var kinds []catan.Resource
	for r := catan.Resource(0); r < catan.NumCards; r++ {
		kinds = append(kinds, r)
	}
	return cardsOf(x, kinds)
}

// ResourceIcon is a card kind's small card for an addon's HTML, size
// pixels square.
func ResourceIcon(r catan.Resource, size int) string { return resourceSVG(r, size) }

// cardsOf is cardsText over the given kinds.
func cardsOf(x catan.Resources, kinds []catan.Resource) string {
	var parts []string
	for _, r := range kinds {
		if x[r] > 0 {
			parts = append(parts, T("catan.count", int(x[r]), T("res."+r.String())))
		}
	}
	if len(parts) == 0 {
		return T("catan.nothing")
	}
	return strings.Join(parts, ", ")
}

// Side shows the dice, every player's public standing and the bank.
func (r *Renderer) Side(env *gameui.Env) app.UI {
	m := newModel(env)
	if m == nil {
		return app.Div()
	}
	rows := make([]app.UI, len(m.v.Seats))
	for p := range rows {
		rows[p] = r.playerRow(env, m, p)
	}
	bank := make([]app.UI, 0, len(m.kinds))
	for _, res := range m.kinds {
		bank = append(bank, app.Span().Class("bank-res").Title(T("res."+res.String())).Body(
			app.Raw(resourceSVG(res, 22)), app.Span().Text(strconv.Itoa(int(m.v.Bank[res]))),
		))
	}
	var extra app.UI = app.Text("")
	if r.addon != nil {
		extra = r.addon.Side(env)
	}
	row := app.Div().Class("dice-row")
	if env.BotChance("dice") { // a bot rolled (equal faces included)
		row = row.Attr(gameui.BotMarkAttr, "1")
	}
	var dice app.UI = row.Body(
		app.Span().Class("small-h").Text(T("catan.dice")),
		app.Raw(diceSVG(m.v.Dice)),
		app.If(m.v.Dice[0] > 0, func() app.UI {
			return app.Strong().Class("dice-sum").ID("dice-sum").Text(strconv.Itoa(m.v.Dice[0] + m.v.Dice[1]))
		}),
	)
	if ro, ok := r.addon.(Roller); ok {
		if dice = ro.Roll(env); dice == nil {
			dice = app.Text("")
		}
	}
	return app.Div().Class("catan-side").Body(
		dice,
		app.H2().Class("small-h").Text(T("catan.players")),
		app.Ul().Class("players").Body(rows...),
		app.H2().Class("small-h").Text(T("catan.bank")),
		app.Div().Class("bank").ID("bank").Body(bank...),
		app.If(m.v.Development, func() app.UI { return app.P().Class("small muted").Text(T(r.word("catan.deck"), m.v.DevDeck)) }),
		extra,
	)
}

func (r *Renderer) playerRow(env *gameui.Env, m *model, p int) app.UI {
	st := env.Styles[p]
	name := env.Table.Name(engine.Seat(p))
	li := app.Li().Class("player").DataSet("seat", strconv.Itoa(p))
	if p == m.active() && !m.over {
		li = li.Class("active")
	}
	sv := m.seat(p)
	var badges []app.UI
	if sv.LongestRoad {
		badges = append(badges, app.Span().Class("award").Title(T("catan.longest")).Text(T("catan.longest")))
	}
	if sv.LargestArmy {
		badges = append(badges, app.Span().Class("award").Title(T("catan.largest")).Text(T("catan.largest")))
	}
	var answer app.UI = app.Text("")
	if m.offer.Open && p != m.active() {
		a := m.offer.Answer[p]
		txt := T("catan.answer." + a.String())
		if a == catan.Countered {
			c := m.offer.Counter[p]
			txt = T("catan.answer.countered", cardsText(m, c.Give), cardsText(m, c.Get))
		}
		answer = app.Div().Class("answer small").Text(txt)
	}
	if n := m.discard(p); n > 0 {
		answer = app.Div().Class("answer small").Text(N("catan.discard.title", n))
	}
	return li.Body(
		app.Div().Class("player-top").Body(
			gameui.Chip(st),
			app.Strong().Class("pname").Text(name),
			app.Span().Class("vp").Text(T("catan.vp", m.points(p))),
		),
		app.Div().Class("pstats small").Body(
			app.Span().Text(N("catan.cards", sv.Cards)),
			app.If(m.v.Development, func() app.UI { return app.Span().Text(N(r.word("catan.devs"), sv.DevCards)) }),
			app.If(m.v.Development, func() app.UI { return app.Span().Text(N("catan.knights", sv.Knights)) }),
			app.Span().Text(T("catan.road", sv.RoadLength)),
		),
		app.If(len(badges) > 0, func() app.UI { return app.Div().Class("awards").Body(badges...) }),
		answer,
	)
}

func diceSVG(d [2]int) string {
	face := func(x float64, n int) string {
		pips := map[int][][2]float64{
			1: {{0, 0}}, 2: {{-5, -5}, {5, 5}}, 3: {{-5, -5}, {0, 0}, {5, 5}},
			4: {{-5, -5}, {5, -5}, {-5, 5}, {5, 5}}, 5: {{-5, -5}, {5, -5}, {0, 0}, {-5, 5}, {5, 5}},
			6: {{-5, -6}, {5, -6}, {-5, 0}, {5, 0}, {-5, 6}, {5, 6}},
		}[n]
		var b strings.Builder
		fmt.Fprintf(&b, `<g transform="translate(%g 12)"><rect x="-11" y="-11" width="22" height="22" rx="5" fill="#fbfbf6" stroke="#222"/>`, x)
		for _, p := range pips {
			col := "#222"
			if d[0]+d[1] == 7 {
				col = "#b3121b"
			}
			fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="2.2" fill="%s"/>`, p[0], p[1], col)
		}
		b.WriteString(`</g>`)
		return b.String()
	}
	if d[0] == 0 {
		return `<svg class="dice" viewBox="0 0 52 24" width="52" height="24" aria-hidden="true"><g opacity=".35">` + face(12, 0) + face(39, 0) + `</g></svg>`
	}
	return fmt.Sprintf(`<svg class="dice roll-anim" viewBox="0 0 52 24" width="52" height="24" role="img" aria-label="%d + %d">%s%s</svg>`, d[0], d[1], face(12, d[0]), face(39, d[1]))
}

// Dock is the viewer's hand and actions.
func (r *Renderer) Dock(env *gameui.Env) app.UI {
	m := newModel(env)
	if m == nil {
		return app.Div()
	}
	if r.bankGive == 0 && r.bankGet == 0 && r.panel == "" {
		r.bankGive, r.bankGet = -1, -1
	}
	r.legal = env.Legal
	if env.Replay || !m.mine {
		return app.Div().Class("catan-dock").Body(app.P().Class("muted").Text(T("catan.spectator")))
	}
	var extra app.UI = app.Text("")
	if r.addon != nil {
		// A click in the addon's part of the dock (its own choice begins)
		// drops a placement mode chosen here before.
		extra = app.Div().Class("addon-dock").Body(r.addon.Dock(env)).
			OnClick(func(ctx app.Context, e app.Event) { r.mode = ModeNone })
	}
	return app.Div().Class("catan-dock").ID("dock").Body(
		r.prompt(env, m),
		extra,
		r.context(env, m),
		app.Div().Class("hand-row").Body(
			r.hand(m),
			r.devCards(env, m),
		),
		r.actions(env, m),
	)
}

// prompt says what the viewer is asked to do now.
func (r *Renderer) prompt(env *gameui.Env, m *model) app.UI {
	msg := ""
	switch {
	case len(env.Legal) == 0:
		var names []string
		for _, d := range env.Awaits() {
			names = append(names, env.Name(d))
		}
		if len(names) > 0 {
			msg = T("catan.wait", strings.Join(names, ", "))
		}
	case m.prompt == "place-settlement":
		msg = T("catan.found.settlement")
	case m.prompt == "place-city":
		msg = T("catan.found.city")
	case m.prompt == "place-road":
		msg = T("catan.found.road")
	case m.prompt == "place-free-road":
		msg = T("catan.pick.free", m.v.FreeRoads)
	case m.prompt == "move-robber":
		msg = T("catan.pick.robber")
	case m.prompt == "rob":
		msg = T("catan.pick.victim")
	case r.mode == ModeRoad:
		msg = T("catan.pick.road")
	case r.mode == ModeSettlement:
		msg = T("catan.pick.settlement")
	case r.mode == ModeCity:
		msg = T("catan.pick.city")
	}
	if msg == "" {
		return app.Text("")
	}
	return app.P().Class("prompt").ID("prompt").Aria("live", "polite").Text(msg)
}

func (r *Renderer) hand(m *model) app.UI {
	cards := make([]app.UI, 0, len(m.kinds))
	for _, res := range m.kinds {
		n := int(m.hand[res])
		c := app.Div().Class("card res").DataSet("res", res.String()).DataSet("count", strconv.Itoa(n)).
			Title(T("res."+res.String())).Body(
			app.Raw(resourceSVG(res, 30)),
			app.Span().Class("count").Text(strconv.Itoa(n)),
			app.Span().Class("cname").Text(T("res."+res.String())),
		)
		if n == 0 {
			c = c.Class("none")
		}
		cards = append(cards, c)
	}
	return app.Div().Class("hand").ID("hand").Aria("label", T("catan.hand")).Body(cards...)
}

var playType = map[catan.DevCard]catan.ActionType{
	catan.Knight: catan.ActPlayKnight, catan.RoadBuilding: catan.ActPlayRoadBuilding,
	catan.YearOfPlenty: catan.ActPlayYearOfPlenty, catan.Monopoly: catan.ActPlayMonopoly,
}

func (r *Renderer) devCards(env *gameui.Env, m *model) app.UI {
	var cards []app.UI
	for d := catan.DevCard(0); d < catan.NumDevKinds; d++ {
		n := int(m.dev[d])
		if n == 0 {
			continue
		}
		name := T("dev." + d.String())
		label := name
		if n > 1 {
			label = fmt.Sprintf("%s ×%d", name, n)
		}
		if t, ok := playType[d]; ok && m.playable[d] == 0 && has(env, catan.ActEndTurn) && !has(env, t) {
			label += " (" + T("dev.new") + ")"
		}
		var btn app.UI = app.Text("")
		if t, ok := playType[d]; ok {
			reason := ""
			if !has(env, t) {
				reason = T(r.word("why.onecard"))
				if env.Legal == nil {
					reason = waitReason(env, m)
				}
			}
			d := d
			btn = gameui.Button(T("catan.play", name), reason, false, func(ctx app.Context, e app.Event) {
				r.playDev(ctx, env, d)
			}, app.EventScope(d)).ID("play-" + d.String()) // cards move up as others are played
		}
		cards = append(cards, app.Div().Class("card dev").Title(T(r.word("dev."+d.String()+".tip"))).Body(
			app.Span().Class("cname").Text(label), btn,
		))
	}
	if len(cards) == 0 {
		return app.Text("")
	}
	return app.Div().Class("devs").Aria("label", T(r.word("catan.devcards"))).Body(cards...)
}

func (r *Renderer) playDev(ctx app.Context, env *gameui.Env, d catan.DevCard) {
	switch d {
	case catan.YearOfPlenty:
		r.panel = "yop"
	case catan.Monopoly:
		r.panel = "mono"
	default:
		if l := legalOf(env, playType[d]); len(l) > 0 {
			env.Act(ctx, l[0].a)
		}
	}
}

// need is the reason text for what the viewer's hand lacks of cost.
func need(m *model, cost catan.Resources) string { return Needs(m.hand, cost) }

// Needs is the reason a button is off when hand lacks part of cost
// ("Needs 1 brick"), or "" when hand covers it (for an addon's buttons
// too).
func Needs(hand, cost catan.Resources) string {
	var miss catan.Resources
	for i := range cost {
		if cost[i] > hand[i] {
			miss[i] = cost[i] - hand[i]
		}
	}
	if miss.Total() == 0 {
		return ""
	}
	return T("why.needs", CardsText(miss))
}

// waitReason is why the viewer can do nothing now: its own turn waits for
// the answers to its offer (or for others, on a 7), or it is not its turn.
func waitReason(env *gameui.Env, m *model) string {
	if int(env.Viewer) != m.active() {
		return T("why.notturn")
	}
	if m.phase == catan.PhaseTradeOffer {
		return T("why.waitanswers")
	}
	var names []string
	for _, d := range env.Awaits() {
		if d != env.Viewer {
			names = append(names, env.Name(d))
		}
	}
	if len(names) == 0 {
		return T("why.notnow")
	}
	return T("why.waitfor", JoinAnd(names))
}

// reason explains a disabled action (a hint, not a rule check: the button
// is enabled exactly when Legal holds such an action).
func (r *Renderer) reason(env *gameui.Env, m *model, t catan.ActionType, cost catan.Resources, piecesLeft int) string {
	if has(env, t) {
		return ""
	}
	if len(env.Legal) == 0 || int(env.Viewer) != m.active() {
		return waitReason(env, m)
	}
	if m.prompt == "roll" {
		return T("why.rollfirst")
	}
	if m.prompt != "build-or-trade" {
		return T("why.notnow")
	}
	if piecesLeft == 0 {
		return T("why.nopieces")
	}
	if s := need(m, cost); s != "" {
		return s
	}
	if t == catan.ActBuyDevelopment && m.v.DevDeck == 0 {
		return T(r.word("why.deckempty"))
	}
	return T("why.noplace")
}

func (r *Renderer) actions(env *gameui.Env, m *model) app.UI {
	v := int(env.Viewer)
	mode := func(md Mode, t catan.ActionType, label string, cost catan.Resources, left int, id string) app.UI {
		reason := r.reason(env, m, t, cost, left)
		b := gameui.Button(label, reason, false, func(ctx app.Context, e app.Event) {
			if r.mode == md {
				r.mode = ModeNone
			} else {
				r.mode, r.panel = md, ""
			}
		}).ID(id).Aria("pressed", strconv.FormatBool(r.mode == md))
		if r.mode == md {
			b = b.Class("on")
		}
		return b
	}
	var bar []app.UI
	if has(env, catan.ActRoll) {
		bar = append(bar, gameui.Button(T("catan.roll"), "", true, func(ctx app.Context, e app.Event) {
			env.Act(ctx, catan.Roll())
		}).ID("roll"))
	}
	if m.turn() {
		sv := m.seat(v)
		bar = append(bar,
			mode(ModeRoad, catan.ActBuildRoad, T("catan.build.road"), catan.RoadCost, sv.RoadsLeft, "build-road"),
			mode(ModeSettlement, catan.ActBuildSettlement, T("catan.build.settlement"), catan.SettlementCost, sv.SettlementsLeft, "build-settlement"),
			mode(ModeCity, catan.ActBuildCity, T("catan.build.city"), catan.CityCost, sv.CitiesLeft, "build-city"),
		)
		if m.v.Development {
			bar = append(bar, gameui.Button(T(r.word("catan.buy")), r.reason(env, m, catan.ActBuyDevelopment, catan.DevelopmentCost, 1), false,
				func(ctx app.Context, e app.Event) { env.Act(ctx, catan.BuyDevelopment()) }).ID("buy-dev"))
		}
		bar = append(bar,
			r.panelButton(env, m, "bank", T("catan.trade.bank"), catan.ActMaritimeTrade, "trade-bank"),
			r.panelButton(env, m, "offer", T("catan.trade.players"), catan.ActProposeTrade, "trade-offer"),
		)
	}
	if has(env, catan.ActEndTurn) || m.phase == catan.PhaseMain || m.phase == catan.PhaseRoll {
		reason := ""
		if !has(env, catan.ActEndTurn) {
			switch {
			case len(env.Legal) == 0:
				reason = waitReason(env, m)
			case m.prompt == "roll":
				reason = T("why.rollfirst")
			default: // an expansion's rule holds the turn open (its dock says which)
				reason = T("why.notnow")
			}
		}
		bar = append(bar, app.Div().Class("spacer"), gameui.Button(T("catan.end")+" »", reason, has(env, catan.ActEndTurn) && !has(env, catan.ActRoll),
			func(ctx app.Context, e app.Event) { env.Act(ctx, catan.EndTurn()) }).ID("end-turn"))
	}
	if len(bar) == 0 {
		return app.Text("")
	}
	return app.Div().Class("actions").ID("actions").Body(bar...)
}

func (r *Renderer) panelButton(env *gameui.Env, m *model, panel, label string, t catan.ActionType, id string) app.UI {
	reason := ""
	if !has(env, t) {
		switch {
		case len(env.Legal) == 0 || int(env.Viewer) != m.active():
			reason = waitReason(env, m)
		case m.prompt == "roll":
			reason = T("why.rollfirst")
		case t == catan.ActMaritimeTrade:
			reason = T("why.nobank")
		default:
			reason = T("why.notrade")
		}
	}
	b := gameui.Button(label, reason, false, func(ctx app.Context, e app.Event) {
		if r.panel == panel {
			r.panel = ""
		} else {
			r.panel, r.mode = panel, ModeNone
			r.give, r.get = catan.Resources{}, catan.Resources{}
			r.bankGive, r.bankGet = -1, -1
		}
	}).ID(id).Aria("expanded", strconv.FormatBool(r.panel == panel))
	if r.panel == panel {
		b = b.Class("on")
	}
	return b
}
