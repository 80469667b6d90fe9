package traders

import (
	"tabula/engine"
	"tabula/engine/catan"
)

// Gold (orig "Золото"): 2 gold buy a resource, at most twice a turn;
// resources sold to the bank at one's maritime rate bring 1 gold (the base
// game's maritime trade with gold as the card taken); gold pays tolls and
// is paid for deliveries. Gold is a kind of the base state's hands and
// bank, which never count it as a card in hand (catan.Gold).

// Gold prices (orig).
const (
	// GoldPerResource is the price of one resource card in gold.
	GoldPerResource = 2
	// GoldBuysPerTurn is how many resources gold buys in one turn.
	GoldBuysPerTurn = 2
)

// maritimeRate is the scenario's catan.Rules.Maritime: gold is never given
// to the bank in a maritime trade (buying with gold is buy-with-gold);
// everything else at the harbour rate, gold included as what is taken.
func maritimeRate(_ *catan.State, _ int, r catan.Resource, rate int) int {
	if r == catan.Gold {
		return 0
	}
	return rate
}

// canBuyWithGold reports why p may not buy a card of r with gold now.
// (Fixed errors: Legal asks for every resource.)
func canBuyWithGold(s *catan.State, c *Caravans, p int, r catan.Resource) error {
	switch {
	case !r.Valid():
		return errGoldBuysResources
	case c.GoldBuys >= GoldBuysPerTurn:
		return errGoldBuysPerTurn
	case s.Hand[p][catan.Gold] < GoldPerResource:
		return errGoldPrice
	case s.Bank[r] == 0:
		return errBankOut
	}
	return nil
}

var (
	errGoldBuysResources = engine.Illegal("gold buys resources only")
	errGoldBuysPerTurn   = engine.Illegal("gold buys at most %d resources per turn", GoldBuysPerTurn)
	errGoldPrice         = engine.Illegal("a resource costs %d gold", GoldPerResource)
	errBankOut           = engine.Illegal("the bank has none of that resource left")
)

func buyWithGold(s *catan.State, c *Caravans, p int, r catan.Resource) error {
	if err := canBuyWithGold(s, c, p, r); err != nil {
		return err
	}
	s.Pay(p, catan.Of(catan.Gold, GoldPerResource))
	s.Receive(p, catan.Of(r, 1))
	c.GoldBuys++
	return nil
}

// payGold pays p up to n gold from the bank (GoldSupply: short only if
// the supply runs out).
func payGold(s *catan.State, p, n int) {
	s.Receive(p, catan.Of(catan.Gold, min(n, int(s.Bank[catan.Gold]))))
}
