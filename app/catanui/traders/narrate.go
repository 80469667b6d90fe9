package traders

import (
	"tabula/app/catanui"
	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/catan"
	tb "tabula/engine/catan/traders"
)

// Narrate puts the scenario's entries into words: its own actions and
// chance, the roll of a 7 (a barbarian moves, not the robber) or of a 2
// or 12 (rolled again), a chronicle card bought, and an end-turn that
// only ends a first movement.
// Everything else is the base game's to tell. Only public facts are told.
func (u *addon) Narrate(b, a *catan.State, e engine.Entry, name func(int) string) string {
	if b.Ext == nil || a.Ext == nil {
		return ""
	}
	bx, ax := tb.ViewOf(b), tb.ViewOf(a)
	if e.IsChance() {
		return narrateChance(b, a, bx, ax, name)
	}
	act, err := catan.DecodeAction(e.Action)
	if err != nil {
		return ""
	}
	p := int(e.Seat)
	who := name(p)
	board := catanui.Board{View: b.ViewOf(engine.Spectator)}
	path := func(r int) string {
		if r < 0 || r >= len(board.View.Edges) {
			return "?"
		}
		return board.EdgeName(r)
	}
	switch act.Type {
	case tb.ActMoveWagon:
		return narrateStep(b, board, bx, ax, p, act.Vertex, name)
	case tb.ActGrainBoost:
		return T("traders.log.boost", who, tb.GrainBoostPoints)
	case tb.ActDriveOff:
		return T("traders.log.driveoff", who, path(act.Edge))
	case tb.ActPlaceBarbarian:
		return T("traders.log.place", who, path(act.Edge))
	case tb.ActMoveBarbarian:
		s := T("traders.log.barbarian", who, path(act.To))
		if owner := int(b.Road[act.To]); owner >= 0 && owner != p {
			s += " — " + T("traders.log.onroad", name(owner))
		}
		return s
	case tb.ActUpgradeWagon:
		if p >= 0 && p < len(ax.Wagons) {
			return T("traders.log.upgrade", who, ax.Wagons[p].Level)
		}
	case tb.ActBuyWithGold:
		return T("traders.log.buy", who, T("res."+act.Resource.String()), tb.GoldPerResource)
	case tb.ActPlaySwiftJourney:
		return T("traders.log.swift", who)
	case catan.ActBuyDevelopment:
		return T("traders.log.buychronicle", who)
	case catan.ActEndTurn:
		if b.Phase == tb.PhaseMove && a.Active == b.Active && a.Phase == tb.PhaseMove {
			return T("traders.log.journey", who)
		}
	}
	return ""
}

// narrateStep tells one step of a wagon: where to, what it cost, and what
// happened at a plaza.
func narrateStep(b *catan.State, board catanui.Board, bx, ax *tb.View, p, to int, name func(int) string) string {
	if p < 0 || p >= len(bx.Wagons) {
		return ""
	}
	from := bx.Wagons[p].Node
	r, ok := tb.Board.Route(from, to)
	if !ok {
		return ""
	}
	g := tb.NewGround()
	copy(g.Road[:], b.Road[:])
	for _, br := range bx.Barbarians {
		g.Barbarian[br.Path] = true
	}
	cost, tollTo := g.Step(p, r)
	paid := N("traders.points", cost)
	if tollTo >= 0 {
		paid += ", " + N("traders.tolls", tb.Toll, name(tollTo))
	}
	s := T("traders.log.step", name(p), placeName(board, bx, to), paid)
	before, after := bx.Wagons[p], ax.Wagons[p]
	for _, h := range bx.TradeHexes {
		if h.Plaza != to {
			continue
		}
		switch {
		case len(after.Delivered) > len(before.Delivered):
			d := after.Delivered[len(after.Delivered)-1]
			s += " — " + T("traders.log.deliver", name(p), T("traders.good."+d.Good), before.Card.Gold)
		case before.Order != nil:
			s += " — " + T("traders.log.elsewhere", cargoText(before.Order))
		case h.Left == 0:
			s += " — " + T("traders.log.empty")
		}
	}
	return s
}

// narrateChance tells the scenario's chance: the cargo card turned over,
// a drive-off die, and the rolls the scenario treats its own way.
func narrateChance(b, a *catan.State, bx, ax *tb.View, name func(int) string) string {
	p := int(b.Active)
	who := name(p)
	switch b.Phase {
	case tb.PhaseCargo:
		if p >= 0 && p < len(ax.Wagons) && ax.Wagons[p].Order != nil {
			o := ax.Wagons[p].Order
			return T("traders.log.cargo", who, T("traders.good."+o.Good), toHex(o.To))
		}
	case tb.PhaseDriveOff:
		if a.Phase == tb.PhasePlaceBarbarian {
			return T("traders.log.driven", who, ax.DriveOffDie)
		}
		return T("traders.log.stays", who, ax.DriveOffDie)
	case catan.PhaseDice:
		sum := int(a.Dice[0] + a.Dice[1])
		switch {
		case ax.Reroll:
			return T("traders.log.reroll", who, sum)
		case sum == 7:
			return T("traders.log.seven", who)
		}
	}
	return ""
}

// Scores adds the deliveries and the wagon's point to the end screen,
// and drops the Longest Road column (the scenario does not use it).
func (u *addon) Scores(s *catan.State, t *gameui.ScoreTable) {
	if s.Ext == nil {
		return
	}
	for c, id := range t.Categories {
		if id == "score.longest" {
			t.Categories = append(t.Categories[:c:c], t.Categories[c+1:]...)
			for p, row := range t.Rows {
				t.Rows[p] = append(row[:c:c], row[c+1:]...)
			}
			break
		}
	}
	x := tb.ViewOf(s)
	t.Categories = append(t.Categories, "traders.score.deliveries", "traders.score.wagon")
	for p := range t.Rows {
		if p < len(x.Wagons) {
			t.Rows[p] = append(t.Rows[p], len(x.Wagons[p].Delivered), x.Wagons[p].Card.VP)
		}
	}
}
