package p2p

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/catan"
	"tabula/engine/catan/citiesknights"
	"tabula/engine/catan/traders"
	"tabula/engine/deck"
)

// secretsSeen is what a whole game's log shows of its secrets, from the
// first device's match replayed: the secret requests (each device's
// value checked: the audience's devices hold it, the others Unknown) and
// the openings, by show and by public request.
type secretsSeen struct{ drawn, private, shown, openedByRequest int }

func checkSecrets(t *testing.T, n *memnet) secretsSeen {
	t.Helper()
	p0 := n.peers[0]
	m := p0.Match()
	st, err := engine.NewState(m.Game, m.Setup)
	if err != nil {
		t.Fatal(err)
	}
	var seen secretsSeen
	for i, e := range m.Entries {
		req := st.Status().Chance
		switch {
		case e.IsChance() && req != nil && req.Secret != 0:
			seen.drawn++
			private := p0.led.privateSecret(req) != nil
			if private {
				seen.private++
			}
			v, ok := p0.led.sealed.secretValue(req.Secret)
			if !ok {
				t.Fatalf("entry %d: secret %d never opened", i, req.Secret)
			}
			for s, q := range n.peers {
				got := q.Match().Entries[i].Chance[0]
				want := v
				if private && !req.Opens(engine.Seat(s)) {
					want = engine.Unknown
				}
				if got != want {
					t.Fatalf("entry %d, secret %d for seats %v: device %d holds %d, want %d", i, req.Secret, req.Audience, s, got, want)
				}
			}
		case e.IsChance() && req != nil && req.OpensSecret != 0:
			seen.openedByRequest++
		case e.IsShow() && e.Show.Deck == engine.SecretDeck:
			seen.shown += len(e.Show.Cards)
		}
		if err := engine.ApplyEntry(m.Game, st, e); err != nil {
			t.Fatal(err)
		}
	}
	return seen
}

// Whole sealed games of Catan, Cities & Knights and Traders & Barbarians
// with secrets on 3 and 4 devices over the in-memory network, greedy bots on every seat:
// the robber's steals are drawn by thief and victim (KindSecret entries),
// every device holds a stolen card's index exactly when its seat is thief
// or victim, every secret is opened by the end, and CheckSealed checks
// every device's knowledge and agreed hash at every entry.
func TestSealedSecretGames(t *testing.T) {
	realGamesNatively(t)
	var total secretsSeen
	for _, game := range []string{catan.ID, traders.ID, citiesknights.ID} {
		for _, players := range []int{3, 4} {
			t.Run(fmt.Sprint(game, " ", players), func(t *testing.T) {
				n, bots := newGreedyNetN(t, game, players, 70+uint64(players), true)
				playGreedyRecorded(t, n, bots, 0)
				if !n.peers[0].Match().Setup.HasSecrets() {
					t.Fatal("the sealed setup carries no secrets")
				}
				n.endedHonestly(t)
				seen := checkSecrets(t, n)
				kinds, secretBytes := map[Kind]int{}, 0
				for _, e := range n.peers[0].led.entries {
					kinds[e.Kind]++
					if e.Kind == KindSecret {
						secretBytes += len(e.Encode())
					}
				}
				t.Logf("%+v; %d secret entries, %d hidden entries; %d bytes of secret entries per steal drawn in secret",
					seen, kinds[KindSecret], kinds[KindHidden], secretBytes/max(seen.private, 1))
				if seen.private == 0 || kinds[KindSecret] < 4*seen.private {
					t.Fatalf("no steal drawn in secret: %+v, %d secret entries", seen, kinds[KindSecret])
				}
				// The game file, checked by a verifier's observer ledger:
				// every secret opened, with the devices' values.
				v := verified(t, n.peers[players-1])
				if v.Sealed == nil || !v.Sealed.Audited || len(v.Sealed.Cheats) != 0 || len(v.Sealed.Secrets) != seen.drawn {
					t.Fatalf("the file's audit: %+v", v.Sealed)
				}
				for _, x := range v.Sealed.Secrets {
					if want, _ := n.peers[0].led.sealed.secretValue(x.Number); !x.Private || x.Value != want || x.Value == engine.Unknown {
						t.Fatalf("the file's secret %+v, the devices' value %d", x, want)
					}
				}
				total.shown += seen.shown
				total.openedByRequest += seen.openedByRequest
			})
		}
	}
	if total.shown == 0 || total.openedByRequest == 0 {
		t.Errorf("no secret opened by a show, or none by a public request: %+v", total)
	}
}

// realGamesNatively skips a test of whole real games in wasm, where they
// take minutes: the protocol is the same, and engine/deck's secret tests
// run there.
func realGamesNatively(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("native only: whole games of Catan")
	}
}

// nameStolen is the analysis of Catan's steals from seat obs's recorded
// device: each steal obs took no part in is named (the resource taken)
// from what obs's device holds (its secret's value: "from the decks"; its
// engine entry: "from the game"), else guessed uniformly among the
// victim's cards at the steal (chance: the stolen kind's share of that
// hand). It is what obs knew when the card was stolen: a steal opened to
// every seat later (a show, a public opening) is named from the draw's
// messages alone (valueAtSteal). The truth is what the audience's devices
// hold (sealed: the value opened, at the latest at the audit).
func nameStolen(t testing.TB, rec *record, guess *rand.Rand) chanceScore {
	t.Helper()
	p := restoreRecorded(t, rec)
	m := p.Match()
	st, err := engine.NewState(m.Game, m.Setup)
	if err != nil {
		t.Fatal(err)
	}
	type steal struct {
		secret, truth, named int
		from                 catan.Resources
		how                  string
	}
	var steals []steal
	for i, e := range m.Entries {
		cs := st.(*catan.State)
		req := st.Status().Chance
		if e.IsChance() && req != nil && req.Secret != 0 && req.Opens(engine.Seat(rec.obs)) {
			// The analysis is able: it names obs's own steals from the
			// same messages.
			if v, ok := valueAtSteal(t, p, req.Secret); !ok || v != e.Chance[0] {
				t.Fatalf("entry %d: the analysis names obs's own steal %d as %d (%v), obs holds %d", i, req.Secret, v, ok, e.Chance[0])
			}
		}
		if e.IsChance() && req != nil && req.Kind == "steal" && !req.Opens(engine.Seat(rec.obs)) || e.IsChance() && req != nil && req.Kind == "steal" && req.Secret == 0 && int(cs.Active) != rec.obs && int(cs.Victim) != rec.obs {
			sl := steal{secret: req.Secret, from: cs.Hand[cs.Victim], named: -1}
			if req.Secret != 0 {
				if v, ok := rec.net.peers[0].led.sealed.secretValue(req.Secret); ok {
					sl.truth = v
				}
				if v, ok := valueAtSteal(t, p, req.Secret); ok {
					sl.named, sl.how = v, "deck"
				}
			} else {
				sl.truth = rec.net.peers[int(cs.Active)].Match().Entries[i].Chance[0]
			}
			if sl.named < 0 && e.Chance[0] != engine.Unknown {
				sl.named, sl.how = e.Chance[0], "engine"
			}
			steals = append(steals, sl)
		}
		if err := engine.ApplyEntry(m.Game, st, e); err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
	}
	var sc chanceScore
	for _, sl := range steals {
		kind := func(k int) int {
			for r := range sl.from {
				if catan.Resource(r) == catan.Gold {
					continue
				}
				if k < int(sl.from[r]) {
					return r
				}
				k -= int(sl.from[r])
			}
			return -1
		}
		total := 0
		for r, c := range sl.from {
			if catan.Resource(r) != catan.Gold {
				total += int(c)
			}
		}
		truth := kind(sl.truth)
		pr := float64(sl.from[truth]) / float64(total)
		sc.targets++
		sc.chance += pr
		sc.variance += pr * (1 - pr)
		named := sl.named
		switch sl.how {
		case "deck":
			sc.viaDeck++
		case "engine":
			sc.viaEngine++
		default:
			named = guess.IntN(total)
		}
		if kind(named) == truth {
			sc.hits++
		}
	}
	return sc
}

// valueAtSteal is secret num as obs's device could compute it from the
// draw's messages it holds (every one but the openings and the looks),
// with its own secrets: a fresh deck.Secret of obs's party fed them.
func valueAtSteal(t testing.TB, p *Peer, num int) (int, bool) {
	return valueHeld(t, p, num, false)
}

// valueHeld is valueAtSteal, fed the looks' envelopes and answers too
// when looks is set (secretlook_test.go).
func valueHeld(t testing.TB, p *Peer, num int, looks bool) (int, bool) {
	t.Helper()
	s := p.led.sealed
	r := s.secret(num)
	if r == nil || r.sec == nil {
		return 0, false
	}
	aud := r.sec.Audience()
	sec, err := deck.NewSecret(s.decks[0], secretID(p.gameID, num), aud[0], aud[1], secretRand(s.seed, p.gameID, num), nil)
	if err != nil {
		t.Fatal(err)
	}
	msgs, _ := secretEntries(t, p.led, num)
	for _, m := range msgs {
		if _, open := m.(*deck.SecretOpenMsg); open {
			break
		}
		if lm, look := m.(*deck.SecretLookMsg); look && !looks {
			break
		} else if look {
			if err := sec.Look(lm.To); err != nil {
				t.Fatal(err)
			}
		}
		if err := sec.Receive(m); err != nil {
			t.Fatalf("secret %d: %T: %v", num, m, err)
		}
	}
	return sec.Value(r.rng)
}

// Two devices and a hosted bot seat: every steal is public. Between the
// two devices thief and victim are every party (nobody to hide from), and
// a steal with the bot's seat in it is every device's (the bot is played
// from the log): the chance round draws them all, no secret entry is
// written, and every device holds every value.
func TestSealedSecretsPublicWithTwoDevices(t *testing.T) {
	realGamesNatively(t)
	setup := engine.Setup{Game: catan.ID, Players: 3, Options: map[string]string{engine.Sealed: "1"}}
	g, _ := engine.Lookup(catan.ID)
	n := newMemnetSetup(t, 31, SealedSetup(g, setup), []string{"", "", HostedPrefix + "greedy"}, nil)
	bots := make([]bot.Bot, 3)
	for s := range 2 {
		n.bot[s] = false
		bots[s] = bot.NewGreedy(310 + uint64(s))
	}
	playToEnd(t, n, bots)
	n.noRejections()
	private, public := n.peers[0].SecretsDrawn()
	if private != 0 || public == 0 {
		t.Fatalf("%d steals drawn in secret, %d in public", private, public)
	}
	m := n.peers[0].Match()
	st, _ := engine.NewState(m.Game, m.Setup)
	for i, e := range m.Entries {
		if req := st.Status().Chance; e.IsChance() && req != nil && req.Secret != 0 {
			for s := range 2 {
				if v := n.peers[s].Match().Entries[i].Chance[0]; v == engine.Unknown || v != e.Chance[0] {
					t.Fatalf("entry %d: device %d holds %d, device 0 %d", i, s, v, e.Chance[0])
				}
			}
		}
		if err := engine.ApplyEntry(m.Game, st, e); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range n.peers[0].led.entries {
		if e.Kind == KindSecret {
			t.Fatal("a secret entry in a game of two devices")
		}
	}
	t.Logf("%d steals drawn in public", public)
}

// endedHonestly checks a game every device played honestly: one log on
// all, nothing refused, CheckSealed passes, no cheat found.
func (n *memnet) endedHonestly(t *testing.T) {
	t.Helper()
	n.sameLogs()
	n.noRejections()
	if err := CheckSealed(n.peers); err != nil {
		t.Fatal(err)
	}
	for s, p := range n.peers {
		if cs := p.Cheats(); len(cs) != 0 {
			t.Fatalf("device %d found cheats: %v", s, cs)
		}
	}
}
