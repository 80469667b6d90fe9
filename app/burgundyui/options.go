package burgundyui

import (
	"sort"
	"strconv"

	"tabula/engine/burgundy"
)

// Target keys name the things a click can mean. The board and the dock
// draw a target wherever its key belongs; a key stands for one or more
// legal actions (indexes into the legal list).
func keyDepot(depot, tile int) string {
	return "depot-" + strconv.Itoa(depot) + "-" + strconv.Itoa(tile)
}
func keyBlack(tile int) string  { return "black-" + strconv.Itoa(tile) }
func keySpace(space int) string { return "space-" + strconv.Itoa(space) }
func keyShip(depot int) string  { return "ship-" + strconv.Itoa(depot) }
func keyStore(tile int) string  { return "store-" + strconv.Itoa(tile) }
func keySell(kind int) string   { return "sell-" + strconv.Itoa(kind) }
func keyKind(kind int) string   { return "kind-" + strconv.Itoa(kind) }

const (
	keyWorkers = "workers"
	keyPass    = "pass"
	keyEnd     = "end"
)

// keyOf is where an action is offered.
func keyOf(a burgundy.Action) string {
	switch a.Name {
	case burgundy.ActTake:
		return keyDepot(a.Value, a.Tile)
	case burgundy.ActBuy:
		if a.Value == 0 {
			return keyBlack(a.Tile)
		}
		return keyDepot(a.Value, a.Tile)
	case burgundy.ActPlace:
		return keySpace(a.Space)
	case burgundy.ActShip:
		return keyShip(a.Value)
	case burgundy.ActDiscard:
		return keyStore(a.Tile)
	case burgundy.ActSell:
		return keySell(a.Value)
	case burgundy.ActGoods:
		return keyKind(a.Value)
	case burgundy.ActWorkers:
		return keyWorkers
	case burgundy.ActPass:
		return keyPass
	case burgundy.ActEndTurn:
		return keyEnd
	}
	return a.Name
}

// dieFaces lists the distinct die faces the legal actions use, in the
// order the engine offers them (the viewer's dice order). Two dice showing
// the same face give one entry: the engine offers one set of options.
func dieFaces(legal []burgundy.Action) []int {
	var out []int
	seen := [7]bool{}
	for _, a := range legal {
		if a.Die >= 1 && a.Die <= 6 && !seen[a.Die] {
			seen[a.Die] = true
			out = append(out, a.Die)
		}
	}
	return out
}

// chosenDie is want if it is one of faces, else the first face (0 when no
// legal action uses a die: a follow-up decision).
func chosenDie(faces []int, want int) int {
	for _, f := range faces {
		if f == want {
			return f
		}
	}
	if len(faces) > 0 {
		return faces[0]
	}
	return 0
}

// byDie groups the legal actions by the die face they use (0: no die).
func byDie(legal []burgundy.Action) map[int][]int {
	out := map[int][]int{}
	for i, a := range legal {
		out[a.Die] = append(out[a.Die], i)
	}
	return out
}

// targetsFor maps every target key to the legal actions it stands for,
// given the chosen die (actions of other dice are left out; actions using
// no die are always in) and an optional storage tile narrowing placements.
func targetsFor(legal []burgundy.Action, die, tile int) map[string][]int {
	narrow := false
	if tile != 0 {
		for _, a := range legal {
			if a.Name == burgundy.ActPlace && a.Tile == tile && (a.Die == 0 || a.Die == die) {
				narrow = true
				break
			}
		}
	}
	out := map[string][]int{}
	for i, a := range legal {
		if a.Die != 0 && a.Die != die {
			continue
		}
		if narrow && a.Name == burgundy.ActPlace && a.Tile != tile {
			continue
		}
		k := keyOf(a)
		if hasSame(legal, out[k], a) {
			continue
		}
		out[k] = append(out[k], i)
	}
	return out
}

// hasSame reports whether one of the actions idx of legal does what a
// does: the same move with a tile no player could tell apart (two Ship
// tiles in storage placed on one space). A chooser never lists the same
// choice twice; the first such action (the engine's order) stands.
func hasSame(legal []burgundy.Action, idx []int, a burgundy.Action) bool {
	for _, j := range idx {
		b := legal[j]
		if b.Tile != a.Tile && sameTile(a.Tile, b.Tile) {
			b.Tile = a.Tile
		}
		if b == a {
			return true
		}
	}
	return false
}

// sameTile reports whether two tiles are alike in all but their id (and
// their back, which no longer matters once taken).
func sameTile(x, y int) bool {
	if x <= 0 || y <= 0 {
		return false
	}
	a, b := burgundy.Tile(x), burgundy.Tile(y)
	a.ID, b.ID, a.Black, b.Black, a.Start, b.Start = 0, 0, false, false, false, false
	return a == b
}

// placeTiles are the storage tiles that have a placement with the die.
func placeTiles(legal []burgundy.Action, die int) map[int]bool {
	out := map[int]bool{}
	for _, a := range legal {
		if a.Name == burgundy.ActPlace && (a.Die == 0 || a.Die == die) {
			out[a.Tile] = true
		}
	}
	return out
}

// cost is what a target asks: the fewest workers among its actions, and
// whether it is a purchase (2 silverlings).
type cost struct {
	workers int
	buy     bool
	die     int
}

func costOf(legal []burgundy.Action, idx []int) cost {
	c := cost{workers: -1}
	for _, i := range idx {
		a := legal[i]
		if a.Name == burgundy.ActBuy {
			c.buy = true
			continue
		}
		if c.workers < 0 || a.Workers < c.workers {
			c.workers = a.Workers
		}
		if a.Die != 0 {
			c.die = a.Die
		}
	}
	if c.workers < 0 {
		c.workers = 0
	}
	return c
}

// sortedKeys is for stable output (tests, the chooser).
func sortedKeys(m map[string][]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
