package netplay

import (
	"context"
	"sync"
	"time"

	"tabula/engine/p2p"
)

// soloSeat holds a turn-based seat's peer with no node (no WebRTC): the
// home screen's background service, and native tools. It stores the
// peer's snapshots, has the Turn carry its messages, and runs the jobs a
// node would run off its lock (a forced chance round, a hosted search
// bot's move).
type soloSeat struct {
	mu      sync.Mutex
	peer    *p2p.Peer
	store   func([]byte)
	carry   func(p *p2p.Peer, out p2p.Output)
	start   time.Time
	ctx     context.Context
	wg      *sync.WaitGroup
	events  []p2p.Event
	forcing *p2p.ForceJob
	botJob  *p2p.BotJob
}

func (s *soloSeat) Step(f func(p *p2p.Peer) p2p.Output) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ctx.Err() != nil {
		return // closed: nothing may change the peer unstored
	}
	out := f(s.peer)
	if out.Dirty && s.store != nil {
		s.store(s.peer.Snapshot())
	}
	s.carry(s.peer, out)
	if len(s.events) < 4096 {
		s.events = append(s.events, out.Events...)
	}
	for _, e := range out.Events {
		if e.Kind == p2p.EvForce {
			s.force(e.Force)
		}
	}
	s.think()
}

func (s *soloSeat) With(f func(p *p2p.Peer)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f(s.peer)
}

func (s *soloSeat) takeEvents() []p2p.Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.events
	s.events = nil
	return e
}

// force opens a withheld round off the lock (locked caller).
func (s *soloSeat) force(j *p2p.ForceJob) {
	if j == nil || s.forcing == j {
		return
	}
	s.forcing = j
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		stop := func() bool {
			s.mu.Lock()
			defer s.mu.Unlock()
			return s.ctx.Err() != nil || s.peer.PendingForce() != j
		}
		if f := j.Run(stop); f != nil {
			s.Step(func(p *p2p.Peer) p2p.Output { return p.Forced(j, f) })
		}
	}()
}

// think runs a hosted search bot's decision off the lock (locked caller).
func (s *soloSeat) think() {
	j, ok := s.peer.BotJob()
	if !ok || s.botJob == j {
		return
	}
	s.botJob = j
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		raw, err := j.Run(nil)
		s.Step(func(p *p2p.Peer) p2p.Output { return p.BotDone(j, raw, err) })
	}()
}
