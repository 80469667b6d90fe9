package p2p

import (
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/catan"
)

// hostedOffers is a network Catan game of two devices (seats 0 and 1,
// playing at random) and two hosted greedy bots, up to turn maxTurn: the
// bots' trade offers per turn and bot, each checked to be good for its
// bot.
type hostedOffers struct {
	perTurn map[[2]int]int // {turn, seat} → offers
	offers  int
	turns   int
}

func playHostedOffers(t *testing.T, seed uint64, off bool, maxTurn int) hostedOffers {
	t.Helper()
	kinds := []string{"", "", HostedPrefix + "greedy", HostedPrefix + "greedy"}
	n := newMemnetGame(t, seed, catan.ID, kinds, func(c *Config) {
		if off {
			c.Meta = map[string]string{bot.MetaOffers: bot.OffersOff}
		}
	})
	p := n.peers[0]
	for steps := 0; n.now < 6*time.Hour && steps < 5_000_000; steps++ {
		if p.Started() {
			if s := p.Match().State.(*catan.State); s.Turn > maxTurn || s.Status().Over {
				break
			}
		}
		n.step()
	}
	if !p.Started() {
		t.Fatal("the game never started")
	}
	// The devices stop acting; what is under way settles.
	n.hold = func(*Peer) bool { return true }
	for i := 0; i < 200 || len(n.queue) > 0 && i < 100_000; i++ {
		n.step()
	}
	// Walk the log: every bot offer, in its turn, good for its bot.
	m := p.Match()
	st, err := engine.NewState(m.Game, m.Setup)
	if err != nil {
		t.Fatal(err)
	}
	out := hostedOffers{perTurn: map[[2]int]int{}}
	for _, e := range m.Entries {
		if e.IsChance() {
			if err := st.Resolve(e.Chance); err != nil {
				t.Fatal(err)
			}
			continue
		}
		a, err := m.Game.DecodeAction(e.Action)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*catan.State)
		if e.Seat >= 2 && s.IsOffer(a) {
			out.perTurn[[2]int{s.Turn, int(e.Seat)}]++
			out.offers++
			if !s.OfferGood(e.Seat, a) {
				t.Errorf("turn %d: seat %d offered %+v, which does not leave it better off", s.Turn, e.Seat, a)
			}
		}
		if err := st.Apply(e.Seat, a); err != nil {
			t.Fatal(err)
		}
		out.turns = st.(*catan.State).Turn
	}
	n.sameLogs()
	return out
}

// Hosted bot seats follow the courtesy of the hot-seat table: at most one
// offer to the people a turn, only offers good for the bot, none when the
// host turned bot offers off (the genesis says so). Every device decides
// the same (the logs agree, and each device checked each bot entry by
// deciding it again).
func TestHostedBotsOfferPeopleLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("network games of 20 turns")
	}
	on := playHostedOffers(t, 5, false, 20)
	for k, c := range on.perTurn {
		if c > 1 {
			t.Fatalf("turn %d: the bot of seat %d made %d offers", k[0], k[1], c)
		}
	}
	if on.offers == 0 || on.turns < 20 {
		t.Fatalf("%d offers in %d turns: the bots never offered", on.offers, on.turns)
	}
	off := playHostedOffers(t, 5, true, 20)
	if off.offers != 0 || off.turns < 20 {
		t.Fatalf("offers turned off: %d offers in %d turns", off.offers, off.turns)
	}
	t.Logf("hosted greedy bots' offers: %d in %d turns (on), %d in %d turns (off)", on.offers, on.turns, off.offers, off.turns)
}
