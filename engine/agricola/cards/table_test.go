package cards

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	ag "tabula/engine/agricola"
)

// The table against the fact sheet's counts: 24 minors and 24 occupations
// per deck, the player-count marks (A: 17/4/3, B: 17/3/4), the five
// traveling minors, 13 minors with printed points (one of them −3), and
// the occupations usable by player count (34, 34, 41, 48).
func TestTableFacts(t *testing.T) {
	count := map[string]int{}
	var travel []string
	vp := 0
	for _, f := range table {
		c := ag.CardByID(f.id)
		if c == nil || c.Name != f.name || c.Deck != f.id[:1] {
			t.Fatalf("%s not registered as in the table", f.id)
		}
		count[f.id[:1]+c.Kind.String()]++
		if c.Kind == ag.OccupationCard {
			count[f.id[:1]+"mark"+string(rune('0'+c.MinPlayers))]++
			if c.VP != 0 || !c.Cost.IsZero() || c.Traveling || c.Requires != none {
				t.Errorf("%s: A/B occupations have no cost, points, prerequisite or arrow", f.id)
			}
		} else if c.VP != 0 {
			vp++
		}
		if c.Traveling {
			travel = append(travel, f.id)
		}
	}
	want := map[string]int{"Aminor": 24, "Bminor": 24, "Aoccupation": 24, "Boccupation": 24,
		"Amark1": 17, "Amark3": 4, "Amark4": 3, "Bmark1": 17, "Bmark3": 3, "Bmark4": 4}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%s: %d, want %d", k, count[k], n)
		}
	}
	if !slices.Equal(travel, []string{"A002", "A005", "A009", "B002", "B008"}) {
		t.Errorf("traveling %v", travel)
	}
	if vp != 13 || ag.CardByID("B033").VP != -3 {
		t.Errorf("%d minors with points", vp)
	}
	for players, n := range map[int]int{1: 34, 2: 34, 3: 41, 4: 48} {
		if got := len(ag.Deck(ag.OccupationCard, players)); got != n {
			t.Errorf("%d players: %d occupations, want %d", players, got, n)
		}
		if got := len(ag.Deck(ag.MinorCard, players)); got != 48 {
			t.Errorf("%d players: %d minors", players, got)
		}
	}
	if !slices.IsSortedFunc(table, func(a, b fact) int { return strings.Compare(kindOrder(a)+a.id, kindOrder(b)+b.id) }) {
		t.Error("the table is in id order, minors first")
	}
	if _, err := parseCost("2X"); err == nil {
		t.Error("bad cost accepted")
	}
}

func kindOrder(f fact) string {
	if f.kind == minor {
		return "0"
	}
	return "1"
}

// Every card has a test named after its id (TestA002…, TestB166…).
func TestEveryCardHasATest(t *testing.T) {
	files, _ := filepath.Glob("*_test.go")
	named := map[string]bool{}
	re := regexp.MustCompile(`func Test([AB][0-9]{3})[A-Z]`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			named[m[1]] = true
		}
	}
	for _, f := range table {
		if !named[f.id] {
			t.Errorf("no test for %s %s", f.id, f.name)
		}
	}
}
