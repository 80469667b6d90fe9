package citiesknights

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/catanui"
	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	ck "tabula/engine/catan/citiesknights"
)

// What the table around the board says of the expansion (catanui.Asker
// and catanui.Summary): why the header waits for a seat in the
// expansion's phases, on a phone's player chips each seat's progress
// cards and the three dice, and the expansion's building costs
// (catanui.Coster).

// Ask is the header's line for a seat in one of the expansion's phases
// (code is the phase's name): "You: choose the city the barbarians take",
// "Bruno is discarding progress cards down to 4".
func (u *addon) Ask(env *gameui.Env, seat engine.Seat, code string) (gameui.Wait, bool) {
	you, other := "ck.turn.you."+code, "ck.turn.other."+code
	v, x := views(env)
	if x == nil || !i18n.Has(you) {
		return gameui.Wait{}, false
	}
	switch code {
	case "wedding", "harbor-return": // given to the player of the turn
		return gameui.Waiting(env, seat, you, other, env.Name(engine.Seat(v.Active))), true
	case "progress-limit":
		return gameui.Waiting(env, seat, you, other, ck.ProgressHandLimit), true
	}
	return gameui.Waiting(env, seat, you, other), true
}

// Note is seat p's progress cards in hand (a public count), on its chip.
func (u *addon) Note(env *gameui.Env, p int) string {
	_, x := views(env)
	if x == nil || p < 0 || p >= len(x.Seats) || x.Seats[p].Progress == 0 {
		return ""
	}
	return T("ck.chip.progress", x.Seats[p].Progress)
}

// Dice are, beside the chips, the barbarian ship's step and the red,
// yellow and event dice of the last roll (before the first roll the ship
// alone).
func (u *addon) Dice(env *gameui.Env) app.UI {
	_, x := views(env)
	if x == nil {
		return nil
	}
	ship := app.Span().Class("ck-chip-ship").ID("chip-ship").DataSet("ship", x.Ship).Aria("label", T("ck.aria.ship", x.Ship, x.ShipSteps)).Body(
		app.Raw(shipSVG(18)),
		app.Span().Aria("hidden", "true").Text(strconv.Itoa(x.Ship)+"/"+strconv.Itoa(x.ShipSteps)),
	)
	if x.Red == 0 || x.Event == "" {
		return app.Span().Class("dice-row").Body(ship)
	}
	return app.Span().Class("dice-row").Body(ship,
		app.Span().Class("dice-row ck-dice").ID("chip-dice").DataSet("event", x.Event).
			Aria("label", T("ck.aria.dice", x.Red, x.Yellow, T("ck.event."+x.Event))).Body(diceOf(x)...))
}

// Costs are the expansion's rows of the building costs card, from the
// engine's tables: the city wall and the knight's hire, promotion and
// activation (each improvement's cost is on its own button in the dock).
func (u *addon) Costs(env *gameui.Env) []catanui.Cost {
	return []catanui.Cost{
		{Label: T("ck.wall"), Cost: ck.WallCost},
		{Label: T("ck.hire"), Cost: ck.KnightCost},
		{Label: T("ck.promote"), Cost: ck.KnightCost},
		{Label: T("ck.activate"), Cost: ck.ActivateCost},
	}
}
