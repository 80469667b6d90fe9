package cards

import (
	"crypto/sha256"
	"fmt"
	"reflect"
	"testing"

	"tabula/engine"
	ag "tabula/engine/agricola"
	"tabula/engine/bot"
)

// The engine's fast paths are tested here against the plain ones on card
// games, where the cards in play change prices, holders and conversions.

// walkGames plays card games of players between bots of kind (seeds
// 1…games) and calls visit before every decision.
func walkGames(t *testing.T, players, games int, kind string, visit func(s *ag.State, seat engine.Seat)) {
	t.Helper()
	for seed := uint64(1); seed <= uint64(games); seed++ {
		st, err := ag.Game{}.New(engine.Setup{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]bot.Bot, players)
		for i := range bots {
			bots[i], _ = bot.New(kind, seed*10+uint64(i))
		}
		err = bot.Walk(st, bots, seed, 20000, func(st engine.State, seat engine.Seat) bool {
			visit(st.(*ag.State), seat)
			return !t.Failed()
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// gameDigest is a digest of the final hashes of the card games of
// players between bots of kind, seeds 1…games.
func gameDigest(t *testing.T, players, games int, kind string) string {
	t.Helper()
	h := sha256.New()
	for seed := uint64(1); seed <= uint64(games); seed++ {
		st, _ := ag.Game{}.New(engine.Setup{Players: players})
		bots := make([]bot.Bot, players)
		for i := range bots {
			bots[i], _ = bot.New(kind, seed*10+uint64(i))
		}
		if err := bot.Play(st, bots, seed, 20000); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		fmt.Fprintf(h, "%s\n", engine.HashHex(st))
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// The speed work changes no game: the final hashes of random and greedy
// card games (whose greedy bot rates every move with Evaluate) are those
// of the code before it, pinned from that code.
func TestGamesPinned(t *testing.T) {
	cases := []struct {
		players, games int
		kind, digest   string
	}{
		{4, 40, "random", "31899a8dd75a52d41e7fed99256a1fd0af1eed06f95e83137bb104da713cbc6b"},
		{1, 20, "random", "938842c758f148c67cd70506efe617395c33a8dc02a38c50dbf7756769051d0a"},
		{2, 3, "greedy", "5e466aeaf334caedff66749f3b79904f62f5154c28fe58149cbd8d7d1dd85b6a"},
		{4, 1, "greedy", "06a0958c37233a95581d9bf897245d8ed69aa271154109e34a8d38109a63f77d"},
	}
	for _, c := range cases {
		if testing.Short() && c.kind == "greedy" {
			continue
		}
		if got := gameDigest(t, c.players, c.games, c.kind); got != c.digest {
			t.Errorf("%d %s games of %d players: digest %s, pinned %s", c.games, c.kind, c.players, got, c.digest)
		}
	}
}

// LegalCount and LegalAt describe Legal's list exactly, at every decision
// of random card games, for the seat deciding and the others; a copy
// played on leaves the original's list alone.
func TestLegalAtIsLegal(t *testing.T) {
	walkGames(t, 4, 6, "random", func(s *ag.State, seat engine.Seat) {
		for who := engine.Seat(0); who < 4; who++ {
			n := s.LegalCount(who)
			legal := s.Legal(who)
			opts := s.Options(who)
			if n != len(legal) || n != len(opts) {
				t.Fatalf("seat %d: LegalCount %d, Legal %d, Options %d", who, n, len(legal), len(opts))
			}
			if who == seat && n > 0 {
				c := s.Clone().(*ag.State)
				c.LegalCount(who)
				_ = c.Apply(who, c.LegalAt(who, n-1))
			}
			for i, a := range legal {
				if got := s.LegalAt(who, i); !reflect.DeepEqual(got, a) || !reflect.DeepEqual(opts[i], a) {
					t.Fatalf("seat %d: LegalAt(%d) %v, Legal %v, Options %v", who, i, got, a, opts[i])
				}
			}
			if s.LegalAt(who, n) != nil || s.LegalAt(who, -1) != nil {
				t.Fatalf("seat %d: LegalAt out of range is not nil", who)
			}
		}
	})
}

// A card's PriceOps is honest: its Reprice and Modify change no purchase
// but its owner's own of those ops (Cost skips them for any other).
func TestPriceOpsHonest(t *testing.T) {
	purchases := []ag.Purchase{{What: ag.OpRoom}, {What: ag.OpStable}, {What: ag.OpStable, Via: "B016"},
		{What: ag.OpStable, Via: "B089"}, {What: ag.OpRenovate}, {What: ag.OpFences, Via: "fencing", N: 5},
		{What: ag.OpFences, N: 2}, {What: ag.OpMajor, Card: ag.CookingHearth1}, {What: ag.OpMinor, Card: "A016"},
		{What: ag.OpOccupation, Via: "lessons", Card: "A087"}, {What: ag.OpOccupation, Via: "B097", Card: "A087"},
		{What: ag.OpPlow}, {What: ag.OpSow}}
	hooks := 0
	n := 0
	walkGames(t, 4, 3, "random", func(s *ag.State, _ engine.Seat) {
		if n++; n%7 != 0 {
			return
		}
		for _, row := range table {
			f := ag.CardByID(row.id)
			if f.Reprice == nil && f.Modify == nil {
				continue
			}
			hooks++
			if f.PriceOps == 0 {
				t.Fatalf("%s changes prices but names no PriceOps", f.ID)
			}
			for owner := engine.Seat(0); owner < 4; owner++ {
				for buyer := engine.Seat(0); buyer < 4; buyer++ {
					for _, pu := range purchases {
						if buyer == owner && f.PriceOps&pu.What != 0 {
							continue
						}
						base := []ag.Price{{Goods: ag.One(ag.Wood, 3).With(ag.Reed, 2)}, {Goods: ag.One(ag.Stone, 2), To: ag.Stone}}
						for _, hook := range []func(*ag.CostCtx){f.Reprice, f.Modify} {
							if hook == nil {
								continue
							}
							x := ag.CostCtx{S: s, Owner: owner, Buyer: buyer, Purchase: pu, Prices: append([]ag.Price(nil), base...)}
							hook(&x)
							if !reflect.DeepEqual(x.Prices, base) {
								t.Fatalf("%s (owner %d) changes %v by %d to %v", f.ID, owner, pu, buyer, x.Prices)
							}
						}
					}
				}
			}
		}
	})
	if hooks == 0 {
		t.Fatal("no card with a price hook seen")
	}
}

// An unmet prerequisite, worded when read, says what the message written
// at once said, for every kind, with and without a number.
func TestUnmetWordsAsBefore(t *testing.T) {
	for kind := range requirementChecks {
		for _, n := range []int{0, 1, 3} {
			for _, have := range []int{0, 2} {
				r := needs(kind, n)
				want := fmt.Errorf("needs %s %d (has %d)", r.Kind, r.N, have).Error()
				if n == 0 {
					want = fmt.Errorf("needs %s", r.Kind).Error()
				}
				var err error = &unmet{r, have}
				if got := err.Error(); got != want {
					t.Errorf("%s %d, has %d: %q, before %q", kind, n, have, got, want)
				}
			}
		}
	}
}
