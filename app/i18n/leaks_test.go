package i18n_test

import (
	"testing"

	"tabula/app/i18n"
)

// A screen leaks English when it shows an English message that the
// language words otherwise, or a long fixed part of an English template;
// the translation itself does not.
func TestLeaks(t *testing.T) {
	for _, c := range []struct {
		shown []string
		want  int
	}{
		{[]string{"Round track"}, 1},               // agricola.track
		{[]string{"Waiting for Ana: feeding."}, 1}, // agricola.prompt.wait's fixed part
		{[]string{"Раунды", "Ждём игрока Ana: кормит семью."}, 0},
	} {
		if got := i18n.Leaks(i18n.Russian, c.shown, "agricola."); len(got) != c.want {
			t.Errorf("%q: leaks %q, want %d", c.shown, got, c.want)
		}
	}
}
