package p2p

import (
	"errors"
	"testing"

	"strings"
	"tabula/engine"
	"tabula/engine/burgundy"
	"tabula/engine/enginetest"
)

// This layer draws no secrets yet: a game set up with them is refused at
// the host, so no network game asks for a secret it cannot produce; the
// same sealed game without them is hosted.
func TestSecretsRefusedUntilDrawn(t *testing.T) {
	cfg := Config{Build: testBuild, Rand: &detRand{seed: "s"}}
	opts := map[string]string{engine.Sealed: "1", engine.Secrets: "1"}
	if _, err := NewHost(cfg, engine.Setup{Game: enginetest.ID, Players: 2, Options: opts}, 0); !errors.Is(err, ErrMismatch) {
		t.Fatalf("a setup with secrets was hosted: %v", err)
	}
	delete(opts, engine.Secrets)
	if _, err := NewHost(cfg, engine.Setup{Game: enginetest.ID, Players: 2, Options: opts}, 0); err != nil {
		t.Fatal(err)
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
