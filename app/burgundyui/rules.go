package burgundyui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/rules"
	"tabula/engine/burgundy"
)

// The rules screen of The Castles of Burgundy. Region scores, bonus tiles,
// sale points and the tile texts come from engine/burgundy, so the screen
// says what the engine plays.
func init() {
	p := rules.P
	rules.Register(rules.Book{
		Game: burgundy.ID,
		Sections: []rules.Section{
			{ID: "goal", Title: "rules.burgundy.goal", Paras: []rules.Text{p("rules.burgundy.goal.1")}},
			{ID: "setup", Title: "rules.burgundy.setup", Paras: []rules.Text{p("rules.burgundy.setup.1")}},
			{ID: "phases", Title: "rules.burgundy.phases", Paras: []rules.Text{p("rules.burgundy.phases.1")}},
			{ID: "turn", Title: "rules.burgundy.turn", Paras: []rules.Text{p("rules.burgundy.turn.1"), p("rules.burgundy.turn.2")}},
			{ID: "take", Title: "rules.burgundy.take", Paras: []rules.Text{p("rules.burgundy.take.1")}},
			{ID: "place", Title: "rules.burgundy.place", Paras: []rules.Text{p("rules.burgundy.place.1")}, Extra: tileTable},
			{ID: "buildings", Title: "rules.burgundy.buildings", Paras: []rules.Text{p("rules.burgundy.buildings.1")}, Extra: buildingTable},
			{ID: "knowledge", Title: "rules.burgundy.knowledge", Paras: []rules.Text{p("rules.burgundy.knowledge.1")}, Extra: knowledgeTable},
			{ID: "sell", Title: "rules.burgundy.sell", Paras: []rules.Text{p("rules.burgundy.sell.1",
				burgundy.GoodsPoints(2), burgundy.GoodsPoints(3), burgundy.GoodsPoints(4))}},
			{ID: "workers", Title: "rules.burgundy.workers", Paras: []rules.Text{p("rules.burgundy.workers.1")}},
			{ID: "storage", Title: "rules.burgundy.storage", Paras: []rules.Text{p("rules.burgundy.storage.1")}},
			{ID: "scoring", Title: "rules.burgundy.scoring", Paras: []rules.Text{p("rules.burgundy.scoring.1"), p("rules.burgundy.scoring.2",
				burgundy.BonusPoints(2, true), burgundy.BonusPoints(3, true), burgundy.BonusPoints(4, true),
				burgundy.BonusPoints(2, false), burgundy.BonusPoints(3, false), burgundy.BonusPoints(4, false))}, Extra: regionTable},
			{ID: "end", Title: "rules.burgundy.end", Paras: []rules.Text{p("rules.burgundy.end.1")}},
			{ID: "readings", Title: "rules.burgundy.readings", Paras: []rules.Text{p("rules.burgundy.readings.1",
				burgundy.BlackDepotTiles(2), burgundy.BlackDepotTiles(3), burgundy.BlackDepotTiles(4))}},
		},
		At: rulesAt,
	})
}

// rulesAt opens the rules on the decision the table waits for.
func rulesAt(view any) string {
	v := viewOf(&gameui.Env{View: view})
	if v == nil {
		return ""
	}
	if v.Over || v.Stage == burgundy.StageOver {
		return "end"
	}
	if n := len(v.Pending); n > 0 {
		switch v.Pending[n-1].Kind {
		case burgundy.FrameDiscard:
			return "storage"
		case burgundy.FrameWarehouse, burgundy.FrameCarpenter, burgundy.FrameChurch, burgundy.FrameMarket, burgundy.FrameCityHall:
			return "buildings"
		case burgundy.FrameShipAdjacent:
			return "knowledge"
		default:
			return "place"
		}
	}
	if v.Stage != burgundy.StagePlay {
		return "phases"
	}
	return "turn"
}

func helpRows(rows [][2]string) app.UI {
	trs := make([]app.UI, len(rows))
	for i, r := range rows {
		trs[i] = app.Tr().Body(app.Th().Scope("row").Text(r[0]), app.Td().Text(r[1]))
	}
	return app.Table().Body(app.TBody().Body(trs...))
}

// tileTable: what each kind of tile does when placed (the engine's help).
func tileTable() app.UI {
	return helpRows([][2]string{
		{T("burgundy.tile.start"), T("burgundy.help.start")},
		{T("burgundy.tile.castle"), T("burgundy.help.castle")},
		{T("burgundy.tile.mine"), T("burgundy.help.mine")},
		{T("burgundy.tile.ship"), T("burgundy.help.ship")},
		{T("burgundy.colour.animal"), T("burgundy.help.animal", T("burgundy.animal.sheep"))},
	})
}

// buildingTable: the eight buildings, from the engine's list.
func buildingTable() app.UI {
	var rows [][2]string
	for b := burgundy.Warehouse; b <= burgundy.CityHall; b++ {
		n := strconv.Itoa(int(b))
		rows = append(rows, [2]string{T("burgundy.building." + n), T("burgundy.help.building." + n)})
	}
	return helpRows(rows)
}

// knowledgeTable: the 26 knowledge tiles.
func knowledgeTable() app.UI {
	var rows [][2]string
	for k := 1; k <= 26; k++ {
		rows = append(rows, [2]string{T("burgundy.tile.knowledge", k), T("burgundy.help.knowledge." + strconv.Itoa(k))})
	}
	return helpRows(rows)
}

// regionTable: points for completing a region, by size and phase.
func regionTable() app.UI {
	head := []app.UI{app.Th().Scope("col").Text(T("rules.burgundy.size"))}
	for ph := 0; ph < 5; ph++ {
		head = append(head, app.Th().Scope("col").Text(T("rules.burgundy.phase", burgundy.PhaseName(ph))))
	}
	var rows []app.UI
	for size := 1; size <= burgundy.MaxRegionSize; size++ {
		cells := []app.UI{app.Th().Scope("row").Text(strconv.Itoa(size))}
		for ph := 0; ph < 5; ph++ {
			cells = append(cells, app.Td().Text(strconv.Itoa(burgundy.RegionPoints(size, ph))))
		}
		rows = append(rows, app.Tr().Body(cells...))
	}
	return app.Table().ID("rules-regions").Body(app.THead().Body(app.Tr().Body(head...)), app.TBody().Body(rows...))
}
