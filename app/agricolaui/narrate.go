package agricolaui

import (
	"strings"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// Narrate puts one entry into words: what the player did and what it
// brought ("Ana took Forest: +6 wood"), then what happened by itself
// after it (a new round and its stage card, goods collected from round
// spaces, the harvest's crops, feeding, begging cards, newborn animals,
// the end). Everything narrated is public.
func (r *Renderer) Narrate(before, after engine.State, e engine.Entry, seats []engine.SeatInfo) string {
	b, ok1 := before.(*agricola.State)
	a, ok2 := after.(*agricola.State)
	if !ok1 || !ok2 {
		return ""
	}
	name := gameui.Namer(seats, "agricola.seat")
	var parts []string
	actor := -1
	var act agricola.Action
	if e.IsChance() {
		if len(b.Stack) > 0 && b.Stack[len(b.Stack)-1].Kind == agricola.FrameStart {
			parts = append(parts, T("agricola.log.start", name(int(a.Start))))
		}
		if len(b.Stack) > 0 && b.Stack[len(b.Stack)-1].Kind == agricola.FrameDeal {
			parts = append(parts, T("agricola.log.deal"))
		}
	} else {
		x, err := agricola.Game{}.DecodeAction(e.Action)
		if err != nil {
			return ""
		}
		act = x.(agricola.Action)
		actor = int(e.Seat)
		if actor < 0 || actor >= len(a.Seats) {
			return ""
		}
		parts = append(parts, narrateAction(b, a, actor, act, name))
	}
	parts = append(parts, aftermath(b, a, actor, act, name)...)
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, " — ")
}

// topVia is what asked the decision on top of s's stack.
func topVia(s *agricola.State) string {
	if n := len(s.Stack); n > 0 {
		return s.Stack[n-1].Via
	}
	return ""
}

// narrateAction words a player's action.
func narrateAction(b, a *agricola.State, p int, act agricola.Action, name func(int) string) string {
	who := name(p)
	pb, pa := &b.Seats[p], &a.Seats[p]
	switch act.Name {
	case agricola.ActPlace:
		s := T("agricola.log.place", who, spaceName(act.Space))
		var got agricola.Goods
		if sp := b.SpaceByID(act.Space); sp != nil {
			got = sp.Goods
		}
		if d := b.Def(act.Space); d != nil {
			got = got.Plus(d.Take)
			if d.StartPlayer {
				s += ", " + T("agricola.log.startplayer")
			}
		}
		if !got.IsZero() {
			s += ": " + changeText(got)
		}
		if pa.People > pb.People {
			s += ", " + T("agricola.log.newborn")
		}
		return s
	case agricola.ActRoom:
		return T("agricola.log.room", who, materialName(pb.House), int(act.Cell))
	case agricola.ActStable:
		return T("agricola.log.stable", who, int(act.Cell))
	case agricola.ActRenovate:
		return T("agricola.log.renovate", who, materialName(pa.House))
	case agricola.ActPlow:
		return T("agricola.log.plow", who, int(act.Cell))
	case agricola.ActSow:
		if act.Card != "" {
			return T("agricola.log.sowcard", who, cropName(act.Crop), cardName(act.Card))
		}
		return T("agricola.log.sow", who, cropName(act.Crop), int(act.Cell))
	case agricola.ActBake:
		return T("agricola.log.bake", who, amount(agricola.Grain, act.N), amount(agricola.Food, b.BakeFood(engine.Seat(p), act.N)))
	case agricola.ActFences:
		return T("agricola.log.fences", who, i18n.N("agricola.fences", act.Fences.Len()), i18n.N("agricola.pastures", len(pa.Yard.Pastures())))
	case agricola.ActMajor:
		return T("agricola.log.major", who, cardName(act.Card))
	case agricola.ActMinor, agricola.ActOccupation:
		return T("agricola.log.play", who, cardName(act.Card))
	case agricola.ActDone:
		return T("agricola.log.done", who, viaName(topVia(b)))
	case agricola.ActChoose:
		if n := len(b.Stack); n > 0 && act.N < len(b.Stack[n-1].Choices) {
			g := b.Stack[n-1].Choices[act.N]
			if g.Covers(agricola.Goods{}) && !g.IsZero() {
				return T("agricola.log.take", who, goodsText(g))
			}
			return T("agricola.log.choose", who, choiceText(g))
		}
		return ""
	case agricola.ActKeep:
		had, kept := pb.Goods.Herd(), act.Herd()
		var gone farmyard.Herd
		for k := range had {
			gone[k] = had[k] - kept[k]
		}
		return T("agricola.log.keep", who, herdText(kept), herdText(gone))
	case agricola.ActFeed:
		return feedText(b, a, p, name)
	case agricola.ActBreed:
		if act.Herd().Total() == 0 {
			return T("agricola.log.breed.none", who)
		}
		return T("agricola.log.breed", who, herdText(act.Herd()))
	case agricola.ActConvert:
		for _, c := range b.Conversions(engine.Seat(p)) {
			if c.ID == act.Card {
				n := max(act.N, 1)
				var in, out agricola.Goods
				for g := range c.In {
					in[g], out[g] = c.In[g]*n, c.Out[g]*n
				}
				return T("agricola.log.convert", who, goodsText(in), goodsText(out), convSource(c.ID))
			}
		}
		return ""
	case agricola.ActCard:
		return T("agricola.log.card", who, cardName(act.Card))
	case agricola.ActDraft:
		return T("agricola.log.draft", who) // which card stays secret
	}
	return ""
}

// feedText words seat p's feeding: the food eaten and begging cards.
func feedText(b, a *agricola.State, p int, name func(int) string) string {
	need := b.FoodNeeded(engine.Seat(p))
	beg := a.Seats[p].Begging - b.Seats[p].Begging
	if beg > 0 {
		return T("agricola.log.feedbeg", name(p), amount(agricola.Food, need-beg), i18n.N("agricola.begging", beg))
	}
	return T("agricola.log.feed", name(p), amount(agricola.Food, need))
}

// harvestStep is where seat p stands in its round's harvest: 0 before
// feeding, 1 fed (and later steps), counting the work phase as before.
func harvestStep(s *agricola.State, p int) int {
	if s.Over {
		return 1
	}
	fedAll := false
	for _, f := range s.Stack {
		switch f.Kind {
		case agricola.FrameField, agricola.FrameFeeding, agricola.FrameReturnHome:
			return 0
		case agricola.FrameFeed:
			if int(f.Seat) == p {
				return 0
			}
		case agricola.FrameBreeding, agricola.FrameBreed, agricola.FrameHarvestEnd:
			fedAll = true
		case agricola.FrameRound, agricola.FrameEnd:
			fedAll = fedAll || agricola.IsHarvest(s.Round)
		}
	}
	if s.Harvest || fedAll {
		return 1
	}
	return 0
}

// fieldsDone reports whether the field phase of the harvest ending s's
// round has been played (the harvest is under way, or over and the next
// round not begun).
func fieldsDone(s *agricola.State) bool {
	if s.Harvest || s.Over {
		return true
	}
	done := false
	for _, f := range s.Stack {
		switch f.Kind {
		case agricola.FrameField, agricola.FrameReturnHome:
			return false
		case agricola.FrameRound, agricola.FrameEnd:
			done = agricola.IsHarvest(s.Round)
		}
	}
	return done
}

// fieldCrops are the crops standing on seat p's fields (tiles and cards).
func fieldCrops(s *agricola.State, p int) agricola.Goods {
	var g agricola.Goods
	for _, c := range s.Seats[p].Crops {
		if c.N > 0 {
			g[c.Kind] += c.N
		}
	}
	for _, cf := range s.Seats[p].CardFields {
		if cf.Crop.N > 0 {
			g[cf.Crop.Kind] += cf.Crop.N
		}
	}
	return g
}

// aftermath words what happened by itself after an entry: the harvest's
// field phase, feeding paid without asking, newborn animals, a new round
// with its stage card and the goods collected, the end of the game.
func aftermath(b, a *agricola.State, actor int, act agricola.Action, name func(int) string) []string {
	var out []string
	harvested := agricola.IsHarvest(b.Round) && (a.Round > b.Round || a.Over)
	if agricola.IsHarvest(b.Round) && !fieldsDone(b) && (harvested || fieldsDone(a)) {
		var got []string
		for p := range a.Seats {
			before, after := fieldCrops(b, p), fieldCrops(a, p)
			if act.Name == agricola.ActSow && p == actor {
				continue
			}
			if d := before.Minus(after); !d.IsZero() {
				got = append(got, name(p)+" "+changeText(d))
			}
		}
		s := T("agricola.log.harvest", b.Round)
		if len(got) > 0 {
			s += ": " + strings.Join(got, ", ")
		}
		out = append(out, s)
	}
	if agricola.IsHarvest(b.Round) {
		for p := range a.Seats {
			if p == actor && act.Name == agricola.ActFeed {
				continue
			}
			if harvestStep(b, p) == 0 && (harvestStep(a, p) == 1 && a.Round == b.Round || harvested) {
				out = append(out, feedText(b, a, p, name))
			}
		}
		if b.Harvest || a.Harvest || harvested {
			for p := range a.Seats {
				if p == actor && act.Name == agricola.ActCard {
					continue // a card's own doing, told by the card's line
				}
				hb, ha := b.Seats[p].Goods.Herd(), a.Seats[p].Goods.Herd()
				var own farmyard.Herd
				if p == actor {
					own = ownAnimals(b, act)
				}
				var born farmyard.Herd
				for k := range born {
					born[k] = max(ha[k]-hb[k]-own[k], 0)
				}
				if born.Total() > 0 {
					out = append(out, T("agricola.log.bred", name(p), herdText(born)))
				}
			}
		}
	}
	if a.Round > b.Round {
		s := T("agricola.log.round", a.Round)
		if card := a.Rounds[a.Round].Card; card != "" {
			s += ": " + T("agricola.log.reveal", spaceName(card))
		}
		out = append(out, s)
		for _, dl := range b.Rounds[a.Round].Goods {
			out = append(out, T("agricola.log.collect", name(int(dl.Seat)), goodsText(dl.Goods), cardName(dl.Via)))
		}
	}
	if a.Over && !b.Over {
		sheets := a.ScoreSheets()
		var names []string
		for _, w := range a.Winners {
			names = append(names, name(int(w)))
		}
		if len(a.Winners) > 0 {
			out = append(out, T("agricola.log.over", strings.Join(names, ", "), sheets[a.Winners[0]].Total))
		}
	}
	return out
}

// ownAnimals is the change in animals an action makes by itself (what a
// market gives, a choice, keeping, breeding, cooking), so that the rest of
// a change can be told as what happened after it.
func ownAnimals(b *agricola.State, act agricola.Action) farmyard.Herd {
	var g agricola.Goods
	switch act.Name {
	case agricola.ActPlace:
		if sp := b.SpaceByID(act.Space); sp != nil {
			g = sp.Goods
		}
		if d := b.Def(act.Space); d != nil {
			g = g.Plus(d.Take)
		}
	case agricola.ActChoose:
		if n := len(b.Stack); n > 0 && act.N < len(b.Stack[n-1].Choices) {
			g = b.Stack[n-1].Choices[act.N]
		}
	case agricola.ActBreed:
		return act.Herd()
	}
	return g.Herd()
}

// Scores breaks every seat's final points down by the scoring pad's
// categories.
func (r *Renderer) Scores(st engine.State) gameui.ScoreTable {
	s, ok := st.(*agricola.State)
	if !ok {
		return gameui.ScoreTable{}
	}
	t := gameui.ScoreTable{}
	for _, c := range scoreCategories {
		t.Categories = append(t.Categories, c.id)
	}
	for _, sc := range s.ScoreSheets() {
		sc := sc
		row := make([]int, len(scoreCategories))
		for i, c := range scoreCategories {
			row[i] = c.get(&sc)
		}
		t.Rows = append(t.Rows, row)
		t.Totals = append(t.Totals, sc.Total)
	}
	return t
}
