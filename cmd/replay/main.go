// Command replay verifies a saved game and prints its final public state:
//
//	go run ./cmd/replay FILE      (or - for standard input)
//
// Verifying is engine.Load: the header names a registered game and this
// build's rules version, every entry applies and matches its recorded state
// hash, and the final hash matches. The output is one JSON object on one
// line (see report): the game, each seat's name, kind and score, the
// winners, the entry count, the state hash, the spectator View under "view",
// and, when the game's state has one, its Summary() under "summary".
//
// A peer-to-peer game file (what engine/p2p Export writes: an engine save
// whose meta holds the signed genesis and log) is also checked with
// p2p.Verify: every genesis and entry signature, the hash chain, each
// author's turn, the chance commitments and reveals, takeover votes and the
// bot's recomputed moves, and that the signed log folds to exactly the
// file's entries, and that every other part of the file (seat names and
// kinds, meta, setup, chance info) is what the signed genesis and log make.
// The report then adds "signatures":"verified" ("bot_seats" when seats were
// handed to the bot, "aborts" for withheld reveals). A save that says it
// came from network play but whose signed parts were changed or stripped
// is refused.
//
// A sealed game's file (hidden cards dealt by cryptography, docs/p2p.md)
// holds the public game; verifying it checks every deck message and, once
// every party's keys are in (the game ended), audits the decks: "sealed"
// says whether it is audited, each deck's cards in shuffled order, and
// every cheat proved, with the seat that cheated.
//
// A file that cannot be read or is refused gets one line on stderr naming
// the file and the reason, and exit status 1 (2 for bad usage).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"tabula/engine"
	_ "tabula/engine/games"
	"tabula/engine/p2p"
)

// Summarizer is implemented by game states that can sum up the public
// position for tools and logs: per seat victory points, card counts,
// pieces on the board, special cards… It must hold public information only
// (what engine.Spectator may see) and encode with encoding/json.
type Summarizer interface {
	Summary() any
}

// seat is one player in the report.
type seat struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Score int    `json:"score"`
}

// report is the output.
type report struct {
	Game     string            `json:"game"`
	Rules    string            `json:"rules"`
	Players  int               `json:"players"`
	Options  map[string]string `json:"options,omitempty"`
	Seats    []seat            `json:"seats"`
	Over     bool              `json:"over"`
	Winners  []engine.Seat     `json:"winners"`
	Deciders []engine.Seat     `json:"deciders,omitempty"` // unfinished game: who is to act
	Chance   string            `json:"chance,omitempty"`   // unfinished game: chance awaited
	Entries  int               `json:"entries"`
	Actions  int               `json:"actions"`
	Outcomes int               `json:"outcomes"` // chance entries
	Hash     string            `json:"hash"`
	// Agreed is the hash the devices of a network game compared: Hash (a
	// sealed game's file holds the public game, whose hash they compare).
	Agreed  string `json:"agreed"`
	View    any    `json:"view"`
	Summary any    `json:"summary,omitempty"`
	// Peer-to-peer files only.
	Signatures string  `json:"signatures,omitempty"` // "verified"
	BotSeats   []int   `json:"bot_seats,omitempty"`  // seats the bot played at the end
	Aborts     []abort `json:"aborts,omitempty"`     // withheld reveals recorded in the log
	Sealed     *sealed `json:"sealed,omitempty"`     // a sealed game's audit
}

// sealed is a sealed game's audit: each deck's cards in shuffled order
// (once audited) and every cheat proved.
type sealed struct {
	Audited bool         `json:"audited"`
	Decks   []sealedDeck `json:"decks"`
	Secrets []secret     `json:"secrets,omitempty"`
	Cheats  []cheat      `json:"cheats"`
}

// secret is one secret of the game (Catan's stolen card: an index into
// the victim's hand): its value once opened (-1 until then), and whether
// thief and victim drew it alone (else the public chance round did).
type secret struct {
	Number  int  `json:"number"`
	Value   int  `json:"value"`
	Private bool `json:"private"`
}

type sealedDeck struct {
	Name  string `json:"name"`
	Cards []int  `json:"cards,omitempty"` // -1: no card of the deck (a substitution)
}

type cheat struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	Deck string `json:"deck,omitempty"`
	What string `json:"what"`
}

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	// The flag package quotes the offending option whole; its message is
	// printed here, clipped.
	fs.SetOutput(io.Discard)
	indent := fs.Bool("indent", false, "indent the JSON output")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: replay [-indent] FILE   (FILE may be - for standard input)")
	}
	if err := fs.Parse(args); err != nil {
		if err != flag.ErrHelp {
			fmt.Fprintf(stderr, "replay: %s\n", clip(oneLine(err.Error())))
		}
		fs.Usage()
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	name := fs.Arg(0)
	out, err := replay(name, stdin, *indent)
	if err != nil {
		if name == "-" {
			name = "stdin"
		}
		fmt.Fprintf(stderr, "replay: %s: %s\n", clip(name), clip(oneLine(err.Error())))
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", out)
	return 0
}

func replay(name string, stdin io.Reader, indent bool) (out []byte, err error) {
	var data []byte
	// A file over the save limit is refused before it is read whole.
	if name == "-" {
		data, err = engine.ReadLimited(stdin, engine.MaxSaveSize)
	} else {
		data, err = engine.ReadFileLimited(name, engine.MaxSaveSize)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read: %v", unwrapPath(err))
	}
	// A game whose rules panic on some log is a bug in that game, but the
	// tool still answers in one line.
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("the game's rules panicked while replaying: %v", r)
		}
	}()
	m, save, err := engine.Load(data)
	if err != nil {
		return nil, err
	}
	r := describe(m, save)
	if _, signed := save.Meta[p2p.MetaGenesis]; signed || save.Meta[p2p.MetaLog] != "" || save.Chance.P2P {
		// A network game's file is all signed: a changed or stripped
		// part, the signed log itself included, is refused.
		v, err := p2p.VerifyFile(data)
		if err != nil {
			return nil, fmt.Errorf("peer-to-peer log: %w", err)
		}
		r.Signatures, r.BotSeats = "verified", v.BotSeats
		for _, a := range v.Aborts {
			r.Aborts = append(r.Aborts, abort{Seat: a.Seat, Name: v.Genesis.Seats[a.Seat].Name, Request: a.K, Entry: a.Seq, Forced: a.Forced})
		}
		if s := v.Sealed; s != nil {
			r.Sealed = &sealed{Audited: s.Audited, Cheats: []cheat{}}
			for i, name := range s.Decks {
				r.Sealed.Decks = append(r.Sealed.Decks, sealedDeck{Name: name, Cards: s.Cards[i]})
			}
			for _, x := range s.Secrets {
				r.Sealed.Secrets = append(r.Sealed.Secrets, secret{Number: x.Number, Value: x.Value, Private: x.Private})
			}
			for _, c := range s.Cheats {
				r.Sealed.Cheats = append(r.Sealed.Cheats, cheat{Seat: c.Seat, Name: v.Genesis.Seats[c.Seat].Name, Deck: c.Deck, What: c.Err.Error()})
			}
		}
	}
	if indent {
		return json.MarshalIndent(r, "", "  ")
	}
	return json.Marshal(r)
}

// abort is a withheld reveal: the seat (and its signed name) withheld its
// reveal for chance request Request; entry Entry records it. Forced: the
// others forced its time-locked part open (the roll is what its reveal
// made); else the seat was handed to the bot.
type abort struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Request uint64 `json:"request"`
	Entry   uint64 `json:"entry"`
	Forced  bool   `json:"forced"`
}

func describe(m *engine.Match, save *engine.Save) report {
	st := m.State.Status()
	scores := m.State.Scores()
	r := report{
		Game: save.Game, Rules: save.Rules, Players: save.Setup.Players, Options: save.Setup.Options,
		Over: st.Over, Winners: st.Winners, Deciders: st.Deciders,
		Entries: len(m.Entries), Hash: engine.HashHex(m.State), Agreed: engine.HashHex(m.State), View: m.State.View(engine.Spectator),
	}
	if r.Winners == nil {
		r.Winners = []engine.Seat{}
	}
	if st.Chance != nil {
		r.Chance = st.Chance.Kind
	}
	for _, e := range m.Entries {
		if e.IsChance() {
			r.Outcomes++
		} else {
			r.Actions++
		}
	}
	for i, info := range save.Seats {
		s := seat{Seat: i, Name: info.Name, Kind: info.Kind}
		if i < len(scores) {
			s.Score = scores[i]
		}
		r.Seats = append(r.Seats, s)
	}
	if sm, ok := m.State.(Summarizer); ok {
		r.Summary = sm.Summary()
	}
	return r
}

// unwrapPath drops the operation and path from an *os.PathError, since the
// message already names the file.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// maxShown bounds a message: values in it come from the command line and
// from files, and may be of any length.
const maxShown = 300

func clip(s string) string {
	r := []rune(s)
	if len(r) <= maxShown {
		return s
	}
	return string(r[:maxShown]) + fmt.Sprintf("… (%d more characters)", len(r)-maxShown)
}
