// Package games is the one list of Tabula's games. The engine registry,
// the tools (cmd/sim, cmd/replay), the app's home screen, new-game form and
// English titles, and the tests that cover every game all read it.
//
// A new game is its packages plus one line in List. Its rules package
// registers itself (engine.Register from its init), and so does its
// statistics reader (stats.Register: engine/catan/catanstats …); both are
// linked into every binary by their blank imports in game_<name>.go (whose
// build tag tabula_no_<name> leaves the game out, for the size report;
// no shared package imports a game, cmd/tabula's size_test.go checks it); its UI
// package registers its renderer (gameui.Register, or catanui.Register
// for the Catan family) and is imported by cmd/tabula's game_<name>.go. Until its rules are registered, the app
// shows the game as "coming soon" from its line alone.
package games

// Game is one line of the list: what the app shows of a game even before
// its packages exist.
type Game struct {
	ID       string // engine game id, the save files' "game"
	Title    string // English title (message "game.<id>")
	Blurb    string // English line under it (message "game.<id>.blurb")
	Min, Max int    // players
}

// List is every game of Tabula, in the order of the home screen.
var List = []Game{
	{"catan", "Catan", "Settle the island: gather, trade and build to 10 victory points.", 3, 4},
	{"cities-knights", "Catan: Cities & Knights", "Defend Catan from the barbarians and grow your cities.", 3, 4},
	{"traders-barbarians", "Catan: Traders & Barbarians", "The caravan scenario: carry goods between castle, quarry and glassworks for gold and points.", 3, 4},
	{"burgundy", "The Castles of Burgundy", "Build your estate in the Loire valley, tile by tile.", 2, 4},
	{"agricola", "Agricola", "Farm, feed your family and grow it through the harvests.", 1, 4},
}

// Lookup is the list's line for a game id.
func Lookup(id string) (Game, bool) {
	for _, g := range List {
		if g.ID == id {
			return g, true
		}
	}
	return Game{}, false
}
