package catanui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/rules"
	"tabula/engine/catan"
)

// Catan's rules screen. Numbers come from engine/catan (costs, pieces, the
// deck, thresholds), so what the screen says is what the engine plays.
func init() {
	p := rules.P
	rules.Register(rules.Book{
		Game: catan.ID,
		Sections: []rules.Section{
			{ID: "goal", Title: "rules.catan.goal", Paras: []rules.Text{p("rules.catan.goal.1", catan.WinningPoints)}},
			{ID: "setup", Title: "rules.catan.setup", Paras: []rules.Text{p("rules.catan.setup.1"), p("rules.catan.setup.2")}},
			{ID: "turn", Title: "rules.catan.turn", Paras: []rules.Text{p("rules.catan.turn.1")}},
			{ID: "production", Title: "rules.catan.production", Paras: []rules.Text{p("rules.catan.production.1", catan.CardsPerResource)}},
			{ID: "robber", Title: "rules.catan.robber", Paras: []rules.Text{p("rules.catan.robber.1", catan.HandLimit), p("rules.catan.robber.2")}},
			{ID: "trade", Title: "rules.catan.trade", Paras: []rules.Text{p("rules.catan.trade.1", catan.MaxProposalsPerTurn), p("rules.catan.trade.2")}},
			{ID: "build", Title: "rules.catan.build", Paras: []rules.Text{p("rules.catan.build.1")}, Extra: costTable},
			{ID: "dev", Title: "rules.catan.dev", Paras: []rules.Text{p("rules.catan.dev.1")}, Extra: deckTable},
			{ID: "awards", Title: "rules.catan.awards", Paras: []rules.Text{p("rules.catan.awards.1", catan.LongestRoadMin), p("rules.catan.awards.2", catan.LargestArmyMin)}},
			{ID: "end", Title: "rules.catan.end", Paras: []rules.Text{p("rules.catan.end.1", catan.WinningPoints)}},
			{ID: "readings", Title: "rules.catan.readings", Paras: []rules.Text{p("rules.catan.readings.1")}},
		},
		At: RulesAt,
	})
}

// PhaseOf is a view of the Catan family and the phase it shows (nil for
// any other view), for a rules book's At.
func PhaseOf(view any) (*catan.View, catan.Phase) {
	v, ok := view.(*catan.View)
	if !ok {
		return nil, 0
	}
	phase, _ := catan.ParsePhase(v.Phase) // a view made by hand may have no Step
	return v, phase
}

// RulesAt opens the base game's rules on what the table is doing now (an
// expansion's book names its own phases and asks this for the base's).
func RulesAt(view any) string {
	v, phase := PhaseOf(view)
	if v == nil {
		return ""
	}
	switch phase {
	case catan.PhaseBoard, catan.PhaseStartRoll, catan.PhaseFoundSettlement, catan.PhaseFoundRoad:
		return "setup"
	case catan.PhaseRoll, catan.PhaseDice:
		return "turn"
	case catan.PhaseDiscard, catan.PhaseRobber, catan.PhaseRob, catan.PhaseSteal:
		return "robber"
	case catan.PhaseTradeOffer, catan.PhaseTradeConfirm:
		return "trade"
	case catan.PhaseRoadBuilding, catan.PhaseDraw:
		return "dev"
	case catan.PhaseOver:
		return "end"
	}
	return "build"
}

// costTable is the building-costs card, from the engine's cost table.
func costTable() app.UI {
	row := func(name string, cost catan.Resources, vp string, pieces int) app.UI {
		icons := ""
		for _, res := range resourceKinds {
			for k := 0; k < int(cost[res]); k++ {
				icons += resourceSVG(res, 18)
			}
		}
		count := "—"
		if pieces > 0 {
			count = strconv.Itoa(pieces)
		}
		return app.Tr().Body(
			app.Th().Scope("row").Text(name),
			app.Td().Body(app.Raw(`<span class="icons">`+icons+`</span>`), app.Text(" "+cardsOf(cost, resourceKinds))),
			app.Td().Text(vp),
			app.Td().Text(count),
		)
	}
	return app.Table().Class("costs").ID("rules-costs").Body(
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text(T("rules.catan.cost.piece")),
			app.Th().Scope("col").Text(T("rules.catan.cost.cost")),
			app.Th().Scope("col").Text(T("rules.catan.cost.vp")),
			app.Th().Scope("col").Text(T("rules.catan.cost.count")),
		)),
		app.TBody().Body(
			row(T("catan.build.road"), catan.RoadCost, "—", catan.RoadPieces),
			row(T("catan.build.settlement"), catan.SettlementCost, T("catan.vp", 1), catan.SettlementPieces),
			row(T("catan.build.city"), catan.CityCost, T("catan.vp", 2), catan.CityPieces),
			row(T("rules.catan.cost.dev"), catan.DevelopmentCost, "?", 0),
		),
	)
}

// deckTable lists the development deck, from the engine's deck.
func deckTable() app.UI {
	var rows []app.UI
	for d := catan.DevCard(0); d < catan.NumDevCards; d++ {
		rows = append(rows, app.Tr().Body(
			app.Th().Scope("row").Text(T("dev."+d.String())),
			app.Td().Text("×"+strconv.Itoa(int(catan.FullDeck[d]))),
			app.Td().Text(T("dev."+d.String()+".tip")),
		))
	}
	return app.Table().Class("deck").ID("rules-deck").Body(app.TBody().Body(rows...))
}
