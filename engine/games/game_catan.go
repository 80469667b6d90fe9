//go:build !tabula_no_catan

package games

// Catan, base game; its rules and statistics. A build with the tag
// tabula_no_catan leaves it out (make size).
import (
	_ "tabula/engine/catan"
	_ "tabula/engine/catan/catanstats"
)
