package agricolaui

import (
	"strings"
	"sync"

	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/agricola"
)

// Cards: the 10 major improvements and, in the card game, the minor
// improvements and occupations in hand and in play. Their facts (kind,
// cost, points, player count, travelling, conversions) come from the
// engine's card table; their text from the catalogue
// ("agricola.cardtext.<id>") when it has one, and for the majors from
// their engine data.

// kindName is a card kind as a noun ("Major improvement").
func kindName(k agricola.CardKind) string { return T("agricola.kind." + k.String()) }

// reqText words a card's prerequisite ("agricola.req.<kind>", with its
// number), or says that it has one.
func reqText(c *agricola.Card) string {
	id := "agricola.req." + c.Requires.Kind
	if c.Requires.Kind == "" || !i18n.Has(id) {
		return T("agricola.card.prereq")
	}
	if c.Requires.N != 0 {
		return T(id, c.Requires.N)
	}
	return T(id)
}

// cardText is the full text of card id: what it does, then its facts.
func cardText(id string) string {
	c := agricola.CardByID(id)
	var parts []string
	if i18n.Has("agricola.cardtext." + id) {
		parts = append(parts, T("agricola.cardtext."+id))
	} else if c != nil && c.Kind == agricola.MajorCard {
		parts = append(parts, majorText(c))
	}
	if c == nil {
		return strings.Join(parts, " ")
	}
	facts := []string{kindName(c.Kind)}
	costs := []string{goodsText(c.Cost)}
	if c.Cost.IsZero() {
		costs[0] = T("agricola.price.free")
	}
	for _, r := range c.ReturnFor {
		costs = append(costs, T("agricola.price.return", cardName(r)))
	}
	facts = append(facts, T("agricola.card.cost", strings.Join(costs, " "+T("agricola.or")+" ")))
	if c.VP != 0 {
		facts = append(facts, i18n.N("agricola.card.vp", c.VP))
	}
	if c.MinPlayers > 1 {
		facts = append(facts, T("agricola.card.players", c.MinPlayers))
	}
	if c.Prereq != nil {
		facts = append(facts, reqText(c))
	}
	if c.Traveling {
		facts = append(facts, T("agricola.card.traveling"))
	}
	if c.Kind != agricola.MajorCard {
		for _, cv := range c.Converts {
			facts = append(facts, convWhen(cv))
		}
	}
	return strings.Join(append(parts, strings.Join(facts, " · ")), " ")
}

// convWhen is a conversion with its timing: "At any time: 1 sheep → 2
// food".
func convWhen(c agricola.Conversion) string {
	switch c.When {
	case agricola.Baking:
		return T("agricola.conv.bake", conversionText(c))
	case agricola.Harvest:
		return T("agricola.conv.harvest", conversionText(c))
	}
	return T("agricola.conv.any", conversionText(c))
}

// food is what conversion timing when turns one good into.
func food(c *agricola.Card, when agricola.Timing, g agricola.Good) (int, int) {
	for _, cv := range c.Converts {
		if cv.When == when && cv.In[g] > 0 {
			return cv.Out[agricola.Food] / cv.In[g], cv.Max
		}
	}
	return 0, 0
}

// majorText words a major improvement from its engine data: cooking and
// baking rates, the Well, the craft buildings' conversions and bonus.
func majorText(c *agricola.Card) string {
	veg, _ := food(c, agricola.Anytime, agricola.Vegetable)
	bake, most := food(c, agricola.Baking, agricola.Grain)
	switch {
	case veg > 0:
		sheep, _ := food(c, agricola.Anytime, agricola.Sheep)
		boar, _ := food(c, agricola.Anytime, agricola.Boar)
		cattle, _ := food(c, agricola.Anytime, agricola.Cattle)
		s := T("agricola.help.cook", veg, sheep, boar, cattle, bake)
		if len(c.ReturnFor) > 0 {
			s += " " + T("agricola.help.return", cardName(c.ReturnFor[0]))
		}
		return s
	case bake > 0:
		if most == 1 {
			return T("agricola.help.oven1", bake)
		}
		return T("agricola.help.oven", most, bake)
	}
	for _, cv := range c.Converts {
		if cv.When == agricola.Harvest {
			var mat agricola.Good
			for g, n := range cv.In {
				if n > 0 {
					mat = agricola.Good(g)
				}
			}
			st := craftSteps(c.ID, mat)
			if len(st) == 3 {
				return T("agricola.help.craft", goodName(mat), cv.Out[agricola.Food], st[0], st[1], st[2])
			}
		}
	}
	if c.ID == agricola.Well {
		return T("agricola.help.well")
	}
	return ""
}

// craftSteps are the amounts of material a craft building scores 1, 2 and
// 3 bonus points for, read off the engine's own scoring.
func craftSteps(id string, mat agricola.Good) []int {
	craftMu.Lock()
	defer craftMu.Unlock()
	if st, ok := craftCache[id]; ok {
		return st
	}
	var out []int
	if s := probe(); s != nil {
		s.Seats[0].Cards = []string{id}
		last := 0
		for n := 0; n <= 20; n++ {
			s.Seats[0].Goods[mat] = n
			if b := s.Score(0).Bonus; b > last {
				out = append(out, n)
				last = b
			}
		}
	}
	craftCache[id] = out
	return out
}

var (
	craftMu    sync.Mutex
	craftCache = map[string][]int{}
)

// probe is a fresh 2-player state to read the engine's tables off (its
// scoring, its costs): it is never played.
func probe() *agricola.State {
	st, err := agricola.Game{}.New(engine.Setup{Game: agricola.ID, Players: 2})
	if err != nil {
		return nil
	}
	s, _ := st.(*agricola.State)
	return s
}
