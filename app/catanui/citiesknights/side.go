package citiesknights

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
)

// Side shows the barbarians, the three dice, the progress decks and each
// player's part of the expansion.
func (u *addon) Side(env *gameui.Env) app.UI {
	u.gen++
	v, x := views(env)
	if x == nil {
		return app.Text("")
	}
	rows := make([]app.UI, 0, len(x.Seats))
	for p := range x.Seats {
		rows = append(rows, u.seatRow(env, v, x, p))
	}
	decks := make([]app.UI, 0, ck.NumTracks)
	for t := ck.Track(0); t < ck.NumTracks; t++ {
		decks = append(decks, app.Span().Class("ck-deck").DataSet("track", t.String()).Title(T("ck.deck", trackName(t), x.Decks[t])).Body(
			app.Raw(trackBadge(t, 18)), app.Span().Text(strconv.Itoa(x.Decks[t])),
		))
	}
	return app.Section().Class("ck-side").ID("ck-side").Body(
		u.barbarians(env, x),
		app.Div().Class("ck-decks").ID("ck-decks").Body(
			append([]app.UI{app.Span().Class("small-h").Text(T("ck.decks"))}, decks...)...),
		app.H2().Class("small-h").Text(T("ck.cities")),
		app.Ul().Class("players ck-seats").ID("ck-seats").Body(rows...),
	)
}

// barbarians is the ship on its track, the strengths that would meet now,
// the robber's lock and the last attack.
func (u *addon) barbarians(env *gameui.Env, x *ck.View) app.UI {
	const w = 22.0
	var b strings.Builder
	n := x.ShipSteps
	fmt.Fprintf(&b, `<svg class="ck-ship-track" viewBox="0 0 %.0f 30" width="100%%" height="34" role="img" aria-label="%s">`,
		w*float64(n+1)+4, T("ck.aria.ship", x.Ship, n))
	for i := 0; i <= n; i++ {
		fill := "#d9e6ef"
		if i == n {
			fill = "#e9c9a8" // Catan's coast
		}
		fmt.Fprintf(&b, `<rect x="%.0f" y="6" width="%.0f" height="18" rx="3" fill="%s" stroke="#445"/>`, 2+w*float64(i), w-3, fill)
	}
	sx := 2 + w*float64(x.Ship) + (w-3)/2
	bx := botBefore(env)
	fmt.Fprintf(&b, `<g class="ck-ship"%s transform="translate(%.1f 15)">%s</g></svg>`, gameui.Mark(bx != nil && bx.Ship != x.Ship), sx, shipPaths)
	var notes []app.UI
	if x.RobberLocked {
		notes = append(notes, app.P().Class("small muted").ID("ck-robber-locked").Text(T("ck.robberlocked")))
	}
	if a := x.LastAttack; a != nil {
		notes = append(notes, app.P().Class("small").ID("ck-last-attack").Text(attackText(env, a)))
	}
	return app.Div().Class("ck-barbarians").ID("ck-barbarians").DataSet("ship", strconv.Itoa(x.Ship)).Body(
		app.H2().Class("small-h").Text(T("ck.barbarians")),
		app.Raw(b.String()),
		app.P().Class("small").ID("ck-strengths").Text(T("ck.strengths", x.Ship, x.ShipSteps, x.Barbarians, x.Defence)),
		app.Div().Body(notes...),
	)
}

// attackText says how the last attack ended.
func attackText(env *gameui.Env, a *ck.AttackView) string {
	names := func(seats []int) string {
		var out []string
		for _, p := range seats {
			out = append(out, seatName(env, p))
		}
		return strings.Join(out, ", ")
	}
	switch {
	case a.CatanWins && a.Defender >= 0:
		return T("ck.attack.defender", a.Barbarians, a.Defence, seatName(env, a.Defender))
	case a.CatanWins:
		return T("ck.attack.tie", a.Barbarians, a.Defence, names(a.Drawers))
	case len(a.Pillaged) > 0:
		return T("ck.attack.lost", a.Barbarians, a.Defence, names(a.Pillaged))
	}
	return T("ck.attack.nobody", a.Barbarians, a.Defence)
}

// Roll is the red, yellow and event dice of the last roll, where the base
// game shows its two dice (catanui.Roller).
func (u *addon) Roll(env *gameui.Env) app.UI {
	_, x := views(env)
	if x == nil || x.Red == 0 || x.Event == "" {
		return nil
	}
	event := T("ck.event." + x.Event)
	row := app.Div().Class("dice-row ck-dice").ID("ck-dice").DataSet("event", x.Event)
	// A bot rolled, or set red and yellow with the Alchemist and rolled
	// the event die.
	if env.BotChance("dice") || env.BotChance("event-die") {
		row = row.Attr(gameui.BotMarkAttr, "1")
	}
	return row.Aria("label", T("ck.aria.dice", x.Red, x.Yellow, event)).Body(
		append(append([]app.UI{app.Span().Class("small-h").Text(T("ck.roll"))}, diceOf(x)...),
			app.Span().Class("small").Text(event))...,
	)
}

// diceOf draws the red, yellow and event dice of the last roll.
func diceOf(x *ck.View) []app.UI {
	return []app.UI{
		app.Raw(dieSVG("red", x.Red, "")),
		app.Raw(dieSVG("yellow", x.Yellow, "")),
		app.Raw(dieSVG("event", 0, x.Event)),
	}
}

// seatRow is one player's improvements, metropolises, walls, knights,
// progress cards and expansion points.
func (u *addon) seatRow(env *gameui.Env, v *catan.View, x *ck.View, p int) app.UI {
	s := x.Seats[p]
	tracks := make([]app.UI, 0, ck.NumTracks)
	for t := ck.Track(0); t < ck.NumTracks; t++ {
		l := s.Levels[t]
		name := improvementName(t, l)
		if name == "" {
			name = T("ck.imp.none")
		}
		var pipsSVG strings.Builder
		pipsSVG.WriteString(`<svg viewBox="0 0 50 10" width="50" height="10" aria-hidden="true">`)
		for i := 1; i <= ck.MaxLevel; i++ {
			fill := "#fff"
			if i <= l {
				fill = trackFill[t]
			}
			fmt.Fprintf(&pipsSVG, `<rect x="%d" y="1" width="8" height="8" fill="%s" stroke="#333"/>`, (i-1)*10+1, fill)
		}
		pipsSVG.WriteString(`</svg>`)
		metro := ""
		for _, m := range s.Metropolises {
			if m == t.String() {
				metro = " ◆"
			}
		}
		tracks = append(tracks, app.Span().Class("ck-level").DataSet("track", t.String()).DataSet("level", strconv.Itoa(l)).
			Title(T("ck.level.tip", trackName(t), l, name)).Aria("label", T("ck.level.tip", trackName(t), l, name)).Body(
			app.Raw(trackBadge(t, 14)), app.Raw(pipsSVG.String()), app.Span().Text(metro),
		))
	}
	knights, active := 0, 0
	for _, k := range x.Knights {
		if k.Owner == p {
			knights++
			if k.Active {
				active++
			}
		}
	}
	stats := []app.UI{
		app.Span().Class("ck-knights").Text(T("ck.knightstat", knights, active, s.Strength)),
		app.Span().Class("ck-walls").Text(T("ck.wallstat", s.Walls, ck.WallsPerPlayer)),
		app.Span().Class("ck-progress").Text(N("ck.progress", s.Progress)),
		app.Span().Class("ck-limit").Text(T("ck.handlimit", s.HandLimit)),
	}
	var awards []app.UI
	award := func(on bool, text string) {
		if on {
			awards = append(awards, app.Span().Class("award").Text(text))
		}
	}
	for t := ck.Track(0); t < ck.NumTracks; t++ {
		if s.Levels[t] >= ck.AbilityLevel { // the level-3 ability, with what it does
			awards = append(awards, app.Span().Class("award ck-ability").DataSet("track", t.String()).
				Title(T("ck.ability."+t.String())).Text(improvementName(t, ck.AbilityLevel)))
		}
	}
	for _, m := range s.Metropolises {
		t, _ := ck.ParseTrack(m)
		award(true, T("ck.metropolis.of", trackName(t)))
	}
	award(s.Defender > 0, N("ck.defender.n", s.Defender))
	award(s.Printer, cardName(ck.Printer))
	award(s.Constitution, cardName(ck.Constitution))
	award(s.Merchant, T("ck.merchant"))
	for _, f := range s.Fleet {
		award(true, T("ck.fleet", T("res."+f)))
	}
	li := app.Li().Class("player ck-seat").DataSet("seat", strconv.Itoa(p)).
		DataSet("levels", fmt.Sprintf("%d,%d,%d", s.Levels[0], s.Levels[1], s.Levels[2])).
		DataSet("progress", strconv.Itoa(s.Progress))
	if p == v.Active && v.Winner < 0 {
		li = li.Class("active")
	}
	return li.Body(
		app.Div().Class("player-top").Body(
			gameui.Chip(style(env, p)),
			app.Strong().Class("pname").Text(seatName(env, p)),
		),
		app.Div().Class("ck-tracks").Body(tracks...),
		app.Div().Class("pstats small").Body(stats...),
		app.If(len(awards) > 0, func() app.UI { return app.Div().Class("awards").Body(awards...) }),
	)
}
