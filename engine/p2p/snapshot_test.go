package p2p

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
	"time"

	"tabula/engine"
)

// A peer killed mid-game comes back from its last stored snapshot, with
// every entry it had, and catches up through SYNC with what the others
// did meanwhile.
func TestKilledPeerRestoresAndCatchesUp(t *testing.T) {
	for _, kill := range []uint64{0, 5, 17} {
		n := newMemnet(t, 9, 3)
		// The others go on as far as they can without seat 2.
		had, ahead := n.killAndRestore(2, kill)
		p := n.peers[2]
		for seq, _ := p.Head(); seq < ahead; seq, _ = p.Head() {
			n.step()
		}
		if !n.run(10 * time.Minute) {
			t.Fatal("game did not finish after the restart")
		}
		n.sameLogs()
		n.noRejections()
		t.Logf("killed at %d, others reached %d meanwhile, finished at %d", had, ahead, len(p.Entries()))
	}
}

// A snapshot taken before the genesis is complete restores too.
func TestSnapshotBeforeGenesis(t *testing.T) {
	n := newMemnet(t, 4, 2)
	snap := n.peers[0].Snapshot()
	// Before the genesis the host's own delay is not stored yet: it is
	// its configuration's, as every time it starts.
	p, err := Restore(Config{Build: testBuild, Delay: testDelay}, snap)
	if err != nil {
		t.Fatal(err)
	}
	if p.Game() != n.peers[0].Game() || p.Key() != n.peers[0].Key() || p.Started() {
		t.Fatal("pre-genesis snapshot lost identity")
	}
	n.peers[0] = p
	if !n.run(10 * time.Minute) {
		t.Fatal("not finished")
	}
	n.sameLogs()
	if !bytes.Equal(n.peers[0].Snapshot(), n.snaps[0]) {
		t.Fatal("stored snapshot is not the latest state")
	}
}

func TestRestoreRefusesDamage(t *testing.T) {
	n := newMemnet(t, 4, 2)
	n.run(10 * time.Minute)
	snap := n.peers[1].Snapshot()
	for _, cut := range []int{0, 10, len(snap) / 2, len(snap) - 1} {
		if _, err := Restore(Config{}, snap[:cut]); err == nil {
			t.Fatalf("truncated snapshot (%d bytes) accepted", cut)
		}
	}
	// Flip a byte inside the last entry's post hash: re-verification fails.
	bad := append([]byte(nil), snap...)
	bad[len(bad)-70] ^= 1
	if _, err := Restore(Config{}, bad); err == nil {
		t.Fatal("damaged snapshot accepted")
	}
}

func TestExportVerify(t *testing.T) {
	n := newMemnet(t, 6, 4)
	if !n.run(10 * time.Minute) {
		t.Fatal("not finished")
	}
	data, err := n.peers[3].Export()
	if err != nil {
		t.Fatal(err)
	}
	m, gen, err := Verify(data)
	if err != nil {
		t.Fatal(err)
	}
	if engine.HashHex(m.State) != engine.HashHex(n.peers[0].Match().State) || len(gen.Seats) != 4 {
		t.Fatal("verified game differs")
	}
	// Plain engine.Load reads it too (the replay tool works unchanged).
	if _, _, err := engine.Load(data); err != nil {
		t.Fatal(err)
	}
	save, _ := engine.DecodeSave(data)
	log, _ := base64.RawURLEncoding.DecodeString(save.Meta[MetaLog])
	// Tamper with one signed entry's signature: Verify refuses.
	i := bytes.LastIndex(log, n.peers[0].Entries()[2].Sig)
	if i < 0 {
		t.Fatal("signature not found in log")
	}
	bad := append([]byte(nil), log...)
	bad[i] ^= 1
	save.Meta[MetaLog] = base64.RawURLEncoding.EncodeToString(bad)
	if _, _, err := Verify(save.Encode()); !errors.Is(err, ErrForged) {
		t.Fatalf("tampered signature: %v", err)
	}
	// Drop the signed log: refused.
	save.Meta[MetaLog] = ""
	if _, _, err := Verify(save.Encode()); err == nil {
		t.Fatal("file without its signed log verified")
	}
	// A hot-seat save without signatures is not a verified p2p game.
	save.Meta = nil
	if _, _, err := Verify(save.Encode()); !errors.Is(err, ErrNoGenesis) {
		t.Fatalf("unsigned file: %v", err)
	}
	// The engine log changed to another outcome: engine.Load refuses first.
	txt := strings.Replace(string(data), `"chance":[0]`, `"chance":[1]`, 1)
	if _, _, err := Verify([]byte(txt)); err == nil {
		t.Fatal("altered outcome verified")
	}
}
