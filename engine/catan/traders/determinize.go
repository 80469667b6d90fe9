package traders

import (
	"math/rand/v2"

	"tabula/engine/catan"
)

// The scenario's part of the search bot's determinisations
// (catan.Determinizer). The scenario hides nothing of its own: gold,
// wagons, cargo cards and the stacks' counts lie open, and a cargo card is
// drawn as a chance outcome from those counts. The base game redeals the
// hand cards (gold stays) and the chronicle cards; the redeal must only
// keep what the movement view shows every seat of the active player's hand:
// whether it holds a grain for the boost.

// Shown implements catan.Determinizer: while the active player's movement
// view offers the grain boost, it holds a grain; while the view could
// offer it and does not, it holds none.
func (expansion) Shown(s *catan.State, seat int) (least [catan.MaxPlayers]catan.Resources, lacks [catan.MaxPlayers]uint16) {
	c := caravans(s)
	p := int(s.Active)
	// When movementView offers the boost (without finding the routes).
	if s.Phase != catan.PhaseMain && s.Phase != PhaseMove || c.Wagon[p] < 0 || c.Stopped || c.Boosted {
		return least, lacks
	}
	if s.Hand[p][catan.Grain] > 0 {
		least[p][catan.Grain] = 1
	} else {
		lacks[p] = 1 << uint(catan.Grain)
	}
	return least, lacks
}

// Determinize implements catan.Determinizer: nothing of the scenario's is
// hidden.
func (expansion) Determinize(*catan.State, int, *rand.Rand) {}
