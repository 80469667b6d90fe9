package agricolaui

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/agricolatest"
)

// The card game's decisions are drawn from the engine's legal list, one
// button per action, worded from the catalogue: a card's own targets
// (Mini Pasture's cells), its any-time actions (Clearing Spade's moves,
// each its own key), the draft's picks; a card in hand whose prerequisite
// is not met says which; other players' hands stay hidden.
func TestCardDecisions(t *testing.T) {
	s := newGame(t, 2)
	// Mini Pasture played from hand at the Meeting Place: it asks a cell.
	s.Seats[0].Hand = append(s.Seats[0].Hand, "B002")
	do(t, s, 0, agricola.Action{Name: agricola.ActPlace, Space: "meeting-place"})
	do(t, s, 0, agricola.Action{Name: agricola.ActMinor, Card: "B002"})
	if d := s.ViewOf(0).Decision; d == nil || d.Kind != agricola.FrameCard || d.Via != "B002" {
		t.Fatalf("decision %+v", d)
	}
	page := renderAll(New(), envFor(s, 0, nil))
	keys := buttons(page, "cardact-B002-")
	n := 0
	for _, a := range s.Options(0) {
		if a.Name == agricola.ActCard && a.Card == "B002" {
			n++
			if !strings.Contains(page, T("agricola.cardact.B002", int(a.Cell))) {
				t.Fatalf("cell %d not worded", a.Cell)
			}
		}
	}
	if len(keys) != n || n < 5 {
		t.Fatalf("%d buttons for %d cells: %v", len(keys), n, keys)
	}

	// Clearing Spade: every move its own button, worded with both cells.
	p := &s.Seats[1]
	p.Cards = append(p.Cards, "A071")
	p.Yard.Fields = 1<<0 | 1<<1 | 1<<2
	p.Crops[0] = agricola.Crop{Kind: agricola.Grain, N: 3}
	p.Crops[1] = agricola.Crop{Kind: agricola.Grain, N: 2}
	do(t, s, 0, agricola.Action{Name: agricola.ActCard, Card: "B002", Cell: 5, N: 0})
	for s.Decider() != 1 {
		do(t, s, s.Decider(), s.Options(s.Decider())[0])
	}
	page = renderAll(New(), envFor(s, 1, nil))
	if keys := buttons(page, "cardact-A071-"); len(keys) != 2 || keys[0] == keys[1] {
		t.Fatalf("two moves onto field 3: %v", keys)
	}
	if !strings.Contains(page, T("agricola.cardact.A071", 1, 3)) || !strings.Contains(page, T("agricola.cardact.A071", 2, 3)) {
		t.Fatal("moves worded")
	}
	// Seat 0's hand is not in seat 1's page.
	for _, id := range s.Seats[0].Hand {
		if strings.Contains(page, `data-card="`+id+`"`) {
			t.Fatalf("seat 1 sees seat 0's %s", id)
		}
	}
}

func TestDraftPanel(t *testing.T) {
	st, err := agricola.Game{}.New(engine.Setup{Game: agricola.ID, Players: 2, Options: map[string]string{agricola.OptionDraft: "on"}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*agricola.State)
	(&game{t: t, s: s}).chance()
	for _, l := range i18n.Languages {
		i18n.SetLang(l)
		page := renderAll(New(), envFor(s, s.Decider(), nil))
		if keys := buttons(page, "draft-"); len(keys) != 14 || !strings.Contains(page, T("agricola.draft.title")) {
			t.Fatalf("%s: %d picks", l, len(keys))
		}
		id := s.Seats[s.Decider()].Packet[0]
		if !strings.Contains(page, T("agricola.act.draft", cardName(id))) {
			t.Fatalf("%s: pick of %s not worded", l, id)
		}
		if other := renderAll(New(), envFor(s, 1-s.Decider(), nil)); strings.Contains(other, "draft-"+id) {
			t.Fatal("the other seat sees the packet")
		}
	}
	i18n.SetLang(i18n.English)
}

func TestCardPrerequisiteWorded(t *testing.T) {
	s := newGame(t, 2)
	s.Seats[0].Hand = []string{"B077", "A078", "A016"} // Loam Pit: 3 occupations; Canoe: 1; Rammed Clay: none
	s.Seats[0].Goods[agricola.Food] = 5
	s.Seats[0].Goods[agricola.Wood] = 5
	do(t, s, 0, agricola.Action{Name: agricola.ActPlace, Space: "meeting-place"})
	page := renderAll(New(), envFor(s, 0, nil))
	want := T("agricola.req.occupations", 3)
	if !strings.Contains(page, want) || !strings.Contains(page, T("agricola.req.occupations", 1)) {
		t.Fatalf("prerequisites %q not shown", want)
	}
	_ = strconv.Itoa
}

var buttonRe = regexp.MustCompile(`id="act-([^"]+)"`)

// buttons are the dock's action buttons whose key starts with prefix.
func buttons(page, prefix string) []string { return keysIn(buttonRe, page, prefix) }

// Every one of the 96 cards has its name (the engine table's, in English)
// and its full text in every language; every card message names a card
// of the table and every prerequisite wording a kind some card requires.
// (The catalogue test counts these ids as used by their prefixes, so
// it cannot tell a misspelt card id.)
func TestEveryCardWorded(t *testing.T) {
	ids := append(agricola.Deck(agricola.OccupationCard, 4), agricola.Deck(agricola.MinorCard, 4)...)
	if len(ids) != 96 {
		t.Fatalf("%d cards dealt with 4 players, want 96", len(ids))
	}
	kinds := map[string]bool{}
	for _, id := range ids {
		c := agricola.CardByID(id)
		if c.Requires.Kind != "" {
			kinds[c.Requires.Kind] = true
			if _, ok := i18n.Text(i18n.English, "agricola.req."+c.Requires.Kind); !ok {
				t.Errorf("%s: prerequisite %q not worded", id, c.Requires.Kind)
			}
		}
		for _, l := range i18n.Languages {
			for _, p := range []string{"agricola.cardname.", "agricola.cardtext."} {
				if txt, ok := i18n.Text(l, p+id); !ok || txt == "" {
					t.Errorf("%s: no %s in %s", id, p, l)
				}
			}
		}
		if name, _ := i18n.Text(i18n.English, "agricola.cardname."+id); name != c.Name {
			t.Errorf("%s: English name %q, the engine's %q", id, name, c.Name)
		}
	}
	for _, id := range i18n.IDs(i18n.English) {
		for _, p := range []string{"agricola.cardname.", "agricola.cardtext.", "agricola.cardact."} {
			if rest, ok := strings.CutPrefix(id, p); ok && id != "agricola.cardact.title" {
				if card, _, _ := strings.Cut(rest, "."); agricola.CardByID(card) == nil {
					t.Errorf("%s: no card %q", id, card)
				}
			}
		}
		if kind, ok := strings.CutPrefix(id, "agricola.req."); ok && !kinds[kind] {
			t.Errorf("%s: no card requires %q", id, kind)
		}
	}
}

// Sealed (network) draft: a pick names a deck position, and the picking
// seat's page still offers one button per card of its packet, keyed and
// worded by the card; clicking one sends the position.
func TestSealedDraftPanel(t *testing.T) {
	tb := agricolatest.Sealed(t, 2, 3, map[string]string{agricola.OptionDraft: "on"})
	seat := tb.Referee.State.Status().Deciders[0]
	s := tb.Devices[seat].State.(*agricola.State)
	var acted []agricola.Action
	env := envFor(s, seat, &acted)
	page := renderAll(New(), env)
	keys := buttons(page, "draft-")
	if len(keys) != 14 {
		t.Fatalf("%d picks: %v", len(keys), keys)
	}
	for _, id := range s.Seats[seat].Packet {
		if !slices.Contains(keys, "draft-"+id) || !strings.Contains(page, T("agricola.act.draft", cardName(id))) {
			t.Fatalf("no worded pick of %s among %v", id, keys)
		}
	}
	id := s.Seats[seat].Packet[0]
	r := New()
	renderAll(r, env)
	r.choose(app.Context{}, "draft-"+id)
	if len(acted) != 1 || acted[0].Name != agricola.ActDraft || s.DraftCard(seat, acted[0]) != id || !agricola.IsUnknownCard(acted[0].Card) {
		t.Fatalf("clicking %s sent %+v", id, acted)
	}
}
