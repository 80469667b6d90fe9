//go:build !tabula_no_agricola

package games

// Agricola (revised edition), with its occupations and minor improvements
// (decks A and B), and its statistics. A build with the tag
// tabula_no_agricola leaves it out (make size).
import (
	_ "tabula/engine/agricola"
	_ "tabula/engine/agricola/agricolastats"
	_ "tabula/engine/agricola/cards"
)
