package netplay

import (
	"net/url"
	"strconv"
	"strings"

	"tabula/app/p2pnet"
)

// Seating is what an invite link tells the guest before any connection:
// which game, and who sits where. It rides in the link's fragment ahead
// of p2pnet's join code, so it never reaches the static host either:
//
//	SITE/#g=catan&n=Ana&n=Bruno&n=Caio&c=0&c=1&c=2&b=2&join=CODE
//
// (b lists the seats played by bots on the host's device). The link holds
// one "#" (chat apps may cut a link at a second one); p2pnet reads the
// code after "&join=" in the fragment, or after "#join=", so the native
// peer (cmd/peer) takes the same link, and links of earlier versions
// (SITE/#g=…#join=CODE) still open. A link without the seating part is
// SITE/#join=CODE: seats are then named by number.
type Seating struct {
	Game   string
	Names  []string
	Colors []int
	Bots   []int
}

// InviteURL is the invite link for a join code.
func InviteURL(origin string, s Seating, code string) string {
	v := url.Values{}
	if s.Game != "" {
		v.Set("g", s.Game)
	}
	for _, n := range s.Names {
		v.Add("n", n)
	}
	for _, c := range s.Colors {
		v.Add("c", strconv.Itoa(c))
	}
	for _, b := range s.Bots {
		v.Add("b", strconv.Itoa(b))
	}
	site := strings.TrimSuffix(origin, "/") + "/"
	if len(v) == 0 {
		return site + p2pnet.JoinPrefix + code
	}
	return site + "#" + v.Encode() + p2pnet.JoinKey + code
}

// IsJoinLink reports whether s holds an invite (a link or a bare code
// pasted by hand).
func IsJoinLink(s string) bool { return p2pnet.JoinCode(s) != s }

// SplitLink separates an invite link into its seating and the part
// p2pnet parses. Unknown or damaged seating is ignored: only the join
// code matters for the connection.
func SplitLink(s string) (Seating, string) {
	s = strings.TrimSpace(s)
	var st Seating
	c := p2pnet.JoinCode(s)
	if c == s {
		return st, s
	}
	code := p2pnet.JoinPrefix + c
	head := strings.TrimSuffix(strings.TrimSuffix(s[:len(s)-len(c)], p2pnet.JoinPrefix), p2pnet.JoinKey)
	if h := strings.Index(head, "#"); h >= 0 {
		if v, err := url.ParseQuery(head[h+1:]); err == nil {
			st.Game = v.Get("g")
			for _, n := range v["n"] {
				st.Names = append(st.Names, clip(n, 20))
			}
			for _, c := range v["c"] {
				if k, err := strconv.Atoi(c); err == nil {
					st.Colors = append(st.Colors, k)
				}
			}
			for _, b := range v["b"] {
				if k, err := strconv.Atoi(b); err == nil {
					st.Bots = append(st.Bots, k)
				}
			}
		}
	}
	return st, code
}

func clip(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) > n {
		r = r[:n]
	}
	return string(r)
}
