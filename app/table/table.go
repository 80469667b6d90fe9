// Package table is the game-agnostic controller of one game on one device:
// an engine.Match with hot-seat chance, who sits where (humans and bots),
// whose eyes are on the screen, undo, the log in words, and saving.
//
// It knows no game's rules: it asks the engine for Status, Legal and Apply,
// and asks a Narrator (supplied by the game's renderer) to put entries into
// words. It has no UI either, so its behaviour is tested natively.
package table

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"tabula/engine"
	"tabula/engine/rng"
)

// Human is the seat kind of a person, as the save format spells it (bot
// kinds: bot.go).
const Human = "human"

// Config is a new game as the new-game form describes it.
type Config struct {
	Game    string
	Seats   []engine.SeatInfo
	Options map[string]string
	Seed    uint64
	// BotOffersOff: the people at the table turned bot offers off
	// (MetaBotOffers).
	BotOffersOff bool
}

// Narrator puts one log entry into words, given the states around it.
// Empty text leaves the entry out of the visible log.
type Narrator func(before, after engine.State, e engine.Entry, seats []engine.SeatInfo) string

// Line is one line of the visible log.
type Line struct {
	Index int         // entry index (0-based)
	Seat  engine.Seat // whose line it is (its chip); Spectator: the table's
	Text  string
}

// Speaker says whose line a chance entry is: the seat whose move called
// for it (a roll, a card drawn), or Spectator for the table's own events
// (a new round's dice, the board laid out). Without one, a chance entry
// belongs to the seat of the last action before it.
type Speaker func(before engine.State, e engine.Entry) engine.Seat

// Table is one game on this device.
type Table struct {
	ID      string
	Match   *engine.Match
	Seats   []engine.SeatInfo
	Seed    uint64
	Created time.Time
	Updated time.Time
	Meta    map[string]string

	// Viewer is the seat whose private view is on screen: the human who
	// acts now (after the hand-over) or who acted last. Spectator when no
	// human plays, or before the first hand-over.
	Viewer engine.Seat

	Narrate Narrator
	// NarrateFor, when set, puts entries into words for one reader: the
	// log then tells each seat what it may know and no more (the card the
	// robber took: its thief and victim see which, the others that one
	// card moved). Narrate is not used then.
	NarrateFor func(reader engine.Seat, before, after engine.State, e engine.Entry, seats []engine.SeatInfo) string
	Speaker    Speaker
	Log        []Line
	// logLang and logReader are the language and the reader Log was put
	// into words for (see WordsFor).
	logLang   string
	logReader engine.Seat

	// Now is the clock for save dates (tests pin it).
	Now  func() time.Time
	bots []Bot
}

// New starts a game from a config.
func New(cfg Config, now func() time.Time) (*Table, error) {
	g, err := engine.Lookup(cfg.Game)
	if err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	setup := engine.Setup{Game: cfg.Game, Players: len(cfg.Seats), Options: cfg.Options}
	m, err := engine.NewMatch(g, setup, rng.Seeded{Seed: cfg.Seed})
	if err != nil {
		return nil, err
	}
	t := &Table{
		Match: m, Seats: append([]engine.SeatInfo(nil), cfg.Seats...), Seed: cfg.Seed,
		Created: now(), Updated: now(), Now: now,
	}
	t.ID = strconv.FormatInt(t.Created.UnixMilli(), 36) + "-" + strconv.FormatUint(cfg.Seed%1679616, 36)
	t.init()
	if cfg.BotOffersOff {
		t.Meta[MetaBotOffers] = BotOffersOff
	}
	return t, nil
}

// ErrNoSeed: the file was played over the network, where chance came from
// the players; on one device chance then continues from a fresh seed.
var errNoSeats = errors.New("the file lists no seats")

// Load opens a game file (the engine's save format). The whole log is
// replayed and checked; any problem is an error wrapping engine.ErrBadSave.
func Load(data []byte, now func() time.Time) (*Table, error) {
	m, s, err := engine.Load(data)
	if err != nil {
		return nil, err
	}
	if len(s.Seats) == 0 {
		return nil, fmt.Errorf("%w: %v", engine.ErrBadSave, errNoSeats)
	}
	if now == nil {
		now = time.Now
	}
	t := &Table{Match: m, Seats: s.Seats, Meta: s.Meta, Now: now}
	if s.Chance.Seed != nil {
		t.Seed = *s.Chance.Seed
	} else {
		// A network game continued here: outcomes need not match any
		// peer any more, so derive a seed from where the game stands.
		h := engine.Hash(m.State)
		for _, b := range h[:8] {
			t.Seed = t.Seed<<8 | uint64(b)
		}
	}
	for i := range t.Seats {
		if t.Seats[i].Kind != Human && !IsBot(t.Seats[i].Kind) {
			t.Seats[i].Kind = Human // "remote" seats are played here now
		}
	}
	t.ID = s.Meta["id"]
	if c, err := time.Parse(time.RFC3339, s.Meta["created"]); err == nil {
		t.Created = c
	} else {
		t.Created = now()
	}
	if u, err := time.Parse(time.RFC3339, s.Meta["updated"]); err == nil {
		t.Updated = u
	} else {
		t.Updated = t.Created
	}
	m.Source = rng.Seeded{Seed: t.Seed}
	if err := m.Settle(); err != nil {
		return nil, fmt.Errorf("%w: %v", engine.ErrBadSave, err)
	}
	t.init()
	// A loaded game never opens on a hand: with several people at the
	// device, whoever reloads the page (or opens the file) may not be the
	// one who looked last, so the device is passed first.
	if len(t.Humans()) > 1 {
		t.Viewer = engine.Spectator
	}
	return t, nil
}

func (t *Table) init() {
	if t.Meta == nil {
		t.Meta = map[string]string{}
	}
	t.logReader = engine.Spectator
	for i := range t.Seats {
		if t.Seats[i].Name = CleanName(t.Seats[i].Name); t.Seats[i].Name == "" {
			t.Seats[i].Name = "#" + strconv.Itoa(i+1)
		}
	}
	t.bots = make([]Bot, len(t.Seats))
	for i, s := range t.Seats {
		if IsBot(s.Kind) {
			t.bots[i] = NewBot(s.Kind, t.botSeed(engine.Seat(i)))
		}
	}
	switch h := t.Humans(); {
	case len(h) == 1:
		t.Viewer = h[0]
	default:
		t.Viewer = engine.Spectator
	}
}

// Game is the registered rules of this table.
func (t *Table) Game() engine.Game { return t.Match.Game }

// State is the current state.
func (t *Table) State() engine.State { return t.Match.State }

// Status is the current status.
func (t *Table) Status() engine.Status { return t.Match.State.Status() }

// Hash is the current state hash (hex).
func (t *Table) Hash() string { return engine.HashHex(t.Match.State) }

// Humans lists the human seats.
func (t *Table) Humans() []engine.Seat {
	var out []engine.Seat
	for i, s := range t.Seats {
		if !IsBot(s.Kind) {
			out = append(out, engine.Seat(i))
		}
	}
	return out
}

// IsHuman reports whether seat is played by a person here.
func (t *Table) IsHuman(s engine.Seat) bool {
	return s >= 0 && int(s) < len(t.Seats) && !IsBot(t.Seats[s].Kind)
}

// Name is the seat's player name.
func (t *Table) Name(s engine.Seat) string {
	if s >= 0 && int(s) < len(t.Seats) {
		return t.Seats[s].Name
	}
	return ""
}

// BotToMove is the first bot among the deciders. Bots answer first, so a
// person deciding at the same time (a discard) sees their choice done.
func (t *Table) BotToMove() (engine.Seat, bool) {
	st := t.Status()
	if st.Over || st.Chance != nil {
		return 0, false
	}
	for _, d := range st.Deciders {
		if !t.IsHuman(d) {
			return d, true
		}
	}
	return 0, false
}

// Awaited is whose answer the table waits for now: the bots deciding, who
// answer first, else every person deciding; none while chance moves or
// once the game is over. The header and the dock both name these seats,
// and the viewer may act (Legal) only when among them.
func (t *Table) Awaited() []engine.Seat {
	st := t.Status()
	out := []engine.Seat{}
	if st.Over || st.Chance != nil {
		return out
	}
	for _, d := range st.Deciders {
		if !t.IsHuman(d) {
			out = append(out, d)
		}
	}
	if len(out) > 0 {
		return out
	}
	return append(out, st.Deciders...)
}

// HumanToMove is the person who must act now (after all bots deciding at
// the same time): the viewer if they are a decider, else the first one.
func (t *Table) HumanToMove() (engine.Seat, bool) {
	st := t.Status()
	if st.Over || st.Chance != nil {
		return 0, false
	}
	if _, bot := t.BotToMove(); bot {
		return 0, false
	}
	if st.Decides(t.Viewer) && t.IsHuman(t.Viewer) {
		return t.Viewer, true
	}
	for _, d := range st.Deciders {
		if t.IsHuman(d) {
			return d, true
		}
	}
	return 0, false
}

// NeedsHandover reports whether the device must pass to another person
// before anything private shows: a person other than the viewer must act,
// and more than one person plays here.
func (t *Table) NeedsHandover() (engine.Seat, bool) {
	h, ok := t.HumanToMove()
	if !ok || h == t.Viewer || len(t.Humans()) < 2 {
		return 0, false
	}
	return h, true
}

// Reveal is the tap on "I am <name>": the person to act takes the screen.
func (t *Table) Reveal() {
	if h, ok := t.HumanToMove(); ok {
		t.Viewer = h
		t.Meta["viewer"] = strconv.Itoa(int(h))
	}
}

// View is what the screen may show now: the viewer's view, or the public
// view while a hand-over is pending.
func (t *Table) View() (engine.Seat, any) {
	if _, pass := t.NeedsHandover(); pass {
		return engine.Spectator, t.State().View(engine.Spectator)
	}
	return t.Viewer, t.State().View(t.Viewer)
}

// Legal is what the viewer may do now (nil when it is not their move, or
// while a hand-over is pending).
func (t *Table) Legal() []engine.Action {
	h, ok := t.HumanToMove()
	if !ok || h != t.Viewer {
		return nil
	}
	return t.State().Legal(h)
}

// Do applies the viewer's action (seat must be the viewer and a person).
func (t *Table) Do(seat engine.Seat, a engine.Action) error {
	if !t.IsHuman(seat) {
		return fmt.Errorf("%w: seat %d is not a person on this device", engine.ErrNotYourTurn, seat)
	}
	if _, pass := t.NeedsHandover(); pass || seat != t.Viewer {
		return fmt.Errorf("%w: pass the device first", engine.ErrNotYourTurn)
	}
	return t.do(seat, a)
}

func (t *Table) do(seat engine.Seat, a engine.Action) error {
	before := t.Match.State.Clone()
	n := len(t.Match.Entries)
	if err := t.Match.Do(seat, a); err != nil {
		return err
	}
	t.narrate(before, n)
	t.Updated = t.Now()
	return nil
}

// StepBot lets the first bot to move make one decision. It reports whether
// a bot moved.
func (t *Table) StepBot() (bool, error) {
	j, ok := t.NextBot()
	if !ok {
		return false, nil
	}
	if err := t.Finish(j, j.Run(nil)); err != nil {
		return false, err
	}
	return true, nil
}

// CanUndo reports whether the viewer may take back their last decision:
// the last entry is theirs (not chance, not another seat's) and they are
// still to act. Undo never reaches past chance or another player.
func (t *Table) CanUndo() bool {
	es := t.Match.Entries
	if len(es) == 0 || t.Status().Over {
		return false
	}
	last := es[len(es)-1]
	if last.IsChance() || last.Seat != t.Viewer || !t.IsHuman(last.Seat) {
		return false
	}
	h, ok := t.HumanToMove()
	return ok && h == last.Seat
}

// ErrNoUndo: there is nothing the viewer may take back.
var ErrNoUndo = errors.New("nothing to undo")

// Undo takes back the viewer's last decision.
func (t *Table) Undo() error {
	if !t.CanUndo() {
		return ErrNoUndo
	}
	n := len(t.Match.Entries) - 1
	if err := t.Match.Rewind(n); err != nil {
		return err
	}
	for len(t.Log) > 0 && t.Log[len(t.Log)-1].Index >= n {
		t.Log = t.Log[:len(t.Log)-1]
	}
	t.Updated = t.Now()
	return nil
}

// Narrated adds the log lines of entries n… appended to the match by
// someone else (network play), before being the state before entry n.
func (t *Table) Narrated(before engine.State, n int) { t.narrate(before, n) }

// narrate adds log lines for entries from index n on, walking a copy of
// the state that was current before them.
func (t *Table) narrate(before engine.State, n int) {
	if t.Narrate == nil && t.NarrateFor == nil {
		return
	}
	cur := before
	for i := n; i < len(t.Match.Entries); i++ {
		e := t.Match.Entries[i]
		next := cur.Clone()
		if err := engine.ApplyEntry(t.Match.Game, next, e); err != nil {
			return // cannot happen for a logged entry; stop narrating
		}
		var s string
		if t.NarrateFor != nil {
			s = t.NarrateFor(t.logReader, cur, next, e, t.Seats)
		} else {
			s = t.Narrate(cur, next, e, t.Seats)
		}
		if s != "" {
			t.Log = append(t.Log, Line{Index: i, Seat: t.speaker(cur, i), Text: s})
		}
		cur = next
	}
}

// speaker is whose line entry i is (before is the state before it).
func (t *Table) speaker(before engine.State, i int) engine.Seat {
	e := t.Match.Entries[i]
	if !e.IsChance() {
		return e.Seat
	}
	if t.Speaker != nil {
		return t.Speaker(before, e)
	}
	for j := i - 1; j >= 0; j-- {
		if p := t.Match.Entries[j]; !p.IsChance() {
			return p.Seat
		}
	}
	return engine.Spectator
}

// Renarrate rebuilds the whole log in words (after a load, or when the
// narrator or language changes).
func (t *Table) Renarrate() {
	t.Log = nil
	st, err := engine.NewState(t.Match.Game, t.Match.Setup)
	if err != nil {
		return
	}
	t.narrate(st, 0)
}

// Words returns the log in language lang, putting it into words again
// when it was narrated in another: the log itself holds no text (save
// files and network messages carry actions), so each reader narrates it in
// their own language at display time.
func (t *Table) Words(lang string) []Line {
	return t.WordsFor(lang, t.logReader)
}

// WordsFor is the log in language lang as reader may read it (Spectator:
// what everybody may know), put into words again when the language or
// the reader changed (a hot-seat hand-over).
func (t *Table) WordsFor(lang string, reader engine.Seat) []Line {
	if t.NarrateFor == nil {
		reader = t.logReader // the same words for everybody
	}
	if t.logLang != lang || t.logReader != reader {
		t.logLang, t.logReader = lang, reader
		t.Renarrate()
	}
	return t.Log
}

// Save is the game file of this table.
func (t *Table) Save() []byte {
	seed := t.Seed
	meta := map[string]string{}
	for k, v := range t.Meta {
		meta[k] = v
	}
	meta["id"] = t.ID
	meta["created"] = t.Created.UTC().Format(time.RFC3339)
	meta["updated"] = t.Updated.UTC().Format(time.RFC3339)
	meta["viewer"] = strconv.Itoa(int(t.Viewer))
	return engine.NewSave(t.Match, t.Seats, engine.ChanceInfo{Seed: &seed}, meta).Encode()
}

// botSeed is the seed of the bot in seat: the table's seed, spread apart
// per seat so that two bots of one kind do not choose alike.
func (t *Table) botSeed(seat engine.Seat) uint64 { return t.Seed + uint64(seat)*7919 }
