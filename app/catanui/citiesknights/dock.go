package citiesknights

import (
	"errors"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/catanui"
	"tabula/app/gameui"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
)

// Dock is the expansion's part of the viewer's dock: what the viewer is
// asked, the panel of an expansion phase or of a card being played, the
// expansion's actions on its own turn and its progress cards.
func (u *addon) Dock(env *gameui.Env) app.UI {
	u.gen++
	v, x := views(env)
	if x == nil || !mine(env, v) {
		return app.Text("")
	}
	if !ownTurn(env, v) && u.mode != modeNone {
		u.Reset()
	}
	var parts []app.UI
	if msg := u.prompt(env, v, x); msg != "" {
		parts = append(parts, app.P().Class("prompt").ID("ck-prompt").Aria("live", "polite").Text(msg))
	}
	if p := u.phasePanel(env, v, x); p != nil {
		parts = append(parts, p)
	}
	if p := u.cardPanel(env, v, x); p != nil {
		parts = append(parts, p)
	}
	if bar := u.actions(env, v, x); bar != nil {
		parts = append(parts, bar)
	}
	parts = append(parts, u.hand(env, v, x))
	return app.Div().Class("ck-dock").ID("ck-dock").Body(parts...)
}

// prompt says what the viewer is asked in the expansion's phases, or what
// the board's highlights mean in the mode chosen.
func (u *addon) prompt(env *gameui.Env, v *catan.View, x *ck.View) string {
	pr := x.Prompt
	if len(env.Legal) == 0 {
		return ""
	}
	switch pr.Code {
	case "":
	case "place-metropolis":
		t, _ := ck.ParseTrack(pr.Track)
		return T("ck.ask.place-metropolis", trackName(t))
	case "retreat-knight", "place-deserter":
		return T("ck.ask."+pr.Code, rankName(pr.Rank))
	case "give-cards", "take-cards":
		return N("ck.ask."+pr.Code, pr.Count, seatName(env, pr.Seat))
	case "discard-progress", "sabotage":
		return N("ck.ask."+pr.Code, pr.Count)
	case "spy-take", "spy-give", "harbor-offer", "harbor-return":
		return T("ck.ask."+pr.Code, seatName(env, pr.Seat))
	default:
		return T("ck.ask." + pr.Code)
	}
	if pr.Count > 0 && ownTurn(env, v) {
		return N("ck.ask.overlimit", pr.Count, ck.ProgressHandLimit)
	}
	switch u.mode {
	case modeKnight:
		if u.from < 0 {
			return T("ck.ask.knight")
		}
		return T("ck.ask.knightto")
	case modeCard:
		switch {
		case u.card == ck.Inventor && u.from >= 0:
			return T("ck.ask.inventor2")
		case u.card == ck.Smith && u.from >= 0:
			return T("ck.ask.smith2")
		}
		return T("ck.ask.card." + u.card.String())
	case modeNone:
		return ""
	}
	return T("ck.ask." + u.mode)
}

// phasePanel is the panel of an expansion phase whose choice is not on
// the board: a deck, a resource, cards to give or take, a pass.
func (u *addon) phasePanel(env *gameui.Env, v *catan.View, x *ck.View) app.UI {
	var body []app.UI
	buttons := func(t catan.ActionType, label func(catan.Action) (string, string), id func(catan.Action) string) {
		acts, idx := legal(env, t)
		var btns []app.UI
		for i, a := range acts {
			icon, text := label(a)
			btns = append(btns, u.act(env, "", idx[i], false).ID(id(a)).Body(app.Raw(icon), app.Text(" "+text)))
		}
		if len(btns) > 0 {
			body = append(body, app.Div().Class("choices").Body(btns...))
		}
	}
	resource := func(a catan.Action) (string, string) {
		return catanui.ResourceIcon(a.Resource, 22), T("res." + a.Resource.String())
	}
	resID := func(prefix string) func(catan.Action) string {
		return func(a catan.Action) string { return prefix + a.Resource.String() }
	}
	buttons(ck.ActChooseDeck, func(a catan.Action) (string, string) {
		t := ck.Track(a.Card)
		return trackBadge(t, 20), T("ck.deck", trackName(t), x.Decks[t])
	}, func(a catan.Action) string { return "deck-" + ck.Track(a.Card).String() })
	buttons(ck.ActAqueduct, resource, resID("aqueduct-"))
	buttons(ck.ActHarborOffer, resource, resID("harbor-offer-"))
	buttons(ck.ActHarborReturn, resource, resID("harbor-return-"))
	buttons(ck.ActSpyTake, func(a catan.Action) (string, string) {
		c := ck.Card(a.Card)
		return trackBadge(c.Deck(), 18), cardName(c) + " — " + T("ck.cardtext."+c.String())
	}, func(a catan.Action) string { return "spy-take-" + ck.Card(a.Card).String() })
	// Sealed play: the Spy names the target's card by where it was drawn;
	// the peek says what its device saw there.
	buttons(ck.ActSpyPick, func(a catan.Action) (string, string) {
		if x.Peek != nil {
			for _, sl := range x.Peek.Slots {
				if c, ok := ck.ParseCard(sl.Card); ok && sl.Pick == a.Card {
					return trackBadge(c.Deck(), 18), cardName(c) + " — " + T("ck.cardtext."+c.String())
				}
			}
		}
		return "", T("ck.peek.none")
	}, func(a catan.Action) string { return "spy-pick-" + strconv.Itoa(a.Card) })
	for _, t := range []catan.ActionType{ck.ActHarborPass, ck.ActDeserterPass, ck.ActDiplomatPass} {
		acts, idx := legal(env, t)
		for i := range acts {
			body = append(body, app.Div().Class("panel-actions").Body(u.act(env, T("ck.pass"), idx[i], false).ID("ck-pass")))
		}
	}
	if has(env, ck.ActGiveCards) {
		body = append(body, u.composer(env, v, ck.ActGiveCards, *v.Seats[env.Viewer].Hand, x.Prompt.Count,
			func(a catan.Action) catan.Resources { return a.Give }))
	}
	if has(env, ck.ActTakeCards) && x.Peek != nil && x.Peek.Hand != nil {
		body = append(body, u.composer(env, v, ck.ActTakeCards, *x.Peek.Hand, x.Prompt.Count,
			func(a catan.Action) catan.Resources { return a.Get }))
	}
	if x.Peek != nil && x.Peek.Cards != nil && !has(env, ck.ActSpyTake) && !has(env, ck.ActSpyPick) {
		body = append(body, app.P().Class("small").Text(T("ck.peek.none")))
	}
	if len(body) == 0 {
		return nil
	}
	return app.Section().Class("panel").ID("ck-panel").Body(body...)
}

// composer chooses n cards out of from (the Wedding's gift, the Master
// Merchant's take) and sends the legal action of kind t holding them.
func (u *addon) composer(env *gameui.Env, v *catan.View, t catan.ActionType, from catan.Resources, n int,
	cards func(catan.Action) catan.Resources) app.UI {
	var steps []app.UI
	for _, name := range v.Cards {
		r, ok := catan.ParseResource(name)
		if !ok || from[r] == 0 {
			continue
		}
		k := int(u.pick[r])
		label := T("res." + r.String())
		steps = append(steps, app.Div().Class("stepper").DataSet("res", r.String()).Body(
			app.Raw(catanui.ResourceIcon(r, 24)),
			u.button("−", reason(k == 0), false, func(ctx app.Context, e app.Event) {
				if u.pick[r] > 0 {
					u.pick[r]--
				}
			}).ID("ck-minus-"+r.String()).Aria("label", "− "+label),
			app.Span().Class("count").Aria("label", label).Text(strconv.Itoa(k)),
			u.button("+", reason(k >= int(from[r]) || u.pick.Total() >= n), false, func(ctx app.Context, e app.Event) {
				if int(u.pick[r]) < int(from[r]) && u.pick.Total() < n {
					u.pick[r]++
				}
			}).ID("ck-plus-"+r.String()).Aria("label", "+ "+label),
		))
	}
	send := u.button(T("ck.send"), N("why.discardn", n), true, nil).ID("ck-send")
	acts, idx := legal(env, t)
	for i, a := range acts {
		if cards(a) == u.pick {
			send = u.act(env, T("ck.send"), idx[i], true).ID("ck-send")
		}
	}
	return app.Div().Body(
		app.Div().Class("steppers").Body(steps...),
		app.Div().Class("panel-actions").Body(
			app.Span().Class("small muted").Text(T("catan.discard.left", max(0, n-u.pick.Total()))), send),
	)
}

// reason is the stepper buttons' reason when they are off.
func reason(off bool) string {
	if off {
		return T("why.notnow")
	}
	return ""
}

// actions are the expansion's buttons on the viewer's own turn: walls,
// knights and improvements, and rebuilding a toppled city. Each stays
// shown, with the reason, when it cannot be done.
func (u *addon) actions(env *gameui.Env, v *catan.View, x *ck.View) app.UI {
	p := int(env.Viewer)
	if v.Active != p || v.Winner >= 0 || (v.Step != catan.PhaseRoll && v.Step != catan.PhaseMain) {
		return nil
	}
	me := x.Seats[p]
	knights := 0
	for _, k := range x.Knights {
		if k.Owner == p {
			knights++
		}
	}
	mode := func(m, label, id string, t catan.ActionType, cost catan.Resources, specific string) app.UI {
		b := u.button(T("ck.btn."+m), u.why(env, v, t, cost, specific), false, func(ctx app.Context, e app.Event) {
			if u.mode == m {
				u.Reset()
			} else {
				u.Reset()
				u.mode = m
			}
		}).ID(id).Aria("pressed", strconv.FormatBool(u.mode == m)).Aria("label", label+" ("+catanui.CardsText(cost)+")")
		if cost.Total() > 0 {
			b = b.Body(app.Text(T("ck.btn."+m)+" "), costIcons(cost))
		}
		if u.mode == m {
			b = b.Class("on")
		}
		return b
	}
	noKnight := T("ck.why.noknights")
	pick := func(specific string) string {
		if knights == 0 {
			return noKnight
		}
		return specific
	}
	bar := []app.UI{
		app.Span().Class("small-h").Text(T("ck.knightsh")),
		mode(modeHire, T("ck.hire"), "ck-hire", ck.ActHireKnight, ck.KnightCost, hireWhy(me)),
		mode(modeActivate, T("ck.activate"), "ck-activate", ck.ActActivateKnight, ck.ActivateCost, pick(T("ck.why.allactive"))),
		mode(modePromote, T("ck.promote"), "ck-promote", ck.ActPromoteKnight, ck.KnightCost, pick(T("ck.why.nopromote"))),
		u.knightButton(env, v, pick(T("ck.why.noact"))),
		app.Span().Class("small-h").Text(T("ck.buildh")),
		mode(modeWall, T("ck.wall"), "ck-wall", ck.ActBuildWall, ck.WallCost, wallWhy(me)),
	}
	if ownToppled(v, x, p) > 0 || has(env, ck.ActRepairCity) {
		bar = append(bar, mode(modeRepair, T("ck.repair"), "ck-repair", ck.ActRepairCity, catan.CityCost, T("why.notnow")))
	}
	for t := ck.Track(0); t < ck.NumTracks; t++ {
		bar = append(bar, u.improveButton(env, v, x, t))
	}
	return app.Div().Class("actions ck-actions").ID("ck-actions").Aria("label", T("ck.actions")).Body(bar...)
}

// knightButton opens a knight's action: the knight, then where it goes.
func (u *addon) knightButton(env *gameui.Env, v *catan.View, specific string) app.UI {
	reason := ""
	if len(actingKnights(env)) == 0 {
		reason = u.why(env, v, -1, catan.Resources{}, specific)
	}
	b := u.button(T("ck.btn.knight"), reason, false, func(ctx app.Context, e app.Event) {
		on := u.mode == modeKnight
		u.Reset()
		if !on {
			u.mode = modeKnight
		}
	}).ID("ck-knight").Aria("pressed", strconv.FormatBool(u.mode == modeKnight)).Aria("label", T("ck.knightact"))
	if u.mode == modeKnight {
		b = b.Class("on")
	}
	return b
}

// improveButton buys the next level of track t: its name and cost, or why
// not.
func (u *addon) improveButton(env *gameui.Env, v *catan.View, x *ck.View, t ck.Track) app.UI {
	p := int(env.Viewer)
	me := x.Seats[p]
	level := me.Levels[t]
	acts, idx := legal(env, ck.ActImprove)
	for i, a := range acts {
		if ck.Track(a.Card) == t {
			return u.act(env, "", idx[i], false).ID("ck-improve-"+t.String()).
				Title(T("ck.improve.to", trackName(t), level+1, improvementName(t, level+1))+" — "+T("ck.improve.tip."+t.String())).
				Aria("label", T("ck.improve.to", trackName(t), level+1, improvementName(t, level+1))).Body(
				app.Raw(trackBadge(t, 18)),
				app.Span().Class("ck-impname").Text(improvementName(t, level+1)),
				costIcons(catan.Of(t.Commodity(), ck.ImprovementCost(level+1))),
			)
		}
	}
	specific := ""
	if level >= ck.MaxLevel {
		specific = T("ck.why.toplevel")
	} else {
		free, holds := me.Cities, false
		for _, m := range x.Metropolises {
			if m.Owner == p {
				free--
				holds = holds || m.Track == t.String()
			}
		}
		switch err := ck.ImproveRule(level, me.Cities, free, holds); {
		case errors.Is(err, ck.ErrNeedCity):
			specific = T("ck.why.nocity")
		case errors.Is(err, ck.ErrNeedFreeCity):
			specific = T("ck.why.freecity")
		default:
			specific = T("why.notnow")
		}
	}
	cost := catan.Resources{}
	label, full := T("ck.improve.topshort"), T("ck.improve.top", trackName(t))
	if level < ck.MaxLevel {
		cost = catan.Of(t.Commodity(), ck.ImprovementCost(level+1))
		label, full = improvementName(t, level+1), T("ck.improve.to", trackName(t), level+1, improvementName(t, level+1))
	}
	return u.button("", u.why(env, v, ck.ActImprove, cost, specific), false, nil).ID("ck-improve-"+t.String()).
		Aria("label", full).Body(app.Raw(trackBadge(t, 18)), app.Span().Class("ck-impname").Text(label), costIcons(cost))
}

// why explains a disabled expansion action of kind t (a hint from public
// facts; the button is live exactly when Legal holds such an action).
func (u *addon) why(env *gameui.Env, v *catan.View, t catan.ActionType, cost catan.Resources, specific string) string {
	switch {
	case t >= 0 && has(env, t):
		return ""
	case len(env.Legal) == 0 || int(env.Viewer) != v.Active:
		return T("why.notturn")
	case v.Step == catan.PhaseRoll:
		return T("why.rollfirst")
	case v.Step != catan.PhaseMain:
		return T("why.notnow")
	}
	if hand := v.Seats[env.Viewer].Hand; hand != nil {
		if needs := catanui.Needs(*hand, cost); needs != "" {
			return needs
		}
	}
	return specific
}

func wallWhy(me ck.SeatView) string {
	switch {
	case me.Walls >= ck.WallsPerPlayer:
		return T("ck.why.allwalls", ck.WallsPerPlayer)
	case me.Cities == 0:
		return T("ck.why.nocity")
	}
	return T("ck.why.allwalled")
}

func hireWhy(me ck.SeatView) string {
	if me.KnightsLeft[0] == 0 {
		return T("ck.why.nobasic")
	}
	return T("ck.why.noroadend")
}

// ownToppled counts seat p's toppled cities.
func ownToppled(v *catan.View, x *ck.View, p int) int {
	n := 0
	for _, w := range x.Toppled {
		if v.Vertices[w].Owner == p {
			n++
		}
	}
	return n
}

// costIcons is a cost as small cards.
func costIcons(cost catan.Resources) app.UI {
	icons := ""
	for r := catan.Resource(0); r < catan.NumCards; r++ {
		for k := 0; k < int(cost[r]); k++ {
			icons += catanui.ResourceIcon(r, 16)
		}
	}
	return app.Span().Class("icons").Aria("label", catanui.CardsText(cost)).Body(app.Raw(`<span>` + icons + `</span>`))
}
