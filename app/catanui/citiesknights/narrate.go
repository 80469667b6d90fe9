package citiesknights

import (
	"strings"

	"tabula/app/catanui"
	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
)

// Narrate tells the expansion's entries: the roll with its event die (the
// ship, a gate, an attack and its outcome), progress draws, the Bishop's
// steals, every expansion action and card, and what follows an entry (a
// city lost, a metropolis taken, a victory-point card shown, the
// production once the roll's draws are done). "" leaves an entry to the
// base game's narration. It says only what the whole table may know: a
// drawn, discarded, stolen or taken progress card is never named.
func (u *addon) Narrate(b, a *catan.State, e engine.Entry, name func(int) string) string {
	xb, ok1 := b.Ext.(*ck.Ext)
	xa, ok2 := a.Ext.(*ck.Ext)
	if !ok1 || !ok2 {
		return ""
	}
	n := narration{b: b, a: a, xb: xb, xa: xa, name: name}
	var head string
	if e.IsChance() {
		switch b.Phase {
		case catan.PhaseDice:
			head = n.roll()
		case ck.PhaseDrawProgress:
			head = n.draw()
		case ck.PhaseBishop:
			head = n.bishop()
		default:
			return ""
		}
	} else {
		act, err := catan.DecodeAction(e.Action)
		if err != nil {
			return ""
		}
		head = n.action(int(e.Seat), act)
		if head == "" {
			return ""
		}
	}
	parts := append([]string{head}, n.after(b.Phase)...)
	return strings.Join(parts, " — ")
}

// narration is one entry between states b and a.
type narration struct {
	b, a   *catan.State
	xb, xa *ck.Ext
	name   func(int) string
}

// roll: the three dice, the event die's outcome (the ship, an attack, a
// gate and who draws).
func (n narration) roll() string {
	who := n.name(int(n.b.Active))
	xa := n.xa
	ev, t := ck.EventFace(int(xa.Event))
	s := T("ck.log.roll", who, int(xa.Red), int(xa.Yellow), int(xa.Red+xa.Yellow))
	if n.xb.Alchemist {
		s = T("ck.log.alchemistroll", who, int(xa.Red), int(xa.Yellow), int(xa.Red+xa.Yellow))
	}
	if ev == ck.GateEvent {
		var drawers []string
		for p := 0; p < n.a.Players; p++ {
			if ck.DrawsProgress(int(xa.Level[p][t]), int(xa.Red)) {
				drawers = append(drawers, n.name(p))
			}
		}
		if len(drawers) == 0 {
			return s + " — " + T("ck.log.gate.none", trackName(t))
		}
		return s + " — " + T("ck.log.gate", trackName(t), catanui.JoinAnd(drawers))
	}
	if xa.Attacks == n.xb.Attacks {
		return s + " — " + T("ck.log.ship", int(xa.Ship), ck.ShipSteps)
	}
	return s + " — " + n.attack()
}

// attack tells the barbarians' attack of this entry.
func (n narration) attack() string {
	r := n.xa.LastAttack
	s := T("ck.log.attack", r.Barbarians, r.Defence)
	switch {
	case r.CatanWins && r.Defender >= 0:
		s += " " + T("ck.log.attack.defender", n.name(r.Defender))
	case r.CatanWins:
		s += " " + T("ck.log.attack.tie", catanui.JoinAnd(n.seats(r.Drawers)))
	case r.Pillaged == 0:
		s += " " + T("ck.log.attack.nocity")
	default:
		s += " " + T("ck.log.attack.lost", catanui.JoinAnd(n.seats(r.Pillaged)))
	}
	s += " " + T("ck.log.attack.after")
	if n.xb.Attacks == 0 {
		s += " " + T("ck.log.robberfree")
	}
	return s
}

func (n narration) seats(set uint8) []string {
	var out []string
	for p := 0; p < n.a.Players; p++ {
		if set&(1<<uint(p)) != 0 {
			out = append(out, n.name(p))
		}
	}
	return out
}

// draw tells a progress card drawn: its deck (a victory-point card is
// shown at once).
func (n narration) draw() string {
	d := n.xb.Draws[0]
	p := int(d.Seat)
	switch {
	case n.xa.Printer != n.xb.Printer:
		return T("ck.log.drawvp", n.name(p), cardName(ck.Printer))
	case n.xa.Constitution != n.xb.Constitution:
		return T("ck.log.drawvp", n.name(p), cardName(ck.Constitution))
	}
	return T("ck.log.draw", n.name(p), trackName(ck.Track(d.Deck)))
}

// bishop tells one of the Bishop's steals.
func (n narration) bishop() string {
	// The victim robbed leaves the Bishop's list: a device that holds the
	// steal unknown (a secret, docs/cities-knights.md) sees no hand change,
	// and a public opening of an earlier theft robs nobody.
	for q := 0; q < n.a.Players; q++ {
		if robbed := n.xb.Victims &^ n.xa.Victims; robbed&(1<<uint(q)) != 0 {
			return T("ck.log.bishopsteal", n.name(int(n.b.Active)), n.name(q))
		}
	}
	return ""
}

// action tells seat p's action act ("" for a base action the base game
// tells).
func (n narration) action(p int, act catan.Action) string {
	who := n.name(p)
	xb, xa := n.xb, n.xa
	rankAt := func(x *ck.Ext, v int) string {
		if v < 0 || v >= len(x.Rank) {
			return ""
		}
		return rankName(x.Rank[v].String())
	}
	if c, ok := cardPlayed(act.Type); ok && act.Type != catan.ActPlayRoadBuilding {
		return n.card(p, c, act)
	}
	switch act.Type {
	case ck.ActBuildWall:
		return T("ck.log.wall", who)
	case ck.ActHireKnight:
		return T("ck.log.hire", who)
	case ck.ActActivateKnight:
		return T("ck.log.activate", who, rankAt(xa, act.Vertex))
	case ck.ActPromoteKnight:
		return T("ck.log.promote", who, rankAt(xa, act.Vertex))
	case ck.ActMoveKnight:
		return T("ck.log.move", who, rankAt(xa, act.To))
	case ck.ActDisplaceKnight:
		return T("ck.log.displace", who, rankAt(xa, act.To), n.name(knightOwner(xb, act.To)), rankAt(xb, act.To)) + n.retreat(knightOwner(xb, act.To))
	case ck.ActChaseRobber:
		return T("ck.log.chase", who, rankAt(xb, act.Vertex))
	case ck.ActImprove:
		t := ck.Track(act.Card)
		l := int(xa.Level[p][t])
		return T("ck.log.improve", who, improvementName(t, l), trackName(t), l)
	case ck.ActRepairCity:
		return T("ck.log.repair", who)
	case ck.ActDiscardCard:
		return T("ck.log.discardcard", who)
	case ck.ActChooseDeck:
		return T("ck.log.choosedeck", who, trackName(ck.Track(act.Card)))
	case ck.ActPillage:
		return T("ck.log.pillage", who)
	case ck.ActAqueduct:
		return T("ck.log.aqueduct", who, T("res."+act.Resource.String()))
	case ck.ActPlaceMetropolis:
		return T("ck.log.placemetropolis", who, trackName(ck.Track(xb.Target)))
	case ck.ActRetreat:
		return T("ck.log.retreat", who)
	case ck.ActRemoveKnight:
		return T("ck.log.removeknight", who, rankAt(xb, act.Vertex)) + n.deserterNext()
	case ck.ActPlaceDeserter:
		return T("ck.log.placedeserter", who, rankAt(xa, act.Vertex))
	case ck.ActDeserterPass:
		return T("ck.log.deserterpass", who)
	case ck.ActReplaceRoad:
		return T("ck.log.replaceroad", who)
	case ck.ActDiplomatPass:
		return T("ck.log.diplomatpass", who)
	case ck.ActGiveCards:
		return N("ck.log.give", act.Give.Total(), who, n.name(int(n.b.Active)))
	case ck.ActSpyTake:
		return T("ck.log.spytake", who, n.name(int(xb.Target)))
	case ck.ActTakeCards:
		return N("ck.log.take", act.Get.Total(), who, n.name(int(xb.Target)))
	case ck.ActHarborOffer:
		return T("ck.log.harboroffer", who, n.name(int(xb.Target)), T("res."+act.Resource.String())) + n.harborBack(int(xb.Target))
	case ck.ActHarborPass:
		return T("ck.log.harborpass", who, n.name(int(xb.Target)))
	case ck.ActHarborReturn:
		return T("ck.log.harborreturn", who, n.name(int(n.b.Active)), T("res."+act.Resource.String()))
	}
	return ""
}

// card tells a progress card played, with what it did.
func (n narration) card(p int, c ck.Card, act catan.Action) string {
	who, title := n.name(p), cardName(c)
	b, a, xb, xa := n.b, n.a, n.xb, n.xa
	got := func(r catan.Resource) int { return int(a.Hand[p][r] - b.Hand[p][r]) }
	switch c {
	case ck.Alchemist:
		return T("ck.log.card.alchemist", who, title, int(act.Dice[0]), int(act.Dice[1]))
	case ck.Crane:
		t := ck.Track(act.Card)
		l := int(xa.Level[p][t])
		return T("ck.log.card.crane", who, title, improvementName(t, l), trackName(t), l)
	case ck.Inventor:
		return T("ck.log.card.inventor", who, title, hexLabel(b, act.Hex), hexLabel(b, act.To))
	case ck.Irrigation:
		return T("ck.log.card.take", who, title, catanui.CardsText(catan.Of(catan.Grain, got(catan.Grain))))
	case ck.Mining:
		return T("ck.log.card.take", who, title, catanui.CardsText(catan.Of(catan.Ore, got(catan.Ore))))
	case ck.Smith:
		k := 1
		if act.To >= 0 {
			k = 2
		}
		return N("ck.log.card.smith", k, who, title)
	case ck.Bishop:
		return T("ck.log.card.bishop", who, title, hexLabel(b, act.Hex))
	case ck.Deserter:
		q := int(act.Seat)
		if xa.Knights[q] != xb.Knights[q] { // one knight only: removed at once
			return T("ck.log.card.deserter1", who, title, n.name(q)) + n.deserterNext()
		}
		return T("ck.log.card.seat", who, title, n.name(q))
	case ck.Diplomat:
		return T("ck.log.card.diplomat", who, title, n.name(int(b.Road[act.Edge])))
	case ck.Intrigue:
		q := knightOwner(xb, act.Vertex)
		return T("ck.log.card.intrigue", who, title, n.name(q), rankName(xb.Rank[act.Vertex].String())) + n.retreat(q)
	case ck.Spy:
		return T("ck.log.card.spy", who, title, n.name(int(act.Seat)))
	case ck.MasterMerchant:
		q := int(act.Seat)
		if took := b.Hand[q].InHand() - a.Hand[q].InHand(); took > 0 {
			return N("ck.log.card.mastertook", took, who, title, n.name(q))
		}
		return T("ck.log.card.spy", who, title, n.name(q))
	case ck.Merchant:
		return T("ck.log.card.merchant", who, title, hexLabel(b, act.Hex))
	case ck.MerchantFleet:
		return T("ck.log.card.fleet", who, title, T("res."+act.Resource.String()))
	case ck.ResourceMonopoly, ck.TradeMonopoly:
		return T("ck.log.card.monopoly", who, title, T("res."+act.Resource.String()), got(act.Resource))
	case ck.Wedding:
		var gave []string
		for q := 0; q < a.Players; q++ {
			if q != p && a.Hand[q].InHand() < b.Hand[q].InHand() {
				gave = append(gave, n.name(q))
			}
		}
		if len(gave) > 0 {
			return T("ck.log.card.weddinggave", who, title, catanui.JoinAnd(gave))
		}
	}
	return T("ck.log.card."+c.String(), who, title)
}

// retreat tells where seat q's displaced knight went.
func (n narration) retreat(q int) string {
	switch {
	case n.a.Phase == ck.PhaseRetreat:
		return " " + T("ck.log.retreat.choose", n.name(q))
	case n.xa.Knights[q]&^n.xb.Knights[q] != 0:
		return " " + T("ck.log.retreat.auto")
	}
	return " " + T("ck.log.retreat.supply")
}

// deserterNext tells whether the Deserter's player may place a knight.
func (n narration) deserterNext() string {
	if n.a.Phase == ck.PhaseDeserterPlace {
		return " " + T("ck.log.deserter.place", n.name(int(n.a.Active)))
	}
	return ""
}

// harborBack tells the commodity given back at once.
func (n narration) harborBack(q int) string {
	if n.a.Phase == ck.PhaseHarborReturn {
		return ""
	}
	for r := catan.Paper; r <= catan.Coin; r++ {
		if n.a.Hand[q][r] < n.b.Hand[q][r] {
			return " " + T("ck.log.harborback", n.name(q), T("res."+r.String()))
		}
	}
	return ""
}

// after tells what followed the entry: cities lost, metropolises taken,
// victory-point cards shown, production once the roll is settled, and
// who must now discard progress cards.
func (n narration) after(phase catan.Phase) []string {
	b, a, xb, xa := n.b, n.a, n.xb, n.xa
	var out []string
	for p := 0; p < a.Players; p++ {
		if lost := cities(b, xb, p) - cities(a, xa, p); lost > 0 && a.Phase != catan.PhaseOver {
			out = append(out, T("ck.log.lostcity", n.name(p)))
		}
	}
	for t := ck.Track(0); t < ck.NumTracks; t++ {
		before, after := owner(b, xb.Metropolis[t]), owner(a, xa.Metropolis[t])
		if after >= 0 && after != before {
			out = append(out, T("ck.log.metropolis", n.name(after), trackName(t)))
		}
	}
	if phase != ck.PhaseDrawProgress { // the draw itself says it
		if xa.Printer != xb.Printer && xa.Printer >= 0 {
			out = append(out, T("ck.log.drawvp", n.name(int(xa.Printer)), cardName(ck.Printer)))
		}
		if xa.Constitution != xb.Constitution && xa.Constitution >= 0 {
			out = append(out, T("ck.log.drawvp", n.name(int(xa.Constitution)), cardName(ck.Constitution)))
		}
	}
	if xa.MerchantOwner != xb.MerchantOwner && xb.MerchantOwner >= 0 && xa.MerchantOwner >= 0 {
		out = append(out, T("ck.log.merchantlost", n.name(int(xb.MerchantOwner))))
	}
	if settling(phase) && !settling(a.Phase) {
		out = append(out, n.production())
	}
	if a.Phase == ck.PhaseProgressLimit && phase != ck.PhaseProgressLimit {
		var over []string
		for p := 0; p < a.Players; p++ {
			if p != int(a.Active) && held(xa, p) > ck.ProgressHandLimit {
				over = append(over, n.name(p))
			}
		}
		out = append(out, T("ck.log.overlimit", catanui.JoinAnd(over), ck.ProgressHandLimit))
	}
	return out
}

// settling reports whether a phase is part of a roll being settled (its
// production comes when the draws, pillages and discards are done).
func settling(ph catan.Phase) bool {
	switch ph {
	case catan.PhaseDice, ck.PhaseDrawProgress, ck.PhaseChooseDeck, ck.PhasePillage, ck.PhaseProgressLimit:
		return true
	}
	return false
}

// production tells what the roll produced (or the 7).
func (n narration) production() string {
	if n.xa.Red+n.xa.Yellow == 7 {
		if n.xa.Attacks == 0 {
			return T("ck.log.seven.locked")
		}
		return T("ck.log.seven")
	}
	return catanui.Produced(n.b, n.a, n.name)
}

// cities counts seat p's standing cities.
func cities(s *catan.State, x *ck.Ext, p int) int {
	n := 0
	for v := 0; v < catan.NumVertices; v++ {
		if int(s.Owner[v]) == p && s.City[v] && x.Toppled&(1<<uint(v)) == 0 {
			n++
		}
	}
	return n
}

// owner is who owns the building on v (-1: none, or v is -1).
func owner(s *catan.State, v int8) int {
	if v < 0 {
		return -1
	}
	return int(s.Owner[v])
}

// knightOwner is whose knight stands on v in x.
func knightOwner(x *ck.Ext, v int) int {
	for p, m := range x.Knights {
		if v >= 0 && m&(1<<uint(v)) != 0 {
			return p
		}
	}
	return -1
}

// held counts seat p's progress cards in hand.
func held(x *ck.Ext, p int) int {
	n := 0
	for _, c := range x.Progress[p] {
		n += int(c)
	}
	return n
}

// hexLabel names hex h of s's board ("Forest 3").
func hexLabel(s *catan.State, h int) string {
	if h < 0 || h >= catan.NumHexes {
		return "?"
	}
	t, num := s.Board.Terrain[h].String(), int(s.Board.Number[h])
	if num == 0 {
		return T("terrain." + t)
	}
	return T("aria.hex", T("terrain."+t), num)
}

// Scores adds the expansion's columns to the end screen: metropolises
// (+2 each over the city), Defender of Catan cards, the shown progress
// cards, the merchant, and toppled cities (−1 each, a column only when
// there are any); it drops the base
// game's Largest Army and hidden VP cards, which the expansion has not.
func (u *addon) Scores(s *catan.State, t *gameui.ScoreTable) {
	x, ok := s.Ext.(*ck.Ext)
	if !ok {
		return
	}
	keep := []int{}
	for i, c := range t.Categories {
		if c != "score.largest" && c != "score.vpcards" {
			keep = append(keep, i)
		}
	}
	cats := []string{}
	for _, i := range keep {
		cats = append(cats, t.Categories[i])
	}
	t.Categories = append(cats, "ck.score.metropolis", "ck.score.defender", "ck.score.progress", "ck.score.merchant")
	if x.Toppled != 0 {
		t.Categories = append(t.Categories, "ck.score.toppled")
	}
	for p := range t.Rows {
		row := []int{}
		for _, i := range keep {
			row = append(row, t.Rows[p][i])
		}
		metro, vp, merchant, toppled := 0, 0, 0, 0
		for tr := ck.Track(0); tr < ck.NumTracks; tr++ {
			if owner(s, x.Metropolis[tr]) == p {
				metro += 2
			}
		}
		if int(x.Printer) == p {
			vp++
		}
		if int(x.Constitution) == p {
			vp++
		}
		if int(x.MerchantOwner) == p {
			merchant = 1
		}
		for v := 0; v < catan.NumVertices; v++ {
			if int(s.Owner[v]) == p && x.Toppled&(1<<uint(v)) != 0 {
				toppled--
			}
		}
		row = append(row, metro, int(x.Defender[p]), vp, merchant)
		if x.Toppled != 0 {
			row = append(row, toppled)
		}
		t.Rows[p] = row
	}
}
