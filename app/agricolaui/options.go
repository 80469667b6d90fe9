package agricolaui

import (
	"html"
	"maps"
	"slices"
	"strconv"
	"strings"

	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/cards"
	"tabula/engine/agricola/farmyard"
)

// Target keys name the things a click can mean. A key stands for one or
// more legal actions (indexes into the legal list): a farmyard cell may be
// the place of a room and of a stable at once, a field may take grain or a
// vegetable, an improvement may be paid two ways.
func keyOf(a agricola.Action) string {
	switch a.Name {
	case agricola.ActPlace:
		return "space-" + a.Space
	case agricola.ActRoom, agricola.ActStable, agricola.ActPlow:
		return keyCell(a.Cell)
	case agricola.ActSow:
		if a.Card != "" {
			return "cardfield-" + a.Card
		}
		return keyCell(a.Cell)
	case agricola.ActRenovate:
		return "renovate"
	case agricola.ActBake:
		return "bake-" + strconv.Itoa(a.N)
	case agricola.ActFences:
		return "fences"
	case agricola.ActMajor:
		return "major-" + a.Card
	case agricola.ActMinor, agricola.ActOccupation:
		return "play-" + a.Card
	case agricola.ActDone:
		return "done"
	case agricola.ActChoose:
		return "choose-" + strconv.Itoa(a.N)
	case agricola.ActKeep:
		return "keep-" + herdKey(a.Herd())
	case agricola.ActFeed:
		return "feed"
	case agricola.ActBreed:
		return "breed-" + herdKey(a.Herd())
	case agricola.ActConvert:
		return "convert-" + a.Card
	case agricola.ActCard:
		k := "cardact-" + a.Card + "-" + strconv.Itoa(a.N)
		if a.Cell != 0 { // a card's own target (Mini Pasture, Clearing Spade)
			k += "-" + strconv.Itoa(int(a.Cell))
		}
		return k
	case agricola.ActDraft:
		return "draft-" + a.Card
	}
	return a.Name
}

func keyCell(c farmyard.Cell) string { return "cell-" + strconv.Itoa(int(c)) }

func herdKey(h farmyard.Herd) string {
	return strconv.Itoa(h[0]) + "-" + strconv.Itoa(h[1]) + "-" + strconv.Itoa(h[2])
}

// targetsFor maps every key to the legal actions it stands for. A sealed
// draft pick names a deck position: its key is the card seat's own state
// knows there.
func targetsFor(s *agricola.State, seat engine.Seat, legal []agricola.Action) map[string][]int {
	out := map[string][]int{}
	for i, a := range legal {
		k := keyOf(a)
		if a.Name == agricola.ActDraft && s != nil {
			k = "draft-" + s.DraftCard(seat, a)
		}
		out[k] = append(out[k], i)
	}
	return out
}

// sortedKeys lists keys in order, for stable output.
func sortedKeys(m map[string][]int) []string { return slices.Sorted(maps.Keys(m)) }

// spaceName is an action space's name in the viewer's language.
func spaceName(id string) string {
	if i18n.Has("agricola.space." + id) {
		return T("agricola.space." + id)
	}
	return id
}

// cardName is a card's name: the catalogue's, else the engine's.
func cardName(id string) string {
	if i18n.Has("agricola.cardname." + id) {
		return T("agricola.cardname." + id)
	}
	if c := agricola.CardByID(id); c != nil && c.Name != "" {
		return c.Name
	}
	return id
}

// viaName is what asks for a decision: an action space or a card.
func viaName(id string) string {
	if i18n.Has("agricola.space." + id) {
		return spaceName(id)
	}
	return cardName(id)
}

// cropName is grain or vegetable as a noun.
func cropName(g agricola.Good) string { return goodName(g) }

// convSource names where a conversion comes from: eating raw, or a card.
func convSource(id string) string {
	card, _, _ := strings.Cut(id, ":")
	if card == "raw" {
		return T("agricola.raw")
	}
	return cardName(card)
}

// conversionText is a conversion in words: "1 sheep → 2 food".
func conversionText(c agricola.Conversion) string {
	return T("agricola.conv", goodsText(c.In), goodsText(c.Out))
}

// optionLabel says what a legal action does and what it costs.
// dec is the decision on screen (nil for a placement): it names the space
// or card asking (prices depend on it) and a choice's options.
func optionLabel(s *agricola.State, seat engine.Seat, dec *agricola.DecisionView, a agricola.Action) string {
	price := func(p agricola.Purchase) string {
		if s == nil || seat < 0 {
			return ""
		}
		ps := s.Cost(seat, p)
		if a.Pay < len(ps) {
			return priceText(ps[a.Pay])
		}
		return ""
	}
	via := ""
	if dec != nil {
		via = dec.Via
	}
	switch a.Name {
	case agricola.ActPlace:
		return T("agricola.act.place", spaceName(a.Space))
	case agricola.ActRoom:
		return T("agricola.act.room", int(a.Cell), price(agricola.Purchase{What: agricola.OpRoom, Via: via}))
	case agricola.ActStable:
		return T("agricola.act.stable", int(a.Cell), price(agricola.Purchase{What: agricola.OpStable, Via: via}))
	case agricola.ActPlow:
		return T("agricola.act.plow", int(a.Cell))
	case agricola.ActSow:
		if a.Card != "" {
			return T("agricola.act.sowcard", cropName(a.Crop), cardName(a.Card))
		}
		return T("agricola.act.sow", cropName(a.Crop), int(a.Cell))
	case agricola.ActRenovate:
		to := agricola.Good(0)
		if s != nil && seat >= 0 {
			ps := s.Cost(seat, agricola.Purchase{What: agricola.OpRenovate, Via: via})
			if a.Pay < len(ps) {
				to = ps[a.Pay].To
			}
		}
		return T("agricola.act.renovate", materialName(to), price(agricola.Purchase{What: agricola.OpRenovate, Via: via}))
	case agricola.ActBake:
		food := 0
		if s != nil && seat >= 0 {
			food = s.BakeFood(seat, a.N)
		}
		return T("agricola.act.bake", amount(agricola.Grain, a.N), amount(agricola.Food, food))
	case agricola.ActFences:
		return T("agricola.act.fences", i18n.N("agricola.fences", a.Fences.Len()),
			price(agricola.Purchase{What: agricola.OpFences, Via: via, N: a.Fences.Len()}))
	case agricola.ActMajor:
		return T("agricola.act.major", cardName(a.Card), price(agricola.Purchase{What: agricola.OpMajor, Via: via, Card: a.Card}))
	case agricola.ActMinor:
		return T("agricola.act.minor", cardName(a.Card), price(agricola.Purchase{What: agricola.OpMinor, Via: via, Card: a.Card}))
	case agricola.ActOccupation:
		return T("agricola.act.occupation", cardName(a.Card), price(agricola.Purchase{What: agricola.OpOccupation, Via: via, Card: a.Card}))
	case agricola.ActDone:
		return T("agricola.act.done")
	case agricola.ActChoose:
		if dec != nil && a.N < len(dec.Choices) {
			return T("agricola.act.choose", goodsText(dec.Choices[a.N]))
		}
		return T("agricola.act.choosen", a.N+1)
	case agricola.ActKeep:
		return T("agricola.act.keep", herdText(a.Herd()))
	case agricola.ActFeed:
		return T("agricola.act.feed")
	case agricola.ActBreed:
		if a.Herd().Total() == 0 {
			return T("agricola.act.breed.none")
		}
		return T("agricola.act.breed", herdText(a.Herd()))
	case agricola.ActConvert:
		if s != nil && seat >= 0 {
			for _, c := range s.Conversions(seat) {
				if c.ID == a.Card {
					return T("agricola.act.convert", conversionText(c), convSource(c.ID))
				}
			}
		}
		return a.Card
	case agricola.ActCard:
		return cardActText(s, seat, a)
	case agricola.ActDraft:
		if s != nil {
			return T("agricola.act.draft", cardName(s.DraftCard(seat, a)))
		}
		return T("agricola.act.draft", cardName(a.Card))
	}
	return a.Name
}

// cardActText words a card's own decision from the catalogue
// ("agricola.cardact.<id>[.<n>]", engine/agricola/cards documents each),
// else generically.
func cardActText(s *agricola.State, seat engine.Seat, a agricola.Action) string {
	if id := "agricola.cardact." + a.Card + "." + strconv.Itoa(a.N); i18n.Has(id) {
		return T(id)
	}
	id := "agricola.cardact." + a.Card
	if !i18n.Has(id) {
		return T("agricola.act.card", cardName(a.Card), a.N+1)
	}
	switch a.Card {
	case "A071": // Clearing Spade: Cell = from, N = to
		return T(id, int(a.Cell), a.N)
	case "B002": // Mini Pasture: Cell
		return T(id, int(a.Cell))
	case "A102": // Grocer: the good on top
		if s != nil && seat >= 0 {
			if g := cards.GrocerTop(s, seat); g >= 0 {
				return T(id, goodsText(agricola.One(g, 1)))
			}
		}
	}
	return T(id)
}

// esc escapes text for HTML and SVG attributes and content.
func esc(s string) string { return html.EscapeString(s) }
