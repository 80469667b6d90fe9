package cards

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"tabula/engine"
	ag "tabula/engine/agricola"
	"tabula/engine/bot"
	"tabula/engine/rng"
)

// start creates a game with options and answers the set-up's chance
// (seat 0 starts, the deal draws the first card left each time).
func start(t *testing.T, players int, opts map[string]string) *ag.State {
	t.Helper()
	st, err := ag.Game{}.New(engine.Setup{Players: players, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*ag.State)
	for s.Status().Chance != nil && s.Status().Chance.Kind != "stage-card" {
		req := s.Status().Chance
		if err := s.Resolve(make(engine.Outcome, len(req.Ranges))); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// The card game is the default: 7 occupations (by player-count mark) and
// 7 minors each, drawn by one chance request; hands hidden from others.
func TestDeal(t *testing.T) {
	st, err := ag.Game{}.New(engine.Setup{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*ag.State)
	if s.Status().Chance.Kind != "start-player" {
		t.Fatal("the starting player first")
	}
	if err := s.Resolve(engine.Outcome{1}); err != nil {
		t.Fatal(err)
	}
	req := s.Status().Chance
	if req == nil || req.Kind != "deal" || len(req.Ranges) != 42 || req.Ranges[0] != 41 || req.Ranges[20] != 21 || req.Ranges[21] != 48 {
		t.Fatalf("deal %+v", req)
	}
	o := make(engine.Outcome, 42)
	for i := range o {
		o[i] = i % 3
	}
	if err := s.Resolve(append(o[:41:41], 48)); err == nil {
		t.Fatal("an outcome out of range is refused")
	}
	if err := s.Resolve(o); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, p := range s.Seats {
		occ, min := 0, 0
		for _, id := range p.Hand {
			c := ag.CardByID(id)
			if seen[id] || c == nil || c.Deck == "" {
				t.Fatalf("seat %d: %s dealt twice or unknown", i, id)
			}
			seen[id] = true
			if c.Kind == ag.OccupationCard {
				occ++
				if c.MinPlayers > 3 {
					t.Fatalf("%s is for 4 players", id)
				}
			} else {
				min++
			}
		}
		if occ != 7 || min != 7 {
			t.Fatalf("seat %d: %d occupations, %d minors", i, occ, min)
		}
	}
	v := s.ViewOf(2)
	if len(v.Farms[2].Hand) != 14 || v.Farms[0].Hand != nil || v.Farms[0].HandSize != 14 {
		t.Fatal("own hand only")
	}
	raw, _ := json.Marshal(s.ViewOf(0))
	for _, id := range s.Seats[1].Hand {
		if bytes.Contains(raw, []byte(`"`+id+`"`)) {
			t.Fatalf("seat 0's view shows seat 1's %s", id)
		}
	}
	// Lessons spaces are in play; the Meeting Place gives no food.
	if s.SpaceByID("lessons") == nil || s.SpaceByID("lessons-more") == nil || !s.SpaceByID(meetingPlace).Goods.IsZero() {
		t.Fatal("the card game's board")
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// The family game stays an option: no hands, no Lessons, no deal.
func TestFamilyOption(t *testing.T) {
	s := start(t, 2, map[string]string{ag.OptionCards: ag.CardsNone})
	if len(s.Seats[0].Hand) != 0 || s.SpaceByID("lessons") != nil || !s.Family {
		t.Fatal("family game")
	}
}

// The draft: the same 7 + 7 cards per player as packets; each keeps one
// occupation and one minor, starting player first, then the packets pass
// left, until all are kept. Packets are as hidden as hands.
func TestDraft(t *testing.T) {
	s := start(t, 3, map[string]string{ag.OptionDraft: "on"})
	if len(s.Seats[0].Packet) != 14 || len(s.Seats[0].Hand) != 0 {
		t.Fatalf("packets %d", len(s.Seats[0].Packet))
	}
	first := append([]string(nil), s.Seats[0].Packet...)
	second := append([]string(nil), s.Seats[2].Packet...)
	if v := s.ViewOf(1); v.Farms[0].Packet != nil || len(v.Farms[1].Packet) != 14 {
		t.Fatal("own packet only")
	}
	for pick := 1; pick <= 7; pick++ {
		for _, who := range []seat{0, 1, 2} {
			if s.Decider() != who {
				t.Fatalf("pick %d: seat %d decides, want %d", pick, s.Decider(), who)
			}
			opts := s.Options(who)
			if pick == 7 {
				t.Fatal("the last card is kept without asking")
			}
			// Keep the last option (a minor), then the first (an occupation).
			if err := s.Apply(who, opts[len(opts)-1]); err != nil {
				t.Fatal(err)
			}
			if opts2 := s.Options(who); len(opts2) != 8-pick || ag.CardByID(opts2[0].Card).Kind != ag.OccupationCard {
				t.Fatalf("pick %d: then an occupation: %v", pick, opts2)
			}
			if err := s.Apply(who, s.Options(who)[0]); err != nil {
				t.Fatal(err)
			}
			if err := s.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
		}
		if pick == 1 {
			// Seat 0's packet went to seat 1; seat 2's to seat 0.
			if !slices.Contains(first, s.Seats[1].Packet[0]) || !slices.Contains(second, s.Seats[0].Packet[0]) {
				t.Fatal("passed to the left")
			}
		}
		if pick == 6 {
			break
		}
	}
	for i := range s.Seats {
		if len(s.Seats[i].Hand) != 14 || len(s.Seats[i].Packet) != 0 {
			t.Fatalf("seat %d: hand %d packet %d", i, len(s.Seats[i].Hand), len(s.Seats[i].Packet))
		}
	}
	if s.Status().Chance == nil || s.Status().Chance.Kind != "stage-card" {
		t.Fatal("then round 1")
	}
	// Alone there is nobody to pass to: the plain deal.
	solo := start(t, 1, map[string]string{ag.OptionDraft: "on"})
	if len(solo.Seats[0].Hand) != 14 || solo.Draft {
		t.Fatal("solo: dealt")
	}
}

// Whole random games with cards dealt at random, for every player count,
// with and without the draft: the invariants hold at every step, every
// legal action applies, and the log replays to the same hash.
func TestRandomCardGames(t *testing.T) {
	for players := 1; players <= 4; players++ {
		for _, draft := range []string{"off", "on"} {
			setup := engine.Setup{Game: ag.ID, Players: players, Options: map[string]string{ag.OptionDraft: draft}}
			seed := uint64(players*10) + uint64(len(draft))
			m, err := engine.NewMatch(ag.Game{}, setup, rng.Seeded{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			b := bot.NewRandom(seed)
			for n := 0; !m.State.Status().Over; n++ {
				if n > 5000 {
					t.Fatal("game does not end")
				}
				who := m.State.Status().Deciders[0]
				if err := m.Do(who, b.Choose(m.State, who)); err != nil {
					t.Fatalf("%dp %s: %v", players, draft, err)
				}
				if err := m.State.(*ag.State).CheckInvariants(); err != nil {
					t.Fatalf("%dp %s step %d: %v", players, draft, n, err)
				}
			}
			r, err := engine.Replay(ag.Game{}, m.Setup, m.Entries)
			if err != nil || engine.HashHex(r.State) != engine.HashHex(m.State) {
				t.Fatalf("replay: %v", err)
			}
		}
	}
}

// The hash of a seeded card game is pinned, so native and wasm builds
// (and later builds of agricola/2) agree on it.
func TestPinnedHashCards(t *testing.T) {
	m, err := engine.NewMatch(ag.Game{}, engine.Setup{Game: ag.ID, Players: 4}, rng.Seeded{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	b := bot.NewRandom(1)
	n := 0
	for ; !m.State.Status().Over; n++ {
		who := m.State.Status().Deciders[0]
		if err := m.Do(who, b.Choose(m.State, who)); err != nil {
			t.Fatal(err)
		}
	}
	const want = "29ba9a589c248cd145b34c20b07eefb73b95068d7d0166f53c8572a3dab53daf"
	if got := engine.HashHex(m.State); got != want {
		t.Fatalf("seed 1, 4 players, %d actions: hash %s, pinned %s", n, got, want)
	}
}

// The greedy bot plays cards (a 2-player game).
func TestGreedyPlaysCards(t *testing.T) {
	p, s := playBots(t, 2, 3, "greedy")
	n := 0
	for _, k := range p {
		n += k
	}
	if n < 4 || !s.Over {
		t.Fatalf("%d cards played: %v", n, p)
	}
}
