package p2p

import (
	"encoding/json"
	"errors"
	"fmt"

	"tabula/engine"
)

// CheckSealed checks a finished and audited sealed game across its
// devices (nil entries: hosted seats): every device's engine log is
// replayed beside a referee that resolves every hidden draw with the card
// the audit found (a secret with its value, opened at the end), and at
// every entry each device must agree with the referee on the public view
// and status (engine.AgreedHash), hold a draw's values exactly when its
// seat is in the audience, and see its own seat as the referee does; and
// the public game (whose state hash the devices compare) must show the
// referee's public view too. It is the
// network side of what engine/sealedtest checks with no cryptography;
// tests and cmd/sim call it.
func CheckSealed(peers []*Peer) error {
	var first *Peer
	for _, p := range peers {
		if p != nil && first == nil {
			first = p
		}
	}
	if first == nil || first.led == nil || first.led.sealed == nil {
		return errors.New("p2p: no sealed game to check")
	}
	order, ok := first.Audited()
	if !ok {
		return errors.New("p2p: the game is not audited yet")
	}
	m0 := first.Match()
	ref, err := engine.NewMatch(m0.Game, m0.Setup, nil)
	if err != nil {
		return err
	}
	devs := make([]engine.State, len(peers))
	for s, p := range peers {
		if p == nil {
			continue
		}
		if len(p.Match().Entries) != len(m0.Entries) {
			return fmt.Errorf("device %d holds %d engine entries, device %d %d", s, len(p.Match().Entries), first.Seat(), len(m0.Entries))
		}
		if devs[s], err = engine.NewState(m0.Game, m0.Setup); err != nil {
			return err
		}
	}
	decks := first.led.sealed
	if len(decks.public.Entries) != len(m0.Entries) {
		return fmt.Errorf("the public game holds %d entries, device %d %d", len(decks.public.Entries), first.Seat(), len(m0.Entries))
	}
	pub, err := engine.NewState(m0.Game, m0.Setup)
	if err != nil {
		return err
	}
	for i, e := range m0.Entries {
		re := e
		req := ref.State.Status().Chance
		k := ref.ChanceCount()
		hidden := e.IsChance() && req != nil && req.Hidden()
		if hidden && req.Secret+req.OpensSecret != 0 {
			n := req.Secret + req.OpensSecret
			v, ok := decks.secretValue(n)
			if !ok {
				return fmt.Errorf("entry %d draws secret %d, which is not open", i, n)
			}
			re.Chance = engine.Outcome{v}
		} else if hidden {
			k := decks.deck(req.Deck)
			if k < 0 || order[k] == nil {
				return fmt.Errorf("entry %d draws from deck %q, which the audit has no order for", i, req.Deck)
			}
			re.Chance = make(engine.Outcome, len(req.Cards))
			for j, pos := range req.Cards {
				re.Chance[j] = order[k][pos]
			}
		}
		re.Post = ""
		if err := ref.Append(re); err != nil {
			return fmt.Errorf("referee, entry %d: %w", i, err)
		}
		agreed := engine.AgreedHash(ref.Setup, ref.State)
		if err := engine.ApplyEntry(m0.Game, pub, decks.public.Entries[i]); err != nil {
			return fmt.Errorf("public game, entry %d: %w", i, err)
		}
		if engine.AgreedHash(m0.Setup, pub) != agreed {
			return fmt.Errorf("public game, entry %d: its public view differs from the referee's", i)
		}
		for s, p := range peers {
			if p == nil {
				continue
			}
			if pe := p.led.sealed.public.Entries; len(pe) <= i || pe[i].Post != decks.public.Entries[i].Post {
				return fmt.Errorf("device %d, entry %d: its public game differs from device %d's", s, i, first.Seat())
			}
			de := p.Match().Entries[i]
			if hidden && req.Opens(engine.Seat(s)) == (de.Chance[0] == engine.Unknown) && !openedToAll(p.led, k, req) {
				return fmt.Errorf("device %d, entry %d: a draw for seats %v held as %v", s, i, req.Audience, de.Chance)
			}
			if err := engine.ApplyEntry(m0.Game, devs[s], de); err != nil {
				return fmt.Errorf("device %d, entry %d: %w", s, i, err)
			}
			if engine.AgreedHash(m0.Setup, devs[s]) != agreed {
				return fmt.Errorf("device %d, entry %d: agreed hash differs from the referee's", s, i)
			}
			a, err1 := json.Marshal(devs[s].View(engine.Seat(s)))
			b, err2 := json.Marshal(ref.State.View(engine.Seat(s)))
			if err1 != nil || err2 != nil || string(a) != string(b) {
				return fmt.Errorf("device %d, entry %d: its seat's view differs from the referee's:\n device  %.600s\n referee %.600s", s, i, a, b)
			}
		}
	}
	return nil
}

// openedToAll: draw k was opened to every device, as decided when its
// deck opened it (a seat's draws open to all only from its takeover on);
// a draw no deck opened (a secret, or a chance round) by its audience.
func openedToAll(l *ledger, k int, req *engine.ChanceRequest) bool {
	if all, ok := l.sealed.toAll[k]; ok {
		return all
	}
	return l.audience(*req) == nil
}
