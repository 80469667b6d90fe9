package burgundy

import "fmt"

// Colour is the colour of a hex tile and of the estate spaces it may cover.
// The zero value means "none".
type Colour int

// The six estate colours (fact sheet §1).
const (
	NoColour  Colour = iota
	Castle           // dark green
	Mine             // grey
	Ship             // blue (river)
	Animal           // light green (pasture)
	Knowledge        // yellow (monastery)
	Building         // beige (city)
)

// Colours lists the six colours in index order.
var Colours = [6]Colour{Castle, Mine, Ship, Animal, Knowledge, Building}

var colourNames = [7]string{"", "castle", "mine", "ship", "animal", "knowledge", "building"}

// String is the colour's name in the game's words ("castle", "animal", …).
func (c Colour) String() string {
	if c < 0 || int(c) >= len(colourNames) {
		return fmt.Sprintf("colour(%d)", int(c))
	}
	return colourNames[c]
}

// BuildingKind is one of the eight beige buildings. Their order is the order
// of knowledge tiles 16–23 (4 VP per building of that kind).
type BuildingKind int

// The eight buildings (fact sheet §10).
const (
	NoBuilding BuildingKind = iota
	Warehouse
	Watchtower
	CarpentersWorkshop
	Church
	Market
	BoardingHouse
	Bank
	CityHall
)

var buildingNames = [9]string{"", "Warehouse", "Watchtower", "Carpenter's Workshop", "Church", "Market", "Boarding House", "Bank", "City Hall"}

func (b BuildingKind) String() string {
	if b < 0 || int(b) >= len(buildingNames) {
		return fmt.Sprintf("building(%d)", int(b))
	}
	return buildingNames[b]
}

// AnimalKind is the animal shown on a pasture tile.
type AnimalKind int

// The four animals.
const (
	NoAnimal AnimalKind = iota
	Cattle
	Pigs
	Sheep
	Chickens
)

var animalNames = [5]string{"", "cattle", "pigs", "sheep", "chickens"}

func (k AnimalKind) String() string {
	if k < 0 || int(k) >= len(animalNames) {
		return fmt.Sprintf("animal(%d)", int(k))
	}
	return animalNames[k]
}

// TileInfo describes one of the 164 hex tiles. Tiles are identified by ID
// 1…164 everywhere in the state; the catalogue never changes.
type TileInfo struct {
	ID        int          `json:"id"`
	Colour    Colour       `json:"colour"`
	Black     bool         `json:"black,omitempty"` // black back: black depot only
	Start     bool         `json:"start,omitempty"` // one of the 4 start castles
	Building  BuildingKind `json:"building,omitempty"`
	Animal    AnimalKind   `json:"animal,omitempty"`
	Animals   int          `json:"animals,omitempty"`   // animals shown (2–4)
	Knowledge int          `json:"knowledge,omitempty"` // knowledge tile number 1–26
}

// TileCount is the number of hex tiles in the game (orig: 164).
const TileCount = 164

// blackKnowledge are the knowledge tiles with a black back (fact sheet §2).
var blackKnowledge = [6]int{7, 12, 14, 15, 24, 25}

// catalogue[id] for id 1…164; index 0 is unused.
var catalogue = buildCatalogue()

// Tile returns the catalogue entry of a tile id (zero TileInfo when unknown).
func Tile(id int) TileInfo {
	if id < 1 || id > TileCount {
		return TileInfo{}
	}
	return catalogue[id]
}

func buildCatalogue() [TileCount + 1]TileInfo {
	var c [TileCount + 1]TileInfo
	id := 0
	add := func(t TileInfo) {
		id++
		t.ID = id
		c[id] = t
	}
	// The four start castles (dark green, placed on space 19 at set-up).
	for i := 0; i < 4; i++ {
		add(TileInfo{Colour: Castle, Start: true})
	}
	// Normal backs (fact sheet §2): 120 tiles, 24 per phase at 4 players.
	for b := Warehouse; b <= CityHall; b++ {
		for i := 0; i < 5; i++ {
			add(TileInfo{Colour: Building, Building: b})
		}
	}
	for k := Cattle; k <= Chickens; k++ {
		for _, n := range []int{2, 2, 3, 3, 4} {
			add(TileInfo{Colour: Animal, Animal: k, Animals: n})
		}
	}
	for n := 1; n <= 26; n++ {
		if !isBlackKnowledge(n) {
			add(TileInfo{Colour: Knowledge, Knowledge: n})
		}
	}
	for i := 0; i < 10; i++ {
		add(TileInfo{Colour: Castle})
	}
	for i := 0; i < 10; i++ {
		add(TileInfo{Colour: Mine})
	}
	for i := 0; i < 20; i++ {
		add(TileInfo{Colour: Ship})
	}
	// Black backs: 40 tiles, 8 per phase.
	for b := Warehouse; b <= CityHall; b++ {
		for i := 0; i < 2; i++ {
			add(TileInfo{Colour: Building, Building: b, Black: true})
		}
	}
	for k := Cattle; k <= Chickens; k++ {
		for _, n := range []int{3, 4} {
			add(TileInfo{Colour: Animal, Animal: k, Animals: n, Black: true})
		}
	}
	for _, n := range blackKnowledge {
		add(TileInfo{Colour: Knowledge, Knowledge: n, Black: true})
	}
	for i := 0; i < 2; i++ {
		add(TileInfo{Colour: Castle, Black: true})
	}
	for i := 0; i < 2; i++ {
		add(TileInfo{Colour: Mine, Black: true})
	}
	for i := 0; i < 6; i++ {
		add(TileInfo{Colour: Ship, Black: true})
	}
	if id != TileCount {
		panic(fmt.Sprintf("burgundy: catalogue has %d tiles, want %d", id, TileCount))
	}
	return c
}

func isBlackKnowledge(n int) bool {
	for _, b := range blackKnowledge {
		if b == n {
			return true
		}
	}
	return false
}

// Name is a short English name for the tile ("Church", "3 sheep",
// "Knowledge 14", "Ship").
func (t TileInfo) Name() string {
	switch t.Colour {
	case Building:
		return t.Building.String()
	case Animal:
		return fmt.Sprintf("%d %s", t.Animals, t.Animal)
	case Knowledge:
		return fmt.Sprintf("Knowledge %d", t.Knowledge)
	case Castle:
		if t.Start {
			return "Start castle"
		}
		return "Castle"
	case Mine:
		return "Mine"
	case Ship:
		return "Ship"
	}
	return "?"
}

// Help is the in-app help text of the tile (our own words).
func (t TileInfo) Help() string {
	switch t.Colour {
	case Building:
		return BuildingHelp(t.Building)
	case Knowledge:
		return KnowledgeHelp(t.Knowledge)
	case Animal:
		return "Scores at once: the animals on this tile plus every " + t.Animal.String() +
			" already in the same pasture."
	case Castle:
		if t.Start {
			return "Your first castle. New tiles must touch a tile already in your estate."
		}
		return "Take one extra action at once, as if you had a die showing any number you like."
	case Mine:
		return "Pays 1 silverling at the end of every phase."
	case Ship:
		return "Take all goods from one depot of your choice, then move one step ahead on the turn-order track."
	}
	return ""
}

var buildingHelp = [9]string{
	"",
	"Sell all goods of one kind of your choice, exactly like the sell action.",
	"Gain 4 victory points.",
	"Take one building tile from any numbered depot into your storage.",
	"Take one mine, knowledge or castle tile from any numbered depot into your storage.",
	"Take one ship or animal tile from any numbered depot into your storage.",
	"Take 4 workers.",
	"Take 2 silverlings.",
	"Place one tile from your storage into your estate; its colour must match and it must touch your estate, but the die number does not matter.",
}

// BuildingHelp is the help text of a building (our own words). Each city
// (connected beige region) may hold each building kind only once unless the
// owner has knowledge tile 1.
func BuildingHelp(b BuildingKind) string {
	if b < Warehouse || b > CityHall {
		return ""
	}
	return buildingHelp[b]
}

var knowledgeHelp = [27]string{
	"",
	"Your cities may hold the same building more than once.",
	"At the end of each phase, each of your mines also gives you 1 worker.",
	"Every sale of goods gives you 2 silverlings instead of 1.",
	"Every sale of goods also gives you 1 worker.",
	"When you place a ship, you may also take the goods of a depot next to the one you chose.",
	"Your once-per-turn purchase for 2 silverlings may also take a tile from a numbered depot.",
	"When you place animals, score 1 more point for every animal tile that scores.",
	"Each worker you spend may change a die by 1 or by 2.",
	"When you place a building, you may change the die by 1 for free.",
	"When you place a ship or animals, you may change the die by 1 for free.",
	"When you place a castle, mine or knowledge tile, you may change the die by 1 for free.",
	"When you take a tile from a numbered depot, you may change the die by 1 for free.",
	"The take-workers action also gives you 1 silverling.",
	"The take-workers action gives you 4 workers instead of 2.",
	"Game end: 3 points for every kind of goods you have sold.",
	"Game end: 4 points for every Warehouse in your estate.",
	"Game end: 4 points for every Watchtower in your estate.",
	"Game end: 4 points for every Carpenter's Workshop in your estate.",
	"Game end: 4 points for every Church in your estate.",
	"Game end: 4 points for every Market in your estate.",
	"Game end: 4 points for every Boarding House in your estate.",
	"Game end: 4 points for every Bank in your estate.",
	"Game end: 4 points for every City Hall in your estate.",
	"Game end: 4 points for every kind of animal in your estate.",
	"Game end: 1 point for every goods tile you have sold.",
	"Game end: 2 points for every bonus tile you have won.",
}

// KnowledgeHelp is the help text of knowledge tile n (1–26), our own words.
func KnowledgeHelp(n int) string {
	if n < 1 || n > 26 {
		return ""
	}
	return knowledgeHelp[n]
}
