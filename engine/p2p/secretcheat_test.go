package p2p

import (
	"crypto/ed25519"
	"errors"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/catan"
	"tabula/engine/deck"
)

// playCatanSecrets plays a whole sealed 3-device Catan with secrets by
// greedy bots, hooks set by prepare first; CheckSealed must pass.
func playCatanSecrets(t *testing.T, seed uint64, prepare func(n *memnet)) *memnet {
	t.Helper()
	realGamesNatively(t)
	n, bots := newGreedyNetN(t, catan.ID, 3, seed, true)
	prepare(n) // its tamper stays: no recording here
	playToEnd(t, n, bots)
	return n
}

// playToEnd plays n to its end and audit with the seats' bots; every log
// must be the same and CheckSealed pass.
func playToEnd(t *testing.T, n *memnet, bots []bot.Bot) {
	t.Helper()
	for steps := 0; steps < 5_000_000 && !(n.allOver() && len(n.queue) == 0); steps++ {
		n.step()
		greedyTurns(n, bots)
	}
	if !n.allOver() {
		t.Fatal("the game did not finish")
	}
	n.sameLogs()
	if err := CheckSealed(n.peers); err != nil {
		t.Fatal(err)
	}
}

// secretEntries are the messages of secret num in l's log, with their
// authors' seats.
func secretEntries(t testing.TB, l *ledger, num int) (msgs []deck.Msg, authors []int) {
	t.Helper()
	for _, e := range l.entries {
		if e.Kind != KindSecret {
			continue
		}
		r := reader{b: e.Body}
		if int(r.uvarint()) != num {
			continue
		}
		m, err := deck.Decode(r.b)
		if err != nil {
			t.Fatal(err)
		}
		msgs, authors = append(msgs, m), append(authors, e.Author)
	}
	return msgs, authors
}

// A device that opens a stolen card as other than it drew it (its signed
// opening carries a part that is not the one it committed: in a show
// before its action, or answering a public opening) is refused at once by
// every other device and named, with its signed entry as the proof; the
// others take its true entry by sync and the game ends alike everywhere.
func TestSecretWrongOpeningCaught(t *testing.T) {
	const cheater = 1
	lied := false
	var n *memnet
	for seed := uint64(90); seed < 96 && !lied; seed++ {
		n = playCatanSecrets(t, seed, func(n *memnet) {
			var first []byte
			n.tamper = func(from, to int, data []byte) [][]byte {
				if from != cheater || lied && string(data) != string(first) {
					return [][]byte{data}
				}
				m, err := Decode(data)
				em, ok := m.(*EntryMsg)
				if err != nil || !ok {
					return [][]byte{data}
				}
				e := em.Entry
				if !forgeOpening(t, n.peers[cheater].led, &e) {
					return [][]byte{data}
				}
				e.Sig = ed25519.Sign(n.peers[cheater].priv, e.signBytes())
				lied, first = true, data
				return [][]byte{Encode(&EntryMsg{Entry: e})}
			}
		})
	}
	if !lied {
		t.Fatal("the cheater never opened a stolen card")
	}
	for s, p := range n.peers {
		if s == cheater {
			continue
		}
		n.namedOnce(s, cheater)
		cs := p.Cheats()
		var ce *deck.CheatError
		if len(cs) != 1 || cs[0].Seat != cheater || cs[0].Entry == nil || !errors.As(cs[0].Err, &ce) {
			t.Fatalf("seat %d: cheats %+v", s, cs)
		}
		e, err := DecodeEntry(cs[0].Entry)
		if err != nil || !ed25519.Verify(n.peers[0].Genesis().Seats[cheater].Key[:], e.signBytes(), e.Sig) {
			t.Fatalf("seat %d: the proof is not the cheater's signed entry: %v", s, err)
		}
		t.Logf("seat %d names seat %d: %v", s, cheater, cs[0].Err)
	}
}

// forgeOpening replaces the first part of an opening in e (a show of
// secrets, or a secret's opening entry) by another scalar; false when e
// opens no secret.
func forgeOpening(t *testing.T, l *ledger, e *Entry) bool {
	other := [32]byte{7}
	switch e.Kind {
	case KindShow:
		sg, err := l.decodeShow(e.Body)
		if err != nil || sg.deck != secretShow || sg.opens[0] == nil {
			return false
		}
		sg.opens[0].Parts[0] = other
		e.Body = showBody(sg)
		return true
	case KindSecret:
		r := reader{b: e.Body}
		num := r.uvarint()
		m, err := deck.Decode(r.b)
		om, ok := m.(*deck.SecretOpenMsg)
		if err != nil || !ok || om.Has&1 == 0 {
			return false
		}
		om.Parts[0] = other
		e.Body = secretBody(int(num), om)
		return true
	}
	return false
}

// A device that seals a wrong part to the other member of a steal (an
// envelope that does not open to its committed part) is accused by the
// recipient, whose accusation discloses that envelope's key with a DLEQ
// proof, and every device names it. The cheater then owes its part in
// public; the stolen card stays hidden from the third device and the game
// goes on to its end, every device's knowledge checked.
func TestSecretWrongEnvelopeNamed(t *testing.T) {
	const cheater = 2
	forged := 0
	n := playCatanSecrets(t, 91, func(n *memnet) {
		n.peers[cheater].forge = func(name string, m deck.Msg) deck.Msg {
			if name != engine.SecretDeck || forged > 0 {
				return m
			}
			switch m := m.(type) {
			case *deck.SecretSealMsg:
				m.Sealed[0] ^= 1
				forged++
			case *deck.SecretCommitMsg:
				if m.Seal != nil {
					m.Seal.Sealed[0] ^= 1
					forged++
				}
			}
			return m
		}
	})
	if forged == 0 {
		t.Fatal("the cheater never sealed a part")
	}
	for s, p := range n.peers {
		cs := p.Cheats()
		if len(cs) != 1 || cs[0].Seat != cheater || cs[0].Deck != engine.SecretDeck {
			t.Fatalf("seat %d: cheats %+v", s, cs)
		}
		t.Logf("seat %d names seat %d: %v", s, cheater, cs[0].Err)
	}
	seen := checkSecrets(t, n)
	if seen.private == 0 {
		t.Fatal("no secret drawn")
	}
}

// A device that withholds its message while thief and victim draw a
// stolen card (it goes silent when the secret waits on it) is voted out
// by the two others (3 devices). Its part, committed, is rebuilt from the
// escrow shares in public and the other member opens its own: the steal
// becomes public (every device holds its value, the one committed, so
// leaving re-rolls nothing), and the game goes on with the bot to its end
// and its audit, every remaining device's knowledge checked.
func TestSecretWithheldIsVotedOutAndPublic(t *testing.T) {
	realGamesNatively(t)
	const quitter = 1
	// Its envelope or acknowledgement (both parts committed) never leaves
	// it.
	n, num := withholdSecret(t, 93, quitter, func(m deck.Msg) bool {
		switch m.(type) {
		case *deck.SecretSealMsg, *deck.SecretAckMsg:
			return true
		}
		return false
	})
	live := []*Peer{n.peers[0], nil, n.peers[2]}
	p := n.peers[0]
	if !p.Bot(quitter) {
		t.Fatal("the quitter's seat is not the bot's")
	}
	// The secret it withheld: every remaining device holds its value.
	m := p.Match()
	st, _ := engine.NewState(m.Game, m.Setup)
	found := false
	for i, e := range m.Entries {
		if req := st.Status().Chance; e.IsChance() && req != nil && req.Secret == num {
			found = true
			want, ok := p.led.sealed.secretValue(num)
			for _, q := range live {
				if q != nil && (!ok || q.Match().Entries[i].Chance[0] != want) {
					t.Fatalf("secret %d: a device holds %d, the public value is %d (%v)", num, q.Match().Entries[i].Chance[0], want, ok)
				}
			}
		}
		if err := engine.ApplyEntry(m.Game, st, e); err != nil {
			t.Fatal(err)
		}
	}
	if !found {
		t.Fatalf("secret %d was never answered", num)
	}
	// Rebuilt from the escrow: both other parties' shares are in the log.
	recovered := 0
	msgs, _ := secretEntries(t, p.led, num)
	for _, m := range msgs {
		if _, ok := m.(*deck.SecretRecoverMsg); ok {
			recovered++
		}
	}
	if run := p.led.sealed.secret(num); run.sec == nil || !run.sec.Opened() || recovered != 2 {
		t.Fatalf("secret %d: private %v, %d escrow shares published", num, run.sec != nil, recovered)
	}
	for _, q := range live {
		if q != nil && len(q.Cheats()) != 0 {
			t.Fatalf("cheats named: %v", q.Cheats())
		}
	}
}

// withholdSecret plays a sealed 3-device Catan in which quitter goes
// silent from the first secret message of its that withhold picks (never
// sent, nor anything after it), and the two others vote its seat to the
// bot: the game must finish and CheckSealed pass on the two. It returns
// the network and the secret withheld. prepare, if any, readies the
// network before play (a forge).
func withholdSecret(t *testing.T, seed uint64, quitter int, withhold func(deck.Msg) bool, prepare ...func(*memnet)) (*memnet, int) {
	t.Helper()
	n, bots := newGreedyNetN(t, catan.ID, 3, seed, true)
	for _, f := range prepare {
		f(n)
	}
	num := 0
	withholdEntry(t, n, bots, quitter, false, func(e *Entry) bool {
		k, m := secretMsgOf(e)
		if m != nil && withhold(m) {
			num = k
			return true
		}
		return false
	})
	if num == 0 {
		t.Fatal("the quitter never withheld a secret message")
	}
	return n, num
}

// secretMsgOf is a secret entry's number and message (nil for another
// entry).
func secretMsgOf(e *Entry) (int, deck.Msg) {
	if e.Kind != KindSecret {
		return 0, nil
	}
	r := reader{b: e.Body}
	k := int(r.uvarint())
	m, err := deck.Decode(r.b)
	if err != nil {
		return 0, nil
	}
	return k, m
}

// withholdEntry plays game n with its bots to its end: quitter goes silent
// at the first entry withhold picks, and the others vote it out;
// CheckSealed must pass on the others. With drain, what it sent before
// still arrives (it goes down once none is on the way).
func withholdEntry(t *testing.T, n *memnet, bots []bot.Bot, quitter int, drain bool, withhold func(*Entry) bool) {
	t.Helper()
	silent := false
	n.tamper = func(from, to int, data []byte) [][]byte {
		if from != quitter {
			return [][]byte{data}
		}
		if n.down[quitter] || silent {
			return nil
		}
		m, err := Decode(data)
		if em, ok := m.(*EntryMsg); err == nil && ok && withhold(&em.Entry) {
			silent, n.down[quitter] = true, !drain
			return nil
		}
		return [][]byte{data}
	}
	if drain {
		for steps := 0; steps < 5_000_000 && !n.down[quitter] && !n.allOver(); steps++ {
			n.step()
			greedyTurns(n, bots)
			n.down[quitter] = silent && !slices.ContainsFunc(n.queue, func(d delivery) bool { return d.from == quitter })
		}
	}
	n.playVotingOut(bots, quitter)
	if !n.allOver() {
		t.Fatal("the game did not finish")
	}
	n.checkSealedWithout(t, quitter)
}

// A member that withholds its opening of a stolen card (a public request
// asks for it, or the audit) is voted out; the other member, which knows
// both parts, opens it instead, and the game goes on to its end.
func TestSecretOpeningWithheldOpenedByTheOther(t *testing.T) {
	realGamesNatively(t)
	const quitter = 0 // the first member opens: seat 0 is first of every audience it is in
	n, num := withholdSecret(t, 94, quitter, func(m deck.Msg) bool {
		_, open := m.(*deck.SecretOpenMsg)
		return open
	})
	p := n.peers[1]
	if !p.Bot(quitter) {
		t.Fatal("the quitter's seat is not the bot's")
	}
	run := p.led.sealed.secret(num)
	if run.sec == nil || !run.sec.Opened() {
		t.Fatalf("secret %d: not opened", num)
	}
	opener := -1
	msgs, authors := secretEntries(t, p.led, num)
	for k, m := range msgs {
		if _, ok := m.(*deck.SecretOpenMsg); ok {
			opener = authors[k]
		}
	}
	if aud := run.sec.Audience(); opener < 0 || opener == quitter || p.led.sealed.parties[aud[0]] != quitter && p.led.sealed.parties[aud[1]] != quitter {
		t.Fatalf("secret %d of parties %v opened by seat %d", num, aud, opener)
	}
}

// A member that never commits its part of a stolen card is voted out
// before the value exists: nobody can know it, so the ordinary chance
// round draws it in public, and the game goes on to its end with every
// remaining device's knowledge checked (withholdSecret).
func TestSecretCommitWithheldDrawnInPublic(t *testing.T) {
	realGamesNatively(t)
	const quitter = 1
	n, num := withholdSecret(t, 93, quitter, func(m deck.Msg) bool {
		_, ok := m.(*deck.SecretCommitMsg)
		return ok
	})
	p := n.peers[0]
	if !p.Bot(quitter) {
		t.Fatal("the quitter's seat is not the bot's")
	}
	if run := p.led.sealed.secret(num); run == nil || run.sec != nil {
		t.Fatalf("secret %d was not drawn in public: %+v", num, run)
	}
}

// A member of a stolen card already drawn, not yet opened, goes away and
// its seat goes to the bot. The bot decides on the public game, so before
// it moves the other member opens the card and a left entry shows it to
// the public game: a move of the bot that spends the card is then judged
// alike by the devices that knew it and the one that did not (in the app
// the bot once spent a card the thief's device knew was gone, and the
// game stalled: one device took the move, the other refused it).
func TestSecretOfALeaverShownBeforeTheBotMoves(t *testing.T) {
	realGamesNatively(t)
	for _, c := range []struct {
		seed    uint64
		quitter int
	}{{95, 1}, {96, 2}, {97, 0}} {
		n, bots := newGreedyNetN(t, catan.ID, 3, c.seed, true)
		q := c.quitter
		num := 0
		n.tamper = func(from, to int, data []byte) [][]byte {
			switch {
			case from != q:
				return [][]byte{data}
			case n.down[q]:
				return nil
			}
			l := n.peers[q].led
			if l == nil || l.sealed == nil {
				return [][]byte{data}
			}
			// Away once it is a member of a drawn, unopened stolen card.
			for _, r := range l.sealed.secrets {
				if r.sec != nil && r.sec.Drawn() && !r.sec.Opened() && (r.sec.Audience()[0] == q || r.sec.Audience()[1] == q) {
					n.down[q], num = true, r.num
					return nil
				}
			}
			return [][]byte{data}
		}
		n.playVotingOut(bots, q)
		if num == 0 {
			t.Fatalf("seed %d: seat %d was never a member of a drawn stolen card", c.seed, q)
		}
		if !n.allOver() {
			t.Fatalf("seed %d: the game did not finish", c.seed)
		}
		n.checkSealedWithout(t, q)
		// In the log: the takeover, the other member's opening, the left
		// entry showing it, and only then the bot's first move for q.
		l := n.peers[(q+1)%3].led
		takeover, left, firstBot := -1, -1, -1
		for k, e := range l.entries {
			switch {
			case e.Kind == KindTakeover && takeover < 0:
				takeover = k
			case e.Kind == KindLeft && len(e.Body) > 0 && e.Body[0] == secretShow && left < 0:
				left = k
			case e.Kind == KindBot && e.Author == q && takeover >= 0 && firstBot < 0:
				firstBot = k
			}
		}
		if takeover < 0 || left < takeover || firstBot >= 0 && firstBot < left {
			t.Fatalf("seed %d: takeover at entry %d, stolen card %d shown at %d, the bot's first move at %d", c.seed, takeover, num, left, firstBot)
		}
		if r := l.sealed.secret(num); !r.shown || !r.sec.Opened() {
			t.Fatalf("seed %d: stolen card %d: shown %v, opened %v", c.seed, num, r.shown, r.sec.Opened())
		}
		t.Logf("seed %d: seat %d left holding stolen card %d; taken over at entry %d, the card shown at %d, the bot's first move at %d of %d", c.seed, q, num, takeover, left, firstBot, len(l.entries))
	}
}

// checkSealedWithout runs CheckSealed on every device but gone's (its seat
// went to the bot; its device stopped following).
func (n *memnet) checkSealedWithout(t *testing.T, gone int) {
	t.Helper()
	live := make([]*Peer, len(n.peers))
	for s := range live {
		if s != gone {
			live[s] = n.peers[s]
		}
	}
	if err := CheckSealed(live); err != nil {
		t.Fatal(err)
	}
}

// playVotingOut plays greedy turns to the end; once quitter is down, the
// others vote its seat to the bot.
func (n *memnet) playVotingOut(bots []bot.Bot, quitter int) {
	for steps := 0; steps < 5_000_000 && !(n.allOver() && len(n.queue) == 0); steps++ {
		n.step()
		greedyTurns(n, bots)
		if n.down[quitter] {
			n.vote([]int{quitter})
		}
	}
}
