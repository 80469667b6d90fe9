//go:build !js

package netplay

import (
	"testing"
	"time"

	"tabula/app/table"
	"tabula/engine/catan"
	"tabula/engine/p2p"
)

// The host unticks "bots may offer me trades": the genesis both devices
// signed says so, and the hosted bot (seat 2) makes no trade offer while
// both people play on (the rule itself: engine/p2p's
// TestHostedBotsOfferPeopleLittle).
func TestHostedBotOffersOff(t *testing.T) {
	host, guest := newDevice(t), newDevice(t)
	link := hostSpec(t, host, HostSpec{Game: "catan", Names: []string{"Ana", "Bruno", "Caio"},
		Kinds: []string{KindMe, KindFriend, table.BotGreedy}, BotOffersOff: true}, true)
	joinFriend(t, host, guest, link)
	waitFor(t, "forty turns", 60*time.Second, func() bool {
		turn := 0
		guest.with(func(s *Session) {
			if s.Table != nil {
				turn = s.Table.Match.State.(*catan.State).Turn
			}
		})
		return turn > 40
	})
	guest.halt()
	host.halt()
	for _, d := range []*device{host, guest} {
		var meta map[string]string
		d.s.main.With(func(p *p2p.Peer) { meta = p.Genesis().Meta })
		if meta[table.MetaBotOffers] != table.BotOffersOff {
			t.Fatalf("seat %d's genesis meta %v: bot offers not off", d.s.Meta.Seat, meta)
		}
	}
	m := guest.s.Table.Match
	offers := 0
	for _, e := range m.Entries {
		if e.Seat != 2 || e.IsChance() {
			continue
		}
		a, err := m.Game.DecodeAction(e.Action)
		if err != nil {
			t.Fatal(err)
		}
		if c := a.(catan.Action); c.Type == catan.ActProposeTrade {
			offers++
		}
	}
	if offers != 0 {
		t.Fatalf("the hosted bot made %d offers with offers off", offers)
	}
	t.Logf("%d entries, no offer from the hosted bot", len(m.Entries))
}
