package traders

import "fmt"

// Cargo (orig "Определение цели", "Выполнение заказа"; fact sheet §4, §10).
// Each trade hex has a stack of cargo cards, building side up; a card's
// face shows one of the two goods its hex supplies, and the good names the
// trade hex that needs it.

// Good is what a cargo card carries.
type Good int8

const (
	Marble Good = iota
	Glass
	Sand
	Tools
	NumGoods = 4
)

var goodNames = [NumGoods]string{"marble", "glass", "sand", "tools"}

// String is "marble", "glass", "sand" or "tools".
func (g Good) String() string {
	if g < 0 || g >= NumGoods {
		return fmt.Sprintf("Good(%d)", int(g))
	}
	return goodNames[g]
}

// Destination is the trade hex that needs g (orig: the castle needs marble
// and glass, the quarry tools, the glassworks sand).
func (g Good) Destination() TradeHex { return destination[g] }

var destination = [NumGoods]TradeHex{Marble: Castle, Glass: Castle, Sand: Glassworks, Tools: Quarry}

// Supplies are the two goods on the cards of t's stack (orig: the castle
// supplies tools and sand, the quarry marble and sand, the glassworks
// glass and tools). No hex supplies a good it needs.
func (t TradeHex) Supplies() [2]Good { return supplies[t] }

var supplies = [NumTradeHexes][2]Good{Castle: {Tools, Sand}, Quarry: {Marble, Sand}, Glassworks: {Glass, Tools}}

// Cargo is one kind of cargo card: the hex whose stack it comes from (its
// back, and its building side once delivered) and the good on its face.
// Its index 0 … 5 is 2·From + the good's place in From.Supplies().
type Cargo int8

// NumCargo is the number of kinds of cargo card.
const NumCargo = 2 * NumTradeHexes

// NoCargo stands for no card (a wagon without an order).
const NoCargo Cargo = -1

// CargoOf is the card of good g from t's stack; ok is false if t does not
// supply g.
func CargoOf(t TradeHex, g Good) (Cargo, bool) {
	for i, x := range supplies[t] {
		if x == g {
			return Cargo(2*int(t) + i), true
		}
	}
	return NoCargo, false
}

// From is the trade hex whose stack the card comes from.
func (c Cargo) From() TradeHex { return TradeHex(c / 2) }

// Good is the good on the card's face.
func (c Cargo) Good() Good { return supplies[c/2][c%2] }

// Destination is where the card is delivered.
func (c Cargo) Destination() TradeHex { return c.Good().Destination() }

// Valid reports whether c is one of the six kinds.
func (c Cargo) Valid() bool { return c >= 0 && c < NumCargo }

func (c Cargo) String() string {
	if !c.Valid() {
		return fmt.Sprintf("Cargo(%d)", int(c))
	}
	return c.Good().String() + " from the " + c.From().String()
}

// Stacks counts the cargo cards left in each trade hex's stack, by kind.
type Stacks [NumCargo]int8

// FullStacks are the 36 cards at set-up: CargoPerGood of each kind.
var FullStacks = func() Stacks {
	var s Stacks
	for c := range s {
		s[c] = CargoPerGood
	}
	return s
}()

// TotalCargo is the number of cargo cards in the game.
const TotalCargo = NumCargo * CargoPerGood

// Left is the number of cards in t's stack.
func (s Stacks) Left(t TradeHex) int { return int(s[2*t]) + int(s[2*t+1]) }

// Card is card number k of t's stack, counting its first good's cards
// first (k < Left(t)): the chance outcome of a draw names it, so a draw
// from the stack is uniform, as from a shuffled stack.
func (s Stacks) Card(t TradeHex, k int) Cargo {
	if k < int(s[2*t]) {
		return Cargo(2 * t)
	}
	return Cargo(2*t + 1)
}

// Total is the number of cards in all stacks.
func (s Stacks) Total() int {
	n := 0
	for _, c := range s {
		n += int(c)
	}
	return n
}
