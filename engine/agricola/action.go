package agricola

import (
	"fmt"
	"math/bits"
	"strings"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// Action is every decision of the game. Name says which; the other fields
// are used as each name documents and are zero otherwise.
type Action struct {
	Name   string          `json:"kind"`
	Space  string          `json:"space,omitempty"`  // place: the action space
	Cell   farmyard.Cell   `json:"cell,omitempty"`   // room, stable, plow, sow: the cell
	Crop   Good            `json:"crop,omitempty"`   // sow: Grain or Vegetable
	Fences farmyard.Fences `json:"fences,omitempty"` // fences: the new fences
	// Card: major, minor, occupation: the card; sow: a card field; convert:
	// the conversion id; card: the card whose decision this is.
	Card string `json:"card,omitempty"`
	N    int    `json:"n,omitempty"`   // bake: grain; convert: times (0 = 1); choose: option index; card: the card's own number
	Pay  int    `json:"pay,omitempty"` // index into Cost's prices
	// keep, breed: the animals kept / the newborns.
	Sheep  int `json:"sheep,omitempty"`
	Boar   int `json:"boar,omitempty"`
	Cattle int `json:"cattle,omitempty"`
}

// Action names.
const (
	ActPlace      = "place"      // put a person on Space
	ActRoom       = "room"       // build a room on Cell, paying Pay
	ActStable     = "stable"     // build a stable on Cell, paying Pay
	ActRenovate   = "renovate"   // renovate the house, paying Pay
	ActPlow       = "plow"       // plow Cell
	ActSow        = "sow"        // sow Crop on the field at Cell (or card field Card)
	ActBake       = "bake"       // bake N grain
	ActFences     = "fences"     // build Fences, paying Pay
	ActMajor      = "major"      // build major improvement Card, paying Pay
	ActMinor      = "minor"      // play minor improvement Card, paying Pay
	ActOccupation = "occupation" // play occupation Card, paying Pay
	ActDone       = "done"       // end the current menu
	ActChoose     = "choose"     // take option N of a choose frame
	ActKeep       = "keep"       // keep these animals, release the rest
	ActFeed       = "feed"       // feed the family (begging for what is missing)
	ActBreed      = "breed"      // keep these newborn animals
	ActConvert    = "convert"    // use conversion Card N times (cook, eat raw, craft)
	ActCard       = "card"       // a card's own decision
	ActDraft      = "draft"      // keep Card from the packet (the draft)
)

var actNames = []string{ActPlace, ActRoom, ActStable, ActRenovate, ActPlow, ActSow, ActBake, ActFences,
	ActMajor, ActMinor, ActOccupation, ActDone, ActChoose, ActKeep, ActFeed, ActBreed, ActConvert, ActCard, ActDraft}

// ActionKinds lists every action name (for tools and fuzzing).
func ActionKinds() []string { return append([]string(nil), actNames...) }

// opActions maps the menu actions to their op.
var opActions = map[string]Op{
	ActRoom: OpRoom, ActStable: OpStable, ActRenovate: OpRenovate, ActPlow: OpPlow, ActSow: OpSow,
	ActBake: OpBake, ActFences: OpFences, ActMajor: OpMajor, ActMinor: OpMinor, ActOccupation: OpOccupation,
}

// Kind is the action's name.
func (a Action) Kind() string { return a.Name }

// Herd is the animals of a keep or breed action.
func (a Action) Herd() farmyard.Herd { return farmyard.Herd{a.Sheep, a.Boar, a.Cattle} }

func withHerd(a Action, h farmyard.Herd) Action {
	a.Sheep, a.Boar, a.Cattle = h[0], h[1], h[2]
	return a
}

// wellFormed checks the shape of an action (not its legality). Every
// action a search rates passes here, so the fields each kind uses are a
// mask from a switch (actionUses), not a table of names to look up
// (TestWellFormedMatchesNames checks it against the names).
func (a Action) wellFormed() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", engine.ErrBadAction, fmt.Sprintf(format, args...))
	}
	used, known := actionUses(a.Name)
	switch {
	case !known:
		return bad("unknown action %q", a.Name)
	case len(a.Space) > 40 || len(a.Card) > 40:
		return bad("name too long")
	case a.Cell < 0 || a.Cell > farmyard.Cells:
		return bad("cell %d outside 1–%d", a.Cell, farmyard.Cells)
	case a.Crop != 0 && a.Crop != Grain && a.Crop != Vegetable:
		return bad("crop %d is neither grain nor vegetable", a.Crop)
	case a.Fences&^farmyard.AllEdges != 0:
		return bad("fences outside the %d edges", farmyard.Edges)
	case a.N < 0 || a.N > 99 || a.Pay < 0 || a.Pay > 99:
		return bad("number out of range")
	case a.Sheep < 0 || a.Boar < 0 || a.Cattle < 0 || a.Sheep > 999 || a.Boar > 999 || a.Cattle > 999:
		return bad("animal count out of range")
	}
	// Each kind uses its own fields only, so one decision has one form.
	if a.Name == ActCard {
		return nil // a card's decision uses the fields the card defines
	}
	if extra := a.fieldsSet() &^ used; extra != 0 {
		return bad("%s takes no %s", a.Name, fieldNames[bits.TrailingZeros8(extra)])
	}
	return nil
}

// The fields of an Action, as bits of a mask, in the order wellFormed
// names the first one misused.
const (
	fieldSpace uint8 = 1 << iota
	fieldCell
	fieldCrop
	fieldFences
	fieldCard
	fieldN
	fieldPay
	fieldAnimals
)

// fieldNames are the fields' names by bit.
var fieldNames = [8]string{"space", "cell", "crop", "fences", "card", "n", "pay", "animals"}

// fieldsSet is the mask of a's fields that are set.
func (a Action) fieldsSet() uint8 {
	var m uint8
	set := func(b uint8, on bool) {
		if on {
			m |= b
		}
	}
	set(fieldSpace, a.Space != "")
	set(fieldCell, a.Cell != 0)
	set(fieldCrop, a.Crop != 0)
	set(fieldFences, a.Fences != 0)
	set(fieldCard, a.Card != "")
	set(fieldN, a.N != 0)
	set(fieldPay, a.Pay != 0)
	set(fieldAnimals, a.Sheep != 0 || a.Boar != 0 || a.Cattle != 0)
	return m
}

// actionUses is the mask of the fields an action kind uses; known is
// false for a name that is no kind (ActCard uses what its card defines).
// Fences and animal decisions also take an n: the names table this
// replaced matched field names as substrings ("n" within "fences" and
// "animals"), and logs that relied on it must fold as they did.
func actionUses(name string) (used uint8, known bool) {
	switch name {
	case ActPlace:
		return fieldSpace, true
	case ActRoom, ActStable:
		return fieldCell | fieldPay, true
	case ActFences:
		return fieldFences | fieldPay | fieldN, true
	case ActRenovate:
		return fieldPay, true
	case ActPlow:
		return fieldCell, true
	case ActSow:
		return fieldCell | fieldCard | fieldCrop, true
	case ActBake, ActChoose:
		return fieldN, true
	case ActMajor, ActMinor, ActOccupation:
		return fieldCard | fieldPay, true
	case ActDone, ActFeed, ActCard:
		return 0, true
	case ActKeep, ActBreed:
		return fieldAnimals | fieldN, true
	case ActConvert, ActDraft: // draft n: the deck position (sealed play)
		return fieldCard | fieldN, true
	}
	return 0, false
}

func asAction(a engine.Action) (Action, error) {
	switch v := a.(type) {
	case Action:
		return v, v.wellFormed()
	case *Action:
		if v == nil {
			return Action{}, fmt.Errorf("%w: nil action", engine.ErrBadAction)
		}
		return *v, v.wellFormed()
	}
	return Action{}, fmt.Errorf("%w: not an agricola action (%T)", engine.ErrBadAction, a)
}

// String is a short form for logs and errors.
func (a Action) String() string { return Describe(a) }

// Describe is a one-line English description of a, for logs and tests
// ("Build a room on cell 7"); the UI words actions from its catalogue.
func Describe(a Action) string {
	pay := ""
	if a.Pay > 0 {
		pay = fmt.Sprintf(" (price %d)", a.Pay+1)
	}
	switch a.Name {
	case ActPlace:
		name := a.Space
		if d := spaceTables[4][0][a.Space]; d != nil {
			name = d.Name
		} else if d := spaceTables[2][1][a.Space]; d != nil {
			name = d.Name
		}
		return "Place a person on " + name
	case ActRoom:
		return fmt.Sprintf("Build a room on cell %d%s", a.Cell, pay)
	case ActStable:
		return fmt.Sprintf("Build a stable on cell %d%s", a.Cell, pay)
	case ActRenovate:
		return "Renovate" + pay
	case ActPlow:
		return fmt.Sprintf("Plow cell %d", a.Cell)
	case ActSow:
		if a.Card != "" {
			return fmt.Sprintf("Sow %s on %s", a.Crop, describeCard(a.Card))
		}
		return fmt.Sprintf("Sow %s on cell %d", a.Crop, a.Cell)
	case ActBake:
		return fmt.Sprintf("Bake %d grain", a.N)
	case ActFences:
		var es []string
		for _, e := range a.Fences.Edges() {
			es = append(es, fmt.Sprint(int(e)))
		}
		return fmt.Sprintf("Build %d fences (%s)%s", a.Fences.Len(), strings.Join(es, " "), pay)
	case ActMajor:
		return "Build " + describeCard(a.Card) + pay
	case ActMinor, ActOccupation:
		return "Play " + describeCard(a.Card) + pay
	case ActDone:
		return "Done"
	case ActChoose:
		return fmt.Sprintf("Choose option %d", a.N+1)
	case ActKeep:
		return fmt.Sprintf("Keep %d sheep, %d boar, %d cattle", a.Sheep, a.Boar, a.Cattle)
	case ActFeed:
		return "Feed the family"
	case ActBreed:
		return fmt.Sprintf("Newborn animals: %d sheep, %d boar, %d cattle", a.Sheep, a.Boar, a.Cattle)
	case ActConvert:
		n := max(a.N, 1)
		return fmt.Sprintf("Convert %s ×%d", a.Card, n)
	case ActCard:
		return fmt.Sprintf("%s: option %d", describeCard(a.Card), a.N)
	case ActDraft:
		return "Keep " + describeCard(a.Card)
	}
	return a.Name
}
