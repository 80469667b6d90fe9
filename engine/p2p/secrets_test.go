package p2p

import (
	"errors"
	"testing"

	"tabula/engine"
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
