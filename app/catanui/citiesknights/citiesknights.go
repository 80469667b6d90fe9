// Package citiesknights draws Catan: Cities & Knights (game
// "cities-knights", rules in engine/catan/citiesknights, rules note
// docs/cities-knights.md) as an addon of app/catanui: the base renderer
// draws the island, the roads, settlements and cities, the hands (with
// commodities), trade, the robber and the base prompts; this package adds
// what the expansion puts on the table.
//
//   - Board (Layer): knights with their rank, strength and helmet, city
//     walls, metropolises, toppled cities, the merchant; and the spots of
//     the expansion's choices (where to hire a knight, which knight acts
//     and where it goes, the city the barbarians take, a card's target).
//   - Side: the barbarian ship on its track with both strengths, the three
//     dice with the event die, the progress decks, and each player's
//     improvement tracks, metropolises, walls, knights, progress cards and
//     expansion points.
//   - Dock: the expansion's actions (walls, knights, improvements), the
//     viewer's progress cards with their texts and every choice they ask
//     for, and the panels of the expansion's phases.
//   - Narrate and Scores: every expansion action and event in the log
//     (attacks, who lost a city, the Defender of Catan), and the end
//     screen's columns.
//   - Around the board (table.go): the header's line for each seat in the
//     expansion's phases, the phone's player chips (progress cards, and
//     the barbarian ship and three dice beside them), and the expansion's
//     rows of the building costs card.
//   - The rules screen (rules.go) in the catalogue's three languages.
//
// Like the base renderer it decides nothing: spots and buttons come from
// the engine's Legal for the viewer (listed in full, every choice), a click
// applies one of those actions, and the reasons on disabled buttons are
// hints from public facts.
package citiesknights

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/catanui"
	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
)

func init() {
	catanui.Register(gameui.Entry{ID: ck.ID, Options: []gameui.Option{catanui.BoardOption}},
		func() catanui.Addon { return newAddon() })
}

// Modes: what the board's spots offer while the player chooses.
const (
	modeNone     = ""
	modeWall     = "wall"
	modeHire     = "hire"
	modeActivate = "activate"
	modePromote  = "promote"
	modeKnight   = "knight" // a knight's action: the knight, then where
	modeRepair   = "repair"
	modeCard     = "card" // a progress card's target
)

// addon is the expansion's part of one table's renderer: the half-made
// choices between renders (the shell resets them after every action).
type addon struct {
	uid  int // this addon among others: scopes its event handlers
	gen  int // renders so far: a handler is bound again at each render
	mode string
	// base is the base renderer's placement mode at the last render: a
	// new one chosen after ours drops ours (the two never mix).
	base catanui.Mode
	card ck.Card // the card being played (modeCard and the choosers)
	// from is the first pick of a choice of two: the knight that acts, the
	// Smith's first knight, the Inventor's first hex; -1 none.
	from int
	// Alchemist's dice; cards chosen in a composer (Wedding, Master
	// Merchant); the card whose text is opened by a tap.
	red, yellow int
	pick        catan.Resources
	info        string
}

var addons int

func newAddon() *addon {
	addons++
	u := &addon{uid: addons}
	u.Reset()
	return u
}

// Reset drops the half-made choices.
func (u *addon) Reset() {
	u.mode, u.card, u.from = modeNone, -1, -1
	u.red, u.yellow = 0, 0
	u.pick = catan.Resources{}
	u.info = ""
}

// views is the base view and the expansion's part of it (nil, nil for
// another game).
func views(env *gameui.Env) (*catan.View, *ck.View) {
	v, ok := env.View.(*catan.View)
	if !ok || v == nil {
		return nil, nil
	}
	x, _ := v.Ext.(*ck.View)
	if x == nil {
		return nil, nil
	}
	return v, x
}

// legal is the viewer's legal actions of kind t with their indexes in
// env.Legal.
func legal(env *gameui.Env, t catan.ActionType) ([]catan.Action, []int) {
	return catanui.LegalOf(env, t)
}

func has(env *gameui.Env, t catan.ActionType) bool {
	a, _ := legal(env, t)
	return len(a) > 0
}

// playKind is the action kind that plays card c: "play-" and the card's
// id (Road Building is the base game's play-road-building).
func playKind(c ck.Card) (catan.ActionType, bool) {
	return catan.ParseActionType("play-" + c.String())
}

// cardPlayed is the card an action kind plays, if it plays one.
func cardPlayed(t catan.ActionType) (ck.Card, bool) {
	name, ok := strings.CutPrefix(t.String(), "play-")
	if !ok {
		return 0, false
	}
	return ck.ParseCard(name)
}

// on binds a handler for this render only: go-app keeps an element's
// handler while its code and scope are unchanged, which would keep a
// closure over an older render's choices.
func (u *addon) on(h app.EventHandler) (app.EventHandler, app.EventOption) {
	return h, app.EventScope(u.uid, u.gen)
}

// button is gameui.Button (disabled with a reason, or live) with its click
// bound by on.
func (u *addon) button(label, reason string, primary bool, h app.EventHandler) app.HTMLButton {
	b := gameui.Button(label, reason, primary, nil)
	if reason == "" && h != nil {
		b = b.OnClick(u.on(h))
	}
	return b
}

// act is a button applying action i of env.Legal (data-legal names it,
// for tests and for the reader of the page).
func (u *addon) act(env *gameui.Env, label string, i int, primary bool) app.HTMLButton {
	a := env.Legal[i]
	return u.button(label, "", primary, func(ctx app.Context, e app.Event) {
		u.Reset()
		env.Act(ctx, a)
	}).DataSet("legal", strconv.Itoa(i))
}

// T is the catalogue; N its plural form for count n.
func T(id string, args ...any) string        { return gameui.T(id, args...) }
func N(id string, n int, args ...any) string { return i18n.N(id, n, args...) }

// seatName is seat p's name at the table.
func seatName(env *gameui.Env, p int) string { return env.Table.Name(engine.Seat(p)) }

// style is seat p's colour and shape.
func style(env *gameui.Env, p int) gameui.SeatStyle {
	if p >= 0 && p < len(env.Styles) {
		return env.Styles[p]
	}
	return gameui.Palette[0]
}

// trackName is a track's name ("Science"); cardName a progress card's
// title; improvementName the improvement at level l of track t.
func trackName(t ck.Track) string { return T("ck.track." + t.String()) }
func cardName(c ck.Card) string   { return T("ck.card." + c.String()) }
func improvementName(t ck.Track, level int) string {
	if level < 1 || level > ck.MaxLevel {
		return ""
	}
	return T("ck.imp." + t.String() + "." + strconv.Itoa(level))
}

// rankName is a knight's rank ("strong").
func rankName(r string) string { return T("ck.rank." + r) }

// mine reports whether the viewer is a seat of the game.
func mine(env *gameui.Env, v *catan.View) bool {
	p := int(env.Viewer)
	return !env.Replay && p >= 0 && p < len(v.Seats) && v.Seats[p].Hand != nil
}

// ownTurn reports whether the viewer is the active player, before or
// after its roll.
func ownTurn(env *gameui.Env, v *catan.View) bool {
	return mine(env, v) && v.Active == int(env.Viewer) && v.Winner < 0 &&
		(v.Step == catan.PhaseMain || v.Step == catan.PhaseRoll)
}
