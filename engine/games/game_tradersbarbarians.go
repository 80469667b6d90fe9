//go:build !tabula_no_traders_barbarians

package games

// Catan: Traders & Barbarians. A build with the tag
// tabula_no_traders_barbarians leaves it out (make size).
import _ "tabula/engine/catan/traders"
