package netplay

import (
	"bytes"
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"

	"tabula/engine"
	"tabula/engine/p2p"
)

// A watch link lets anyone follow a game's public view (docs/p2p.md,
// "Spectators"):
//
//	SITE/#watch=<code>
//
// The code is base64url of: the format's version (1), the game id (16
// bytes), the hash of its signed genesis (32), the watch key (32) and the
// game's name. The watch key is HKDF-SHA256(relay secret, "tabula/watch"):
// it opens the game's watch room, never the players' room, and the
// secret cannot be had back from it. The genesis hash pins everything a
// spectator then verifies: a holder of the watch key can put letters in
// the watch room but cannot make another game pass for this one.
const WatchPrefix = "#watch="

const watchV1 = 1

// WatchLink is what a watch link carries.
type WatchLink struct {
	Game    p2p.GameID
	Genesis p2p.Hash
	Key     []byte // the watch room's secret (relay.SecretSize bytes)
	Name    string // the game (engine id), for the screen before the genesis comes
}

// WatchKey derives a game's watch key from its relay secret.
func WatchKey(secret []byte) ([]byte, error) {
	if len(secret) != relaySecretSize {
		return nil, errors.New("netplay: this game has no relay secret (a game of an earlier version)")
	}
	return hkdf.Key(sha256.New, secret, nil, "tabula/watch", relaySecretSize)
}

// ErrWatchLink: not a watch link this version reads.
var ErrWatchLink = errors.New("netplay: not a watch link of this version")

// IsWatchLink reports whether s holds a watch link's fragment.
func IsWatchLink(s string) bool { return strings.Contains(s, WatchPrefix) }

// WatchURL is the watch link of w on the site at origin.
func WatchURL(origin string, w WatchLink) string {
	b := []byte{watchV1}
	b = append(b, w.Game[:]...)
	b = append(b, w.Genesis[:]...)
	b = append(b, w.Key...)
	b = append(b, w.Name...)
	return strings.TrimSuffix(origin, "/") + "/" + WatchPrefix + base64.RawURLEncoding.EncodeToString(b)
}

// ParseWatch reads a watch link (or its code alone).
func ParseWatch(s string) (WatchLink, error) {
	var w WatchLink
	s = strings.TrimSpace(s)
	if i := strings.Index(s, WatchPrefix); i >= 0 {
		s = s[i+len(WatchPrefix):]
	}
	if i := strings.IndexAny(s, "&#"); i >= 0 {
		s = s[:i]
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	const fixed = 1 + 16 + 32 + relaySecretSize
	if err != nil || len(b) < fixed || b[0] != watchV1 || len(b) > fixed+64 {
		return w, ErrWatchLink
	}
	copy(w.Game[:], b[1:17])
	copy(w.Genesis[:], b[17:49])
	w.Key = bytes.Clone(b[49:fixed])
	w.Name = string(b[fixed:])
	if w.Name != "" {
		if _, err := engine.Lookup(w.Name); err != nil {
			return w, ErrWatchLink
		}
	}
	return w, nil
}

// WatchURL is the game's watch link ("" and an error before the genesis,
// or for a game with no relay secret).
func (s *Session) WatchURL(origin string) (string, error) {
	key, err := WatchKey(s.Meta.Relay)
	if err != nil {
		return "", err
	}
	w := WatchLink{Key: key, Name: s.Meta.Game}
	ok := false
	s.main.With(func(p *p2p.Peer) {
		if g := p.Genesis(); g != nil && p.Started() {
			w.Game, w.Genesis, ok = g.Game, g.Hash(), true
		}
	})
	if !ok {
		return "", p2p.ErrNoGenesis
	}
	return WatchURL(origin, w), nil
}
