package bot

import (
	"math/rand/v2"

	"tabula/engine"
)

// Courtesy: bots at a table where people play offer them little. A bot
// makes at most one offer that people must answer in a turn, only one it
// rates as good for itself, and none when the people turned bot offers
// off. The bot decides on the same position with the other offers hidden
// (Courteous), so it plays its best other move instead. Hot-seat tables
// (app/table) and network play (engine/p2p, where every device must
// decide alike) both use it: every input is the state and the table's
// settings, so the choice is a function of the game's log.

// Offerer is a state whose game has offers the other players must answer
// (the Catan family's trades).
type Offerer interface {
	// IsOffer reports whether a asks the other players to answer.
	IsOffer(a engine.Action) bool
	// OfferGood reports whether offer a would leave seat better off if it
	// were taken, by the game's own rating of the position.
	OfferGood(seat engine.Seat, a engine.Action) bool
	// OffersThisTurn is how many offers the player whose turn it is has
	// made in this turn.
	OffersThisTurn() int
}

// MetaOffers is the table's setting "bots may offer me trades" in a game
// file's meta (and a network game's genesis): OffersOff turns bot offers
// to people off; anything else, or nothing, leaves them on.
const (
	MetaOffers = "botOffers"
	OffersOff  = "off"
)

// Courteous is s as the bot in seat decides on it at a table where people
// play: with off (bot offers turned off) or once it made an offer this
// turn it sees none of its offers, else only those good for it. A state
// without offers is returned as it is.
func Courteous(s engine.State, seat engine.Seat, off bool) engine.State {
	o, ok := s.(Offerer)
	if !ok {
		return s
	}
	none := off || o.OffersThisTurn() > 0
	return HideOffers(s, seat, func(st engine.State, a engine.Action) bool {
		so, ok := st.(Offerer)
		if !ok || !so.IsOffer(a) {
			return false
		}
		// The test runs on the position the bot weighs the action in,
		// so deep in a search too.
		return none || !so.OfferGood(seat, a)
	})
}

// HideOffers is a state whose Legal hides the actions of seat that hide
// reports: the position a bot at a table with people decides on. It is
// used by pointer: the search compares its copies, and a struct holding a
// func cannot be compared. Everything the bots use passes through to the
// state (its evaluation, its determinisations, the copies it recycles),
// each copy hiding the offers too.
func HideOffers(s engine.State, seat engine.Seat, hide func(engine.State, engine.Action) bool) engine.State {
	return &withoutOffers{s, seat, hide}
}

type withoutOffers struct {
	engine.State
	seat engine.Seat
	hide func(s engine.State, a engine.Action) bool
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
	if d, ok := w.State.(Determinizer); ok {
		return &withoutOffers{d.Determinize(seat, r), w.seat, w.hide}
	}
	return w.Clone()
}

// CloneInto recycles the state's copies as the state does (Recycler).
func (w *withoutOffers) CloneInto(dst engine.State) engine.State {
	r, ok := w.State.(Recycler)
	d, isW := dst.(*withoutOffers)
	if !ok || !isW {
		return w.Clone()
	}
	d.State = r.CloneInto(d.State)
	d.seat, d.hide = w.seat, w.hide
	return d
}

// SearchHorizon is the game's playout horizon (Horizoner), if any.
func (w *withoutOffers) SearchHorizon() int {
	if h, ok := w.State.(Horizoner); ok {
		return h.SearchHorizon()
	}
	return 0
}
