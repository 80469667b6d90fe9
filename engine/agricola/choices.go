package agricola

// This file keeps, in one place, the readings chosen where the rules are
// open ((?) in the fact sheet) or silent (engine choices, HR). The package
// doc and docs/agricola.md list the same choices; code elsewhere refers
// here by name.

// familyBoard applies the family game (fact sheet §14, the revised
// appendix's game without hand cards): the Lessons spaces are not in play
// (there are no occupations), the Meeting Place becomes an accumulation
// space of 1 food per round (besides the starting-player marker), and the
// Side Job tile — 1 stable for 1 wood and/or bake bread — is added with 2
// to 4 players. (?) Solo: no Side Job tile (the appendix names it for 2–4
// players).
func familyBoard(spaces []SpaceDef, players int, family bool) []SpaceDef {
	if !family {
		return spaces
	}
	var out []SpaceDef
	for _, d := range spaces {
		switch {
		case d.Occupation != nil:
			continue
		case d.ID == meetingPlace.ID:
			d.Accumulate = One(Food, 1)
		}
		out = append(out, d)
	}
	if players >= 2 {
		out = append(out, sideJob)
	}
	return out
}

// The remaining readings, each where the rule is applied:
//
//   - Fences (farmyard.Yard.CheckFences): every fence must have a pasture
//     on exactly one side at the end of the action; a fence with the same
//     pasture on both sides (one that splits nothing) is refused; the
//     pastures must form one orthogonally connected area (which is what
//     "later pastures adjacent to existing ones" keeps); an enclosed area
//     holding a room or field tile is no pasture. A fence-building action
//     is one decision with all its fences (Action.Fences).
//   - Feeding (feed): food in the supply is paid automatically; turning
//     crops, animals or materials into food first is the player's choice,
//     and what is still missing becomes begging markers — a player may
//     beg rather than cook an animal.
//   - Harvest order (pushEach): each harvest step (field phase, feeding,
//     breeding) is done by every player, starting player first and then
//     clockwise, before the next step.
//   - Breeding (BreedOptions): when several newborns cannot all be housed,
//     the owner chooses which; release and cooking are not possible during
//     breeding (cook before, in the feeding step, or after).
//   - Craft buildings (craft in majors.go): the conversion "once per
//     harvest" can be used at any decision during the harvest (in practice
//     the feeding step). The scoring bonus costs nothing (fact sheet §12).
//   - Conversions "at any time" (uses) are offered whenever the player
//     decides: before placing a person, inside any decision, at feeding —
//     not while it is someone else's turn (nothing is gained by cooking
//     then).
//   - A stage card is drawn at the start of its round from the cards left
//     in its stage (round.go): the same as shuffling each stage, without
//     anyone knowing the order in advance. The starting player is drawn by
//     chance at set-up.
//   - Goods scheduled for a round after the 14th are dropped (Schedule).
//   - A renovation with one possible price that a space requires first is
//     carried out without a decision (autoResolve).
//   - A menu whose ops all became impossible closes by itself (a player is
//     never stuck); an animals frame closes as soon as the animals fit.
