//go:build !tabula_no_catan

package games

// Catan, base game. A build with the tag tabula_no_catan leaves it out
// (make size).
import _ "tabula/engine/catan"
