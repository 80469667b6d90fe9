package catanui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/catan"
)

// What the table around the board shows of Catan: why the table waits for
// each seat (the header), the phone's player chips and dice, the building
// costs card, and whose each chance line of the log is.

// Turn says, for each seat the table waits for, what it is asked to do,
// from the seat's public prompt: "You: move the robber", "Bruno is
// answering your offer".
func (r *Renderer) Turn(env *gameui.Env) []gameui.Wait {
	m := newModel(env)
	if m == nil || m.over {
		return nil
	}
	var out []gameui.Wait
	for _, d := range env.Awaits() {
		p := int(d)
		if p < 0 || p >= len(m.v.Seats) {
			continue
		}
		pr := m.seat(p).Prompt
		switch pr.Code {
		case "place-settlement", "place-city", "place-road", "roll", "move-robber", "rob", "build-or-trade", "confirm-trade":
			out = append(out, gameui.Waiting(env, d, "catan.turn.you."+pr.Code, "catan.turn.other."+pr.Code))
		case "discard", "place-free-road":
			out = append(out, gameui.Waiting(env, d, "catan.turn.you."+pr.Code, "catan.turn.other."+pr.Code, pr.Count))
		case "answer-trade":
			offerer := engine.Seat(m.active())
			switch {
			case env.IsYou(d):
				out = append(out, gameui.Wait{Seat: d, Text: T("catan.turn.you.answer-trade", env.Name(offerer))})
			case env.IsYou(offerer):
				out = append(out, gameui.Wait{Seat: d, Text: T("catan.turn.other.answer-trade.yours", env.Name(d))})
			default:
				out = append(out, gameui.Wait{Seat: d, Text: T("catan.turn.other.answer-trade", env.Name(d), env.Name(offerer))})
			}
		default: // an expansion's phase
			if a, ok := r.addon.(Asker); ok {
				if w, ok := a.Ask(env, d, pr.Code); ok {
					out = append(out, w)
					continue
				}
			}
			out = append(out, gameui.Waiting(env, d, "turn.you", "turn.other"))
		}
	}
	return out
}

// Asker is an Addon that says in the header what its phases ask of a
// seat: Ask is seat's Wait for the phase whose name is code (the seat's
// public prompt), or false for the plain "is deciding".
type Asker interface {
	Ask(env *gameui.Env, seat engine.Seat, code string) (gameui.Wait, bool)
}

// Summary is an Addon that adds to the phone's player chips: Note is seat
// p's short extra ("" none), Dice its roll in place of the base game's two
// dice.
type Summary interface {
	Note(env *gameui.Env, p int) string
	Dice(env *gameui.Env) app.UI
}

// Roller is an Addon with dice of its own (Cities & Knights' red, yellow
// and event dice): Roll draws the last roll where the base game's two dice
// would be, nil before the first roll.
type Roller interface {
	Roll(env *gameui.Env) app.UI
}

// Standings are the phone's player chips: points as the viewer may see
// them, the number of cards in hand and an expansion's note.
func (r *Renderer) Standings(env *gameui.Env) []gameui.Standing {
	m := newModel(env)
	if m == nil {
		return nil
	}
	sum, _ := r.addon.(Summary)
	out := make([]gameui.Standing, len(m.v.Seats))
	for p := range out {
		out[p] = gameui.Standing{Seat: engine.Seat(p), Points: m.points(p), Cards: m.seat(p).Cards}
		if sum != nil {
			out[p].Note = sum.Note(env, p)
		}
	}
	return out
}

// Dice are the last roll, beside the chips: the addon's (Summary), or the
// base game's two dice when it has none of its own (nil).
func (r *Renderer) Dice(env *gameui.Env) app.UI {
	if sum, ok := r.addon.(Summary); ok {
		if d := sum.Dice(env); d != nil {
			return d
		}
	}
	m := newModel(env)
	if m == nil || m.v.Dice[0] == 0 {
		return nil
	}
	return app.Span().Class("dice-row").ID("chip-dice").Body(
		app.Raw(diceSVG(m.v.Dice)),
		app.Strong().Class("dice-sum").Text(strconv.Itoa(m.v.Dice[0]+m.v.Dice[1])),
	)
}

// costs are the building costs card's rows: what is built or bought, its
// cost (from the engine's tables) and the points it brings.
var costs = []struct {
	label string
	cost  catan.Resources
	vp    int
	dev   bool
}{
	{"catan.build.road", catan.RoadCost, 0, false},
	{"catan.build.settlement", catan.SettlementCost, 1, false},
	{"catan.build.city", catan.CityCost, 2, false},
	{"catan.costs.dev", catan.DevelopmentCost, 0, true},
}

// Reference is the building costs card: on a wide screen beside the board
// at all times, on a phone one tap away. An expansion's costs follow the
// base game's.
func (r *Renderer) Reference(env *gameui.Env) (string, app.UI) {
	m := newModel(env)
	kinds := resourceKinds
	if m != nil {
		kinds = m.kinds
	}
	rows := make([]app.UI, 0, len(costs))
	for _, c := range costs {
		if c.dev && m != nil && !m.v.Development {
			continue
		}
		note := ""
		if c.vp > 0 {
			note = T("catan.vp", c.vp)
		}
		rows = append(rows, costRow(Cost{Label: T(r.word(c.label)), Cost: c.cost, Note: note}, kinds))
	}
	if c, ok := r.addon.(Coster); ok {
		for _, x := range c.Costs(env) {
			rows = append(rows, costRow(x, kinds))
		}
	}
	return T("catan.costs"), app.Table().Class("costs").ID("costs").Body(app.TBody().Body(rows...))
}

// Cost is a row of the building costs card: what is built or bought, its
// cost and a note (the points it brings).
type Cost struct {
	Label string
	Cost  catan.Resources
	Note  string
}

// Coster is an Addon with rows of its own for the building costs card.
type Coster interface {
	Costs(env *gameui.Env) []Cost
}

func costRow(c Cost, kinds []catan.Resource) app.UI {
	var cards []app.UI
	for _, res := range kinds {
		for k := 0; k < int(c.Cost[res]); k++ {
			cards = append(cards, app.Raw(resourceSVG(res, 20)))
		}
	}
	return app.Tr().Body(
		app.Th().Scope("row").Text(c.Label),
		app.Td().Class("cost-cards").Aria("label", cardsOf(c.Cost, kinds)).Body(cards...),
		app.Td().Class("muted small").Text(c.Note),
	)
}

// Speaker: a roll, a steal and a card drawn are the line of the seat whose
// turn it is; laying out the island and the starting rolls are the table's.
func (r *Renderer) Speaker(before engine.State, e engine.Entry) engine.Seat {
	s, ok := before.(*catan.State)
	if !ok {
		return engine.Spectator
	}
	switch s.Phase {
	case catan.PhaseBoard, catan.PhaseStartRoll:
		return engine.Spectator
	}
	return engine.Seat(s.Active)
}
