package agricolaui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/agricola"
)

// What the table around the farms shows of Agricola: why the table waits
// for the seat deciding (the header) and the phone's player chips.

// Turn says what the seat deciding is asked to do: "You: feed your
// family", "Bruno is placing a person", "You: finish Farmland".
func (r *Renderer) Turn(env *gameui.Env) []gameui.Wait {
	v := viewOf(env)
	if v == nil || v.Over || int(v.Decider) < 0 {
		return nil
	}
	d, dec := v.Decider, v.Decision
	if dec == nil {
		return []gameui.Wait{gameui.Waiting(env, d, "agricola.turn.you.place", "agricola.turn.other.place")}
	}
	switch dec.Kind {
	case agricola.FrameFeed:
		return []gameui.Wait{gameui.Waiting(env, d, "agricola.turn.you.feed", "agricola.turn.other.feed")}
	case agricola.FrameBreed:
		return []gameui.Wait{gameui.Waiting(env, d, "agricola.turn.you.breed", "agricola.turn.other.breed")}
	case agricola.FrameAnimals:
		return []gameui.Wait{gameui.Waiting(env, d, "agricola.turn.you.animals", "agricola.turn.other.animals")}
	case agricola.FramePick:
		return []gameui.Wait{gameui.Waiting(env, d, "agricola.turn.you.pick", "agricola.turn.other.pick")}
	}
	return []gameui.Wait{gameui.Waiting(env, d, "agricola.turn.you.via", "agricola.turn.other.via", viaName(dec.Via))}
}

// Standings are the phone's player chips: the score as it stands, the
// cards in hand (their number is public) and the food in the supply.
func (r *Renderer) Standings(env *gameui.Env) []gameui.Standing {
	v := viewOf(env)
	if v == nil {
		return nil
	}
	out := make([]gameui.Standing, len(v.Farms))
	for s := range v.Farms {
		fv := &v.Farms[s]
		cards := fv.HandSize
		if v.Family {
			cards = -1 // the family game deals no cards
		}
		out[s] = gameui.Standing{Seat: engine.Seat(s), Points: fv.Score.Total, Cards: cards,
			Note: i18n.N("agricola.n.food", fv.Goods[agricola.Food])}
	}
	return out
}

// Dice: Agricola has none.
func (r *Renderer) Dice(env *gameui.Env) app.UI { return nil }
