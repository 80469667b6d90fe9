package citiesknights

import (
	"sort"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/catanui"
	"tabula/app/gameui"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
)

// What a progress card asks for when played.
const (
	choiceNone     = iota // played as it is
	choiceDice            // the Alchemist: red and yellow
	choiceTrack           // the Crane: the track to improve
	choiceVertex          // an intersection on the board
	choiceHex             // a hex on the board
	choiceEdge            // a road on the board
	choiceHexPair         // the Inventor: two number tokens
	choiceKnights         // the Smith: one or two knights
	choiceSeat            // an opponent
	choiceResource        // a resource or a commodity
)

// choiceOf is what card c asks for (the fields its play action carries).
func choiceOf(c ck.Card) int {
	switch c {
	case ck.Alchemist:
		return choiceDice
	case ck.Crane:
		return choiceTrack
	case ck.Engineer, ck.Medicine, ck.Intrigue:
		return choiceVertex
	case ck.Bishop, ck.Merchant:
		return choiceHex
	case ck.Diplomat:
		return choiceEdge
	case ck.Inventor:
		return choiceHexPair
	case ck.Smith:
		return choiceKnights
	case ck.Deserter, ck.Spy, ck.MasterMerchant:
		return choiceSeat
	case ck.MerchantFleet, ck.ResourceMonopoly, ck.TradeMonopoly:
		return choiceResource
	}
	return choiceNone
}

// heldCards are the viewer's progress cards in card order, with counts.
func heldCards(x *ck.View, p int) []ck.Card {
	if p < 0 || p >= len(x.Seats) {
		return nil
	}
	var out []ck.Card
	for id := range x.Seats[p].Cards {
		if c, ok := ck.ParseCard(id); ok {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// hand is the viewer's progress cards: each with its deck, title, when it
// is played and what it does, a Play button (live when the engine offers
// it now, else with the reason) and, while the viewer is over the limit,
// a Discard button.
func (u *addon) hand(env *gameui.Env, v *catan.View, x *ck.View) app.UI {
	p := int(env.Viewer)
	cards := heldCards(x, p)
	if len(cards) == 0 {
		return app.Text("")
	}
	items := make([]app.UI, 0, len(cards))
	for _, c := range cards {
		items = append(items, u.cardItem(env, v, x, c, x.Seats[p].Cards[c.String()]))
	}
	return app.Section().Class("ck-hand").ID("ck-hand").Aria("label", T("ck.hand")).Body(
		app.H3().Class("small-h").Text(T("ck.hand.count", x.Seats[p].Progress, ck.ProgressHandLimit)),
		app.Div().Class("ck-cards").Body(items...),
	)
}

func (u *addon) cardItem(env *gameui.Env, v *catan.View, x *ck.View, c ck.Card, n int) app.UI {
	f := ck.Cards[c]
	name := cardName(c)
	if n > 1 {
		name += " ×" + strconv.Itoa(n)
	}
	var btns []app.UI
	if t, ok := playKind(c); ok && f.Timing != ck.AtOnce {
		c := c
		btns = append(btns, u.button(T("ck.play"), u.whyCard(env, v, c, t), false, func(ctx app.Context, e app.Event) {
			u.playCard(ctx, env, c)
		}).ID("play-"+c.String()).Aria("label", T("catan.play", cardName(c))))
	}
	acts, idx := legal(env, ck.ActDiscardCard)
	for i, a := range acts {
		if a.Card == int(c) {
			btns = append(btns, u.act(env, T("ck.discard"), idx[i], false).ID("discard-"+c.String()).
				Aria("label", T("ck.discard.card", cardName(c))))
		}
	}
	open := u.info == c.String()
	btns = append(btns, u.button("i", "", false, func(ctx app.Context, e app.Event) {
		if u.info == c.String() {
			u.info = ""
		} else {
			u.info = c.String()
		}
	}).ID("info-"+c.String()).Class("ck-info").Aria("label", T("ck.info", cardName(c))).Aria("expanded", strconv.FormatBool(open)))
	item := app.Div().Class("ck-card").DataSet("card", c.String()).DataSet("deck", f.Deck.String()).
		Title(T("ck.timing."+f.Timing.String())+": "+T("ck.cardtext."+c.String())).Body(
		app.Div().Class("ck-card-top").Body(
			app.Raw(trackBadge(f.Deck, 18)),
			app.Strong().Class("cname").Text(name),
			app.Div().Class("ck-card-btns").Body(btns...),
		),
		app.If(open, func() app.UI {
			return app.P().Class("ck-effect small").Body(
				app.Em().Text(T("ck.timing."+f.Timing.String())+". "), app.Text(T("ck.cardtext."+c.String())))
		}),
	)
	if u.mode == modeCard && u.card == c {
		item = item.Class("on")
	}
	return item
}

// whyCard is why card c cannot be played now ("" when it can).
func (u *addon) whyCard(env *gameui.Env, v *catan.View, c ck.Card, t catan.ActionType) string {
	switch {
	case has(env, t):
		return ""
	case len(env.Legal) == 0 || int(env.Viewer) != v.Active:
		return T("why.notturn")
	case c == ck.Alchemist && v.Step != catan.PhaseRoll:
		return T("ck.why.beforeroll")
	case c != ck.Alchemist && v.Step == catan.PhaseRoll:
		return T("why.rollfirst")
	case v.Step != catan.PhaseMain:
		return T("why.notnow")
	}
	return T("ck.why.idle." + c.String())
}

// playCard starts playing card c: at once when it asks for nothing (or
// its one possible choice), else its chooser or its board targets open.
func (u *addon) playCard(ctx app.Context, env *gameui.Env, c ck.Card) {
	t, _ := playKind(c)
	acts, idx := legal(env, t)
	if len(acts) == 0 {
		return
	}
	if choiceOf(c) == choiceNone {
		a := env.Legal[idx[0]]
		u.Reset()
		env.Act(ctx, a)
		return
	}
	if u.mode == modeCard && u.card == c {
		u.Reset() // a second press closes it
		return
	}
	u.Reset()
	u.mode, u.card = modeCard, c
}

// cardPanel is the chooser of the card being played: its buttons for a
// choice off the board (dice, track, opponent, kind), or its prompt and a
// Cancel for a choice on the board.
func (u *addon) cardPanel(env *gameui.Env, v *catan.View, x *ck.View) app.UI {
	t, ok := playKind(u.card)
	if u.mode != modeCard || !ok {
		return nil
	}
	acts, idx := legal(env, t)
	if len(acts) == 0 {
		return nil
	}
	var body []app.UI
	switch choiceOf(u.card) {
	case choiceDice:
		body = append(body, u.alchemistPicker(env, acts, idx)...)
	case choiceTrack:
		var btns []app.UI
		for i, a := range acts {
			tr := ck.Track(a.Card)
			level := x.Seats[env.Viewer].Levels[tr] + 1
			cost := catan.Of(tr.Commodity(), ck.CraneCost(level))
			btns = append(btns, u.act(env, "", idx[i], false).ID("crane-"+tr.String()).Body(
				app.Raw(trackBadge(tr, 18)),
				app.Text(" "+T("ck.improve.to", trackName(tr), level, improvementName(tr, level))+" — "+catanui.CardsText(cost)),
			))
		}
		body = append(body, app.Div().Class("choices").Body(btns...))
	case choiceSeat:
		var btns []app.UI
		for i, a := range acts {
			q := int(a.Seat)
			btns = append(btns, u.act(env, "", idx[i], false).ID(u.card.String()+"-"+strconv.Itoa(q)).Body(
				gameui.Chip(style(env, q)),
				app.Text(" "+seatName(env, q)+" — "+seatFacts(v, x, q, u.card)),
			))
		}
		body = append(body, app.Div().Class("choices").Body(btns...))
	case choiceResource:
		var btns []app.UI
		for i, a := range acts {
			btns = append(btns, u.act(env, "", idx[i], false).ID(u.card.String()+"-"+a.Resource.String()).Body(
				app.Raw(catanui.ResourceIcon(a.Resource, 22)), app.Text(" "+T("res."+a.Resource.String())),
			))
		}
		body = append(body, app.Div().Class("choices").Body(btns...))
	case choiceKnights:
		if u.from >= 0 {
			for i, a := range acts {
				if a.Vertex == u.from && a.To < 0 {
					body = append(body, u.act(env, T("ck.smith.alone"), idx[i], false).ID("smith-one"))
				}
			}
		}
	}
	return app.Section().Class("panel ck-chooser").ID("ck-chooser").Body(
		app.H3().Body(app.Raw(trackBadge(ck.Cards[u.card].Deck, 18)), app.Text(" "+cardName(u.card))),
		app.P().Class("small").Text(T("ck.cardtext."+u.card.String())),
		app.Div().Body(body...),
		app.Div().Class("panel-actions").Body(
			u.button(T("catan.cancel"), "", false, func(ctx app.Context, e app.Event) { u.Reset() }).ID("ck-cancel").Class("ghost"),
		),
	)
}

// seatFacts is what matters about opponent q for the card: its knights
// (Deserter), progress cards (Spy) or cards in hand (Master Merchant).
func seatFacts(v *catan.View, x *ck.View, q int, c ck.Card) string {
	switch c {
	case ck.Deserter:
		n := 0
		for _, k := range x.Knights {
			if k.Owner == q {
				n++
			}
		}
		return N("ck.knights", n)
	case ck.Spy:
		return N("ck.progress", x.Seats[q].Progress)
	}
	return N("catan.cards", v.Seats[q].Cards) + ", " + T("catan.vp", v.Seats[q].Points)
}

// alchemistPicker chooses the red and yellow dice, then plays.
func (u *addon) alchemistPicker(env *gameui.Env, acts []catan.Action, idx []int) []app.UI {
	row := func(kind string, chosen *int) app.UI {
		btns := []app.UI{app.Span().Class("small-h").Text(T("ck.die." + kind))}
		for n := 1; n <= 6; n++ {
			n := n
			b := u.button("", "", false, func(ctx app.Context, e app.Event) { *chosen = n }).
				ID("alchemist-"+kind+"-"+strconv.Itoa(n)).Aria("label", T("ck.die."+kind)+" "+strconv.Itoa(n)).
				Aria("pressed", strconv.FormatBool(*chosen == n)).Body(app.Raw(dieSVG(kind, n, "")))
			if *chosen == n {
				b = b.Class("on")
			}
			btns = append(btns, b)
		}
		return app.Div().Class("choices ck-dice-pick").Body(btns...)
	}
	play := u.button(T("ck.alchemist.play"), T("ck.why.dice"), true, nil).ID("alchemist-play")
	for i, a := range acts {
		if int(a.Dice[0]) == u.red && int(a.Dice[1]) == u.yellow {
			play = u.act(env, T("ck.alchemist.play"), idx[i], true).ID("alchemist-play")
		}
	}
	return []app.UI{row("red", &u.red), row("yellow", &u.yellow), app.Div().Class("panel-actions").Body(play)}
}
