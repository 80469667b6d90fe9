package burgundyui

import (
	"strings"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/burgundy"
)

// Narrate puts one entry into words: "Ana took Church from depot 3 with a
// 2", followed by what it brought ("+6 VP, +1 silverling"). Everything in
// this game is public, so the full states may be read.
func (r *Renderer) Narrate(before, after engine.State, e engine.Entry, seats []engine.SeatInfo) string {
	b, ok1 := before.(*burgundy.State)
	a, ok2 := after.(*burgundy.State)
	if !ok1 || !ok2 {
		return ""
	}
	name := func(p int) string {
		if p >= 0 && p < len(seats) && seats[p].Name != "" {
			return seats[p].Name
		}
		return T("burgundy.seat", p+1)
	}
	// The last action of a phase also ends it: mines pay then, which is
	// told apart from what the action itself brought.
	phaseEnd := b.Stage == burgundy.StagePlay && (a.Phase != b.Phase || a.Stage == burgundy.StageOver)
	silver, workers := make([]int, len(a.Seats)), make([]int, len(a.Seats))
	if phaseEnd {
		silver, workers = phaseIncome(a)
	}
	var s string
	if e.IsChance() {
		s = narrateChance(b, a, name)
	} else {
		act, err := burgundy.Game{}.DecodeAction(e.Action)
		if err != nil {
			return ""
		}
		p := int(e.Seat)
		if p < 0 || p >= len(a.Seats) {
			return ""
		}
		s = narrateAction(b, a, p, act.(burgundy.Action), name, silver[p], workers[p])
	}
	var extra []string
	for c := range a.Bonus {
		for i := 0; i < 2; i++ {
			if a.Bonus[c][i] >= 0 && b.Bonus[c][i] < 0 {
				size := "burgundy.log.bonus.large"
				if i == 1 {
					size = "burgundy.log.bonus.small"
				}
				extra = append(extra, T(size, name(a.Bonus[c][i]), T("burgundy.colour."+burgundy.Colour(c).String())))
			}
		}
	}
	if phaseEnd {
		var paid []string
		for p := range a.Seats {
			if silver[p] > 0 {
				paid = append(paid, name(p)+" "+i18n.N("burgundy.log.silver", silver[p]))
			}
		}
		if len(paid) == 0 {
			extra = append(extra, T("burgundy.log.phaseend", burgundy.PhaseName(b.Phase)))
		} else {
			extra = append(extra, T("burgundy.log.phaseend.mines", burgundy.PhaseName(b.Phase), strings.Join(paid, ", ")))
		}
	}
	if a.Stage == burgundy.StageOver && b.Stage != burgundy.StageOver {
		w := int(a.Ranking()[0])
		extra = append(extra, T("burgundy.log.over", name(w), a.Seats[w].VP))
	}
	if len(extra) > 0 {
		if s != "" {
			s += " — "
		}
		s += strings.Join(extra, "; ")
	}
	return s
}

func narrateChance(b, a *burgundy.State, name func(int) string) string {
	switch b.Stage {
	case burgundy.StageSetup:
		// The first player's marker is on top of the start stack.
		first, top := -1, -1
		for p, m := range a.Track {
			if m.Height > top {
				first, top = p, m.Height
			}
		}
		if first < 0 {
			return T("burgundy.log.setupplain")
		}
		return T("burgundy.log.setup", name(first))
	case burgundy.StagePhase:
		return T("burgundy.log.phase", burgundy.PhaseName(a.Phase))
	case burgundy.StageRoll:
		var parts []string
		for _, p := range a.Order {
			d := a.Seats[p].Dice
			parts = append(parts, T("burgundy.log.rolled", name(int(p)), d[0], d[1]))
		}
		s := T("burgundy.log.round", a.Round+1) + " " + strings.Join(parts, ", ")
		if k := b.RoundGoods[b.Round]; k != 0 {
			s += "; " + T("burgundy.log.white", a.White, k)
		} else {
			s += "; " + T("burgundy.log.whiteonly", a.White)
		}
		return s
	}
	return ""
}

// gains lists what seat p won by an action: VP, silverlings, workers.
func gains(b, a *burgundy.State, p int, spentWorkers, incomeSilver, incomeWorkers int) string {
	var out []string
	vp := a.Seats[p].VP - b.Seats[p].VP
	if e := a.Seats[p].End; e != nil && b.Seats[p].End == nil {
		vp -= e.Total // the final scoring, told on its own
	}
	if d := vp; d > 0 {
		out = append(out, T("burgundy.log.vp", d))
	}
	if d := a.Seats[p].Silver - b.Seats[p].Silver - incomeSilver; d > 0 {
		out = append(out, i18n.N("burgundy.log.silver", d))
	}
	if d := a.Seats[p].Workers - b.Seats[p].Workers + spentWorkers - incomeWorkers; d > 0 {
		out = append(out, i18n.N("burgundy.log.workers", d))
	}
	return strings.Join(out, ", ")
}

// phaseIncome is what every seat's mines (and knowledge tile 2) pay at
// the end of a phase.
func phaseIncome(s *burgundy.State) (silver, workers []int) {
	silver, workers = make([]int, len(s.Seats)), make([]int, len(s.Seats))
	for p := range s.Seats {
		mines, k2 := 0, false
		for sp := 1; sp <= burgundy.Spaces; sp++ {
			t := burgundy.Tile(s.Seats[p].Estate[sp])
			if t.Colour == burgundy.Mine {
				mines++
			}
			if t.Knowledge == 2 {
				k2 = true
			}
		}
		silver[p] = mines
		if k2 {
			workers[p] = mines
		}
	}
	return silver, workers
}

func narrateAction(b, a *burgundy.State, p int, act burgundy.Action, name func(int) string, incomeSilver, incomeWorkers int) string {
	who := name(p)
	var s string
	with := ""
	if act.Die != 0 {
		with = " " + T("burgundy.log.with", act.Die)
		if act.Workers > 0 {
			with += " " + i18n.N("burgundy.log.spent", act.Workers)
		}
	}
	switch act.Name {
	case burgundy.ActTake:
		s = T("burgundy.log.take", who, tileName(act.Tile), act.Value) + with
	case burgundy.ActPlace:
		s = T("burgundy.log.place", who, tileName(act.Tile), act.Space) + with
	case burgundy.ActSell:
		n := b.Seats[p].Goods[act.Value]
		s = T("burgundy.log.sell", who, n, act.Value, goodsName(act.Value)) + with
	case burgundy.ActWorkers:
		s = T("burgundy.log.takeworkers", who) + with
	case burgundy.ActBuy:
		if act.Value == 0 {
			s = T("burgundy.log.buy.black", who, tileName(act.Tile))
		} else {
			s = T("burgundy.log.buy.depot", who, tileName(act.Tile), act.Value)
		}
	case burgundy.ActDiscard:
		s = T("burgundy.log.discard", who, tileName(act.Tile))
	case burgundy.ActShip:
		n := 0
		for k := 1; k <= 6; k++ {
			n += a.Seats[p].Goods[k] - b.Seats[p].Goods[k]
		}
		s = T("burgundy.log.ship", who, act.Value)
		if n > 0 {
			s += i18n.N("burgundy.log.goodsgot", n)
		}
	case burgundy.ActGoods:
		s = T("burgundy.log.goods", who, a.Seats[p].Goods[act.Value]-b.Seats[p].Goods[act.Value], act.Value, goodsName(act.Value))
	case burgundy.ActPass:
		s = T("burgundy.log.pass", who)
	case burgundy.ActEndTurn:
		s = T("burgundy.log.end", who)
	default:
		return ""
	}
	if g := gains(b, a, p, act.Workers, incomeSilver, incomeWorkers); g != "" {
		s += " (" + g + ")"
	}
	return s
}

// Scores breaks the points down: what was scored during play (sales, bonus
// tiles, Watchtowers, and regions and animals together, which the final
// state cannot tell apart) and the final scoring (goods, silverlings,
// workers, knowledge tiles).
func (r *Renderer) Scores(st engine.State) gameui.ScoreTable {
	s, ok := st.(*burgundy.State)
	if !ok {
		return gameui.ScoreTable{}
	}
	t := gameui.ScoreTable{Categories: []string{
		"burgundy.score.regions", "burgundy.score.sales", "burgundy.score.bonus", "burgundy.score.watch",
		"burgundy.score.goods", "burgundy.score.silver", "burgundy.score.workers", "burgundy.score.knowledge",
	}}
	for p := range s.Seats {
		pl := &s.Seats[p]
		sales := 0
		for k := 1; k <= 6; k++ {
			sales += pl.Sold[k] * burgundy.GoodsPoints(s.Players)
		}
		bonus := 0
		for c := range s.Bonus {
			if s.Bonus[c][0] == p {
				bonus += burgundy.BonusPoints(s.Players, true)
			}
			if s.Bonus[c][1] == p {
				bonus += burgundy.BonusPoints(s.Players, false)
			}
		}
		watch := 0
		for sp := 1; sp <= burgundy.Spaces; sp++ {
			if burgundy.Tile(pl.Estate[sp]).Building == burgundy.Watchtower {
				watch += 4
			}
		}
		var end burgundy.EndScore
		if pl.End != nil {
			end = *pl.End
		}
		rest := pl.VP - end.Total - sales - bonus - watch
		t.Rows = append(t.Rows, []int{rest, sales, bonus, watch, end.Goods, end.Silver, end.Workers, end.Knowledge})
		t.Totals = append(t.Totals, pl.VP)
	}
	return t
}
