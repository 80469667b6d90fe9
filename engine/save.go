package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// The save format: one JSON object, human-readable, versioned.
//
//	{
//	  "format":  "tabula-save",          // fixed: what this file is
//	  "version": 1,                      // SaveVersion: layout of this object
//	  "game":    "catan",                // registered game id
//	  "rules":   "catan/1",              // Game.RulesVersion() that wrote it
//	  "setup":   {"game":"catan","players":4,"options":{"board":"beginner"}},
//	  "seats":   [{"name":"Ana","kind":"human"}, …],   // one per player
//	  "chance":  {"seed": 1},            // how outcomes were made (informative)
//	  "meta":    {…},                    // free-form strings for the app (dates, ids)
//	  "entries": [{"seat":0,"action":{…},"post":"<sha256 hex>"},
//	              {"seat":-1,"chance":[2,4],"post":"…"}, …],
//	  "hash":    "<sha256 hex of the final state>"
//	}
//
// Loading checks each of these and replays every entry, refusing the file at
// the first thing that is wrong, with an error that names it.
const (
	SaveFormat  = "tabula-save"
	SaveVersion = 1
)

// SeatInfo describes who sits in a seat; the rules never read it.
type SeatInfo struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // "human", "bot:random", "bot:greedy", "remote"
}

// ChanceInfo records how chance outcomes were produced.
type ChanceInfo struct {
	Seed *uint64 `json:"seed,omitempty"` // hot-seat: rng.Seeded with this seed
	P2P  bool    `json:"p2p,omitempty"`  // network: commit-reveal
}

// Save is a game file.
type Save struct {
	Format  string            `json:"format"`
	Version int               `json:"version"`
	Game    string            `json:"game"`
	Rules   string            `json:"rules"`
	Setup   Setup             `json:"setup"`
	Seats   []SeatInfo        `json:"seats"`
	Chance  ChanceInfo        `json:"chance"`
	Meta    map[string]string `json:"meta,omitempty"`
	Entries []Entry           `json:"entries"`
	Hash    string            `json:"hash"`
}

// ErrBadSave wraps every reason a game file is refused.
var ErrBadSave = errors.New("not a valid Tabula game file")

// Size limits of a game file, checked before anything is decoded: the
// longest real games (Agricola, four players, network play with its
// signed log) are a few MiB; one action is a few hundred bytes.
const (
	MaxSaveSize   = 16 << 20
	MaxActionSize = 64 << 10
)

// ErrTooLarge: a file over MaxSaveSize (or an action over MaxActionSize).
var ErrTooLarge = errors.New("too large")

// ReadLimited reads all of r, refusing (before reading it whole) anything
// over limit bytes: every loader of files uses it.
func ReadLimited(r io.Reader, limit int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%w: over %d MiB", ErrTooLarge, limit>>20)
	}
	return b, nil
}

// ReadFileLimited is ReadLimited for a file; a file whose size is over
// limit is refused from its size alone.
func ReadFileLimited(name string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > limit {
		return nil, fmt.Errorf("%w: %d MiB, at most %d MiB", ErrTooLarge, st.Size()>>20, limit>>20)
	}
	return ReadLimited(f, limit)
}

// NewSave describes m as a game file.
func NewSave(m *Match, seats []SeatInfo, chance ChanceInfo, meta map[string]string) *Save {
	return &Save{
		Format: SaveFormat, Version: SaveVersion,
		Game: m.Game.ID(), Rules: m.Game.RulesVersion(),
		Setup: m.Setup, Seats: seats, Chance: chance, Meta: meta,
		Entries: append([]Entry(nil), m.Entries...),
		Hash:    m.hash(),
	}
}

// Encode writes the file, indented one entry per line for readability.
func (s *Save) Encode() []byte {
	var b bytes.Buffer
	head := *s
	head.Entries = nil
	hb, _ := json.MarshalIndent(head, "", "  ")
	// Splice the entries in one per line: readable, and diffs stay small.
	hs := string(hb)
	i := strings.Index(hs, `"entries": null`)
	b.WriteString(hs[:i])
	b.WriteString("\"entries\": [")
	for k, e := range s.Entries {
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		eb, _ := json.Marshal(e)
		b.Write(eb)
	}
	if len(s.Entries) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]")
	b.WriteString(hs[i+len(`"entries": null`):])
	b.WriteByte('\n')
	return b.Bytes()
}

// DecodeSave parses a game file and checks its header, without replaying.
func DecodeSave(data []byte) (*Save, error) {
	if len(data) > MaxSaveSize {
		return nil, refuse(SaveProblem{Kind: ProblemTooLarge, N: len(data)}, "%w: %d MiB, at most %d MiB", ErrTooLarge, len(data)>>20, MaxSaveSize>>20)
	}
	data = TrimBOM(data)
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, refuse(SaveProblem{Kind: ProblemEmpty}, "the file is empty")
	}
	// The header first, leniently, so a foreign or newer file is named as
	// such rather than by its first unknown field.
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, jsonProblem(data, err)
	}
	if head.Format != SaveFormat {
		return nil, refuse(SaveProblem{Kind: ProblemFormat, Value: clipValue(head.Format)}, "format is %q, expected %q", clipValue(head.Format), SaveFormat)
	}
	if head.Version != SaveVersion {
		return nil, refuse(SaveProblem{Kind: ProblemVersion, N: head.Version}, "save version %d, this build reads version %d", head.Version, SaveVersion)
	}
	var s Save
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, jsonProblem(data, err)
	}
	for i, e := range s.Entries {
		if len(e.Action) > MaxActionSize {
			return nil, refuse(SaveProblem{Kind: ProblemTooLarge, N: len(e.Action), Entry: i + 1}, "%w: entry %d is an action of %d bytes", ErrTooLarge, i+1, len(e.Action))
		}
	}
	switch {
	case s.Setup.Game != s.Game:
		return nil, refuse(SaveProblem{Kind: ProblemSetup, Value: clipValue(s.Setup.Game)}, "setup is for %q but the file is for %q", clipValue(s.Setup.Game), clipValue(s.Game))
	case len(s.Seats) != s.Setup.Players:
		return nil, refuse(SaveProblem{Kind: ProblemSeats, N: len(s.Seats)}, "%d seats listed for %d players", len(s.Seats), s.Setup.Players)
	}
	return &s, nil
}

// jsonProblem names a JSON decoding error: a cut file, broken JSON at a
// byte, or a field of the wrong kind.
func jsonProblem(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.Is(err, io.ErrUnexpectedEOF) || (errors.As(err, &se) && se.Offset >= int64(len(bytes.TrimSpace(data)))) {
		return refuse(SaveProblem{Kind: ProblemTruncated, N: len(data)}, "the file ends early after %d bytes (truncated?)", len(data))
	}
	if errors.As(err, &se) {
		return refuse(SaveProblem{Kind: ProblemJSON, N: int(se.Offset)}, "broken JSON at byte %d (%v)", se.Offset, se)
	}
	return refuse(SaveProblem{Kind: ProblemField}, "%s", err)
}

// Load parses and verifies a game file: known game, rules version this
// build reads (its own, or an older one it folds alike: RulesReader),
// every entry applies and matches its recorded hash, and the final hash
// matches. It returns the replayed match (with no chance source).
func Load(data []byte) (*Match, *Save, error) {
	s, err := DecodeSave(data)
	if err != nil {
		return nil, nil, err
	}
	g, err := Lookup(s.Game)
	if err != nil {
		return nil, nil, refuse(SaveProblem{Kind: ProblemGame, Value: clipValue(s.Game)}, "unknown game %q", clipValue(s.Game))
	}
	if !ReadsRules(g, s.Rules) {
		return nil, nil, refuse(SaveProblem{Kind: ProblemRules, Value: clipValue(s.Rules)}, "written with rules %q, this build plays %q", clipValue(s.Rules), g.RulesVersion())
	}
	s.Setup = SetupFor(g, s.Rules, s.Setup)
	m, err := Replay(g, s.Setup, s.Entries)
	if err != nil {
		p := SaveProblem{Kind: ProblemSetup, Value: s.Game, Err: err}
		var re *ReplayError
		if errors.As(err, &re) {
			p = SaveProblem{Kind: ProblemEntry, Entry: re.Entry, Seat: re.Seat, Err: re.Err}
		}
		return nil, nil, refuse(p, "%v", err)
	}
	if h := m.hash(); s.Hash != h {
		return nil, nil, refuse(SaveProblem{Kind: ProblemFinal}, "final state hash is %s, file says %s", h[:12], short(s.Hash))
	}
	return m, s, nil
}
