package netplay

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tabula/app/i18n"
	"tabula/app/p2pnet"
)

// Every message id written literally here is in the English catalogue,
// and so is every candidate type the network panel names.
func TestCatalogue(t *testing.T) {
	lit := regexp.MustCompile(`\bT\("([a-z][\w.-]*[\w])"[,)]`)
	files, _ := filepath.Glob("*.go")
	n := 0
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
	for _, c := range []string{"host", "srflx", "prflx", "relay", "unknown"} {
		if !i18n.Has("net.cand." + c) {
			t.Errorf("no message for candidate type %s", c)
		}
	}
	if n < 80 {
		t.Fatalf("found only %d message uses: the scan is broken", n)
	}
}

// An invite link carries the seating before p2pnet's part, in one
// fragment (one "#"), and either half survives damage to the other; links
// of earlier versions, with a second "#" before the code, still read.
func TestSeatingInLink(t *testing.T) {
	st := Seating{Game: "catan", Names: []string{"Ana", "Bruno & Co&join=x", "Caio"}, Colors: []int{3, 1, 0}, Bots: []int{2}}
	link := InviteURL("https://x.example/", st, "CODE")
	if n := strings.Count(link, "#"); n != 1 {
		t.Fatalf("the link %s holds %d #", link, n)
	}
	old := strings.Replace(link, p2pnet.JoinKey, p2pnet.JoinPrefix, 1)
	for _, l := range []string{link, old} {
		got, code := SplitLink(l)
		if code != "#join=CODE" || got.Game != "catan" || len(got.Names) != 3 || got.Names[1] != "Bruno & Co&join=x" ||
			got.Colors[0] != 3 || len(got.Bots) != 1 || got.Bots[0] != 2 {
			t.Fatalf("round trip: %+v %q from %s", got, code, l)
		}
		if p2pnet.JoinCode(l) != "CODE" || !IsJoinLink(l) {
			t.Fatalf("p2pnet reads %q from %s", p2pnet.JoinCode(l), l)
		}
	}
	if got, code := SplitLink("https://x.example/#join=CODE"); code != "#join=CODE" || got.Game != "" {
		t.Fatalf("no seating: %+v %q", got, code)
	}
	if got, code := SplitLink("https://x.example/#%zz#join=CODE"); code != "#join=CODE" || got.Game != "" {
		t.Fatalf("damaged seating: %+v %q", got, code)
	}
	if !IsJoinLink(link) || IsJoinLink("https://x.example/") {
		t.Fatal("IsJoinLink")
	}
}
