package catanui

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/rng"
)

// markedDice is the dice row with the bot's mark (go-app writes the
// attributes of an element in no fixed order).
var markedDice = regexp.MustCompile(`<div (class="dice-row" data-botmove="1"|data-botmove="1" class="dice-row")>`)

// A whole random game, the side drawn after every move and the chance
// that follows it, as if a bot had made the move: the dice are marked
// exactly when the move was a roll, equal faces rolled again included.
func TestBotMarksDice(t *testing.T) {
	tbl, err := table.New(table.Config{Game: "catan", Seats: []engine.SeatInfo{{Name: "Ana"}, {Name: "Bo"}, {Name: "Cy"}}, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := engine.Lookup("catan")
	st, err := engine.NewState(g, engine.Setup{Players: 3, Options: map[string]string{catan.OptBoard: catan.BoardRandom}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*catan.State)
	e, _ := gameui.Lookup("catan")
	src, pick := rng.Seeded{Seed: 4}, rand.New(rand.NewPCG(4, 1))
	// resolve answers the chance the state waits for, and says its kinds.
	resolve := func(k int) (kinds []string) {
		for st := s.Status(); st.Chance != nil; st = s.Status() {
			kinds = append(kinds, st.Chance.Kind)
			if err := s.Resolve(src.Outcome(k, *st.Chance)); err != nil {
				t.Fatal(err)
			}
		}
		return kinds
	}
	rolls, repeats := 0, 0
	for k := 0; k < 4000 && !s.Status().Over; k++ {
		resolve(k)
		status := s.Status()
		if status.Over {
			break
		}
		seat := status.Deciders[0]
		legal := s.Legal(seat)
		a := legal[pick.IntN(len(legal))].(catan.Action)
		before := s.Clone().(*catan.State)
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		kinds := resolve(k)
		rolled := a.Type == catan.ActRoll
		env := &gameui.Env{Table: tbl, Viewer: 0, State: s, View: s.View(0), Styles: gameui.Palette[:3], BotBefore: before, BotChances: kinds}
		side := app.HTMLString(e.New().Side(env))
		if markedDice.MatchString(side) != rolled {
			t.Fatalf("move %d (%s): rolled %v, dice marked %v", k, a.Kind(), rolled, !rolled)
		}
		if rolled {
			rolls++
			if before.Dice == s.Dice {
				repeats++
			}
		}
		// Without a bot's move nothing is marked.
		env.BotBefore, env.BotChances = nil, nil
		if markedDice.MatchString(app.HTMLString(e.New().Side(env))) {
			t.Fatalf("move %d: dice marked without a bot's move", k)
		}
	}
	if rolls < 20 || repeats == 0 {
		t.Fatalf("%d rolls, %d of them the faces of the roll before: the game shows too little", rolls, repeats)
	}
}
