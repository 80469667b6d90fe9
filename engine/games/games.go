// Package games registers every game of Tabula: tools (cmd/sim, cmd/replay)
// and the app import it for its side effect, since each game package calls
// engine.Register in its init.
//
// Add a game here once its package builds.
package games

import (
	_ "tabula/engine/agricola" // Agricola (revised edition)
	_ "tabula/engine/burgundy" // The Castles of Burgundy
	_ "tabula/engine/catan"    // Catan, base game
)
