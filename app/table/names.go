package table

import (
	"strings"
	"unicode"
)

// MaxName is the longest player name, in characters.
const MaxName = 20

// CleanName is a player's name as it may be shown and stored: control
// characters and the invisible ones that reorder text (bidirectional
// overrides and isolates, zero-width marks) removed, spaces trimmed, at
// most MaxName characters. Names come from people and from links and files
// anyone can write.
func CleanName(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.TrimSpace(s) {
		if n == MaxName {
			break
		}
		if unicode.IsSpace(r) {
			r = ' '
		} else if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == unicode.ReplacementChar {
			continue
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimSpace(b.String())
}
