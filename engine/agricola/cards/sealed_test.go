package cards_test

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/agricolatest"
	"tabula/engine/sealedtest"
)

// cardHungry plays a card whenever it may, else a random move: whole
// games then show and play many cards (the traveling minors included).
func cardHungry(r *rand.Rand, legal []engine.Action) engine.Action {
	var cards []engine.Action
	for _, a := range legal {
		if n := a.(agricola.Action).Name; n == agricola.ActMinor || n == agricola.ActOccupation || n == agricola.ActPlace && r.IntN(3) == 0 {
			cards = append(cards, a)
		}
	}
	if len(cards) > 0 {
		return cards[r.IntN(len(cards))]
	}
	return legal[r.IntN(len(legal))]
}

func sealedTable(t *testing.T, players int, seed uint64) *sealedtest.Table {
	t.Helper()
	tb, err := sealedtest.New(agricola.Game{}, engine.Setup{Game: agricola.ID, Players: players}, seed)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// Whole sealed card games, 1 to 4 players (random moves, and moves that
// play a card whenever one may): every device plays its seat on
// what it may know and agrees with the referee at every step (agreed
// hash, status, its own view, its own legal moves), and every device's
// state keeps the engine's invariants (checked every fifth step).
// In wasm (Node, ~20× slower) one game per number of players, seed 2
// (cards played whenever one may), keeps the sealed path checked there.
func TestSealedWholeGames(t *testing.T) {
	first, last := uint64(1), uint64(3)
	if runtime.GOOS == "js" {
		first, last = 2, 2
	}
	for players := 1; players <= 4; players++ {
		hidden, shown := 0, 0
		for seed := first; seed <= last; seed++ {
			tb := sealedTable(t, players, seed)
			for k := 0; ; k++ {
				choose := sealedtest.Random
				if seed%2 == 0 {
					choose = cardHungry
				}
				more, err := tb.Step(choose)
				if err != nil {
					t.Fatalf("%dp seed %d step %d: %v", players, seed, k, err)
				}
				if k%5 != 0 && more {
					continue
				}
				for i, m := range append([]*engine.Match{tb.Referee}, tb.Devices...) {
					if err := m.State.(*agricola.State).CheckInvariants(); err != nil {
						t.Fatalf("%dp seed %d step %d, match %d: %v", players, seed, k, i, err)
					}
				}
				if !more || k > 20000 {
					break
				}
			}
			if !tb.Referee.State.Status().Over {
				t.Fatalf("%dp seed %d: not over", players, seed)
			}
			hidden += tb.Hidden
			shown += tb.Shown
		}
		t.Logf("%d players: %d hidden outcomes, %d cards shown", players, hidden, shown)
		if players == 1 && hidden != 0 {
			t.Fatalf("solo: %d outcomes hidden from the only seat", hidden)
		}
		if players > 1 && (hidden == 0 || shown == 0) {
			t.Fatalf("%dp: hidden %d, shown %d", players, hidden, shown)
		}
	}
}

// untilCardPlay steps tb (random moves) until the decider's own device
// lists playing a card from hand; it returns the seat and that move.
func untilCardPlay(t *testing.T, tb *sealedtest.Table) (engine.Seat, agricola.Action) {
	t.Helper()
	for k := 0; k < 5000; k++ {
		st := tb.Referee.State.Status()
		if st.Over {
			break
		}
		if st.Chance == nil {
			seat := st.Deciders[0]
			for _, a := range tb.Devices[seat].State.Legal(seat) {
				if act := a.(agricola.Action); act.Name == agricola.ActMinor || act.Name == agricola.ActOccupation {
					return seat, act
				}
			}
		}
		if _, err := tb.Step(sealedtest.Random); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no card became playable")
	return 0, agricola.Action{}
}

func hand(m *engine.Match, seat engine.Seat) []string {
	return m.State.(*agricola.State).Seats[seat].Hand
}

// The figure: in a plain 4-player game the set-up deal, one
// outcome every seat sees, names all 42 cards of the other three hands;
// sealed, a device knows its own 14 and none of the other 42, in its
// state, its view and its log.
func TestSealedDealHidesOtherHands(t *testing.T) {
	plain, err := engine.NewMatch(agricola.Game{}, engine.Setup{Game: agricola.ID, Players: 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for plain.State.Status().Chance != nil && plain.State.Status().Chance.Kind != "deal" {
		if err := plain.Resolve(engine.Outcome{0}); err != nil {
			t.Fatal(err)
		}
	}
	if req := plain.State.Status().Chance; req == nil || req.Hidden() || len(req.Ranges) != 56 {
		t.Fatalf("plain deal: %+v, want one open outcome of 56 draws", req)
	}

	tb := agricolatest.Sealed(t, 4, 5, nil)
	dev := tb.Devices[0]
	if got, want := hand(dev, 0), hand(tb.Referee, 0); !slices.Equal(got, want) || len(got) != 14 {
		t.Fatalf("own hand %v, the referee's %v", got, want)
	}
	unknown, known := 0, 0
	for seat := engine.Seat(1); seat < 4; seat++ {
		for i, id := range hand(dev, seat) {
			if !agricola.IsUnknownCard(id) {
				known++
			}
			unknown++
			if ref := hand(tb.Referee, seat)[i]; agricola.IsUnknownCard(ref) {
				t.Fatalf("the referee does not know seat %d's card %d", seat, i)
			}
		}
	}
	if unknown != 42 || known != 0 {
		t.Fatalf("device 0 holds %d cards of the others, %d known; want 42, none", unknown, known)
	}
	v := dev.State.View(0).(agricola.View)
	for _, f := range v.Farms[1:] {
		if len(f.Hand) != 0 || f.HandSize != 14 {
			t.Fatalf("seat %d in device 0's view: hand %v, size %d", f.Seat, f.Hand, f.HandSize)
		}
	}
	if !slices.Equal(v.Farms[0].Hand, hand(tb.Referee, 0)) {
		t.Fatalf("own hand in the view: %v", v.Farms[0].Hand)
	}
	opened := 0
	for _, e := range dev.Entries {
		if e.IsChance() && len(e.Chance) == agricola.HandSize && !slices.Contains(e.Chance, engine.Unknown) {
			opened++
		}
	}
	if opened != 2 || tb.Unknowns(0) != 6 {
		t.Fatalf("device 0's log opens %d deal draws and hides %d; want its own 2, the others' 6", opened, tb.Unknowns(0))
	}
}

// A card is played only once shown: a device that does not know it
// refuses the play (and changes nothing) until the card is shown; a value
// that contradicts what a device knows is refused.
func TestSealedPlayNeedsShow(t *testing.T) {
	tb := sealedTable(t, 2, 4)
	seat, play := untilCardPlay(t, tb)
	other := tb.Devices[1-seat]
	before := engine.AgreedHashHex(other.Setup, other.State)
	if err := other.Do(seat, play); err == nil {
		t.Fatalf("device %d played %s unshown", 1-seat, play.Card)
	}
	if engine.AgreedHashHex(other.Setup, other.State) != before || len(other.Entries) != len(tb.Referee.Entries) {
		t.Fatal("a refused play changed the device")
	}
	shows := tb.Devices[seat].State.(engine.Shower).MustShow(seat, play)
	if len(shows) != 1 || len(shows[0].Cards) != 1 {
		t.Fatalf("playing %s shows %v, want the card", play.Card, shows)
	}
	sh := shows[0]
	// A wrong value: the acting device and the referee know better.
	wrong := sh
	wrong.Values = []int{(sh.Values[0] + 1) % len(agricola.Deck(kindOf(sh.Deck), 2))}
	for _, m := range []*engine.Match{tb.Referee, tb.Devices[seat]} {
		if err := m.Show(seat, wrong); err == nil {
			t.Fatalf("a wrong value %v was shown", wrong)
		}
	}
	// A card the other device holds itself cannot be in seat's hand.
	own := hand(other, 1-seat)[0]
	mine := sh
	mine.Deck = agricola.DeckNameOccupations
	if agricola.CardByID(own).Kind == agricola.MinorCard {
		mine.Deck = agricola.DeckNameMinors
	}
	mine.Values = []int{slices.Index(agricola.Deck(kindOf(mine.Deck), 2), own)}
	mine.Cards = []int{int(seat) * agricola.HandSize} // seat's first card of that deck
	if err := other.Show(seat, mine); err == nil {
		t.Fatalf("device %d accepted its own card %s shown in seat %d's hand", 1-seat, own, seat)
	}
	if err := tb.Move(seat, play); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(other.State.(*agricola.State).Seats[seat].Cards, play.Card) {
		t.Fatalf("device %d does not see %s played", 1-seat, play.Card)
	}
}

func kindOf(deck string) agricola.CardKind {
	if deck == agricola.DeckNameOccupations {
		return agricola.OccupationCard
	}
	return agricola.MinorCard
}

// A bot on a sealed device (the search bot determinizes) deals the
// stand-ins of the other hands as cards, and its copy plays plain.
func TestSealedDeterminize(t *testing.T) {
	tb := agricolatest.Sealed(t, 3, 2, nil)
	dev := tb.Devices[1].State.(*agricola.State)
	c := dev.Determinize(1, rand.New(rand.NewPCG(1, 2))).(*agricola.State)
	if c.Sealed != nil {
		t.Fatal("the determinized copy is still sealed")
	}
	for seat, p := range c.Seats {
		if len(p.Hand) != 14 || slices.ContainsFunc(p.Hand, agricola.IsUnknownCard) {
			t.Fatalf("seat %d's hand in the copy: %v", seat, p.Hand)
		}
	}
	if !slices.Equal(c.Seats[1].Hand, dev.Seats[1].Hand) {
		t.Fatal("the copy changed the bot's own hand")
	}
	if err := c.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// Whole sealed drafts, 2 to 4 players: each packet is opened to its
// holder as it comes, a pick names a deck position and not the card, and
// every device agrees with the referee throughout. In wasm (Node, ~20×
// slower) one game per number of players.
func TestSealedDraftWholeGames(t *testing.T) {
	games := uint64(2)
	if runtime.GOOS == "js" {
		games = 1
	}
	for players := 2; players <= 4; players++ {
		opened := 0
		for seed := uint64(1); seed <= games; seed++ {
			tb, err := sealedtest.New(agricola.Game{}, engine.Setup{Game: agricola.ID, Players: players,
				Options: map[string]string{agricola.OptionDraft: "on"}}, seed)
			if err != nil {
				t.Fatal(err)
			}
			if err := tb.Play(20000, nil); err != nil {
				t.Fatalf("%dp seed %d: %v", players, seed, err)
			}
			if !tb.Referee.State.Status().Over {
				t.Fatalf("%dp seed %d: not over", players, seed)
			}
			for _, e := range tb.Referee.Entries {
				if e.IsChance() {
					continue
				}
				if e.IsShow() {
					continue
				}
				a, err := agricola.Game{}.DecodeAction(e.Action)
				if err != nil {
					t.Fatal(err)
				}
				if act := a.(agricola.Action); act.Name == agricola.ActDraft && !agricola.IsUnknownCard(act.Card) {
					t.Fatalf("a pick names its card in the log: %s", e.Action)
				}
			}
			for _, e := range tb.Devices[0].Entries {
				if e.IsChance() && slices.Contains(e.Chance, engine.Unknown) {
					opened++
				}
			}
		}
		// Device 0 is kept out of two draws per other seat at the deal
		// and at each of the 6 passes (a packet opened to its new holder,
		// by kind): 14 per other seat and game.
		if want := int(games) * 14 * (players - 1); opened != want {
			t.Fatalf("%dp: device 0 was kept out of %d draws, want %d", players, opened, want)
		}
	}
}

// A sealed pick names a kind and a deck position in the picker's packet:
// naming the card, or a position elsewhere, is refused; the other seat's
// packet is unknown to a device; DraftCard tells the picker's own device
// (the UI) which card a pick keeps.
func TestSealedDraftPick(t *testing.T) {
	tb := agricolatest.Sealed(t, 2, 9, map[string]string{agricola.OptionDraft: "on"})
	seat := tb.Referee.State.Status().Deciders[0]
	dev := tb.Devices[seat].State.(*agricola.State)
	other := tb.Devices[1-seat].State.(*agricola.State)
	if p := other.Seats[seat].Packet; len(p) != 14 || !slices.ContainsFunc(p, agricola.IsUnknownCard) || slices.ContainsFunc(p, func(id string) bool { return !agricola.IsUnknownCard(id) }) {
		t.Fatalf("device %d sees seat %d's packet as %v", 1-seat, seat, p)
	}
	legal := dev.Legal(seat)
	if len(legal) != 14 {
		t.Fatalf("%d picks, want 14", len(legal))
	}
	pick := legal[0].(agricola.Action)
	id := dev.DraftCard(seat, pick)
	if agricola.IsUnknownCard(id) || !slices.Contains(dev.Seats[seat].Packet, id) {
		t.Fatalf("DraftCard %q is not a card of the packet %v", id, dev.Seats[seat].Packet)
	}
	for _, bad := range []agricola.Action{
		{Name: agricola.ActDraft, Card: id},                                       // names the card
		{Name: agricola.ActDraft, Card: pick.Card, N: pick.N + 7*(1-2*int(seat))}, // the other seat's position
		{Name: agricola.ActDraft, Card: "?", N: pick.N},                           // no deck
	} {
		if pick.Card != agricola.UnknownOccupation {
			t.Fatalf("first pick %v is not an occupation", pick)
		}
		for _, m := range []*engine.Match{tb.Referee, tb.Devices[0], tb.Devices[1]} {
			if err := m.Do(seat, bad); err == nil {
				t.Fatalf("pick %+v accepted", bad)
			}
		}
	}
	if err := tb.Move(seat, pick); err != nil {
		t.Fatal(err)
	}
	if h := tb.Devices[seat].State.(*agricola.State).Seats[seat].Hand; !slices.Equal(h, []string{id}) {
		t.Fatalf("seat %d keeps %v, want %s", seat, h, id)
	}
	if h := tb.Devices[1-seat].State.(*agricola.State).Seats[seat].Hand; !slices.Equal(h, []string{agricola.UnknownOccupation}) {
		t.Fatalf("device %d sees seat %d keep %v", 1-seat, seat, h)
	}
}

// A traveling minor improvement, played face up, goes to the left
// neighbour's hand known to every device, and is played from there
// without being shown again.
func TestSealedTravelingMinor(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		tb := sealedTable(t, 3, seed)
		var id string
		var holder engine.Seat
		for more := true; more && id == ""; {
			var err error
			if more, err = tb.Step(cardHungry); err != nil {
				t.Fatal(err)
			}
			for seat := range 3 {
				for _, c := range hand(tb.Devices[(seat+1)%3], engine.Seat(seat)) {
					if !agricola.IsUnknownCard(c) {
						id, holder = c, engine.Seat(seat)
					}
				}
			}
		}
		if id == "" {
			continue
		}
		if !agricola.CardByID(id).Traveling {
			t.Fatalf("seed %d: %s known in another seat's hand, not a traveling minor", seed, id)
		}
		for d, m := range tb.Devices {
			if !slices.Contains(hand(m, holder), id) {
				t.Fatalf("seed %d: device %d does not know %s in seat %d's hand", seed, d, id, holder)
			}
		}
		// Play on until the holder plays it: no show is asked for it.
		for k := 0; k < 20000; k++ {
			st := tb.Referee.State.Status()
			if st.Over {
				break
			}
			if st.Chance == nil && st.Deciders[0] == holder {
				for _, a := range tb.Devices[holder].State.Legal(holder) {
					if act := a.(agricola.Action); act.Card == id && act.Name == agricola.ActMinor {
						if sh := tb.Devices[holder].State.(engine.Shower).MustShow(holder, act); sh != nil {
							t.Fatalf("a traveling minor known to all is shown again: %v", sh)
						}
						if err := tb.Move(holder, act); err != nil {
							t.Fatal(err)
						}
						return
					}
				}
			}
			if _, err := tb.Step(cardHungry); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("seed %d: %s passed to seat %d, never played again", seed, id, holder)
	}
	t.Fatal("no traveling minor was played on from a neighbour's hand in 40 games")
}

// Bad shows never crash a device nor change it: thousands of random
// shows (decks, positions and values in range or not) sent to a device
// that knows only its own hand are either refused with the state as it
// was, or true (the card the referee holds at that position).
func TestSealedRandomShows(t *testing.T) {
	tb := agricolatest.Sealed(t, 3, 11, nil)
	dev := tb.Devices[1].State.(*agricola.State)
	ref := tb.Referee.State.(*agricola.State)
	truth := map[[2]any]string{} // (deck, position) → card
	for seat, held := range ref.Sealed.Held {
		for i, h := range held {
			truth[[2]any{h.Deck, h.Pos}] = ref.Seats[seat].Hand[i]
		}
	}
	r := rand.New(rand.NewPCG(11, 12))
	decks := []string{agricola.DeckNameOccupations, agricola.DeckNameMinors, "majors"}
	accepted := 0
	for k := 0; k < 3000; k++ {
		sh := engine.Shown{Deck: decks[r.IntN(len(decks))]}
		for n := 1 + r.IntN(2); n > 0; n-- {
			sh.Cards = append(sh.Cards, r.IntN(24)-2)
			sh.Values = append(sh.Values, r.IntN(52)-2)
		}
		if r.IntN(50) == 0 {
			sh.Values = sh.Values[1:]
		}
		c := dev.Clone().(*agricola.State)
		before := engine.Hash(c)
		if err := c.Show(sh); err != nil {
			if engine.Hash(c) != before {
				t.Fatalf("refused show %+v changed the device", sh)
			}
			continue
		}
		for i, pos := range sh.Cards {
			deck := agricola.Deck(kindOf(sh.Deck), 3)
			if truth[[2]any{sh.Deck, pos}] != deck[sh.Values[i]] && truth[[2]any{sh.Deck, pos}] != "" {
				// a false value the device could not tell: it must not be
				// a card the device knows elsewhere
				if slices.Contains(dev.Seats[1].Hand, deck[sh.Values[i]]) {
					t.Fatalf("show %+v puts device 1's own card in another hand", sh)
				}
			}
		}
		if err := c.CheckInvariants(); err != nil {
			t.Fatalf("after show %+v: %v", sh, err)
		}
		accepted++
	}
	if accepted == 0 {
		t.Fatal("no random show was accepted: the test shows nothing")
	}
}

// Bad hidden draws never crash a device nor change it: random outcomes
// (in range, unknown, part unknown, repeated cards) for the deal and for
// a packet opened in the draft are refused with the state as it was, or
// leave a state that keeps the invariants.
func TestSealedRandomDraws(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	st, err := agricola.Game{}.New(engine.Setup{Game: agricola.ID, Players: 3, Options: map[string]string{engine.Sealed: "1"}})
	if err != nil {
		t.Fatal(err)
	}
	for st.Status().Chance != nil && !st.Status().Chance.Hidden() {
		if err := st.Resolve(engine.Outcome{0}); err != nil {
			t.Fatal(err)
		}
	}
	tb := agricolatest.Sealed(t, 2, 7, map[string]string{agricola.OptionDraft: "on"})
	for tb.Referee.State.Status().Chance == nil { // the first picks, until a pass opens the packets
		if _, err := tb.Step(sealedtest.Random); err != nil {
			t.Fatal(err)
		}
	}
	for _, at := range []engine.State{st, tb.Devices[0].State} {
		req := at.Status().Chance
		if req == nil || !req.Hidden() {
			t.Fatalf("not at a hidden draw: %+v", req)
		}
		accepted := 0
		for k := 0; k < 2000; k++ {
			o := make(engine.Outcome, len(req.Ranges))
			for i := range o {
				switch r.IntN(6) {
				case 0:
					o[i] = engine.Unknown
				case 1:
					o[i] = r.IntN(3) // likely repeated
				default:
					o[i] = r.IntN(req.Ranges[i]+2) - 1
				}
			}
			c := at.Clone()
			before := engine.Hash(c)
			if err := c.Resolve(o); err != nil {
				if engine.Hash(c) != before {
					t.Fatalf("refused draw %v changed the state", o)
				}
				continue
			}
			if err := c.(*agricola.State).CheckInvariants(); err != nil {
				t.Fatalf("after draw %v: %v", o, err)
			}
			accepted++
		}
		if accepted == 0 {
			t.Fatalf("no random %s draw was accepted", req.Kind)
		}
	}
}
