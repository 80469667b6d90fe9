package table

import (
	"time"

	"tabula/engine"
	"tabula/engine/bot"
)

// Bots at a table with people offer them little (engine/bot's courtesy,
// bot.Courteous): a bot makes at most one offer that a person must answer
// per turn, only one that would leave it better off, and none when the
// people turned offers off on the new-game screen (Meta[MetaBotOffers] =
// "off"). Network play (engine/p2p) keeps the same rule for its bot
// seats. An offer a person leaves unanswered lapses (Lapse): the screen
// answers it for them after a short wait.
//
// A game whose state has offers (bot.Offerer) registers its Offering
// from its UI package (the Catan family's does): what an offer is, and
// how a person lets one lapse.

// Offering describes a game's offers to other players.
type Offering struct {
	// Offer reports whether a asks the other players to answer.
	Offer func(a engine.Action) bool
	// Decline is the answer with which seat lets the offer it must answer
	// now lapse, and who made the offer (a nil answer when seat answers
	// no offer now).
	Decline func(s engine.State, seat engine.Seat) (from engine.Seat, a engine.Action)
}

var offerings = map[string]Offering{}

// RegisterOffering makes game's offers known to the table (from the init
// of the game's UI package).
func RegisterOffering(game string, o Offering) { offerings[game] = o }

// MetaBotOffers is the table's setting "bots may offer me trades": "off"
// turns bot offers to people off; anything else (or nothing) leaves them on.
const MetaBotOffers = bot.MetaOffers

// BotOffersOff is MetaBotOffers's value that turns bot offers off.
const BotOffersOff = bot.OffersOff

// HasOffering reports whether game has offers bots may make to people
// (the new-game screen asks about them then).
func HasOffering(game string) bool {
	o, ok := offerings[game]
	return ok && o.Offer != nil
}

// offering is this table's game's Offering (ok false when it has none).
func (t *Table) offering() (Offering, bool) {
	o, ok := offerings[t.Match.Setup.Game]
	return o, ok && o.Offer != nil
}

// othersHuman reports whether a person plays a seat other than seat.
func (t *Table) othersHuman(seat engine.Seat) bool {
	for _, h := range t.Humans() {
		if h != seat {
			return true
		}
	}
	return false
}

// Lapse is the answer that lets the bot's offer the person on screen must
// answer now lapse: the screen plays it for them when they leave the offer
// unanswered for a while (ok false when no such offer waits).
func (t *Table) Lapse() (seat engine.Seat, a engine.Action, ok bool) {
	h, ok := t.HumanToMove()
	if !ok || h != t.Viewer {
		return 0, nil, false
	}
	if a, ok = LapseOf(t.Match.Setup.Game, t.State(), h, func(s engine.Seat) bool { return !t.IsHuman(s) }); !ok {
		return 0, nil, false
	}
	return h, a, true
}

// LapseAfter is how long a bot's offer waits for the person's answer
// before the screen lets it lapse (the game never waits on an offer
// nobody asked for).
const LapseAfter = 8 * time.Second

// LapseOf is the answer with which seat, a person, lets the offer of a
// bot it must answer now lapse in game (bot reports whether a seat is
// played by a bot): ok false when no bot's offer waits for seat. A
// network table plays it for the person too: their own move, in the log.
func LapseOf(game string, s engine.State, seat engine.Seat, bot func(engine.Seat) bool) (engine.Action, bool) {
	o, has := offerings[game]
	if !has || o.Decline == nil {
		return nil, false
	}
	from, a := o.Decline(s, seat)
	if a == nil || !bot(from) {
		return nil, false // a person's offer waits for the answer
	}
	return a, true
}
