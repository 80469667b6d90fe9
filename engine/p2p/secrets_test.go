package p2p

import (
	"errors"
	"testing"

	"strings"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/burgundy"
	"tabula/engine/catan"
	"tabula/engine/enginetest"
)

// A secret is drawn with a dealt deck's keys: the Secrets option is
// hosted with sealed play and refused without it. SealedSetup adds it to
// a sealed Catan and to no plain one, nor to a game that takes no such
// option.
func TestSecretsNeedSealedPlay(t *testing.T) {
	cfg := Config{Build: testBuild, Rand: &detRand{seed: "s"}}
	opts := map[string]string{engine.Sealed: "1", engine.Secrets: "1"}
	if _, err := NewHost(cfg, engine.Setup{Game: enginetest.ID, Players: 2, Options: opts}, 0); err != nil {
		t.Fatalf("a sealed setup with secrets: %v", err)
	}
	delete(opts, engine.Sealed)
	if _, err := NewHost(cfg, engine.Setup{Game: enginetest.ID, Players: 2, Options: opts}, 0); !errors.Is(err, ErrMismatch) {
		t.Fatalf("secrets without sealed play were hosted: %v", err)
	}
	cg, _ := engine.Lookup(catan.ID)
	sealed := engine.Setup{Game: catan.ID, Players: 3, Options: map[string]string{engine.Sealed: "1"}}
	if got := SealedSetup(cg, sealed); !got.HasSecrets() || sealed.HasSecrets() {
		t.Fatalf("sealed Catan: %v (the setup given: %v)", got.Options, sealed.Options)
	}
	if got := SealedSetup(cg, engine.Setup{Game: catan.ID, Players: 3}); got.Options[engine.Secrets] != "" {
		t.Fatalf("plain Catan got secrets: %v", got.Options)
	}
	ag, _ := engine.Lookup(agricola.ID)
	if got := SealedSetup(ag, engine.Setup{Game: agricola.ID, Players: 3, Options: map[string]string{engine.Sealed: "1"}}); got.HasSecrets() {
		t.Fatal("sealed Agricola got secrets")
	}
}

// A sealed setup of a game that deals no sealed deck (Burgundy hides
// nothing) is refused at once, not left waiting for a deal.
func TestSealedSetupNeedsDecks(t *testing.T) {
	cfg := Config{Build: testBuild, Rand: &detRand{seed: "b"}}
	sealed := map[string]string{engine.Sealed: "1"}
	_, err := NewHost(cfg, engine.Setup{Game: burgundy.ID, Players: 2, Options: sealed}, 0)
	if !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "hides no cards") {
		t.Fatalf("a sealed Burgundy: %v", err)
	}
	if _, err := NewHost(cfg, engine.Setup{Game: burgundy.ID, Players: 2}, 0); err != nil {
		t.Fatalf("a plain Burgundy: %v", err)
	}
}
