//go:build !tabula_no_burgundy

package games

// The Castles of Burgundy; its rules and statistics. A build with the tag
// tabula_no_burgundy leaves it out (make size).
import (
	_ "tabula/engine/burgundy"
	_ "tabula/engine/burgundy/burgundystats"
)
