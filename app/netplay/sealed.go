package netplay

import (
	"maps"

	"tabula/engine"
)

// A network game of a game that hides cards is always sealed (docs/p2p.md,
// "Hidden cards"): its decks are dealt by cryptography, so a device
// receives and stores only the cards its own seat may see. Hot-seat and
// bot-only games never come here and stay plain.

// genesisSetup is the setup a new network game signs into its genesis:
// sealed when the game declares sealed decks for it and two or more seats
// are held by devices (sealed play deals among devices; a hosted bot seat
// holds no key, so with one device there is nobody to hide from).
func genesisSetup(g engine.Game, setup engine.Setup, devices int) engine.Setup {
	sg, ok := g.(engine.SealedGame)
	if !ok || devices < 2 {
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
	return sealed
}

// agreedHash is the hash every device of the game holds alike (hex): the
// whole state's for a plain game, the public view's and status's for a
// sealed one (each device knows other cards).
func agreedHash(m *engine.Match) string {
	return engine.AgreedHashHex(m.Setup, m.State)
}
