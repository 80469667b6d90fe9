package catanui

import (
	"strings"

	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/catan"
)

// Narrate puts one entry into words for the whole table: a stolen or
// drawn card is never named.
func (r *Renderer) Narrate(before, after engine.State, e engine.Entry, seats []engine.SeatInfo) string {
	return r.NarrateFor(engine.Spectator, before, after, e, seats)
}

// NarrateFor puts one entry into words as reader may know it. It reads both
// full states, so it says only what reader's view shows: the card the
// robber took is named to its thief and its victim, the others read that
// one card moved; the card a player drew is named to that player only.
func (r *Renderer) NarrateFor(reader engine.Seat, before, after engine.State, e engine.Entry, seats []engine.SeatInfo) string {
	b, ok1 := before.(*catan.State)
	a, ok2 := after.(*catan.State)
	if !ok1 || !ok2 {
		return ""
	}
	name := func(p int) string {
		if p >= 0 && p < len(seats) {
			return seats[p].Name
		}
		return "?"
	}
	var s string
	if r.addon != nil {
		s = r.addon.Narrate(b, a, e, name)
	}
	switch {
	case s != "":
	case e.IsChance():
		s = narrateChance(b, a, name, int(reader))
	default:
		act, err := catan.DecodeAction(e.Action)
		if err != nil {
			return ""
		}
		s = narrateAction(b, a, int(e.Seat), act, name)
	}
	var extra []string
	if a.LongestRoad != b.LongestRoad && a.LongestRoad >= 0 {
		extra = append(extra, T("log.longest", name(int(a.LongestRoad))))
	}
	if a.LargestArmy != b.LargestArmy && a.LargestArmy >= 0 {
		extra = append(extra, T("log.largest", name(int(a.LargestArmy))))
	}
	if a.Phase == catan.PhaseOver && b.Phase != catan.PhaseOver {
		extra = append(extra, T("log.win", name(int(a.Winner)), a.Points(int(a.Winner))))
	}
	if len(extra) > 0 {
		if s != "" {
			s += " — "
		}
		s += strings.Join(extra, "; ")
	}
	return s
}

func gained(b, a catan.Resources) catan.Resources {
	var g catan.Resources
	for i := range g {
		if a[i] > b[i] {
			g[i] = a[i] - b[i]
		}
	}
	return g
}

func narrateChance(b, a *catan.State, name func(int) string, reader int) string {
	switch b.Phase {
	case catan.PhaseBoard:
		return T("log.board")
	case catan.PhaseStartRoll:
		var parts []string
		for p := 0; p < b.Players; p++ {
			if b.Contending[p] && a.StartRoll[p] > 0 {
				parts = append(parts, T("log.start", name(p), int(a.StartRoll[p])))
			}
		}
		if a.First >= 0 {
			parts = append(parts, T("log.first", name(int(a.First))))
		}
		return strings.Join(parts, "; ")
	case catan.PhaseDice:
		sum := int(a.Dice[0] + a.Dice[1])
		who := name(int(b.Active))
		if sum == 7 {
			return T("log.seven", who)
		}
		return T("log.roll", who, sum) + " — " + Produced(b, a, name)
	case catan.PhaseSteal:
		thief, victim := int(b.Active), int(b.Victim)
		if got := gained(b.Hand[thief], a.Hand[thief]); got.Total() > 0 && (reader == thief || reader == victim) {
			return T("log.stole.card", name(thief), cardsOf(got, a.Kinds()), name(victim))
		}
		return T("log.stole", name(thief), name(victim))
	case catan.PhaseDraw:
		// The purchase was logged for everyone; the card is the buyer's.
		p := int(b.Active)
		if reader != p {
			return ""
		}
		for d := catan.DevCard(0); d < catan.NumDevKinds; d++ {
			if a.Dev[p][d] > b.Dev[p][d] {
				return T("log.drew", name(p), T("dev."+d.String()))
			}
		}
	}
	return ""
}

// startCards says what the second founding building brought (the
// starting resources), "" for any other building.
func startCards(b, a *catan.State, p int, cardsText func(catan.Resources) string) string {
	if b.Phase != catan.PhaseFoundSettlement {
		return ""
	}
	if g := gained(b.Hand[p], a.Hand[p]); g.Total() > 0 {
		return " — " + T("log.startcards", cardsText(g))
	}
	return ""
}

// Produced tells what production gave each seat between b and a, in turn
// order from the active player ("Ana +2 grain, Bruno +1 ore"), or that
// nobody produced: the base game's roll, and an expansion's whose
// production comes after other steps of the roll.
func Produced(b, a *catan.State, name func(seat int) string) string {
	var prod []string
	for i := 0; i < b.Players; i++ {
		p := (int(b.Active) + i) % b.Players
		if g := gained(b.Hand[p], a.Hand[p]); g.Total() > 0 {
			prod = append(prod, T("log.produce", name(p), strings.ReplaceAll(cardsOf(g, a.Kinds()), ", ", ", +")))
		}
	}
	if len(prod) == 0 {
		return T("log.noproduce")
	}
	return strings.Join(prod, ", ")
}

func narrateAction(b, a *catan.State, p int, act catan.Action, name func(int) string) string {
	who := name(p)
	cardsText := func(x catan.Resources) string { return cardsOf(x, a.Kinds()) }
	switch act.Type {
	case catan.ActBuildRoad:
		return T("log.road", who)
	case catan.ActBuildSettlement:
		return T("log.settlement", who) + startCards(b, a, p, cardsText)
	case catan.ActBuildCity:
		if b.Phase == catan.PhaseFoundSettlement {
			return T("log.foundcity", who) + startCards(b, a, p, cardsText)
		}
		return T("log.city", who)
	case catan.ActBuyDevelopment:
		return T("log.buydev", who)
	case catan.ActPlayKnight:
		return T("log.knight", who)
	case catan.ActPlayRoadBuilding:
		return T("log.roadbuilding", who)
	case catan.ActPlayYearOfPlenty:
		return T("log.yop", who, cardsText(act.Get))
	case catan.ActPlayMonopoly:
		n := int(a.Hand[p][act.Resource] - b.Hand[p][act.Resource])
		return T("log.monopoly", who, T("res."+act.Resource.String()), n)
	case catan.ActDiscard:
		return T("log.discard", who, cardsText(act.Give))
	case catan.ActMoveRobber:
		if act.Hex < 0 || act.Hex >= catan.NumHexes {
			return ""
		}
		return T("log.robber", who, hexLabel(b.Board.Terrain[act.Hex].String(), int(b.Board.Number[act.Hex])))
	case catan.ActRob:
		return "" // the steal (chance) says it
	case catan.ActMaritimeTrade:
		return T("log.maritime", who, cardsText(act.Give), cardsText(act.Get))
	case catan.ActProposeTrade:
		return T("log.propose", who, cardsText(act.Give), cardsText(act.Get))
	case catan.ActAcceptTrade:
		return T("log.accept", who)
	case catan.ActRejectTrade:
		return T("log.reject", who)
	case catan.ActCounterTrade:
		return T("log.counter", who, cardsText(act.Give), cardsText(act.Get))
	case catan.ActConfirmTrade:
		gave := gained(a.Hand[p], b.Hand[p])
		got := gained(b.Hand[p], a.Hand[p])
		return T("log.trade", who, name(int(act.Seat)), cardsText(gave), cardsText(got))
	case catan.ActCancelTrade:
		return T("log.canceltrade", who)
	case catan.ActEndTurn:
		return T("log.end", who)
	}
	return ""
}

// Scores breaks the final points down by where they came from, each with
// what was counted (pieces built, the road's length, Knights played, cards)
// in a column of its own beside the points.
func (r *Renderer) Scores(st engine.State) gameui.ScoreTable {
	s, ok := st.(*catan.State)
	if !ok {
		return gameui.ScoreTable{}
	}
	t := gameui.ScoreTable{
		Categories: []string{"score.settlements", "score.cities", "score.longest", "score.largest", "score.vpcards"},
		Counts:     map[string][]int{},
	}
	for p := 0; p < s.Players; p++ {
		lr, la := 0, 0
		if int(s.LongestRoad) == p {
			lr = 2
		}
		if int(s.LargestArmy) == p {
			la = 2
		}
		vp := 0
		total := s.PublicPoints(p)
		if s.Phase == catan.PhaseOver {
			vp = int(s.Dev[p][catan.VictoryPoint])
			total = s.Points(p)
		}
		settlements := int(catan.SettlementPieces - s.SettlementsLeft[p])
		cities := int(catan.CityPieces - s.CitiesLeft[p])
		t.Rows = append(t.Rows, []int{settlements, 2 * cities, lr, la, vp})
		for c, n := range []int{settlements, cities, int(s.RoadLength[p]), int(s.Knights[p]), vp} {
			t.Counts[t.Categories[c]] = append(t.Counts[t.Categories[c]], n)
		}
		t.Totals = append(t.Totals, total)
	}
	if r.addon != nil {
		r.addon.Scores(s, &t)
	}
	return t
}
