package netplay

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"tabula/app/p2pnet"
	"tabula/app/table"
	"tabula/engine"
)

// Seating is what an invite link tells the guest before any connection:
// which game, and who sits where. It rides in the link's fragment ahead
// of p2pnet's join code, so it never reaches the static host either:
//
//	SITE/#b=2&c=0&c=1&c=2&g=catan&n=Ana&n=Bruno&n=Caio&r=1SECRET&join=CODE
//
// (b lists the seats played by bots on the host's device; r is the game's
// relay secret, below). The link holds
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
	// Relay is the game's relay secret (relay.SecretSize bytes; nil in
	// links of earlier versions, which are joined by hand). In the link
	// it is "r=" and the format's version, "1", then the secret in
	// base64url (43 characters); relayBad keeps a value that is not.
	Relay    []byte
	relayBad string
}

// relayV1 is the version of the relay part of an invite link.
const relayV1 = '1'

func encodeRelay(secret []byte) string {
	return string(relayV1) + base64.RawURLEncoding.EncodeToString(secret)
}

// decodeRelay reads the relay part of a link; ok is false when it is not
// one this version reads.
func decodeRelay(v string) ([]byte, bool) {
	if len(v) == 0 || v[0] != relayV1 {
		return nil, false
	}
	b, err := base64.RawURLEncoding.DecodeString(v[1:])
	if err != nil || len(b) != relaySecretSize {
		return nil, false
	}
	return b, true
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
	if len(s.Relay) > 0 {
		v.Set("r", encodeRelay(s.Relay))
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
				st.Names = append(st.Names, table.CleanName(n))
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
			if r := v.Get("r"); r != "" {
				if secret, ok := decodeRelay(r); ok {
					st.Relay = secret
				} else {
					st.relayBad = r
				}
			}
		}
	}
	return st, code
}

// SeatingError says how an invite link's seating does not fit its game;
// ID and Args are its message.
type SeatingError struct {
	ID   string
	Args []any
}

func (e *SeatingError) Error() string {
	return fmt.Sprintf("netplay: invite seating: %s %v", e.ID, e.Args)
}

// maxSeats is the most players of any game.
func maxSeats() int {
	n := 0
	for _, id := range engine.Games() {
		if g, err := engine.Lookup(id); err == nil {
			n = max(n, g.MaxPlayers())
		}
	}
	return n
}

// Check refuses seating that does not fit an invite from seat from to
// seat to: a game this build does not know, more or fewer names than the
// game seats, colours or bots past them, and invite seats outside the
// game; and a relay part of a later version (a newer build made the link)
// or a damaged one. A link without seating is checked against the largest
// game.
func (st Seating) Check(to, from int) error {
	if r := st.relayBad; r != "" {
		if r[0] > relayV1 && r[0] <= '9' {
			return &SeatingError{"net.join.newer", nil}
		}
		return &SeatingError{"net.join.bad", nil}
	}
	players := maxSeats()
	if st.Game != "" {
		g, err := engine.Lookup(st.Game)
		if err != nil {
			return &SeatingError{"net.join.nogame", []any{clipText(st.Game, 24)}}
		}
		players = g.MaxPlayers()
		if n := len(st.Names); n > 0 && (n < g.MinPlayers() || n > g.MaxPlayers()) {
			return &SeatingError{"net.join.players", []any{n, g.MinPlayers(), g.MaxPlayers()}}
		}
	}
	if n := len(st.Names); n > 0 {
		players = n
	} else if len(st.Colors) > players || len(st.Bots) > players {
		return &SeatingError{"net.join.seat", []any{len(st.Colors), players}}
	}
	if len(st.Colors) > players {
		return &SeatingError{"net.join.seat", []any{len(st.Colors), players}}
	}
	for _, b := range st.Bots {
		if b < 0 || b >= players {
			return &SeatingError{"net.join.seat", []any{b + 1, players}}
		}
	}
	if to != p2pnet.AnySeat && (to < 0 || to >= players) {
		return &SeatingError{"net.join.seat", []any{to + 1, players}}
	}
	if from < 0 || from >= players || from == to {
		return &SeatingError{"net.join.seat", []any{from + 1, players}}
	}
	return nil
}

// clipText shortens a value quoted in a message.
func clipText(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
