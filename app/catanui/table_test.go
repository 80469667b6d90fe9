package catanui

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/rng"
)

// game is a random 3-player game (three people at one table) played until
// cond holds before a decision; it returns the state and the table.
func game(t testing.TB, seed uint64, cond func(s *catan.State) bool) (*catan.State, *table.Table) {
	t.Helper()
	i18n.SetLang(i18n.English)
	tbl, err := table.New(table.Config{Game: "catan", Seats: []engine.SeatInfo{{Name: "Ana"}, {Name: "Bruno"}, {Name: "Caio"}}, Seed: seed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := catan.NewState(engine.Setup{Players: 3, Options: map[string]string{catan.OptBoard: catan.BoardRandom}})
	if err != nil {
		t.Fatal(err)
	}
	src, pick := rng.Seeded{Seed: seed}, rand.New(rand.NewPCG(seed, 7))
	for k := 0; k < 20000; k++ {
		st := s.Status()
		if st.Over {
			if cond(s) {
				return s, tbl
			}
			break
		}
		if st.Chance != nil {
			if err := s.Resolve(src.Outcome(k, *st.Chance)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if cond(s) {
			return s, tbl
		}
		seat := st.Deciders[0]
		legal := s.Legal(seat)
		if err := s.Apply(seat, legal[pick.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the position never came")
	return nil, nil
}

func envOf(s *catan.State, tbl *table.Table, viewer engine.Seat) *gameui.Env {
	return &gameui.Env{Table: tbl, Viewer: viewer, State: s, View: s.View(viewer), Legal: s.Legal(viewer), Styles: gameui.Palette[:3]}
}

// While the others answer the active player's offer, the header says who
// answers whose offer (to the offerer: "Bruno is answering your offer"),
// and the offerer's own buttons say it waits for the answers, not that it
// is not its turn.
func TestHeaderAndButtonsWhileAnswering(t *testing.T) {
	s, tbl := game(t, 3, func(s *catan.State) bool {
		if s.Phase != catan.PhaseMain || s.Proposals > 0 {
			return false
		}
		h, n := s.Hand[s.Active], 0
		for q := 0; q < 3; q++ {
			if q != int(s.Active) && s.Hand[q].Total() > 0 {
				n++
			}
		}
		return h.Total() > 0 && n == 2
	})
	a := int(s.Active)
	var give, get catan.Resources
	for _, k := range resourceKinds {
		if s.Hand[a][k] > 0 && give.Total() == 0 {
			give[k] = 1
		} else if s.Hand[a][k] == 0 && get.Total() == 0 {
			get[k] = 1
		}
	}
	if get.Total() == 0 {
		t.Skip("the active player holds every kind")
	}
	if err := s.Apply(engine.Seat(a), catan.ProposeTrade(give, get)); err != nil {
		t.Fatal(err)
	}
	r := &Renderer{}
	r.Reset()
	env := envOf(s, tbl, engine.Seat(a))
	waits := gameui.Waits(r, env)
	if len(waits) != 2 {
		t.Fatalf("waits %v", waits)
	}
	for _, w := range waits {
		if want := tbl.Name(w.Seat) + " is answering your offer"; w.Text != want {
			t.Errorf("offerer reads %q, want %q", w.Text, want)
		}
	}
	dock := app.HTMLString(r.Dock(env))
	if strings.Contains(dock, "Not your turn") || !strings.Contains(dock, "Waiting for the answers to your offer") {
		t.Errorf("offerer's buttons: %s", reasons(dock))
	}
	// The one answering reads its own task, the third whose offer it is.
	q := int(waits[0].Seat)
	if got := gameui.Waits(r, envOf(s, tbl, engine.Seat(q))); got[0].Text != "You: answer "+tbl.Name(engine.Seat(a))+"'s offer" {
		t.Errorf("answerer reads %q", got[0].Text)
	}
	if got := gameui.Waits(r, envOf(s, tbl, engine.Spectator)); got[0].Text != tbl.Name(engine.Seat(q))+" is answering "+tbl.Name(engine.Seat(a))+"'s offer" {
		t.Errorf("spectator reads %q", got[0].Text)
	}
}

func reasons(html string) []string {
	var out []string
	for _, p := range strings.Split(html, `data-reason="`)[1:] {
		out = append(out, p[:strings.Index(p, `"`)])
	}
	return out
}

// A counter-offer starts valid: it gives only cards the answerer holds
// (what the offer asks, cut to the hand), and Send stays disabled until
// the form is a trade the engine takes.
func TestCounterOfferStartsValid(t *testing.T) {
	s, tbl := game(t, 11, func(s *catan.State) bool {
		return s.Phase == catan.PhaseMain && s.Proposals == 0 && s.Hand[s.Active].Total() > 0 && s.Hand[(s.Active+1)%3].Total() > 0
	})
	a, q := int(s.Active), (int(s.Active)+1)%3
	var give, get catan.Resources
	for _, k := range resourceKinds {
		if s.Hand[a][k] > 0 && give.Total() == 0 {
			give[k] = 1
		}
	}
	held := catan.Resource(-1)
	for _, k := range resourceKinds {
		if give[k] == 0 && s.Hand[q][k] > 0 {
			held = k
		}
	}
	if held < 0 {
		t.Skip("no kind to ask")
	}
	get[held] = s.Hand[q][held] + 2 // more than the answerer holds
	if err := s.Apply(engine.Seat(a), catan.ProposeTrade(give, get)); err != nil {
		t.Fatal(err)
	}
	r := &Renderer{}
	r.Reset()
	env := envOf(s, tbl, engine.Seat(q))
	m := newModel(env)
	cg, cgt := counterStart(m, m.offer)
	if !s.Hand[q].Covers(cg) || cg[held] != s.Hand[q][held] || cgt != give {
		t.Fatalf("counter starts giving %v getting %v; hand %v, offer gives %v", cg, cgt, s.Hand[q], give)
	}
	if why := offerReason(m, cg, cgt); why != "" {
		t.Fatalf("the counter-offer starts invalid: %s", why)
	}
	if err := s.Clone().Apply(engine.Seat(q), catan.CounterTrade(cg, cgt)); err != nil {
		t.Fatalf("the engine refuses the starting counter-offer: %v", err)
	}
	r.panel, r.give, r.get = "counter", cg, cgt
	send := regexp.MustCompile(`<button[^>]*id="counter-send"[^>]*>`)
	if b := send.FindString(app.HTMLString(r.Dock(env))); b == "" || strings.Contains(b, "data-reason") {
		t.Errorf("Send is missing or disabled on a valid counter-offer: %s", b)
	}
	r.give = catan.Resources{}
	if b := send.FindString(app.HTMLString(r.Dock(env))); !strings.Contains(b, "data-reason") {
		t.Errorf("Send is enabled on an empty counter-offer: %s", b)
	}
	// Emptied or made impossible, Send is disabled with the reason.
	for _, c := range []struct{ give, get catan.Resources }{
		{catan.Resources{}, cgt},
		{cg.Plus(catan.Of(held, 5)), cgt},
		{cg, cgt.Plus(catan.Of(held, 1))},
	} {
		if offerReason(m, c.give, c.get) == "" {
			t.Errorf("counter %v for %v is offered as valid", c.give, c.get)
		}
		if err := s.Clone().Apply(engine.Seat(q), catan.CounterTrade(c.give, c.get)); err == nil {
			t.Errorf("the engine takes counter %v for %v the form refuses", c.give, c.get)
		}
	}
}

// The log tells each reader what it may know: the robber's card to its
// thief and victim, one card moved to the others; the card drawn to its
// buyer only; the starting resources of the second founding settlement to
// all; and the roll, steal and draw lines are the active seat's.
func TestLogForEachReader(t *testing.T) {
	r := &Renderer{}
	r.Reset()
	seats := []engine.SeatInfo{{Name: "Ana"}, {Name: "Bruno"}, {Name: "Caio"}}
	narrate := func(s *catan.State, e engine.Entry, reader engine.Seat) (string, *catan.State) {
		after := s.Clone().(*catan.State)
		var err error
		if e.IsChance() {
			err = after.Resolve(e.Chance)
		} else {
			var a catan.Action
			if a, err = catan.DecodeAction(e.Action); err == nil {
				err = after.Apply(e.Seat, a)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		return r.NarrateFor(reader, s, after, e, seats), after
	}
	// A steal from a victim with cards.
	s, _ := game(t, 21, func(s *catan.State) bool { return s.Phase == catan.PhaseRob })
	var rob catan.Action
	for _, a := range s.Legal(engine.Seat(s.Active)) {
		rob = a.(catan.Action)
	}
	if err := s.Apply(engine.Seat(s.Active), rob); err != nil {
		t.Fatal(err)
	}
	if s.Phase != catan.PhaseSteal {
		t.Skip("the robbed seat had no cards")
	}
	thief, victim := int(s.Active), int(s.Victim)
	third := 3 - thief - victim
	steal := engine.Entry{Seat: engine.Spectator, Chance: engine.Outcome{0}}
	pub, after := narrate(s, steal, engine.Spectator)
	card := cardsOf(gained(s.Hand[thief], after.Hand[thief]), after.Kinds())
	for _, who := range []int{thief, victim} {
		if got, _ := narrate(s, steal, engine.Seat(who)); !strings.Contains(got, card) || !strings.Contains(got, "stole") {
			t.Errorf("seat %d reads %q, want the card %q", who, got, card)
		}
	}
	if got, _ := narrate(s, steal, engine.Seat(third)); got != pub || strings.Contains(got, card) || !strings.Contains(got, "a card") {
		t.Errorf("the third seat reads %q (public %q), naming %q", got, pub, card)
	}
	if sp := r.Speaker(s, steal); sp != engine.Seat(thief) {
		t.Errorf("the steal line is seat %d's, want the thief %d", sp, thief)
	}
	// A development card drawn.
	s, _ = game(t, 5, func(s *catan.State) bool {
		return s.Phase == catan.PhaseMain && s.Hand[s.Active].Covers(catan.DevelopmentCost)
	})
	if err := s.Apply(engine.Seat(s.Active), catan.BuyDevelopment()); err != nil {
		t.Fatal(err)
	}
	draw := engine.Entry{Seat: engine.Spectator, Chance: engine.Outcome{0}}
	if got, _ := narrate(s, draw, engine.Seat(s.Active)); !strings.Contains(got, "drew a card") {
		t.Errorf("the buyer reads %q", got)
	}
	if got, _ := narrate(s, draw, engine.Seat((s.Active+1)%3)); got != "" {
		t.Errorf("another seat reads %q of the card drawn", got)
	}
	// The second founding settlement brings the starting resources.
	s, _ = game(t, 8, func(s *catan.State) bool {
		return s.Phase == catan.PhaseFoundSettlement && s.SettlementsLeft[s.Active] == catan.SettlementPieces-1
	})
	legal := s.Legal(engine.Seat(s.Active))
	e := engine.Entry{Seat: engine.Seat(s.Active), Action: mustJSON(t, legal[0])}
	if got, after := narrate(s, e, engine.Spectator); after.Hand[s.Active].Total() > 0 && !strings.Contains(got, "starting resources: "+cardsOf(after.Hand[s.Active], after.Kinds())) {
		t.Errorf("second settlement reads %q, hand %v", got, after.Hand[s.Active])
	}
}

func mustJSON(t *testing.T, a engine.Action) []byte {
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The end table shows what was counted and the points it brought in
// separate columns: two cities are a count of 2 and 4 points.
func TestScoresCountAndPoints(t *testing.T) {
	s, _ := game(t, 2, func(s *catan.State) bool { return s.Phase == catan.PhaseOver })
	r := &Renderer{}
	st := r.Scores(s)
	for p := 0; p < 3; p++ {
		cities := int(catan.CityPieces - s.CitiesLeft[p])
		if st.Counts["score.cities"][p] != cities || st.Rows[p][1] != 2*cities {
			t.Errorf("seat %d: cities count %d points %d, want %d and %d", p, st.Counts["score.cities"][p], st.Rows[p][1], cities, 2*cities)
		}
		if st.Counts["score.longest"][p] != int(s.RoadLength[p]) || st.Counts["score.largest"][p] != int(s.Knights[p]) {
			t.Errorf("seat %d: road %d knights %d counted as %v", p, s.RoadLength[p], s.Knights[p], st.Counts)
		}
	}
	h := app.HTMLString(st.Sheet(3, func(i int) gameui.SeatStyle { return gameui.Palette[i] }, func(i int) string { return "P" }, nil))
	if strings.Count(h, ">Count<") != 5 || strings.Count(h, ">VP<") != 5 || !strings.Contains(h, `colspan="2"`) {
		t.Errorf("the sheet has no labelled count and points columns: %s", h)
	}
}
