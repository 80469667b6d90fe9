package traders

import "tabula/engine/catan"

// The island's layout (orig "Подготовка"): the 16 land hexes left after the
// desert, a pasture and a fields hex are taken out, shuffled around the
// trade hexes; the number tokens in letter order without the 2 (B) and the
// 12 (H), the trade hexes skipped; the harbours as in the base game.

// terrains are the 16 land hexes.
var terrains = []catan.Terrain{
	catan.Forest, catan.Forest, catan.Forest, catan.Forest,
	catan.Pasture, catan.Pasture, catan.Pasture,
	catan.Fields, catan.Fields, catan.Fields,
	catan.Hills, catan.Hills, catan.Hills,
	catan.Mountains, catan.Mountains, catan.Mountains,
}

// tradeTerrain is each trade hex's terrain in the base rules' board.
var tradeTerrain = [NumTradeHexes]catan.Terrain{Castle: catan.Castle, Quarry: catan.Quarry, Glassworks: catan.Glassworks}

// tokens are the 16 number tokens: letters A … R without B (2) and H (12).
var tokens = func() []int8 {
	var out []int8
	for _, n := range catan.TokenLetters {
		if n != 2 && n != 12 {
			out = append(out, n)
		}
	}
	return out
}()

var (
	fixed = func() []catan.FixedHex {
		var out []catan.FixedHex
		for t, h := range Board.Hex {
			out = append(out, catan.FixedHex{Hex: h, Terrain: tradeTerrain[t]})
		}
		return out
	}()
	// boardRanges is the "board" chance request: a shuffle of the 16
	// terrains, one of the 9 harbours, the spiral's start corner.
	boardRanges = catan.LayoutRanges(len(terrains))
)

// RandomBoard lays the island out from an outcome of the "board" chance
// request.
func RandomBoard(o []int) catan.Board { return catan.RandomLayout(o, fixed, terrains, tokens) }
