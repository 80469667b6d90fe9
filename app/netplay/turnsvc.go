package netplay

import (
	"context"
	"crypto/rand"
	"slices"
	"sort"
	"sync"
	"time"

	"tabula/engine/p2p"
)

// The turn-based games of this device are served in the background while
// the app is open and none of them is on screen (docs/p2p.md, "Turn-based
// play"): each is opened alone (soloSeat, no WebRTC), catches up on the
// relay, and its device takes its part in pending rolls (commit, then
// reveal) with no action from anyone. It never moves for the person: it
// only says that the game waits for them (Waiting), and notifies where
// the browser allows it.

// TurnWait is a turn-based game that waits on this device's person.
type TurnWait struct {
	ID      string
	Game    string
	Names   []string
	Seat    int
	Entries uint64
	// Mine: the person's move. Witness: a roll needs this device's part,
	// which it sends by itself while the app is open.
	Mine, Witness bool
	// Waits: the seats the game waits on; Since: about when it began to
	// (Turn.MovedAt; zero when not known).
	Waits []int
	Since time.Time
}

// turnResync is how often the service looks for games to serve (a game
// made or joined meanwhile, a broker that came back).
const turnResync = 5 * time.Second

type turnService struct {
	kv     Saved
	cfg    p2p.Config // the protocol's (Env.Protocol, with the build)
	update func()     // the screen redraws (any goroutine)

	mu      sync.Mutex
	started bool
	live    string // the game on screen: not served here
	open    map[string]*servedGame
	waits   map[string]TurnWait
}

type servedGame struct {
	turn *Turn
	prev []byte // the snapshot stored last
}

func newTurnService(kv Saved, build string, protocol p2p.Config) *turnService {
	protocol.Build = build
	return &turnService{kv: kv, cfg: TurnProtocol(protocol), open: map[string]*servedGame{}, waits: map[string]TurnWait{}}
}

// start runs the service until the page goes (once).
func (v *turnService) start(update func()) {
	v.mu.Lock()
	v.update = update
	started := v.started
	v.started = true
	v.mu.Unlock()
	if started {
		go v.sync()
		return
	}
	go func() {
		for {
			v.sync()
			time.Sleep(turnResync)
		}
	}()
}

// setLive names the game on screen ("" none): the service lets go of it
// (in the background) and serves it no more until another is named.
func (v *turnService) setLive(id string) {
	v.mu.Lock()
	v.live = id
	started := v.started
	v.mu.Unlock()
	if id != "" {
		go v.stop(id)
	} else if started {
		go v.sync()
	}
}

// stop closes the background table of game id, if any, and waits until
// it stored its last state (the screen then opens the game from it).
func (v *turnService) stop(id string) {
	v.mu.Lock()
	g := v.open[id]
	delete(v.open, id)
	delete(v.waits, id)
	v.mu.Unlock()
	if g != nil && g.turn != nil {
		g.turn.Close()
	}
}

// Waiting lists the games waiting on this device's person, by game id.
func (v *turnService) Waiting() []TurnWait {
	return v.list(func(w TurnWait) bool { return w.Mine || w.Witness })
}

// Others lists the games waiting on other people only, by game id.
func (v *turnService) Others() []TurnWait {
	return v.list(func(w TurnWait) bool { return !w.Mine && !w.Witness && len(w.Waits) > 0 })
}

func (v *turnService) list(keep func(TurnWait) bool) []TurnWait {
	v.mu.Lock()
	defer v.mu.Unlock()
	var out []TurnWait
	for _, w := range v.waits {
		if keep(w) {
			out = append(out, w)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// sync opens every turn-based game to serve that is not open yet.
func (v *turnService) sync() {
	settings := v.kv.LoadSettings()
	for _, m := range v.kv.List() {
		if !m.TurnBased || !m.Started || m.Over || m.Archived || len(m.Relay) != relaySecretSize || len(settings.Brokers) == 0 {
			continue
		}
		v.mu.Lock()
		_, busy := v.open[m.ID]
		skip := busy || m.ID == v.live
		if !skip {
			v.open[m.ID] = &servedGame{} // opening
		}
		v.mu.Unlock()
		if skip {
			continue
		}
		if err := v.serve(m, settings.Brokers); err != nil {
			v.mu.Lock()
			delete(v.open, m.ID)
			v.mu.Unlock()
		}
	}
}

// serve opens game m alone on the relay.
func (v *turnService) serve(m *Meta, brokers []string) error {
	if askTabs(m.ID, "", tabWait) { // another tab of this browser plays it
		return errTaken
	}
	snap, err := v.kv.Seat(m.ID, m.Seat)
	if err != nil {
		return err
	}
	cfg := v.cfg
	if cfg.Rand == nil {
		cfg.Rand = rand.Reader
	}
	peer, err := p2p.Restore(cfg, snap)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), relayOpenWait)
	defer cancel()
	id, seat := m.ID, m.Seat
	g := &servedGame{prev: snap}
	t, err := OpenTurn(ctx, peer, TurnOptions{Brokers: brokers, Secret: m.Relay,
		Store: func(b []byte) {
			if v.kv.PutSeat(id, seat, b, g.prev) == nil {
				g.prev = b
			}
		},
		Wake: func() { v.look(id) },
	})
	if err != nil {
		return err
	}
	now, err := v.kv.Meta(id)
	v.mu.Lock()
	if v.open[id] == nil || v.live == id || err != nil || now.Archived { // stopped meanwhile
		v.mu.Unlock()
		t.Close()
		return errTaken
	}
	g.turn = t
	v.open[id] = g
	v.mu.Unlock()
	v.look(id)
	return nil
}

// look reads what game id waits on after a step, stores what the home
// screen shows of it, and notifies a move that became the person's.
func (v *turnService) look(id string) {
	v.mu.Lock()
	g := v.open[id]
	v.mu.Unlock()
	if g == nil || g.turn == nil || !g.turn.isSettled() {
		return // listed once it has caught up on the room's letters
	}
	m, err := v.kv.Meta(id)
	if err != nil {
		return
	}
	w := TurnWait{ID: id, Game: m.Game, Names: m.Names, Seat: m.Seat}
	over := false
	g.turn.With(func(p *p2p.Peer) {
		w.Entries, _ = p.Head()
		w.Mine, w.Witness = TurnWaits(p, m.Seat)
		w.Waits = p.Waiting()
		over = p.Match().State.Status().Over
	})
	if over {
		w.Waits = nil
	}
	w.Since = g.turn.MovedAt()
	v.mu.Lock()
	old, had := v.waits[id]
	changed := !had || old.Entries != w.Entries || old.Mine != w.Mine || old.Witness != w.Witness ||
		!slices.Equal(old.Waits, w.Waits) || !old.Since.Equal(w.Since)
	v.waits[id] = w
	update := v.update
	v.mu.Unlock()
	if !changed {
		return
	}
	// Each move of the person's is told once (the device remembers it):
	// the first time this device sees it, whether the app was open when
	// it came or is opened later.
	ring := w.Mine && m.Notified != int(w.Entries)
	if int(w.Entries) != m.Entries || over != m.Over || ring {
		m.Entries, m.Over = int(w.Entries), over
		m.Updated = time.Now().UTC().Format(time.RFC3339)
		if ring {
			m.Notified = int(w.Entries)
		}
		_ = v.kv.PutMeta(m)
	}
	if ring {
		notifyTurn(m)
	}
	if update != nil {
		update()
	}
}
