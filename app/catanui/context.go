package catanui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/catan"
)

// context is the chooser the situation calls for: a discard, a victim, a
// card's choice, a trade being composed or answered.
func (r *Renderer) context(env *gameui.Env, m *model) app.UI {
	v := int(env.Viewer)
	switch {
	case has(env, catan.ActDiscard):
		n := m.discard(v)
		if n == 0 { // an expansion's discard (its phase's prompt): as many as the legal discards give
			n = legalOf(env, catan.ActDiscard)[0].a.Give.Total()
		}
		return r.discardPanel(env, m, n)
	case has(env, catan.ActRob):
		return r.robPanel(env, m)
	case m.prompt == "answer-trade" && has(env, catan.ActRejectTrade):
		return r.answerPanel(env, m)
	case has(env, catan.ActConfirmTrade) || has(env, catan.ActCancelTrade) && m.prompt == "confirm-trade":
		return r.confirmPanel(env, m)
	case r.panel == "yop" && has(env, catan.ActPlayYearOfPlenty):
		return r.choicePanel(env, m, T("catan.yop.title"), catan.ActPlayYearOfPlenty, "yop")
	case r.panel == "mono" && has(env, catan.ActPlayMonopoly):
		return r.choicePanel(env, m, T("catan.mono.title"), catan.ActPlayMonopoly, "mono")
	case r.panel == "bank" && has(env, catan.ActMaritimeTrade):
		return r.bankPanel(env, m)
	case r.panel == "offer" && has(env, catan.ActProposeTrade):
		return r.composer(env, m, T("catan.offer.title"), T("catan.offer"), "offer",
			func(give, get catan.Resources) catan.Action { return catan.ProposeTrade(give, get) })
	}
	return app.Text("")
}

func (r *Renderer) stepper(id string, res catan.Resource, side *catan.Resources, max int) app.UI {
	n := int(side[res])
	name := T("res." + res.String())
	// The handlers act on what this render drew in this place: go-app keeps
	// a handler whose code is unchanged, and another panel's stepper (or
	// another kind) may be drawn here next.
	scope := app.EventScope(id, res, max)
	return app.Div().Class("stepper").DataSet("res", res.String()).Body(
		app.Raw(resourceSVG(res, 24)),
		app.Button().Class("btn step").Type("button").ID(id+"-minus-"+res.String()).Aria("label", "− "+name).
			Disabled(n == 0).Text("−").OnClick(func(ctx app.Context, e app.Event) {
			if side[res] > 0 {
				side[res]--
			}
		}, scope),
		app.Span().Class("count").Aria("label", name).Text(strconv.Itoa(n)),
		app.Button().Class("btn step").Type("button").ID(id+"-plus-"+res.String()).Aria("label", "+ "+name).
			Disabled(n >= max).Text("+").OnClick(func(ctx app.Context, e app.Event) {
			if int(side[res]) < max {
				side[res]++
			}
		}, scope),
	)
}

func (r *Renderer) discardPanel(env *gameui.Env, m *model, n int) app.UI {
	steps := make([]app.UI, 0, len(m.kinds))
	for _, res := range m.kinds {
		if !res.InHand() {
			continue
		}
		// Never more than the hand holds, nor more than n in all.
		limit := min(int(m.hand[res]), n-r.give.Total()+int(r.give[res]))
		steps = append(steps, r.stepper("discard", res, &r.give, limit))
	}
	reason := ""
	if r.give.Total() != n {
		reason = N("why.discardn", n)
	}
	return app.Section().Class("panel").ID("discard-panel").Body(
		app.H3().Text(N("catan.discard.title", n)),
		app.Div().Class("steppers").Body(steps...),
		app.Div().Class("panel-actions").Body(
			app.Span().Class("small muted").Text(T("catan.discard.left", max(0, n-r.give.Total()))),
			gameui.Button(T("catan.discard"), reason, true, func(ctx app.Context, e app.Event) {
				give := r.give
				r.give = catan.Resources{}
				env.Act(ctx, catan.Discard(give))
			}).ID("discard"),
		),
	)
}

func (r *Renderer) robPanel(env *gameui.Env, m *model) app.UI {
	var btns []app.UI
	for _, x := range legalOf(env, catan.ActRob) {
		x := x
		p := int(x.a.Seat)
		btns = append(btns, app.Button().Class("btn").Type("button").ID("rob-"+strconv.Itoa(p)).Body(
			gameui.Chip(env.Styles[p]),
			app.Text(T("catan.rob", env.Table.Name(engine.Seat(p)), m.seat(p).Cards)),
		).OnClick(func(ctx app.Context, e app.Event) { env.Act(ctx, x.a) }, app.EventScope(p)))
	}
	return app.Section().Class("panel").ID("rob-panel").Body(
		app.H3().Text(T("catan.pick.victim")),
		app.Div().Class("panel-actions").Body(btns...),
	)
}

// choicePanel lists the legal plays of Year of Plenty or Monopoly.
func (r *Renderer) choicePanel(env *gameui.Env, m *model, title string, t catan.ActionType, id string) app.UI {
	var btns []app.UI
	for _, x := range legalOf(env, t) {
		x := x
		var label string
		var icons string
		if t == catan.ActPlayMonopoly {
			label = T("res." + x.a.Resource.String())
			icons = resourceSVG(x.a.Resource, 22)
		} else {
			label = cardsText(m, x.a.Get)
			for _, res := range m.kinds {
				for k := 0; k < int(x.a.Get[res]); k++ {
					icons += resourceSVG(res, 22)
				}
			}
		}
		btns = append(btns, app.Button().Class("btn").Type("button").DataSet("choice", label).
			Body(app.Raw(`<span class="icons">`+icons+`</span>`), app.Text(label)).
			OnClick(func(ctx app.Context, e app.Event) { r.panel = ""; env.Act(ctx, x.a) }, app.EventScope(id, label)))
	}
	return app.Section().Class("panel").ID(id+"-panel").Body(
		app.H3().Text(title),
		app.Div().Class("choices").Body(btns...),
		app.Div().Class("panel-actions").Body(
			app.Button().Class("btn ghost").Type("button").Text(T("catan.cancel")).
				OnClick(func(ctx app.Context, e app.Event) { r.panel = "" }),
		),
	)
}

// bankPanel: pick what to give (each with the viewer's best rate, from the
// legal trades), then what to get.
func (r *Renderer) bankPanel(env *gameui.Env, m *model) app.UI {
	trades := legalOf(env, catan.ActMaritimeTrade)
	rate := map[catan.Resource]int{}
	for _, x := range trades {
		for _, res := range m.kinds {
			if x.a.Give[res] > 0 {
				rate[res] = int(x.a.Give[res])
			}
		}
	}
	var gives []app.UI
	for _, res := range m.kinds {
		res := res
		rt, ok := rate[res]
		if !ok {
			continue
		}
		b := app.Button().Class("btn").Type("button").ID("bank-give-"+res.String()).
			Aria("pressed", strconv.FormatBool(r.bankGive == int(res))).
			Body(app.Raw(resourceSVG(res, 22)), app.Text(T("catan.rate", rt)+" "+T("res."+res.String()))).
			OnClick(func(ctx app.Context, e app.Event) { r.bankGive = int(res) }, app.EventScope(res))
		if r.bankGive == int(res) {
			b = b.Class("on")
		}
		gives = append(gives, b)
	}
	var gets []app.UI
	if r.bankGive >= 0 {
		for _, x := range trades {
			x := x
			if x.a.Give[r.bankGive] == 0 {
				continue
			}
			var got catan.Resource
			for _, res := range m.kinds {
				if x.a.Get[res] > 0 {
					got = res
				}
			}
			gets = append(gets, app.Button().Class("btn").Type("button").ID("bank-get-"+got.String()).
				Title(T("catan.maritime", int(x.a.Give[r.bankGive]), T("res."+catan.Resource(r.bankGive).String()), T("res."+got.String()))).
				Body(app.Raw(resourceSVG(got, 22)), app.Text(T("res."+got.String()))).
				OnClick(func(ctx app.Context, e app.Event) { r.panel = ""; env.Act(ctx, x.a) }, app.EventScope(r.bankGive, got)))
		}
	}
	return app.Section().Class("panel").ID("bank-panel").Body(
		app.H3().Text(T("catan.trade.bank")),
		app.Div().Class("trade-cols").Body(
			app.Div().Body(app.P().Class("small-h").Text(T("catan.give")), app.Div().Class("choices").Body(gives...)),
			app.If(len(gets) > 0, func() app.UI {
				return app.Div().Body(app.P().Class("small-h").Text(T("catan.get")), app.Div().Class("choices").Body(gets...))
			}),
		),
		app.Div().Class("panel-actions").Body(
			app.Button().Class("btn ghost").Type("button").Text(T("catan.cancel")).
				OnClick(func(ctx app.Context, e app.Event) { r.panel = "" }),
		),
	)
}

// composer builds a give/get proposal (an offer or a counter-offer); the
// engine validates it when sent.
func (r *Renderer) composer(env *gameui.Env, m *model, title, send, id string, mk func(give, get catan.Resources) catan.Action) app.UI {
	var gives, gets []app.UI
	for _, res := range m.kinds {
		gives = append(gives, r.stepper(id+"-give", res, &r.give, int(m.hand[res])))
		gets = append(gets, r.stepper(id+"-get", res, &r.get, catan.CardsPerResource))
	}
	reason := offerReason(m, r.give, r.get)
	return app.Section().Class("panel").ID(id+"-panel").Body(
		app.H3().Text(title),
		app.Div().Class("trade-cols").Body(
			app.Div().Body(app.P().Class("small-h").Text(T("catan.give")), app.Div().Class("steppers").Body(gives...)),
			app.Div().Body(app.P().Class("small-h").Text(T("catan.get")), app.Div().Class("steppers").Body(gets...)),
		),
		app.Div().Class("panel-actions").Body(
			app.Button().Class("btn ghost").Type("button").Text(T("catan.cancel")).
				OnClick(func(ctx app.Context, e app.Event) { r.panel = "" }),
			gameui.Button(send, reason, true, func(ctx app.Context, e app.Event) {
				a := mk(r.give, r.get)
				r.panel = ""
				env.Act(ctx, a)
			}).ID(id+"-send"),
		),
	)
}

// offerReason says why a composed offer (or counter-offer) cannot be sent
// yet, "" when it can: cards on both sides, only cards the player holds,
// no kind on both sides (the engine's terms of a trade, as a hint).
func offerReason(m *model, give, get catan.Resources) string {
	switch {
	case give.Total() == 0 || get.Total() == 0:
		return T("why.emptyoffer")
	case !m.hand.Covers(give):
		return T("why.notheld")
	}
	for k := range give {
		if give[k] > 0 && get[k] > 0 {
			return T("why.bothsides", T("res."+catan.Resource(k).String()))
		}
	}
	return ""
}

// counterStart is where a counter-offer starts: the offer turned round,
// giving only what the player holds of what was asked (so it starts
// valid whenever the player holds any of it).
func counterStart(m *model, o catan.Offer) (give, get catan.Resources) {
	for k := range o.Get {
		give[k] = min(o.Get[k], m.hand[k])
	}
	return give, o.Give
}

// answerPanel is a player's reply to the active player's offer: from the
// answerer's side, they give what the offer gets, and get what it gives.
func (r *Renderer) answerPanel(env *gameui.Env, m *model) app.UI {
	if r.panel == "counter" {
		return r.composer(env, m, T("catan.counter"), T("catan.counter.send"), "counter",
			func(give, get catan.Resources) catan.Action { return catan.CounterTrade(give, get) })
	}
	o := m.offer
	who := env.Table.Name(engine.Seat(m.active()))
	accept := ""
	if !has(env, catan.ActAcceptTrade) {
		accept = need(m, o.Get)
		if accept == "" {
			accept = T("why.notnow")
		}
	}
	return app.Section().Class("panel").ID("answer-panel").DataSet("from", strconv.Itoa(m.active())).Body(
		app.H3().Body(gameui.Chip(env.Styles[m.active()]), app.Text(" "+T("catan.offer.from", who, cardsText(m, o.Give), cardsText(m, o.Get)))),
		app.Div().Class("trade-cols").Body(
			app.Div().Body(app.P().Class("small-h").Text(T("catan.give")), app.P().Text(cardsText(m, o.Get))),
			app.Div().Body(app.P().Class("small-h").Text(T("catan.get")), app.P().Text(cardsText(m, o.Give))),
		),
		app.Div().Class("panel-actions").Body(
			gameui.Button(T("catan.accept"), accept, true, func(ctx app.Context, e app.Event) { env.Act(ctx, catan.AcceptTrade()) }).ID("accept"),
			gameui.Button(T("catan.reject"), "", false, func(ctx app.Context, e app.Event) { env.Act(ctx, catan.RejectTrade()) }).ID("reject"),
			app.If(has(env, catan.ActCounterTrade), func() app.UI {
				return gameui.Button(T("catan.counter"), "", false, func(ctx app.Context, e app.Event) {
					r.panel = "counter"
					r.give, r.get = counterStart(m, o)
				}, app.EventScope(cardsText(m, o.Give), cardsText(m, o.Get), cardsText(m, m.hand))).ID("counter")
			}),
		),
	)
}

func (r *Renderer) confirmPanel(env *gameui.Env, m *model) app.UI {
	var btns []app.UI
	for _, x := range legalOf(env, catan.ActConfirmTrade) {
		x := x
		p := int(x.a.Seat)
		terms := m.offer.TradeSide
		if m.offer.Answer[p] == catan.Countered {
			c := m.offer.Counter[p]
			terms = catan.TradeSide{Give: c.Get, Get: c.Give}
		}
		btns = append(btns, app.Button().Class("btn primary").Type("button").ID("confirm-"+strconv.Itoa(p)).Body(
			gameui.Chip(env.Styles[p]),
			app.Text(" "+T("catan.confirm", env.Table.Name(engine.Seat(p)))+": "+cardsText(m, terms.Give)+" → "+cardsText(m, terms.Get)),
		).OnClick(func(ctx app.Context, e app.Event) { env.Act(ctx, x.a) }, app.EventScope(p, cardsText(m, terms.Give), cardsText(m, terms.Get))))
	}
	if has(env, catan.ActCancelTrade) {
		btns = append(btns, gameui.Button(T("catan.cancel.offer"), "", false,
			func(ctx app.Context, e app.Event) { env.Act(ctx, catan.CancelTrade()) }).ID("cancel-offer"))
	}
	return app.Section().Class("panel").ID("confirm-panel").Body(
		app.H3().Text(T("catan.offer.from", env.Table.Name(engine.Seat(m.active())), cardsText(m, m.offer.Give), cardsText(m, m.offer.Get))),
		app.Div().Class("panel-actions").Body(btns...),
	)
}
