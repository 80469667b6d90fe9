//go:build !js

package p2pnet

import (
	"testing"
	"time"
)

// A link that drops between two pages that are still in the game comes
// back with no code to pass: a third peer linked to both carries the
// signed offer and answer (the mesh), and meanwhile the two reach each
// other through it (relayed, never away). Only a page that lost every
// link needs a reconnect link (netplay's way back).
func TestDroppedLinkReformsThroughAThirdPeer(t *testing.T) {
	tb := newTable(t, "catan", 3, 5)
	defer tb.close()
	tb.open()
	tb.waitHead(2, 40, 30*time.Second)
	n1 := tb.nodes[1]
	n1.mu.Lock()
	l := n1.links[2]
	n1.mu.Unlock()
	if l == nil || !l.open {
		t.Fatal("no direct link between seats 1 and 2 after the mesh formed")
	}
	start := time.Now()
	l.close()
	relayed, dropped, back := false, false, time.Duration(0)
	for deadline := start.Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for _, li := range n1.Links() {
			if li.Seat != 2 {
				continue
			}
			if li.Away {
				t.Fatalf("seat 2 shows away on seat 1 after %v: the relay should carry it", time.Since(start))
			}
			relayed = relayed || li.Relayed
			dropped = dropped || !li.Direct
			if li.Direct && dropped {
				back = time.Since(start)
			}
		}
		if back > 0 {
			break
		}
	}
	if back == 0 {
		t.Fatalf("the dropped link did not come back through the mesh (relayed meanwhile: %v)\n%s", relayed, tb.linkReport())
	}
	tb.waitMesh(20 * time.Second)
	tb.waitOver(60 * time.Second)
	seq, h := tb.sameFinal()
	tb.noBadEvents()
	t.Logf("link 1–2 closed; relayed meanwhile %v; direct again after %v with no code; final %d %s", relayed, back.Round(time.Millisecond), seq, h)
}
