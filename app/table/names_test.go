package table

import "testing"

func TestCleanName(t *testing.T) {
	for in, want := range map[string]string{
		"Ana":                        "Ana",
		"  Bruno  ":                  "Bruno",
		"Ca\x00io":                   "Caio",
		"\u202eanA\u202c":            "anA", // right-to-left override and its end
		"Dora\u2066x\u2069":          "Dorax",
		"Eva\u200b\u200dLi":          "EvaLi",
		"Fe\tli\npe":                 "Fe li pe",
		"Гоша":                       "Гоша",
		"محمد":                       "محمد", // right-to-left script itself stays
		"abcdefghijklmnopqrstuvwxyz": "abcdefghijklmnopqrst",
		"\u202e\u202e":               "",
		"Zoë\u0301":                  "Zoë\u0301", // a combining mark is text
	} {
		if got := CleanName(in); got != want {
			t.Errorf("CleanName(%q) = %q, want %q", in, got, want)
		}
	}
}
