package traders

import (
	"math/rand/v2"

	"tabula/engine/catan"
)

// The scenario's part of the search bot's determinisations
// (catan.Determinizer). The scenario hides nothing of its own: gold,
// wagons, cargo cards and the stacks' counts lie open, and a cargo card is
// drawn as a chance outcome from those counts. The base game redeals the
// hand cards (gold stays) and the chronicle cards. The movement, which
// tells whether the mover holds a grain, is in the mover's view only
// (View), so no other seat's redeal has anything of it to keep.

// Shown implements catan.Determinizer: no seat's view shows another's
// hand cards.
func (expansion) Shown(*catan.State, int) (least [catan.MaxPlayers]catan.Resources, lacks [catan.MaxPlayers]uint16) {
	return least, lacks
}

// Determinize implements catan.Determinizer: nothing of the scenario's is
// hidden.
func (expansion) Determinize(*catan.State, int, *rand.Rand) {}
