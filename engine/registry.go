package engine

import (
	"fmt"
	"sort"
)

var games = map[string]Game{}

// Register makes a game available by its ID. Game packages call it from init;
// importing tabula/engine/games registers all of them.
func Register(g Game) {
	if _, dup := games[g.ID()]; dup {
		panic("engine: game registered twice: " + g.ID())
	}
	games[g.ID()] = g
}

// Lookup returns the registered game with this id.
func Lookup(id string) (Game, error) {
	g, ok := games[id]
	if !ok {
		return nil, fmt.Errorf("unknown game %q", id)
	}
	return g, nil
}

// Games lists the registered game ids in sorted order.
func Games() []string {
	ids := make([]string, 0, len(games))
	for id := range games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// NewState checks setup against g's limits and returns its initial state.
func NewState(g Game, setup Setup) (State, error) {
	if setup.Game != "" && setup.Game != g.ID() {
		return nil, fmt.Errorf("setup is for game %q, not %q", setup.Game, g.ID())
	}
	if setup.Players < g.MinPlayers() || setup.Players > g.MaxPlayers() {
		return nil, fmt.Errorf("%s takes %d to %d players, not %d", g.ID(), g.MinPlayers(), g.MaxPlayers(), setup.Players)
	}
	setup.Game = g.ID()
	return g.New(setup)
}
