package traders

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/catanui"
	"tabula/app/rules"
	"tabula/engine/catan"
	tb "tabula/engine/catan/traders"
)

// The rules screen of the caravan scenario, for a first-time player. Its
// numbers are arguments from engine/catan/traders (movement costs, gold
// prices, wagon cards, the chronicle deck), so the screen says what the
// engine plays; the readings come from docs/traders-barbarians.md.
func init() {
	p := rules.P
	rules.Register(rules.Book{
		Game: tb.ID,
		Sections: []rules.Section{
			{ID: "goal", Title: "rules.traders.goal", Paras: []rules.Text{p("rules.traders.goal.1", tb.WinningPoints)}},
			{ID: "setup", Title: "rules.traders.setup", Paras: []rules.Text{
				p("rules.traders.setup.1", tb.NumTradeHexes),
				p("rules.traders.setup.2", tb.StartingGold, tb.NumBarbarians, tb.TotalCargo),
			}, Extra: tradeHexTable},
			{ID: "turn", Title: "rules.traders.turn", Paras: []rules.Text{p("rules.traders.turn.1")}},
			{ID: "wagon", Title: "rules.traders.wagon", Paras: []rules.Text{
				p("rules.traders.wagon.1"),
				p("rules.traders.wagon.2", tb.GrainBoostPoints),
			}, Extra: stepTable},
			{ID: "cargo", Title: "rules.traders.cargo", Paras: []rules.Text{p("rules.traders.cargo.1"), p("rules.traders.cargo.2")}},
			{ID: "upgrade", Title: "rules.traders.upgrade", Paras: []rules.Text{p("rules.traders.upgrade.1", tb.MaxLevel)}, Extra: wagonTable},
			{ID: "barbarians", Title: "rules.traders.barbarians", Paras: []rules.Text{
				p("rules.traders.barbarians.1", tb.BarbarianPoints),
				p("rules.traders.barbarians.2", catan.HandLimit),
				p("rules.traders.barbarians.3"),
			}},
			{ID: "gold", Title: "rules.traders.gold", Paras: []rules.Text{p("rules.traders.gold.1", tb.GoldPerResource, tb.GoldBuysPerTurn)}},
			{ID: "chronicle", Title: "rules.traders.chronicle", Paras: []rules.Text{
				p("rules.traders.chronicle.1", catanui.CardsText(catan.DevelopmentCost)),
			}, Extra: deckTable},
			{ID: "end", Title: "rules.traders.end", Paras: []rules.Text{p("rules.traders.end.1", tb.WinningPoints, catan.LargestArmyMin)}},
			{ID: "readings", Title: "rules.traders.readings", Paras: []rules.Text{p("rules.traders.readings.1",
				tb.Wagon(1).Points, tb.Wagon(1).Gold, tb.Wagon(2).Points, tb.Wagon(2).Gold, tb.Wagon(2).DriveOff,
				tb.CargoPerGood, tb.ChronicleDeck.Total(), int(tb.ChronicleDeck[catan.Knight]),
				int(tb.ChronicleDeck[catan.RoadBuilding]), int(tb.ChronicleDeck[catan.SwiftJourney]),
				int(tb.ChronicleDeck[catan.VictoryPoint]))}},
		},
		At: rulesAt,
	})
}

// rulesAt opens the rules at what the table is doing: the wagon's section
// while it may move, the barbarians' after a 7 or a Knight.
func rulesAt(view any) string {
	v, ok := view.(*catan.View)
	if !ok {
		return ""
	}
	phase, _ := catan.ParsePhase(v.Phase)
	switch phase {
	case catan.PhaseBoard, catan.PhaseStartRoll, catan.PhaseFoundSettlement, catan.PhaseFoundRoad:
		return "setup"
	case catan.PhaseRoll, catan.PhaseDice:
		return "turn"
	case tb.PhaseMove:
		return "wagon"
	case tb.PhaseCargo:
		return "cargo"
	case tb.PhaseBarbarian, tb.PhaseDriveOff, tb.PhasePlaceBarbarian, catan.PhaseDiscard, catan.PhaseSteal:
		return "barbarians"
	case catan.PhaseRoadBuilding, catan.PhaseDraw:
		return "chronicle"
	case catan.PhaseOver:
		return "end"
	}
	return "turn"
}

// tradeHexTable lists what each trade hex needs and supplies, from the
// engine's cargo tables.
func tradeHexTable() app.UI {
	var rows []app.UI
	for t := tb.TradeHex(0); t < tb.NumTradeHexes; t++ {
		var needs, supplies []app.UI
		for g := tb.Good(0); g < tb.NumGoods; g++ {
			if g.Destination() == t {
				needs = append(needs, goodCell(g.String()))
			}
		}
		for _, g := range t.Supplies() {
			supplies = append(supplies, goodCell(g.String()))
		}
		rows = append(rows, app.Tr().Body(
			app.Th().Scope("row").Text(T("terrain."+t.String())),
			app.Td().Body(needs...),
			app.Td().Body(supplies...),
		))
	}
	return app.Table().ID("rules-tradehexes").Body(
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text(T("rules.traders.col.hex")),
			app.Th().Scope("col").Text(T("rules.traders.col.needs")),
			app.Th().Scope("col").Text(T("rules.traders.col.supplies")),
		)),
		app.TBody().Body(rows...),
	)
}

func goodCell(g string) app.UI {
	return app.Span().Body(app.Raw(goodSVG(g, 18)), app.Text(" "+T("traders.good."+g)+" "))
}

// stepTable is what one step of a wagon costs, from the engine's
// movement costs.
func stepTable() app.UI {
	row := func(along string, points int, toll string) app.UI {
		return app.Tr().Body(app.Th().Scope("row").Text(T(along)), app.Td().Text(strconv.Itoa(points)), app.Td().Text(toll))
	}
	return app.Table().ID("rules-steps").Body(
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text(T("rules.traders.col.step")),
			app.Th().Scope("col").Text(T("rules.traders.col.points")),
			app.Th().Scope("col").Text(T("rules.traders.col.toll")),
		)),
		app.TBody().Body(
			row("rules.traders.step.path", tb.PathPoints, "—"),
			row("rules.traders.step.own", tb.RoadPoints, "—"),
			row("rules.traders.step.other", tb.RoadPoints, N("traders.gold", tb.Toll)),
			row("rules.traders.step.barbarian", tb.BarbarianPoints, "—"),
		),
	)
}

// wagonTable is the five wagon cards, from the engine's table.
func wagonTable() app.UI {
	var rows []app.UI
	for l := 1; l <= tb.MaxLevel; l++ {
		w := tb.Wagon(l)
		cost, drive, vp := "—", "—", "—"
		if l > 1 {
			icons := ""
			for r := catan.Resource(0); r < catan.NumCards; r++ {
				for k := 0; k < int(w.Cost[r]); k++ {
					icons += catanui.ResourceIcon(r, 16)
				}
			}
			cost = icons + " " + catanui.CardsText(w.Cost)
		}
		if w.DriveOff > 0 {
			drive = T("traders.chance", w.DriveOffChance(), w.DriveOff)
		}
		if w.VP > 0 {
			vp = T("catan.vp", w.VP)
		}
		rows = append(rows, app.Tr().Body(
			app.Th().Scope("row").Text(strconv.Itoa(l)),
			app.Td().Body(app.Raw(`<span class="icons">`+cost+`</span>`)),
			app.Td().Text(strconv.Itoa(w.Points)),
			app.Td().Text(strconv.Itoa(w.Gold)),
			app.Td().Text(drive),
			app.Td().Text(vp),
		))
	}
	return app.Table().ID("rules-wagons").Body(
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text(T("rules.traders.col.level")),
			app.Th().Scope("col").Text(T("rules.traders.col.cost")),
			app.Th().Scope("col").Text(T("rules.traders.col.points")),
			app.Th().Scope("col").Text(T("rules.traders.col.gold")),
			app.Th().Scope("col").Text(T("rules.traders.col.driveoff")),
			app.Th().Scope("col").Text(T("rules.traders.col.vp")),
		)),
		app.TBody().Body(rows...),
	)
}

// deckTable is the chronicle deck, from the engine's.
func deckTable() app.UI {
	var rows []app.UI
	for d := catan.DevCard(0); d < catan.NumDevKinds; d++ {
		n := int(tb.ChronicleDeck[d])
		if n == 0 {
			continue
		}
		rows = append(rows, app.Tr().Body(
			app.Th().Scope("row").Text(T("dev."+d.String())),
			app.Td().Text("×"+strconv.Itoa(n)),
			app.Td().Text(T("rules.traders.card."+d.String())),
		))
	}
	return app.Table().ID("rules-chronicle").Body(app.TBody().Body(rows...))
}
