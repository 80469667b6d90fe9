// Package burgundyui draws The Castles of Burgundy (engine/burgundy) for
// the Tabula shell: the main board (six numbered depots around the black
// depot, the round's goods, phase and round, bonus tiles, turn-order and
// score tracks) and every estate as an SVG hex board, with the storage,
// goods, silverlings, workers and dice of its owner. It implements
// gameui.Renderer and registers itself for the game id "burgundy".
//
// It decides nothing about the rules. The viewer picks a die (the first
// unused one is preselected); the engine's legal actions for that die light
// up as targets on the boards — depot tiles to take, estate spaces to
// place on, goods to sell or ship — each marked with the workers it costs.
// A target that stands for several legal actions opens a chooser. Follow-up
// decisions (castle, buildings, ship goods, discards) are the engine's
// pending decisions, shown the same way. Help texts for tiles come from the
// engine (KnowledgeHelp, BuildingHelp) through the message catalogue.
//
// Choices made here:
//   - The prompt is built from the view's structured fields (stage, the
//     decider, the top pending decision, the dice left) with catalogue
//     messages; the view's own English Prompt string is not shown.
//   - The end screen's "Regions & animals" column is what remains of the
//     VP scored during play after sales, bonus tiles and Watchtowers: the
//     final state cannot tell region points from animal points apart.
//   - Landscape main board on wide screens, portrait on phones (Env.Compact).
//   - Icons and die faces are <defs> in a hidden SVG, placed with <use>;
//     the CSS ships inside the board (style.go), so the package needs no
//     change to the shell's stylesheet.
package burgundyui

import (
	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/burgundy"
)

func init() {
	gameui.Register(gameui.Entry{
		ID: burgundy.ID, Title: "game.burgundy", Blurb: "game.burgundy.blurb",
		Min: burgundy.Game{}.MinPlayers(), Max: burgundy.Game{}.MaxPlayers(),
		New: func() gameui.Renderer { return &Renderer{shown: -2} },
	})
}

// Renderer is Castles of Burgundy's gameui.Renderer. Its fields are UI
// choices in progress; the game itself lives in the engine.
type Renderer struct {
	// die is the chosen die face (0: the first unused one).
	die int
	// tile narrows placements to one storage tile (0: any).
	tile int
	// pick is a target standing for several legal actions, whose chooser
	// is open.
	pick string
	// info is the tile whose help is shown (0: none).
	info int
	// shown is the seat whose estate is drawn large; -2 follows the
	// viewer (or the player on turn). A viewing preference: Reset keeps it.
	shown   engine.Seat
	shownBy engine.Seat // the viewer who chose shown

	// legal and targets are those of the last render; clicks resolve
	// through them.
	legal   []burgundy.Action
	targets map[string][]int

	// The estate drawn at its last change, to animate only tiles placed
	// since; estate keeps the markup while nothing changes.
	estate    gameui.Steady
	main      gameui.Steady // the main board (its bots' marks go without a redraw)
	drawn     [burgundy.Spaces + 1]int
	drawnSeat int
	drawnOK   bool
}

// Reset drops half-made choices (after any action, undo, hand-over).
func (r *Renderer) Reset() {
	r.die, r.tile, r.pick, r.info = 0, 0, "", 0
}

// viewOf reads the engine's view for the seat on screen.
func viewOf(env *gameui.Env) *burgundy.View {
	switch v := env.View.(type) {
	case burgundy.View:
		return &v
	case *burgundy.View:
		return v
	}
	return nil
}

// options is env.Legal with the concrete type.
func options(env *gameui.Env) []burgundy.Action {
	out := make([]burgundy.Action, 0, len(env.Legal))
	for _, a := range env.Legal {
		switch x := a.(type) {
		case burgundy.Action:
			out = append(out, x)
		case *burgundy.Action:
			out = append(out, *x)
		}
	}
	return out
}

// T is the catalogue.
func T(id string, args ...any) string { return gameui.T(id, args...) }
