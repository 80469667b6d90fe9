package burgundyui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/burgundy"
)

// Turn says whom the table waits for and why: the decision on top of the
// decider's stack (a castle's extra action, a building's follow-up, a
// discard), else the dice still to use, else the end of the turn.
func (r *Renderer) Turn(env *gameui.Env) []gameui.Wait {
	v := viewOf(env)
	if v == nil || v.Stage != burgundy.StagePlay || v.Decider < 0 || int(v.Decider) >= len(v.Estates) {
		return nil
	}
	s := v.Decider
	reason := "finish"
	if n := len(v.Pending); n > 0 && v.Pending[n-1].Seat == s {
		reason = v.Pending[n-1].Kind
	} else {
		for _, d := range v.Estates[s].Dice {
			if d.Face > 0 && !d.Used {
				reason = "dice"
			}
		}
	}
	return []gameui.Wait{gameui.Waiting(env, s, "burgundy.turn.you."+reason, "burgundy.turn.other."+reason)}
}

// Standings are the phone's player chips: points and silverlings (there
// are no hands of cards in this game).
func (r *Renderer) Standings(env *gameui.Env) []gameui.Standing {
	v := viewOf(env)
	if v == nil {
		return nil
	}
	out := make([]gameui.Standing, 0, len(v.Estates))
	for s := range v.Estates {
		ev := &v.Estates[s]
		out = append(out, gameui.Standing{Seat: engine.Seat(s), Points: ev.VP, Cards: -1, Note: T("burgundy.silver.n", ev.Silver)})
	}
	return out
}

// Dice are the dice of the seat on turn and the round's white die.
func (r *Renderer) Dice(env *gameui.Env) app.UI {
	v := viewOf(env)
	if v == nil || v.Stage != burgundy.StagePlay {
		return nil
	}
	s := v.Current
	if s < 0 || int(s) >= len(v.Estates) {
		return nil
	}
	var icons []app.UI
	for _, d := range v.Estates[s].Dice {
		if d.Face > 0 {
			icons = append(icons, app.Raw(dieIconHTML(d.Face, 22, d.Used)))
		}
	}
	if v.WhiteDie > 0 {
		icons = append(icons, app.Span().Class("bg-white-die").Title(T("burgundy.white")).Body(app.Raw(dieIconHTML(v.WhiteDie, 18, true))))
	}
	return app.Span().Class("bg-row").ID("chip-dice").Body(icons...)
}

// Speaker: every chance entry of this game is the table's (the set-up,
// a phase's tiles and goods, a round's dice), never one seat's move.
func (r *Renderer) Speaker(before engine.State, e engine.Entry) engine.Seat {
	return engine.Spectator
}
