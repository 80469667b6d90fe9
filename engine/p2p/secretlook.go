package p2p

// Secret looks in a sealed game (engine.SecretLooks; deck/secretlook.go;
// docs/p2p.md, "Secrets", step 8): a request with OpensSecret and an
// audience (the Master Merchant of Cities & Knights looks at a hand that
// holds a stolen card) opens the secret to the one party of the audience
// outside it. A member seals both parts to it and it answers, each a
// KindSecret entry as the draw's messages are; then the hidden entry
// answers the request: the audience's devices with the value, the others
// with engine.Unknown. A look whose audience holds a seat every device
// plays (a bot's) is an opening to all (secretSync asks for it).

import (
	"tabula/engine"
)

// lookers are the parties of look req outside secret r's audience.
func (l *ledger) lookers(r *secretRun, req engine.ChanceRequest) []int {
	var out []int
	aud := r.sec.Audience()
	for _, p := range l.audience(req) {
		if p != aud[0] && p != aud[1] {
			out = append(out, p)
		}
	}
	return out
}

// secretLook starts the look req at secret r (at the same point of the
// log on every device; again is nothing).
func (l *ledger) secretLook(r *secretRun, req engine.ChanceRequest) {
	for _, p := range l.lookers(r, req) {
		l.sealed.note(r.sec.Look(p))
	}
}

// looked: every looker of req learned secret r (its look answered).
func (l *ledger) looked(r *secretRun, req engine.ChanceRequest) bool {
	if l.audience(req) == nil {
		return false // opened to all instead
	}
	for _, p := range l.lookers(r, req) {
		if !r.sec.Knows(p) {
			return false
		}
	}
	return true
}

// lookValue answers look req as this device may know it: the value on a
// device that plays a seat of its audience (or every device, when the
// look became an opening to all), else engine.Unknown.
func (l *ledger) lookValue(req *engine.ChanceRequest) engine.Outcome {
	s := l.sealed
	r := s.secret(req.OpensSecret)
	mine := l.audience(*req) == nil || s.me >= 0 && s.me < len(s.parties) && req.Opens(engine.Seat(s.parties[s.me]))
	switch {
	case !mine:
		return engine.Outcome{engine.Unknown}
	case r.sec == nil:
		return engine.Outcome{r.value}
	}
	if v, ok := r.sec.Value(r.rng); ok {
		return engine.Outcome{v}
	}
	if v, ok := r.sec.PublicValue(r.rng); ok {
		return engine.Outcome{v}
	}
	return engine.Outcome{engine.Unknown}
}
