package table

import (
	"math/rand/v2"

	"tabula/engine"
	"tabula/engine/bot"
)

// Bots at a table with people offer them little: a bot makes at most one
// offer that a person must answer per turn, and none when the people
// turned offers off on the new-game screen (Meta[MetaBotOffers] = "off").
// The bot sees only the offers that would leave it better off if taken
// (Offering.Good), and makes one only when it is the move it rates best
// of all (the search's most visited, the greedy bot's best rating). When
// it may not offer, the bot decides on the same position with its offers
// hidden, so it plays its best other move. An offer a
// person leaves unanswered lapses (Lapse): the screen answers it for them
// after a short wait.
//
// What an offer is depends on the game; a game that has offers registers
// its Offering (the Catan family's UI does).

// Offering describes a game's offers to other players.
type Offering struct {
	// Offer reports whether a asks the other players to answer.
	Offer func(a engine.Action) bool
	// Good reports whether offer a would leave seat better off if it were
	// taken: by the game's own rating of the position (nil: every offer).
	Good func(s engine.State, seat engine.Seat, a engine.Action) bool
	// Turn numbers the turns: it changes whenever a new turn begins.
	Turn func(s engine.State) int
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
const MetaBotOffers = "botOffers"

// BotOffersOff is MetaBotOffers's value that turns bot offers off.
const BotOffersOff = "off"

// HasOffering reports whether game has offers bots may make to people
// (the new-game screen asks about them then).
func HasOffering(game string) bool {
	o, ok := offerings[game]
	return ok && o.Offer != nil && o.Turn != nil
}

// offering is this table's game's Offering (ok false when it has none).
func (t *Table) offering() (Offering, bool) {
	o, ok := offerings[t.Match.Setup.Game]
	return o, ok && o.Offer != nil && o.Turn != nil
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

// unwelcome is which of the bot in seat's actions it keeps from people
// now: every offer when they turned offers off or it made one this turn,
// else the offers not good for it (the test runs on the position the bot
// weighs the action in, so deep in a search too).
func (t *Table) unwelcome(o Offering, seat engine.Seat) func(s engine.State, a engine.Action) bool {
	turn, offered := t.offered[seat]
	none := t.Meta[MetaBotOffers] == BotOffersOff || offered && turn == o.Turn(t.State())
	return func(s engine.State, a engine.Action) bool {
		if !o.Offer(a) {
			return false
		}
		return none || o.Good != nil && !o.Good(s, seat, a)
	}
}

// noteOffer remembers that the bot in seat offered a to people this turn
// (an offer never ends the turn: the turn is the state's now).
func (t *Table) noteOffer(seat engine.Seat, a engine.Action) {
	o, ok := t.offering()
	if !ok || !o.Offer(a) || !t.othersHuman(seat) {
		return
	}
	if t.offered == nil {
		t.offered = map[engine.Seat]int{}
	}
	t.offered[seat] = o.Turn(t.State())
}

// Lapse is the answer that lets the bot's offer the person on screen must
// answer now lapse: the screen plays it for them when they leave the offer
// unanswered for a while (ok false when no such offer waits).
func (t *Table) Lapse() (seat engine.Seat, a engine.Action, ok bool) {
	o, has := t.offering()
	if !has || o.Decline == nil {
		return 0, nil, false
	}
	h, ok := t.HumanToMove()
	if !ok || h != t.Viewer {
		return 0, nil, false
	}
	from, a := o.Decline(t.State(), h)
	if a == nil || t.IsHuman(from) {
		return 0, nil, false // a person's offer waits for the answer
	}
	return h, a, true
}

// withoutOffers is a state whose Legal hides the offers of seat that are
// unwelcome: the position a bot at a table with people decides on. It is
// used by pointer: the search compares its copies, and a struct holding a
// func cannot be compared. Everything the bots use passes
// through to the state (its evaluation, its determinisations, the copies
// it recycles), each copy hiding the offers too.
type withoutOffers struct {
	engine.State
	seat engine.Seat
	hide func(s engine.State, a engine.Action) bool
}

func hideOffers(s engine.State, seat engine.Seat, hide func(engine.State, engine.Action) bool) engine.State {
	return &withoutOffers{s, seat, hide}
}

func (w *withoutOffers) Legal(seat engine.Seat) []engine.Action {
	all := w.State.Legal(seat)
	if seat != w.seat {
		return all
	}
	var out []engine.Action // made only when something is hidden
	for i, a := range all {
		switch hidden := w.hide(w.State, a); {
		case hidden && out == nil:
			out = append(make([]engine.Action, 0, len(all)-1), all[:i]...)
		case !hidden && out != nil:
			out = append(out, a)
		}
	}
	if out == nil {
		return all
	}
	return out
}

// LegalCount and LegalAt describe the filtered list (the state's own
// would describe the list with the offers); the other seats' lists are
// the state's, asked without building them when it can.
func (w *withoutOffers) LegalCount(seat engine.Seat) int {
	if ix, ok := w.State.(engine.IndexedLegal); ok && seat != w.seat {
		return ix.LegalCount(seat)
	}
	return len(w.Legal(seat))
}

func (w *withoutOffers) LegalAt(seat engine.Seat, i int) engine.Action {
	if ix, ok := w.State.(engine.IndexedLegal); ok && seat != w.seat {
		return ix.LegalAt(seat, i)
	}
	l := w.Legal(seat)
	if i < 0 || i >= len(l) {
		return nil
	}
	return l[i]
}

func (w *withoutOffers) Clone() engine.State { return &withoutOffers{w.State.Clone(), w.seat, w.hide} }

func (w *withoutOffers) Evaluate(seat engine.Seat) float64 {
	if e, ok := w.State.(engine.Evaluator); ok {
		return e.Evaluate(seat)
	}
	sc := w.State.Scores()
	if int(seat) < 0 || int(seat) >= len(sc) {
		return 0
	}
	return float64(sc[seat])
}

// Determinize is the state's determinisation, hiding the offers too (so
// the search bot still sees only what its seat may see).
func (w *withoutOffers) Determinize(seat engine.Seat, r *rand.Rand) engine.State {
	if d, ok := w.State.(bot.Determinizer); ok {
		return &withoutOffers{d.Determinize(seat, r), w.seat, w.hide}
	}
	return w.Clone()
}

// CloneInto recycles the state's copies as the state does (bot.Recycler).
func (w *withoutOffers) CloneInto(dst engine.State) engine.State {
	r, ok := w.State.(bot.Recycler)
	d, isW := dst.(*withoutOffers)
	if !ok || !isW {
		return w.Clone()
	}
	d.State = r.CloneInto(d.State)
	d.seat, d.hide = w.seat, w.hide
	return d
}

// SearchHorizon is the game's playout horizon (bot.Horizoner), if any.
func (w *withoutOffers) SearchHorizon() int {
	if h, ok := w.State.(bot.Horizoner); ok {
		return h.SearchHorizon()
	}
	return 0
}
