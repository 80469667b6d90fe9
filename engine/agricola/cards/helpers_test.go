package cards

import (
	"errors"
	"testing"

	"tabula/engine"
	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// table is a card game set up for one card's test: seat 0 starts, the
// hands are empty (a test gives the cards it needs), the stage cards come
// out in the order given (then the first left in each stage), round 1's
// work phase.
type game struct {
	*ag.State
	t      *testing.T
	order  []string
	staged bool // a stage card was put in play out of its round (onBoard)
}

func newGame(t *testing.T, players int, order ...string) *game {
	t.Helper()
	st, err := ag.Game{}.New(engine.Setup{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	g := &game{State: st.(*ag.State), t: t, order: order}
	for g.Status().Chance != nil && g.Status().Chance.Kind != "stage-card" {
		req := g.Status().Chance
		if err := g.Resolve(make(engine.Outcome, len(req.Ranges))); err != nil {
			t.Fatal(err)
		}
	}
	for i := range g.Seats {
		g.Seats[i].Hand = nil
	}
	g.reveal()
	return g
}

// reveal answers stage-card chance with the next card of the order.
func (g *game) reveal() {
	g.t.Helper()
	for g.Status().Chance != nil {
		stage := ag.StageOf(g.Round + 1)
		pick := 0
		if len(g.order) > 0 {
			want := g.order[0]
			g.order = g.order[1:]
			pick = -1
			for i, id := range g.Stages[stage] {
				if id == want {
					pick = i
				}
			}
			if pick < 0 {
				g.t.Fatalf("stage card %q not left in stage %d", want, stage)
			}
		}
		if err := g.Resolve(engine.Outcome{pick}); err != nil {
			g.t.Fatal(err)
		}
	}
}

// do applies a, which must be accepted.
func (g *game) do(who seat, a ag.Action) {
	g.t.Helper()
	if err := g.Apply(who, a); err != nil {
		g.t.Fatalf("%v by seat %d: %v (stack %+v)", a, who, err, g.Stack)
	}
	g.reveal()
}

// refuse applies a, which must be refused, changing nothing.
func (g *game) refuse(who seat, a ag.Action) {
	g.t.Helper()
	before := engine.HashHex(g.State)
	err := g.Apply(who, a)
	if err == nil {
		g.t.Fatalf("%v by seat %d accepted", a, who)
	}
	if !errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrNotYourTurn) && !errors.Is(err, engine.ErrBadAction) {
		g.t.Fatalf("%v: error without a kind: %v", a, err)
	}
	if engine.HashHex(g.State) != before {
		g.t.Fatalf("refused %v changed the state", a)
	}
}

// offered reports whether a is among who's options now.
func (g *game) offered(who seat, a ag.Action) bool {
	for _, o := range g.Options(who) {
		if o == a {
			return true
		}
	}
	return false
}

// give adds goods to a seat's supply (set-up).
func (g *game) give(who seat, gs goods) { g.Seats[who].Goods = g.Seats[who].Goods.Plus(gs) }

// has sets the cards in front of a seat (set-up; OnPlay does not run).
func (g *game) has(who seat, ids ...string) { g.Seats[who].Cards = append(g.Seats[who].Cards, ids...) }

// play puts card id in who's hand and plays it the usual way, the person
// placed on the Meeting Place (a minor) or on Lessons (an occupation),
// paying price 0; it returns with the decisions the card opens pending.
func (g *game) play(who seat, id string) {
	g.t.Helper()
	g.Seats[who].Hand = append(g.Seats[who].Hand, id)
	if ag.CardByID(id).Kind == ag.OccupationCard {
		g.do(who, place("lessons"))
		g.do(who, ag.Action{Name: ag.ActOccupation, Card: id})
		return
	}
	g.do(who, place(meetingPlace))
	g.do(who, ag.Action{Name: ag.ActMinor, Card: id})
}

// onBoard puts a stage card in play now (out of its round).
func (g *game) onBoard(id string) {
	for k := range g.Stages {
		for i, c := range g.Stages[k] {
			if c == id {
				g.Stages[k] = append(g.Stages[k][:i:i], g.Stages[k][i+1:]...)
			}
		}
	}
	g.Board = append(g.Board, ag.Space{ID: id})
	g.staged = true
}

// turnTo lets the others place on the first usable space until it is
// who's turn to place.
func (g *game) turnTo(who seat) {
	g.t.Helper()
	for g.Decider() != who {
		d := g.Decider()
		if d < 0 {
			g.t.Fatal("no decider")
		}
		g.do(d, g.Options(d)[0])
	}
}

// endWork ends the work phase at once (everyone counts as placed) and
// runs on to the next decision or round.
func (g *game) endWork() {
	g.t.Helper()
	if len(g.Stack) != 0 {
		g.t.Fatalf("stack not empty: %+v", g.Stack)
	}
	for i := range g.Seats {
		p := &g.Seats[i]
		p.Placed = p.People - p.Newborns
	}
	g.Advance()
	g.reveal()
}

// toRound plays on (ending work phases, taking the first option of any
// decision) until round r's work phase.
func (g *game) toRound(r int) {
	g.t.Helper()
	for g.Round < r || len(g.Stack) != 0 {
		if len(g.Stack) == 0 {
			g.endWork()
			continue
		}
		d := g.Decider()
		g.do(d, g.Options(d)[0])
	}
}

// resolveAll takes the first option of every pending decision.
func (g *game) settle() {
	g.t.Helper()
	for len(g.Stack) != 0 && g.Decider() >= 0 {
		d := g.Decider()
		g.do(d, g.Options(d)[0])
	}
}

// top is the frame on top (nil if none).
func (g *game) top() *ag.Frame {
	if len(g.Stack) == 0 {
		return nil
	}
	return &g.Stack[len(g.Stack)-1]
}

// check runs the invariants (not after onBoard: the stage cards are no
// longer where the rules put them).
func (g *game) check() {
	g.t.Helper()
	if g.staged {
		return
	}
	if err := g.CheckInvariants(); err != nil {
		g.t.Fatal(err)
	}
}

func place(id string) ag.Action               { return ag.Action{Name: ag.ActPlace, Space: id} }
func plow(c farmyard.Cell) ag.Action          { return ag.Action{Name: ag.ActPlow, Cell: c} }
func done() ag.Action                         { return ag.Action{Name: ag.ActDone} }
func pick(n int) ag.Action                    { return ag.Action{Name: ag.ActChoose, N: n} }
func bake(n int) ag.Action                    { return ag.Action{Name: ag.ActBake, N: n} }
func cardAct(id string, n int) ag.Action      { return ag.Action{Name: ag.ActCard, Card: id, N: n} }
func minorAct(id string, pay int) ag.Action   { return ag.Action{Name: ag.ActMinor, Card: id, Pay: pay} }
func room(c farmyard.Cell, pay int) ag.Action { return ag.Action{Name: ag.ActRoom, Cell: c, Pay: pay} }
func renovate(pay int) ag.Action              { return ag.Action{Name: ag.ActRenovate, Pay: pay} }
func stableAt(c farmyard.Cell) ag.Action      { return ag.Action{Name: ag.ActStable, Cell: c} }
func fenceAct(f farmyard.Fences, pay int) ag.Action {
	return ag.Action{Name: ag.ActFences, Fences: f, Pay: pay}
}

// meets reports whether who meets card id's prerequisite now.
func (g *game) meets(who seat, id string) bool { return ag.CardByID(id).Prereq(g.State, who) == nil }
