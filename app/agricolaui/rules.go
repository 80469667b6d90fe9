package agricolaui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/rules"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// The rules screen of Agricola, for a first-time player. Every number the
// engine plays by — costs, capacities, food, harvest rounds, scoring rows —
// is read from engine/agricola (its tables, its Cost function, its score
// sheet) rather than typed into the text, so the rules shown cannot
// disagree with the rules played.
func init() {
	p := rules.P
	f := ruleFacts()
	rules.Register(rules.Book{
		Game: agricola.ID,
		Sections: []rules.Section{
			{ID: "goal", Title: "rules.agricola.goal", Paras: []rules.Text{p("rules.agricola.goal.1")}},
			{ID: "setup", Title: "rules.agricola.setup", Paras: []rules.Text{
				p("rules.agricola.setup.1", f.fences, f.stables),
				p("rules.agricola.setup.2", f.startFood, f.otherFood, f.soloFood),
				p("rules.agricola.setup.3"),
			}},
			{ID: "cards", Title: "rules.agricola.cards", Paras: []rules.Text{
				p("rules.agricola.cards.1", agricola.HandSize, agricola.HandSize),
				p("rules.agricola.cards.2", spaceArg("lessons")),
				p("rules.agricola.cards.3", spaceArg("major-improvement"), spaceArg("meeting-place"), spaceArg("basic-wish"), spaceArg("house-redevelopment")),
				p("rules.agricola.cards.4"),
				p("rules.agricola.cards.5", spaceArg("lessons"), spaceArg("meeting-place"), spaceArg("side-job")),
			}},
			{ID: "round", Title: "rules.agricola.round", Paras: []rules.Text{
				p("rules.agricola.round.1", f.harvests),
				p("rules.agricola.round.2"),
			}},
			{ID: "spaces", Title: "rules.agricola.spaces", Paras: []rules.Text{p("rules.agricola.spaces.1")}, Extra: spacesTable},
			{ID: "farm", Title: "rules.agricola.farm", Paras: []rules.Text{
				p("rules.agricola.farm.rooms", f.woodRoom, f.clayRoom, f.stoneRoom),
				p("rules.agricola.farm.renovate", f.renovatePerRoom, f.renovateBase),
				p("rules.agricola.farm.stables", f.stable, f.sideJobStable, f.stables),
				p("rules.agricola.farm.fields"),
				p("rules.agricola.farm.growth"),
			}},
			{ID: "fences", Title: "rules.agricola.fences", Paras: []rules.Text{
				p("rules.agricola.fences.1", f.fence, f.fences),
				p("rules.agricola.fences.2"),
			}},
			{ID: "animals", Title: "rules.agricola.animals", Paras: []rules.Text{
				p("rules.agricola.animals.1", f.pastureCell, f.pastureStable, f.stableCap, f.houseCap),
				p("rules.agricola.animals.2"),
			}},
			{ID: "harvest", Title: "rules.agricola.harvest", Paras: []rules.Text{
				p("rules.agricola.harvest.1"),
				p("rules.agricola.harvest.2", f.feed, f.feedSolo, f.feedNewborn, f.begging),
				p("rules.agricola.harvest.3"),
			}},
			{ID: "majors", Title: "rules.agricola.majors", Paras: []rules.Text{p("rules.agricola.majors.1")}, Extra: majorsTable},
			{ID: "scoring", Title: "rules.agricola.scoring", Paras: []rules.Text{
				p("rules.agricola.scoring.1"),
				p("rules.agricola.scoring.2", f.unused, f.fencedStable, f.clayRoomPts, f.stoneRoomPts, f.person, f.begging),
				p("rules.agricola.scoring.3"),
			}, Extra: scoringTable},
			{ID: "readings", Title: "rules.agricola.readings", Paras: []rules.Text{p("rules.agricola.readings.1"), p("rules.agricola.readings.2")}},
		},
		At: rulesAt,
	})
}

// rulesAt opens the rules at what the table asks now: feeding and
// breeding at the harvest, animals to house, fences, improvements, the
// spaces when a person is to be placed, scoring at the end.
func rulesAt(view any) string {
	v := viewOf(&gameui.Env{View: view})
	if v == nil {
		return ""
	}
	if v.Over {
		return "scoring"
	}
	if d := v.Decision; d != nil {
		switch d.Kind {
		case agricola.FrameDraft, agricola.FrameCard:
			return "cards"
		case agricola.FrameFeed, agricola.FrameBreed:
			return "harvest"
		case agricola.FrameAnimals:
			return "animals"
		case agricola.FrameMenu:
			switch {
			case d.Ops&agricola.OpFences != 0:
				return "fences"
			case d.Ops&(agricola.OpOccupation|agricola.OpMinor) != 0 && d.Ops&agricola.OpMajor == 0:
				return "cards"
			case d.Ops&(agricola.OpMajor|agricola.OpMinor) != 0:
				return "majors"
			}
			return "farm"
		}
		return "round"
	}
	if v.HarvestNow {
		return "harvest"
	}
	if v.Round == 0 {
		return "setup"
	}
	return "spaces"
}

// facts are the numbers the rules text quotes, read off the engine.
type facts struct {
	fences, stables                      int
	startFood, otherFood, soloFood       int
	harvests                             string
	woodRoom, clayRoom, stoneRoom        goodsArg
	renovatePerRoom, renovateBase        goodsArg
	stable, sideJobStable, fence         goodsArg
	pastureCell, pastureStable           int
	stableCap, houseCap                  int
	feed, feedSolo, feedNewborn, begging int
	unused, fencedStable, clayRoomPts    int
	stoneRoomPts, person                 int
}

// goodsArg is goods as a rules argument: put into words when the rules
// are shown, in the language of that moment.
type goodsArg agricola.Goods

func (g goodsArg) String() string { return goodsText(agricola.Goods(g)) }

// spaceArg is an action space as a rules argument: its name in the
// language the rules are shown in.
type spaceArg string

func (s spaceArg) String() string { return spaceName(string(s)) }

// started is a new game of players whose starting player is seat 0.
func started(players int) *agricola.State {
	st, err := agricola.Game{}.New(engine.Setup{Game: agricola.ID, Players: players})
	if err != nil {
		return nil
	}
	s := st.(*agricola.State)
	if c := s.Status().Chance; c != nil && c.Kind == "start-player" {
		_ = s.Resolve(engine.Outcome{0})
	}
	return s
}

// ruleFacts reads the rules' numbers off engine/agricola: start food and
// costs of a fresh game, capacities of a farmyard, the food a family eats,
// the score sheet's points per item.
func ruleFacts() facts {
	f := facts{fences: farmyard.MaxFences, stables: farmyard.MaxStables}
	two, solo := started(2), started(1)
	if two == nil || solo == nil {
		return f
	}
	f.startFood, f.otherFood = two.Seats[0].Goods[agricola.Food], two.Seats[1].Goods[agricola.Food]
	f.soloFood = solo.Seats[0].Goods[agricola.Food]
	var hs []string
	for _, r := range agricola.HarvestRounds {
		hs = append(hs, strconv.Itoa(r))
	}
	f.harvests = strings.Join(hs, ", ")

	price := func(s *agricola.State, p agricola.Purchase) agricola.Goods {
		if ps := s.Cost(0, p); len(ps) > 0 {
			return ps[0].Goods
		}
		return agricola.Goods{}
	}
	room := agricola.Purchase{What: agricola.OpRoom, Via: "farm-expansion"}
	c := two.Clone().(*agricola.State)
	f.woodRoom = goodsArg(price(c, room))
	c.Seats[0].House = agricola.Clay
	f.clayRoom = goodsArg(price(c, room))
	c.Seats[0].House = agricola.Stone
	f.stoneRoom = goodsArg(price(c, room))
	reno := agricola.Purchase{What: agricola.OpRenovate, Via: "house-redevelopment"}
	c = two.Clone().(*agricola.State)
	rooms := c.Seats[0].Yard.Rooms.Len()
	p2 := price(c, reno)
	c.Seats[0].Yard.Rooms |= farmyard.Of(1)
	per := price(c, reno).Minus(p2)
	f.renovatePerRoom = goodsArg(per)
	base := p2
	for i := 0; i < rooms; i++ {
		base = base.Minus(per)
	}
	f.renovateBase = goodsArg(base)
	f.stable = goodsArg(price(two, agricola.Purchase{What: agricola.OpStable, Via: "farm-expansion"}))
	f.sideJobStable = goodsArg(price(two, agricola.Purchase{What: agricola.OpStable, Via: "side-job"}))
	f.fence = goodsArg(price(two, agricola.Purchase{What: agricola.OpFences, Via: "fencing", N: 1}))

	f.pastureCell = farmyard.Pasture{Cells: farmyard.Of(1)}.Capacity()
	f.pastureStable = farmyard.Pasture{Cells: farmyard.Of(1), Stables: 1}.Capacity()
	for _, h := range (farmyard.Yard{Rooms: farmyard.Start().Rooms, Stables: farmyard.Of(1)}).Holders() {
		switch h.Where {
		case farmyard.InStable:
			f.stableCap = h.Cap
		case farmyard.InHouse:
			f.houseCap = h.Cap
		}
	}

	people := two.Seats[0].People
	f.feed = two.FoodNeeded(0) / people
	f.feedSolo = solo.FoodNeeded(0) / people
	c = two.Clone().(*agricola.State)
	c.Seats[0].People, c.Seats[0].Newborns = people+1, 1
	f.feedNewborn = c.FoodNeeded(0) - two.FoodNeeded(0)

	c = two.Clone().(*agricola.State)
	sc := c.Score(0)
	f.unused = sc.Unused / (farmyard.Cells - c.Seats[0].Yard.Rooms.Len())
	f.person = sc.People / people
	c.Seats[0].Begging = 1
	f.begging = c.Score(0).Begging
	c.Seats[0].House = agricola.Clay
	f.clayRoomPts = c.Score(0).Rooms / rooms
	c.Seats[0].House = agricola.Stone
	f.stoneRoomPts = c.Score(0).Rooms / rooms
	c.Seats[0].Yard.Stables = farmyard.Of(1)
	c.Seats[0].Yard.Fences = farmyard.Boundary(farmyard.Of(1))
	f.fencedStable = c.Score(0).FencedStables
	return f
}

// spaceRow is one action space as the rules list it: who plays with it
// (player counts, or its stage) and what it does.
type spaceRow struct {
	id, when, does string
}

// spaceRows lists every action space of the card game: the board
// by player count (a space that differs by count gets a row per version),
// then the stage cards by stage.
func spaceRows() []spaceRow {
	type key struct{ id, does string }
	var order []key
	counts := map[key][]string{}
	var stages *agricola.State
	for n := 1; n <= 4; n++ {
		s := started(n)
		if s == nil {
			continue
		}
		stages = s
		v := s.ViewOf(0)
		for i := range v.Spaces {
			sp := &v.Spaces[i]
			k := key{sp.ID, spaceDesc(sp, v.Family)}
			if _, ok := counts[k]; !ok {
				order = append(order, k)
			}
			counts[k] = append(counts[k], strconv.Itoa(n))
		}
	}
	var out []spaceRow
	for _, k := range order {
		when := T("rules.agricola.players", strings.Join(counts[k], ", "))
		if len(counts[k]) == 4 {
			when = T("rules.agricola.allplayers")
		}
		out = append(out, spaceRow{k.id, when, k.does})
	}
	if stages == nil {
		return out
	}
	for st := 1; st <= agricola.Stages; st++ {
		first, last := agricola.StageRounds[st], agricola.StageRounds[st+1]-1
		for _, id := range stages.Stages[st] {
			d := agricola.StageCard(id)
			if d == nil {
				continue
			}
			sv := agricola.SpaceView{ID: d.ID, Accumulate: d.Accumulate, Take: d.Take, Choose: d.Choose, Steps: d.Steps, Grow: d.Grow, StartPlayer: d.StartPlayer}
			rounds := strconv.Itoa(first)
			if last > first {
				rounds += "–" + strconv.Itoa(last)
			}
			out = append(out, spaceRow{id, T("rules.agricola.stagecard", st, rounds), spaceDesc(&sv, true)})
		}
	}
	return out
}

// spacesTable lists every action space with what it does.
func spacesTable() app.UI {
	var rows []app.UI
	for _, r := range spaceRows() {
		rows = append(rows, app.Tr().Body(app.Th().Scope("row").Text(spaceName(r.id)), app.Td().Text(r.when), app.Td().Text(r.does)))
	}
	return app.Table().ID("rules-spaces").Body(
		app.THead().Body(app.Tr().Body(app.Th().Scope("col").Text(T("rules.agricola.col.space")),
			app.Th().Scope("col").Text(T("rules.agricola.col.when")), app.Th().Scope("col").Text(T("rules.agricola.col.does")))),
		app.TBody().Body(rows...))
}

// majorsTable lists the major improvements: cost, points, what they do.
func majorsTable() app.UI {
	var rows []app.UI
	seen := map[string]bool{}
	for _, id := range agricola.Majors {
		c := agricola.CardByID(id)
		if c == nil || seen[cardName(id)+goodsText(c.Cost)] {
			continue
		}
		seen[cardName(id)+goodsText(c.Cost)] = true
		cost := goodsText(c.Cost)
		for _, r := range c.ReturnFor {
			cost += " " + T("agricola.or") + " " + T("agricola.price.return", cardName(r))
			break
		}
		rows = append(rows, app.Tr().Body(app.Th().Scope("row").Text(cardName(id)), app.Td().Text(cost),
			app.Td().Text(strconv.Itoa(c.VP)), app.Td().Text(majorText(c))))
	}
	return app.Table().ID("rules-majors").Body(
		app.THead().Body(app.Tr().Body(app.Th().Scope("col").Text(T("rules.agricola.col.major")),
			app.Th().Scope("col").Text(T("rules.agricola.col.cost")), app.Th().Scope("col").Text(T("rules.agricola.col.points")),
			app.Th().Scope("col").Text(T("rules.agricola.col.does")))),
		app.TBody().Body(rows...))
}

// rowRanges are the counts that score −1, 1, 2, 3 and 4 in a scoring row
// ("0", "1–3", "8+").
func rowRanges(t [4]int) []string {
	span := func(a, b int) string {
		if a == b {
			return strconv.Itoa(a)
		}
		return strconv.Itoa(a) + "–" + strconv.Itoa(b)
	}
	out := []string{span(0, t[0]-1)}
	for i := 0; i < 3; i++ {
		out = append(out, span(t[i], t[i+1]-1))
	}
	return append(out, strconv.Itoa(t[3])+"+")
}

// scoringTable is the scoring pad's counted rows, from the engine.
func scoringTable() app.UI {
	head := []app.UI{app.Th().Scope("col").Text(T("rules.agricola.col.category"))}
	for _, pts := range []string{"−1", "1", "2", "3", "4"} {
		head = append(head, app.Th().Scope("col").Text(T("rules.agricola.col.pts", pts)))
	}
	var rows []app.UI
	for _, r := range agricola.ScoreRows() {
		cells := []app.UI{app.Th().Scope("row").Text(T("agricola.score." + r.Category))}
		for _, s := range rowRanges(r.Thresholds) {
			cells = append(cells, app.Td().Text(s))
		}
		rows = append(rows, app.Tr().Body(cells...))
	}
	return app.Table().ID("rules-scoring").Body(app.THead().Body(app.Tr().Body(head...)), app.TBody().Body(rows...))
}
