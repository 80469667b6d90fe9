//go:build !tabula_no_cities_knights

package games

// Catan: Cities & Knights; its rules and statistics. A build with the tag
// tabula_no_cities_knights leaves it out (make size).
import (
	_ "tabula/engine/catan/citiesknights"
	_ "tabula/engine/catan/citiesknights/knightsstats"
)
