package p2ptest

import (
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
	"tabula/engine/p2p"
)

func TestPlayWithAndWithoutLeaving(t *testing.T) {
	for _, o := range []Options{{Leave: -1}, {Leave: 0, LeaveAt: 5, Bot: "greedy"}, {Leave: 2, LeaveAt: 9}} {
		tab, err := Play(engine.Setup{Game: enginetest.ID, Players: 3}, 7, o)
		if err != nil {
			t.Fatal(err)
		}
		p := tab.Present()
		if !p.Match().State.Status().Over {
			t.Fatal("not over")
		}
		takeovers := 0
		for _, e := range p.Entries() {
			if e.Kind == p2p.KindTakeover {
				takeovers++
			}
		}
		if (o.Leave >= 0) != (takeovers == 1) || (o.Leave >= 0 && !p.Bot(o.Leave)) {
			t.Fatalf("%+v: %d takeovers", o, takeovers)
		}
		data, err := p.Export()
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := p2p.Verify(data); err != nil {
			t.Fatal(err)
		}
		// Same seed, same game.
		again, _ := Play(engine.Setup{Game: enginetest.ID, Players: 3}, 7, o)
		a, ah := p.Head()
		b, bh := again.Present().Head()
		if a != b || ah != bh {
			t.Fatal("not deterministic")
		}
	}
}
