//go:build !js

package main

import (
	"strings"
	"testing"

	"tabula/engine/games"
)

// withoutTags are the build tags of a client without game id: Catan's
// expansions need Catan, so a build without Catan leaves them out too
// (as make size does).
func withoutTags(id string) []string {
	if id == "catan" {
		return []string{"tabula_no_catan", "tabula_no_cities_knights", "tabula_no_traders_barbarians"}
	}
	return []string{"tabula_no_" + strings.ReplaceAll(id, "-", "_")}
}

// gamePkgs are the packages of deps that gameOf gives to one of ids.
func gamePkgs(deps []string, ids ...string) []string {
	var out []string
	for _, p := range deps {
		for _, id := range ids {
			if gameOf(p) == id {
				out = append(out, p)
			}
		}
	}
	return out
}

// A client built without a game links none of its packages (rules, UI,
// statistics): no shared package imports a game, each registers itself
// (engine/games, cmd/tabula's game_*.go). The home screen alone links no
// game at all. make size's lines are what each game adds only if this
// holds.
func TestClientWithoutAGameLinksNoneOfIt(t *testing.T) {
	if testing.Short() {
		t.Skip("go list of seven client builds")
	}
	full, err := clientPackages()
	if err != nil {
		t.Fatal(err)
	}
	var all, home []string
	for _, g := range games.List {
		ids := []string{g.ID}
		if g.ID == "catan" {
			ids = append(ids, "cities-knights", "traders-barbarians")
		}
		// The whole client holds the game's rules, UI and statistics.
		has := gamePkgs(full, g.ID)
		for _, kind := range []string{"tabula/engine/", "tabula/app/", "stats"} {
			if !containsPart(has, kind) {
				t.Errorf("the whole client has no %q package of %s (it has %v)", kind, g.ID, has)
			}
		}
		tags := withoutTags(g.ID)
		if g.ID != "cities-knights" && g.ID != "traders-barbarians" {
			home = append(home, tags...)
		}
		all = append(all, g.ID)
		deps, err := clientPackages(tags...)
		if err != nil {
			t.Fatal(err)
		}
		if left := gamePkgs(deps, ids...); len(left) > 0 {
			t.Errorf("built with %v, the client still links %v", tags, left)
		}
	}
	deps, err := clientPackages(home...)
	if err != nil {
		t.Fatal(err)
	}
	if left := gamePkgs(deps, all...); len(left) > 0 {
		t.Errorf("the home screen alone (%v) links %v", home, left)
	}
}

func containsPart(pkgs []string, part string) bool {
	for _, p := range pkgs {
		if strings.Contains(p, part) {
			return true
		}
	}
	return false
}
