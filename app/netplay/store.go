package netplay

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/relay"
	"tabula/app/store"
	"tabula/engine/p2p"
)

// Network games live in their own key space, apart from hot-seat games
// (tabula/game/…), since a network seat is a signing key and a chance
// secret, not a game file:
//
//	tabula/net/<id>/meta      Meta (JSON)
//	tabula/net/<id>/seat/<n>  p2p snapshot of seat n played here: a header,
//	                          and the snapshot in chunks under …/<n>/<i>
//	tabula/net/current        the game on screen when the page was left
//	tabula/net/settings       ICE servers and relay brokers
const (
	netPrefix   = "tabula/net/"
	currentKey  = netPrefix + "current"
	settingsKey = netPrefix + "settings"
)

// Meta is what this device knows about a network game besides the seats'
// snapshots: who sits where, and which seats it plays.
type Meta struct {
	ID      string            `json:"id"` // p2p game id, hex
	Game    string            `json:"game"`
	Options map[string]string `json:"options,omitempty"`
	Names   []string          `json:"names"`
	Colors  []int             `json:"colors"`
	// Seat is the person's seat on this device.
	Seat int `json:"seat"`
	// Bots are the seats played by bots on this device (host only).
	Bots map[int]string `json:"bots,omitempty"`
	// RemoteBots are seats that the seating says are bots elsewhere.
	RemoteBots []int  `json:"remoteBots,omitempty"`
	Host       bool   `json:"host,omitempty"`
	HostSeat   int    `json:"hostSeat"` // the inviting seat (guests)
	Autoplay   bool   `json:"autoplay,omitempty"`
	Created    string `json:"created"`
	Updated    string `json:"updated"`
	Entries    int    `json:"entries"`
	Over       bool   `json:"over,omitempty"`
	Started    bool   `json:"started,omitempty"`
	// TurnBased: a turn-based table (its genesis says so); the home
	// screen serves it in the background (turnsvc.go).
	TurnBased bool `json:"turnBased,omitempty"`
	// Notified: the log length at which the person was last told it was
	// their move (turnsvc.go), so each move is told once.
	Notified int `json:"notified,omitempty"`
	// Archived: the person left this turn-based game while it waited on
	// others (archive.go): it is not served in the background nor listed
	// as waiting; opening it takes it back.
	Archived bool `json:"archived,omitempty"`
	// Relay is the game's relay secret: the host makes it with the game,
	// a guest takes it from the invite link (nil: a game of an earlier
	// version, joined and resumed by hand). Of URLs only the fragment of
	// invite links holds it, which never reaches the static host.
	Relay []byte `json:"relay,omitempty"`
}

// Players is the number of seats.
func (m *Meta) Players() int { return len(m.Names) }

// Saved is the network games kept on one device.
type Saved struct{ KV store.KV }

var errBadID = errors.New("netplay: bad game id")

func metaKey(id string) string           { return netPrefix + id + "/meta" }
func seatKey(id string, seat int) string { return netPrefix + id + "/seat/" + strconv.Itoa(seat) }

func validID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for _, c := range id {
		if !strings.ContainsRune("0123456789abcdef", c) {
			return false
		}
	}
	return true
}

// PutMeta writes a game's meta.
func (s Saved) PutMeta(m *Meta) error {
	if !validID(m.ID) {
		return errBadID
	}
	b, _ := json.Marshal(m)
	return s.KV.Write(store.Set(metaKey(m.ID), string(b)))
}

// Meta reads a game's meta.
func (s Saved) Meta(id string) (*Meta, error) {
	v, ok := s.KV.Get(metaKey(id))
	if !ok {
		return nil, fmt.Errorf("netplay: no network game %s on this device", short(id))
	}
	var m Meta
	if err := json.Unmarshal([]byte(v), &m); err != nil {
		return nil, fmt.Errorf("netplay: the stored game %s is damaged: %v", short(id), err)
	}
	return &m, nil
}

// A seat's snapshot is stored in chunks of chunkSize (4 KiB), each under its
// own key, with a header listing the length and a CRC-32 per chunk. A
// snapshot is written after every entry and grows by appending entries,
// so only the chunks that changed (the one holding the entry count, the
// last ones) are rewritten: about 11 KB per entry instead of the
// whole log, which kept the page busy and the garbage collector busier.
// The CRCs catch a mix of old and new chunks (a crash between writes).
const chunkSize = 4 << 10

type seatHeader struct {
	Len int      `json:"len"`
	CRC []uint32 `json:"crc"`
}

func chunkKey(id string, seat, i int) string { return seatKey(id, seat) + "/" + strconv.Itoa(i) }

// PutSeat stores one seat's snapshot; prev is the snapshot stored before
// (nil when unknown: every chunk is written). The changed chunks, the
// header and the chunks past a shorter snapshot's end go in one batch:
// a refused write leaves the previous snapshot whole.
func (s Saved) PutSeat(id string, seat int, snap, prev []byte) error {
	if !validID(id) {
		return errBadID
	}
	if len(snap) > p2p.MaxSnapshot {
		return fmt.Errorf("netplay: a snapshot of %d bytes, at most %d", len(snap), p2p.MaxSnapshot)
	}
	var old seatHeader
	if v, ok := s.KV.Get(seatKey(id, seat)); ok {
		if h, err := readHeader(v); err == nil {
			old = h
		}
	}
	if prev != nil && old.Len != len(prev) {
		prev = nil
	}
	n := (len(snap) + chunkSize - 1) / chunkSize
	h := seatHeader{Len: len(snap), CRC: make([]uint32, n)}
	var ops []store.Op
	for i := 0; i < n; i++ {
		c := snap[i*chunkSize : min(len(snap), (i+1)*chunkSize)]
		if prev != nil && i < len(old.CRC) && i*chunkSize < len(prev) {
			pc := prev[i*chunkSize : min(len(prev), (i+1)*chunkSize)]
			if bytes.Equal(c, pc) {
				h.CRC[i] = old.CRC[i]
				continue
			}
		}
		h.CRC[i] = crc32.ChecksumIEEE(c)
		ops = append(ops, store.Set(chunkKey(id, seat, i), base64.StdEncoding.EncodeToString(c)))
	}
	for i := n; i < len(old.CRC); i++ {
		ops = append(ops, store.Del(chunkKey(id, seat, i)))
	}
	b, _ := json.Marshal(h)
	return s.KV.Write(append(ops, store.Set(seatKey(id, seat), string(b)))...)
}

// readHeader parses a seat header, checking the length it claims (at
// most a snapshot's largest size, one CRC per chunk) before anything is
// allocated from it.
func readHeader(v string) (seatHeader, error) {
	var h seatHeader
	if len(v) > 16+11*(p2p.MaxSnapshot/chunkSize+1) {
		return h, errors.New("header too long")
	}
	if err := json.Unmarshal([]byte(v), &h); err != nil {
		return h, err
	}
	if h.Len < 0 || h.Len > p2p.MaxSnapshot || (h.Len+chunkSize-1)/chunkSize != len(h.CRC) {
		return h, errors.New("header does not fit its length")
	}
	return h, nil
}

// Seat reads one seat's snapshot.
func (s Saved) Seat(id string, seat int) ([]byte, error) {
	v, ok := s.KV.Get(seatKey(id, seat))
	if !ok {
		return nil, fmt.Errorf("netplay: seat %d of game %s is not stored here", seat+1, short(id))
	}
	h, err := readHeader(v)
	if err != nil {
		return nil, fmt.Errorf("netplay: seat %d of game %s is damaged", seat+1, short(id))
	}
	out := make([]byte, 0, h.Len)
	for i, want := range h.CRC {
		cv, ok := s.KV.Get(chunkKey(id, seat, i))
		if len(cv) > base64.StdEncoding.EncodedLen(chunkSize) {
			ok = false
		}
		c, err := base64.StdEncoding.DecodeString(cv)
		if !ok || err != nil || crc32.ChecksumIEEE(c) != want {
			return nil, fmt.Errorf("netplay: seat %d of game %s is damaged (part %d)", seat+1, short(id), i+1)
		}
		out = append(out, c...)
	}
	if len(out) != h.Len {
		return nil, fmt.Errorf("netplay: seat %d of game %s is damaged (length)", seat+1, short(id))
	}
	return out, nil
}

// List is every network game on this device, most recently updated first.
func (s Saved) List() []*Meta {
	var out []*Meta
	for _, k := range s.KV.Keys() {
		rest, ok := strings.CutPrefix(k, netPrefix)
		if !ok {
			continue
		}
		id, ok := strings.CutSuffix(rest, "/meta")
		if !ok || !validID(id) {
			continue
		}
		if m, err := s.Meta(id); err == nil {
			out = append(out, m)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Updated > out[j].Updated })
	return out
}

// Delete removes a game and its seats, in one batch.
func (s Saved) Delete(id string) error {
	var ops []store.Op
	for _, k := range store.KeysUnder(s.KV, netPrefix+id+"/") {
		ops = append(ops, store.Del(k))
	}
	if cur, _ := s.Current(); cur == id {
		ops = append(ops, store.Del(currentKey))
	}
	return s.KV.Write(ops...)
}

// SetCurrent remembers the game on screen ("" forgets it).
func (s Saved) SetCurrent(id string) {
	if id == "" {
		_ = s.KV.Write(store.Del(currentKey))
		return
	}
	_ = s.KV.Write(store.Set(currentKey, id))
}

// Current is the network game that was on screen.
func (s Saved) Current() (string, bool) {
	v, ok := s.KV.Get(currentKey)
	return v, ok && validID(v)
}

// Settings are the network settings of this device.
type Settings struct {
	// STUN is one STUN server URL ("" for none: same network only).
	STUN string `json:"stun"`
	// TURN is an optional relay: URL, user name and credential.
	TURN     string `json:"turn,omitempty"`
	TURNUser string `json:"turnUser,omitempty"`
	TURNPass string `json:"turnPass,omitempty"`
	// Brokers are the relays (MQTT brokers over WebSocket) that carry
	// reply and reconnect codes; none: codes go by hand only. Settings
	// saved before there were relays get relay.DefaultBrokers.
	Brokers []string `json:"brokers"`
}

// DefaultSTUN is a public STUN server: it lets peers behind home routers
// learn their public address. No game data goes through it.
const DefaultSTUN = "stun:stun.l.google.com:19302"

// LoadSettings reads the settings (the default STUN server and relays
// when none).
func (s Saved) LoadSettings() Settings {
	st := Settings{STUN: DefaultSTUN, Brokers: DefaultBrokers()}
	if v, ok := s.KV.Get(settingsKey); ok {
		_ = json.Unmarshal([]byte(v), &st)
	}
	return st
}

// RelaysEnv names the site's own default relays, when its server or
// generator is given them in this environment variable (addresses
// separated by spaces; "none": codes by hand unless the player adds
// some); the page reads it with app.Getenv. The test suite's sites name
// their own broker, or none.
const RelaysEnv = "TABULA_RELAYS"

// DefaultBrokers are the relays of a device that has not chosen: the
// site's (RelaysEnv), else relay.DefaultBrokers.
func DefaultBrokers() []string {
	switch v := strings.TrimSpace(app.Getenv(RelaysEnv)); v {
	case "":
		return slices.Clone(relay.DefaultBrokers)
	case "none":
		return nil
	default:
		return splitBrokers(v)
	}
}

// SaveSettings writes the settings.
func (s Saved) SaveSettings(st Settings) error {
	b, _ := json.Marshal(st)
	return s.KV.Write(store.Set(settingsKey, string(b)))
}

func short(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}
