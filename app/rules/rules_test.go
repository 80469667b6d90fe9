package rules_test

import (
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	_ "tabula/app/agricolaui"
	_ "tabula/app/burgundyui"
	_ "tabula/app/catanui"
	_ "tabula/app/catanui/citiesknights"
	"tabula/app/i18n"
	"tabula/app/rules"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
	"tabula/engine/burgundy"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
	"tabula/engine/rng"
)

// The rules of each game open in each language, with every section, and
// the numbers drawn from the engine's tables.
func TestRulesOfEveryGameInEveryLanguage(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	for _, game := range []string{catan.ID, burgundy.ID, agricola.ID, ck.ID} {
		b, ok := rules.Lookup(game)
		if !ok {
			t.Fatalf("%s has no rules", game)
		}
		for _, l := range i18n.Languages {
			i18n.SetLang(l)
			page := html.UnescapeString(app.HTMLString(rules.Page(game, game, "", app.Text(""), func(app.Context) {})))
			if strings.Contains(page, "⟦") || strings.Contains(page, "%!") {
				t.Errorf("%s %s: a missing message or argument in the rules", game, l)
			}
			for _, s := range b.Sections {
				if !strings.Contains(page, i18n.T(s.Title)) || !strings.Contains(page, `id="rules-`+s.ID+`"`) {
					t.Errorf("%s %s: section %s not shown", game, l, s.ID)
				}
			}
			for _, want := range facts(game) {
				if !strings.Contains(page, want) {
					t.Errorf("%s %s: the rules do not show %q", game, l, want)
				}
			}
		}
	}
}

// facts are texts the rules must show, made from the engine's tables.
func facts(game string) []string {
	if game == catan.ID {
		count := func(n int8, res string) string { return i18n.T("catan.count", int(n), i18n.T("res."+res)) }
		return []string{
			count(catan.CityCost[catan.Ore], "ore"), count(catan.CityCost[catan.Grain], "grain"),
			count(catan.DevelopmentCost[catan.Wool], "wool"),
			"×" + strconv.Itoa(int(catan.FullDeck[catan.Knight])),
			strconv.Itoa(catan.WinningPoints),
		}
	}
	if game == agricola.ID {
		// The scoring rows' last thresholds, the fences and stables a
		// player owns, the harvest rounds and a room's price.
		out := []string{
			strconv.Itoa(farmyard.MaxFences), strconv.Itoa(farmyard.MaxStables),
			strconv.Itoa(agricola.HarvestRounds[0]) + ", " + strconv.Itoa(agricola.HarvestRounds[1]),
			i18n.N("agricola.n.wood", 5) + ", " + i18n.N("agricola.n.reed", 2),
		}
		for _, r := range agricola.ScoreRows() {
			out = append(out, ">"+strconv.Itoa(r.Thresholds[3])+"+<")
		}
		return out
	}
	if game == ck.ID {
		out := []string{
			strconv.Itoa(ck.VictoryPoints), i18n.T("ck.imp.politics.3"), i18n.T("ck.imp.trade.5"),
			i18n.T("catan.count", int(ck.WallCost[catan.Brick]), i18n.T("res.brick")),
			i18n.T("rules.ck.draws", 6), i18n.T("rules.ck.event.ship", ck.ShipSteps),
		}
		for _, f := range ck.Cards { // all 25 kinds of the 54 cards, with their copies and texts
			out = append(out, i18n.T("ck.card."+f.Name), "×"+strconv.Itoa(f.Count), i18n.T("ck.cardtext."+f.Name))
		}
		return out
	}
	return []string{
		">" + strconv.Itoa(burgundy.RegionPoints(8, 0)) + "<", ">" + strconv.Itoa(burgundy.RegionPoints(1, 4)) + "<",
		i18n.T("burgundy.help.knowledge.26"), i18n.T("burgundy.help.building.8"),
	}
}

// From the table the rules open at the part that matters now.
func TestRulesOpenWhereTheTableIs(t *testing.T) {
	cb, _ := rules.Lookup(catan.ID)
	for phase, want := range map[string]string{
		"found-settlement": "setup", "roll": "turn", "discard": "robber", "robber": "robber", "rob": "robber",
		"main": "build", "trade-offer": "trade", "road-building": "dev", "over": "end",
	} {
		if got := cb.Section(&catan.View{Phase: phase}); got != want {
			t.Errorf("catan %s: rules at %q, want %q", phase, got, want)
		}
	}
	bb, _ := rules.Lookup(burgundy.ID)
	for _, c := range []struct {
		v    burgundy.View
		want string
	}{
		{burgundy.View{Stage: burgundy.StagePlay}, "turn"},
		{burgundy.View{Stage: burgundy.StagePhase}, "phases"},
		{burgundy.View{Stage: burgundy.StagePlay, Pending: []burgundy.FrameView{{Kind: burgundy.FrameDiscard}}}, "storage"},
		{burgundy.View{Stage: burgundy.StagePlay, Pending: []burgundy.FrameView{{Kind: burgundy.FrameChurch}}}, "buildings"},
		{burgundy.View{Stage: burgundy.StagePlay, Pending: []burgundy.FrameView{{Kind: burgundy.FrameShip}}}, "place"},
		{burgundy.View{Stage: burgundy.StageOver, Over: true}, "end"},
	} {
		if got := bb.Section(c.v); got != c.want {
			t.Errorf("burgundy %+v: rules at %q, want %q", c.v.Pending, got, c.want)
		}
	}
	ab, _ := rules.Lookup(agricola.ID)
	for _, c := range []struct {
		v    agricola.View
		want string
	}{
		{agricola.View{Round: 2}, "spaces"},
		{agricola.View{Round: 4, Decision: &agricola.DecisionView{Kind: agricola.FrameFeed}}, "harvest"},
		{agricola.View{Round: 3, Decision: &agricola.DecisionView{Kind: agricola.FrameMenu, Ops: agricola.OpFences}}, "fences"},
		{agricola.View{Round: 3, Decision: &agricola.DecisionView{Kind: agricola.FrameAnimals}}, "animals"},
		{agricola.View{Over: true}, "scoring"},
	} {
		if got := ab.Section(c.v); got != c.want {
			t.Errorf("agricola %+v: rules at %q, want %q", c.v.Decision, got, c.want)
		}
	}
	kb, _ := rules.Lookup(ck.ID)
	for phase, want := range map[string]string{
		"found-settlement": "setup", "roll": "turn", "discard": "robber", "main": "build", "trade-offer": "trade",
		"pillage": "barbarians", "choose-deck": "barbarians", "retreat": "knights", "place-metropolis": "metropolis",
		"aqueduct": "improvements", "spy": "progress", "progress-limit": "progress", "wedding": "progress", "over": "scoring",
	} {
		if got := kb.Section(&catan.View{Phase: phase}); got != want {
			t.Errorf("cities-knights %s: rules at %q, want %q", phase, got, want)
		}
	}
	if got := kb.Section(&catan.View{Phase: "main", Ext: &ck.View{Prompt: ck.Prompt{Count: 1}}}); got != "progress" {
		t.Errorf("cities-knights over the card limit: rules at %q", got)
	}
	// A real game: the start of Catan is the founding.
	g, _ := engine.Lookup(catan.ID)
	m, err := engine.NewMatch(g, engine.Setup{Game: catan.ID, Players: 3}, rng.Seeded{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := cb.Section(m.State.View(0)); got != "setup" {
		t.Errorf("a new Catan game: rules at %q", got)
	}
}
