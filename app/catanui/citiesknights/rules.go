package citiesknights

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/catanui"
	"tabula/app/rules"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
)

// The rules screen of Cities & Knights, for a player who knows neither it
// nor the base game. Numbers come from engine/catan/citiesknights and
// engine/catan (costs, tracks, decks, thresholds) as arguments or tables,
// so what the screen says is what the engine plays.
func init() {
	p := rules.P
	rules.Register(rules.Book{
		Game: ck.ID,
		Sections: []rules.Section{
			{ID: "goal", Title: "rules.ck.goal", Paras: []rules.Text{p("rules.ck.goal.1", ck.VictoryPoints)}},
			{ID: "setup", Title: "rules.ck.setup", Paras: []rules.Text{p("rules.ck.setup.1"), p("rules.ck.setup.2")}},
			{ID: "turn", Title: "rules.ck.turn", Paras: []rules.Text{p("rules.ck.turn.1", ck.ProgressHandLimit)}, Extra: eventTable},
			{ID: "production", Title: "rules.ck.production", Paras: []rules.Text{p("rules.ck.production.1", ck.CardsPerCommodity, catan.CardsPerResource)}, Extra: productionTable},
			{ID: "robber", Title: "rules.ck.robber", Paras: []rules.Text{p("rules.ck.robber.1", catan.HandLimit, ck.WallsPerPlayer), p("rules.ck.robber.2")}},
			{ID: "trade", Title: "rules.ck.trade", Paras: []rules.Text{p("rules.ck.trade.1"), p("rules.ck.trade.2", ck.AbilityLevel)}},
			{ID: "build", Title: "rules.ck.build", Paras: []rules.Text{p("rules.ck.build.1", ck.WallsPerPlayer)}, Extra: costTable},
			{ID: "improvements", Title: "rules.ck.improvements", Paras: []rules.Text{p("rules.ck.improvements.1", ck.MaxLevel), p("rules.ck.improvements.2", ck.AbilityLevel)}, Extra: improvementTable},
			{ID: "metropolis", Title: "rules.ck.metropolis", Paras: []rules.Text{p("rules.ck.metropolis.1", ck.MetropolisLevel, ck.MaxLevel)}},
			{ID: "knights", Title: "rules.ck.knights", Paras: []rules.Text{p("rules.ck.knights.1", ck.KnightsPerRank), p("rules.ck.knights.2", ck.AbilityLevel), p("rules.ck.knights.3")}, Extra: knightTable},
			{ID: "barbarians", Title: "rules.ck.barbarians", Paras: []rules.Text{p("rules.ck.barbarians.1", ck.ShipSteps), p("rules.ck.barbarians.2"), p("rules.ck.barbarians.3"), p("rules.ck.barbarians.4")}},
			{ID: "progress", Title: "rules.ck.progress", Paras: []rules.Text{p("rules.ck.progress.1", ck.DeckSize, ck.ProgressHandLimit), p("rules.ck.progress.2")}, Extra: cardTable},
			{ID: "scoring", Title: "rules.ck.scoring", Paras: []rules.Text{p("rules.ck.scoring.1", ck.DefenderCards)}, Extra: pointsTable},
			{ID: "end", Title: "rules.ck.end", Paras: []rules.Text{p("rules.ck.end.1", ck.VictoryPoints)}},
			{ID: "readings", Title: "rules.ck.readings", Paras: []rules.Text{p("rules.ck.readings.1")}},
		},
		At: rulesAt,
	})
}

// rulesAt opens the rules at what the table is doing now: a barbarian
// attack's choices open the barbarians, a displaced knight the knights, a
// card's choices (or too many cards held) the progress cards, the base
// game's phases as its own rules do.
func rulesAt(view any) string {
	v, phase := catanui.PhaseOf(view)
	if v == nil {
		return ""
	}
	switch phase {
	case ck.PhaseChooseDeck, ck.PhasePillage:
		return "barbarians"
	case ck.PhaseRetreat:
		return "knights"
	case ck.PhaseMetropolis:
		return "metropolis"
	case ck.PhaseAqueduct:
		return "improvements"
	case catan.PhaseOver:
		return "scoring"
	case catan.PhaseMain:
		if x, ok := v.Ext.(*ck.View); ok && x.Prompt.Count > 0 {
			return "progress" // over the progress-card limit
		}
	}
	switch {
	case phase == catan.PhaseRoadBuilding:
		return "progress" // the Road Building card
	case phase <= catan.PhaseOver: // a base phase: as the base game's rules
		return catanui.RulesAt(view)
	}
	return "progress" // the draws, the hand limit and every card's own choices
}

// th and td are a header cell and a cell.
func th(s string) app.UI { return app.Th().Scope("row").Text(s) }
func td(s string) app.UI { return app.Td().Text(s) }

func head(ids ...string) app.UI {
	cells := make([]app.UI, len(ids))
	for i, id := range ids {
		cells[i] = app.Th().Scope("col").Text(T(id))
	}
	return app.THead().Body(app.Tr().Body(cells...))
}

// costCell is a cost as icons and words.
func costCell(cost catan.Resources) app.UI {
	return app.Td().Body(costIcons(cost), app.Text(" "+catanui.CardsText(cost)))
}

// eventTable is the event die's faces (the engine's EventFaces).
func eventTable() app.UI {
	var rows []app.UI
	ships := 0
	for v := range ck.EventFaces {
		if ev, t := ck.EventFace(v); ev == ck.ShipEvent {
			ships++
		} else {
			rows = append(rows, app.Tr().Body(
				app.Th().Scope("row").Body(app.Raw(dieSVG("event", 0, t.String())), app.Text(" "+T("ck.event."+t.String()))),
				td("1"), td(T("rules.ck.event.gate", trackName(t))),
			))
		}
	}
	rows = append([]app.UI{app.Tr().Body(
		app.Th().Scope("row").Body(app.Raw(dieSVG("event", 0, "ship")), app.Text(" "+T("ck.event.ship"))),
		td(strconv.Itoa(ships)), td(T("rules.ck.event.ship", ck.ShipSteps)),
	)}, rows...)
	return app.Table().Class("costs").ID("rules-events").Body(
		head("rules.ck.col.face", "rules.ck.col.faces", "rules.ck.col.effect"),
		app.TBody().Body(rows...),
	)
}

// productionTable is what a building gets from a hex (the engine's
// production rule, on each terrain).
func productionTable() app.UI {
	var rows []app.UI
	for _, t := range []catan.Terrain{catan.Forest, catan.Pasture, catan.Mountains, catan.Fields, catan.Hills} {
		r, _ := t.Produces()
		city := catan.Of(r, 2)
		if c, ok := commodityOf(r); ok {
			city = catan.Of(r, 1)
			city[c] = 1
		}
		rows = append(rows, app.Tr().Body(th(T("terrain."+t.String())), costCell(catan.Of(r, 1)), costCell(city)))
	}
	return app.Table().Class("costs").ID("rules-production").Body(
		head("rules.ck.col.terrain", "catan.build.settlement", "catan.build.city"),
		app.TBody().Body(rows...),
	)
}

// commodityOf is the commodity a city gets beside resource r: each
// track's commodity comes from the terrain of its resource.
func commodityOf(r catan.Resource) (catan.Resource, bool) {
	switch r {
	case catan.Lumber:
		return ck.Science.Commodity(), true
	case catan.Wool:
		return ck.Trade.Commodity(), true
	case catan.Ore:
		return ck.Politics.Commodity(), true
	}
	return 0, false
}

// costTable is every build and knight action with its cost.
func costTable() app.UI {
	row := func(name string, cost catan.Resources, note string) app.UI {
		return app.Tr().Body(th(name), costCell(cost), td(note))
	}
	return app.Table().Class("costs").ID("rules-costs").Body(
		head("rules.catan.cost.piece", "rules.catan.cost.cost", "rules.ck.col.note"),
		app.TBody().Body(
			row(T("catan.build.road"), catan.RoadCost, T("rules.ck.cost.road", catan.RoadPieces)),
			row(T("catan.build.settlement"), catan.SettlementCost, T("rules.ck.cost.settlement", catan.SettlementPieces)),
			row(T("catan.build.city"), catan.CityCost, T("rules.ck.cost.city", catan.CityPieces)),
			row(T("ck.wall"), ck.WallCost, T("rules.ck.cost.wall", ck.WallsPerPlayer)),
			row(T("ck.hire"), ck.KnightCost, T("rules.ck.cost.hire")),
			row(T("ck.activate"), ck.ActivateCost, T("rules.ck.cost.activate")),
			row(T("ck.promote"), ck.KnightCost, T("rules.ck.cost.promote")),
			row(T("rules.ck.cost.improvement"), catan.Resources{}, T("rules.ck.cost.improvementnote")),
		),
	)
}

// improvementTable is the three tracks: each level's improvement, cost,
// the red die that draws, and what the level brings.
func improvementTable() app.UI {
	var rows []app.UI
	for l := 1; l <= ck.MaxLevel; l++ {
		cells := []app.UI{th(strconv.Itoa(l))}
		for t := ck.Track(0); t < ck.NumTracks; t++ {
			name := improvementName(t, l)
			if l == ck.AbilityLevel {
				name += " ◆"
			}
			cells = append(cells, app.Td().Body(costIcons(catan.Of(t.Commodity(), ck.ImprovementCost(l))), app.Text(" "+name)))
		}
		red := 0
		for d := 1; d <= 6; d++ {
			if ck.DrawsProgress(l, d) {
				red = d
			}
		}
		note := ""
		switch l {
		case ck.AbilityLevel:
			note = T("rules.ck.level.ability")
		case ck.MetropolisLevel:
			note = T("rules.ck.level.metropolis")
		}
		cells = append(cells, td(T("rules.ck.draws", red)), td(note))
		rows = append(rows, app.Tr().Body(cells...))
	}
	return app.Table().Class("costs").ID("rules-improvements").Body(
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text(T("rules.ck.col.level")),
			app.Th().Scope("col").Body(app.Raw(trackBadge(ck.Science, 16)), app.Text(" "+trackName(ck.Science))),
			app.Th().Scope("col").Body(app.Raw(trackBadge(ck.Trade, 16)), app.Text(" "+trackName(ck.Trade))),
			app.Th().Scope("col").Body(app.Raw(trackBadge(ck.Politics, 16)), app.Text(" "+trackName(ck.Politics))),
			app.Th().Scope("col").Text(T("rules.ck.col.draw")),
			app.Th().Scope("col").Text(T("rules.ck.col.note")),
		)),
		app.TBody().Body(rows...),
	)
}

// knightTable is the ranks with their strength and pieces.
func knightTable() app.UI {
	var rows []app.UI
	for r := ck.Basic; r <= ck.Mighty; r++ {
		rows = append(rows, app.Tr().Body(th(rankName(r.String())), td(strconv.Itoa(r.Strength())), td(strconv.Itoa(ck.KnightsPerRank))))
	}
	return app.Table().Class("costs").ID("rules-knights").Body(
		head("rules.ck.col.rank", "rules.ck.col.strength", "rules.catan.cost.count"),
		app.TBody().Body(rows...),
	)
}

// cardTable is the 54 progress cards: each kind with its deck, copies,
// timing and effect (the engine's card table).
func cardTable() app.UI {
	var rows []app.UI
	for _, f := range ck.Cards {
		rows = append(rows, app.Tr().DataSet("card", f.Name).Body(
			app.Th().Scope("row").Body(app.Raw(trackBadge(f.Deck, 16)), app.Text(" "+cardName(f.Card))),
			td(trackName(f.Deck)), td("×"+strconv.Itoa(f.Count)), td(T("ck.timing."+f.Timing.String())),
			td(T("ck.cardtext."+f.Name)),
		))
	}
	return app.Table().Class("deck").ID("rules-cards").Body(
		head("rules.ck.col.card", "rules.ck.col.deck", "rules.ck.col.copies", "rules.ck.col.when", "rules.ck.col.effect"),
		app.TBody().Body(rows...),
	)
}

// pointsTable is where victory points come from.
func pointsTable() app.UI {
	row := func(what string, vp int) app.UI { return app.Tr().Body(th(what), td(T("catan.vp", vp))) }
	return app.Table().Class("costs").ID("rules-points").Body(
		head("rules.ck.col.source", "rules.catan.cost.vp"),
		app.TBody().Body(
			row(T("catan.build.settlement"), 1),
			row(T("catan.build.city"), 2),
			row(T("rules.ck.points.metropolis"), 4),
			row(T("rules.ck.points.defender"), 1),
			row(cardName(ck.Printer)+", "+cardName(ck.Constitution), ck.Cards[ck.Printer].VP),
			row(T("ck.merchant"), 1),
			row(T("catan.longest"), 2),
		),
	)
}
