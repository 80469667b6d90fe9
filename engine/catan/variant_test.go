package catan

import "tabula/engine"

// The seam's test fixture, all of it: Catan to 8 points without a robber.
// A 7 (after its discards) or a Knight lets the roller light the beacon on
// any free intersection instead; the beacon blocks the other players'
// roads there and is worth 1 point to whoever lit it last.
var (
	beaconRules = &Rules{ID: "test-beacon", Version: "test-beacon/1", VictoryTarget: 8}
	phaseBeacon = beaconRules.NewPhase("light-beacon")
	actBeacon   = beaconRules.NewAction("light-beacon", FieldVertex)
	beaconGame  = func() Game {
		beaconRules.Robber = func(*State) Phase { return phaseBeacon }
		beaconRules.Scoring = func(s *State, p int) (int, int) {
			if s.Ext.(*beaconState).Holder == int8(p) {
				return 1, 0
			}
			return 0, 0
		}
		beaconRules.Expansion = beacon{}
		return NewGame(beaconRules)
	}()
)

func init() { engine.Register(beaconGame) }

type beaconState struct {
	At     int8 `json:"at"`
	Holder int8 `json:"holder"`
}

func (b *beaconState) Clone() Extension { c := *b; return &c }

type beacon struct{}

func (beacon) New(s *State, _ engine.Setup) error {
	s.Ext = &beaconState{At: none, Holder: none}
	return nil
}

func (beacon) Legal(s *State, p int, k *Lister) {
	if s.Phase == phaseBeacon {
		k.Vertices(actBeacon, s.Free())
	}
}

func (beacon) Do(s *State, p int, a Action) (bool, error) {
	if a.Type != actBeacon {
		return false, nil
	}
	if s.Phase != phaseBeacon || a.Vertex < 0 || a.Vertex >= s.Graph().Vertices() || s.Free()&(1<<uint(a.Vertex)) == 0 {
		return true, engine.Illegal("light the beacon on a free intersection, when it is yours to light")
	}
	b := s.Ext.(*beaconState)
	if b.Holder >= 0 {
		s.SetPieces(int(b.Holder), 0)
	}
	b.At, b.Holder = int8(a.Vertex), int8(p)
	s.SetPieces(p, 1<<uint(a.Vertex))
	s.Phase = s.Resume
	return true, nil
}

func (beacon) Await(s *State) (uint8, *engine.ChanceRequest) { return 1 << uint(s.Active), nil }
func (beacon) Resolve(*State, []int)                         {}
func (beacon) View(s *State, _ int) any                      { return s.Ext }
