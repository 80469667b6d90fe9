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
	for _, d := range env.State.Status().Deciders {
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
			out = append(out, gameui.Waiting(env, d, "turn.you", "turn.other"))
		}
	}
	return out
}

// Standings are the phone's player chips: points as the viewer may see
// them and the number of cards in hand.
func (r *Renderer) Standings(env *gameui.Env) []gameui.Standing {
	m := newModel(env)
	if m == nil {
		return nil
	}
	out := make([]gameui.Standing, len(m.v.Seats))
	for p := range out {
		out[p] = gameui.Standing{Seat: engine.Seat(p), Points: m.points(p), Cards: m.seat(p).Cards}
	}
	return out
}

// Dice are the last roll, beside the chips.
func (r *Renderer) Dice(env *gameui.Env) app.UI {
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
// at all times, on a phone one tap away.
func (r *Renderer) Reference(env *gameui.Env) (string, app.UI) {
	m := newModel(env)
	rows := make([]app.UI, 0, len(costs))
	for _, c := range costs {
		if c.dev && m != nil && !m.v.Development {
			continue
		}
		var cards []app.UI
		for _, res := range resourceKinds {
			for k := 0; k < int(c.cost[res]); k++ {
				cards = append(cards, app.Raw(resourceSVG(res, 20)))
			}
		}
		note := ""
		if c.vp > 0 {
			note = T("catan.vp", c.vp)
		}
		rows = append(rows, app.Tr().Body(
			app.Th().Scope("row").Text(T(c.label)),
			app.Td().Class("cost-cards").Aria("label", cardsOf(c.cost, resourceKinds)).Body(cards...),
			app.Td().Class("muted small").Text(note),
		))
	}
	return T("catan.costs"), app.Table().Class("costs").ID("costs").Body(app.TBody().Body(rows...))
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
