//go:build !tabula_no_traders_barbarians

package games

// Catan: Traders & Barbarians; its rules and statistics. A build with the
// tag tabula_no_traders_barbarians leaves it out (make size).
import (
	_ "tabula/engine/catan/traders"
	_ "tabula/engine/catan/traders/tradersstats"
)
