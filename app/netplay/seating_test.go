//go:build !js

package netplay

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"tabula/app/p2pnet"
	"tabula/app/table"
)

// Seating that does not fit its game is refused with what is wrong, and
// names lose the characters that hide or reorder text.
func TestSeatingChecked(t *testing.T) {
	three := []string{"Ana", "Bruno", "Caio"}
	many := make([]string, 5000)
	for i := range many {
		many[i] = fmt.Sprint("p", i)
	}
	for _, c := range []struct {
		name     string
		st       Seating
		to, from int
		want     string // message id, "" when accepted
	}{
		{"a sound invite", Seating{Game: "catan", Names: three, Colors: []int{0, 1, 2}, Bots: []int{2}}, 1, 0, ""},
		{"no seating", Seating{}, 3, 0, ""},
		{"a resume code", Seating{Game: "catan", Names: three}, p2pnet.AnySeat, 2, ""},
		{"chess", Seating{Game: "chess", Names: three}, 1, 0, "net.join.nogame"},
		{"5,000 names", Seating{Game: "catan", Names: many}, 1, 0, "net.join.players"},
		{"one name", Seating{Game: "catan", Names: three[:1]}, 0, 0, "net.join.players"},
		{"seat 9 of 3", Seating{Game: "catan", Names: three}, 8, 0, "net.join.seat"},
		{"seat 14 of 3", Seating{Game: "catan", Names: three}, 13, 0, "net.join.seat"},
		{"from seat 15", Seating{Game: "catan", Names: three}, 1, 14, "net.join.seat"},
		{"inviting itself", Seating{Game: "catan", Names: three}, 1, 1, "net.join.seat"},
		{"a bot past the seats", Seating{Game: "catan", Names: three, Bots: []int{7}}, 1, 0, "net.join.seat"},
		{"a negative bot", Seating{Game: "catan", Names: three, Bots: []int{-1}}, 1, 0, "net.join.seat"},
		{"colours past the seats", Seating{Game: "catan", Names: three, Colors: []int{0, 1, 2, 3, 4}}, 1, 0, "net.join.seat"},
		{"seat 14 without seating", Seating{}, 13, 0, "net.join.seat"},
	} {
		err := c.st.Check(c.to, c.from)
		var se *SeatingError
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.want != "" && (!errors.As(err, &se) || se.ID != c.want):
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
	// Names from a link: no control or direction characters.
	st, _ := SplitLink("https://x.example/#g=catan&n=" + url.QueryEscape("\u202eanA\x00") + "&n=Bruno#join=CODE")
	if st.Names[0] != "anA" {
		t.Errorf("name from the link %q", st.Names[0])
	}
	if len(table.CleanName(strings.Repeat("x", 100))) != table.MaxName {
		t.Error("long names are not clipped")
	}
}

// Joining with seating that does not fit stores nothing and says why; a
// reply code of another game is named so, not "cut when copied".
func TestJoinRefusesBadSeatingAndOtherGamesReply(t *testing.T) {
	host, guest, link := hostWithFriend(t)
	defer host.halt()
	code := p2pnet.JoinCode(link)
	for _, bad := range []string{"#g=chess&n=Ana&n=Bruno&n=Caio", "#g=catan&n=Ana&n=Bruno", "#g=catan" + strings.Repeat("&n=x", 5000)} {
		_, _, err := Join(guest.env(), "https://tabula.example/"+bad+"&join="+code)
		var se *SeatingError
		if !errors.As(err, &se) {
			t.Errorf("seating %.40s: %v", bad, err)
		}
		if ks := guest.kv.Keys(); len(ks) != 0 {
			t.Errorf("seating %.40s: stored %q", bad, ks)
		}
	}
	// Another game's reply.
	other, guest2, link2 := hostWithFriend(t)
	defer other.halt()
	s, reply, err := Join(guest2.env(), link2)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = host.s.Accept(reply)
	if !errors.Is(err, p2pnet.ErrOtherGame) {
		t.Fatalf("another game's reply: %v", err)
	}
	if msg := replyError(err); msg != T("net.reply.othergame") {
		t.Errorf("another game's reply says %q", msg)
	}
}
