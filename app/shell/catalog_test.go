package shell

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"tabula/app/i18n"
)

// Every message id written literally in the shell, the seam and Catan's
// renderer is in the English catalogue.
func TestCatalogueHasEveryID(t *testing.T) {
	// Whole literal ids only; prefixes joined with a name ("res."+r) are
	// checked below for every name.
	lit := regexp.MustCompile(`\bT\("([a-z][\w.-]*[\w])"[,)]`)
	n := 0
	for _, dir := range []string{".", "../gameui", "../catanui"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range lit.FindAllStringSubmatch(string(b), -1) {
				n++
				if !i18n.Has(m[1]) {
					t.Errorf("%s: message %q is not in the catalogue", f, m[1])
				}
			}
		}
	}
	for _, prefix := range []string{"res.", "terrain.", "dev.", "catan.answer."} {
		names := map[string][]string{
			"res.":          {"lumber", "wool", "grain", "brick", "ore"},
			"terrain.":      {"forest", "pasture", "fields", "hills", "mountains", "desert"},
			"dev.":          {"knight", "victory-point", "road-building", "year-of-plenty", "monopoly"},
			"catan.answer.": {"pending", "accepted", "rejected", "countered"},
		}[prefix]
		for _, nm := range names {
			if !i18n.Has(prefix + nm) {
				t.Errorf("message %q is not in the catalogue", prefix+nm)
			}
		}
	}
	if n < 100 {
		t.Fatalf("found only %d message uses: the scan is broken", n)
	}
	if i18n.PluralForm(i18n.Russian, 22) != "few" || i18n.PluralForm(i18n.Russian, 11) != "many" || i18n.PluralForm(i18n.English, 1) != "one" {
		t.Fatal("plural rules wrong")
	}
}
