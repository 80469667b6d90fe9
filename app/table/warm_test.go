package table

import (
	"reflect"
	"testing"

	"tabula/engine/agricola"
	"tabula/engine/bot"
)

// Warm searches (it pauses within its pieces, which only a search does),
// runs every piece unless stopped, and gives way at the first stop.
func TestWarm(t *testing.T) {
	for _, c := range []struct {
		game    string
		players int
		opts    map[string]string
	}{
		{agricola.ID, 4, map[string]string{agricola.OptionCards: agricola.CardsAB}},
		{"cities-knights", 4, nil},
		{"catan", 3, nil},
	} {
		pauses := 0
		if n := Warm(c.game, c.players, c.opts, nil, func() { pauses++ }); n != WarmPieces {
			t.Errorf("%s: %d pieces, want %d", c.game, n, WarmPieces)
		}
		if want := WarmPieces * warmIterations / 2; pauses != want {
			t.Errorf("%s: %d pauses, want %d (a search's, every 2 iterations)", c.game, pauses, want)
		}
		asked := 0
		if n := Warm(c.game, c.players, c.opts, func() bool { asked++; return true }, nil); n != 1 || asked != 1 {
			t.Errorf("%s stopped: %d pieces after %d asks, want 1 after 1", c.game, n, asked)
		}
	}
	if n := Warm("no-such-game", 4, nil, nil, nil); n != 0 {
		t.Errorf("unknown game: %d pieces", n)
	}
	if n := Warm("catan", 99, nil, nil, nil); n != 0 {
		t.Errorf("catan at 99 players: %d pieces", n)
	}
}

// A warm-up changes no choice: the hard bot's first decisions of a table
// searched after it are those searched before it, visit for visit.
func TestWarmKeepsChoices(t *testing.T) {
	if testing.Short() {
		t.Skip("hard searches")
	}
	moves := hardMoves(t, agricola.ID, 2, 2)
	search := func() []bot.Search {
		var out []bot.Search
		for _, m := range moves {
			h, _ := bot.NewMCTS("hard", m.seed)
			h.ChooseMove(m.state, m.seat, m.move)
			out = append(out, h.Last)
		}
		return out
	}
	before := search()
	Warm(agricola.ID, 2, map[string]string{agricola.OptionCards: agricola.CardsAB}, nil, nil)
	if after := search(); !reflect.DeepEqual(before, after) {
		t.Errorf("hard searches after a warm-up differ:\n%+v\n%+v", before, after)
	}
}
