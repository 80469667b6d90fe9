package netplay

import (
	"errors"
	"maps"

	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/p2p"
)

// A network game of a game that hides cards is always sealed (docs/p2p.md,
// "Hidden cards"): its decks are dealt by cryptography, so a device
// receives and stores only the cards its own seat may see. Hot-seat and
// bot-only games never come here and stay plain.

// genesisSetup is the setup a new network game signs into its genesis:
// sealed when the game declares sealed decks for it and two or more seats
// are held by devices (sealed play deals among devices; a hosted bot seat
// holds no key, so with one device there is nobody to hide from), and
// then with secrets where the game takes them (p2p.SealedSetup: Catan's
// stolen card is learnt by thief and victim only).
func genesisSetup(g engine.Game, setup engine.Setup, devices int) engine.Setup {
	sg, ok := g.(engine.SealedGame)
	if !ok || devices < 2 || plainForMeasurement {
		return setup
	}
	sealed := setup
	sealed.Options = maps.Clone(setup.Options)
	if sealed.Options == nil {
		sealed.Options = map[string]string{}
	}
	sealed.Options[engine.Sealed] = "1"
	if len(sg.Decks(sealed)) == 0 {
		return setup
	}
	return p2p.SealedSetup(g, sealed)
}

// plainForMeasurement keeps network games plain. Only the tabulaplain build
// tag sets it: the baseline build of cmd/tabula's
// BenchmarkBrowserP2PLatency, which times sealed and plain network play side
// by side in the browser. The site is never built with it.
var plainForMeasurement bool

// ErrDealing: the person acted while the log waits for a deck message
// (the cards being dealt or opened): the device refused the move.
var ErrDealing = errors.New("netplay: the cards are being dealt")

func init() { gameui.Explain(ErrDealing, "err.dealing") }

// dealingNow reports whether a sealed game's log waits for a deck message
// from a seat that does not decide now (the peer then takes no move). A
// deck message awaited from the deciding seat itself looks like its move
// here; Act says so if the person tries (ErrDealing).
func dealingNow(p *p2p.Peer) bool {
	m := p.Match()
	st := m.State.Status()
	if !m.Setup.IsSealed() || st.Chance != nil || st.Over {
		return false
	}
	for _, x := range p.Waiting() {
		if !st.Decides(engine.Seat(x)) {
			return true
		}
	}
	return false
}
