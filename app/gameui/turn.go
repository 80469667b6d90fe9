package gameui

import (
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/engine"
)

// Wait is one seat the table waits for, and why, in a sentence for the
// header: "Bruno is answering your offer", "You: move the robber".
type Wait struct {
	Seat engine.Seat
	Text string
}

// Turner is implemented by renderers that can say why the table waits
// for each decider. Without it the header names the deciders only.
type Turner interface {
	Turn(env *Env) []Wait
}

// Waiting is seat's Wait: the message you (no arguments but args) when
// seat is the person on screen, else other with the seat's name first.
// Renderers build their Turn from it, one pair of messages per reason.
func Waiting(env *Env, seat engine.Seat, you, other string, args ...any) Wait {
	if env.IsYou(seat) {
		return Wait{Seat: seat, Text: T(you, args...)}
	}
	return Wait{Seat: seat, Text: T(other, append([]any{env.Name(seat)}, args...)...)}
}

// IsYou reports whether seat is the person looking at the screen now.
func (env *Env) IsYou(seat engine.Seat) bool {
	return seat >= 0 && seat == env.Viewer && !env.Replay && env.Table != nil && env.Table.IsHuman(seat)
}

// Name is seat's player name.
func (env *Env) Name(seat engine.Seat) string {
	if env.Table != nil {
		if n := env.Table.Name(seat); n != "" {
			return n
		}
	}
	return T("turn.seat", int(seat)+1)
}

// Awaits is whose answer the table waits for now: env.Awaited as the
// shell computed it for this render, or the state's deciders without it.
func (env *Env) Awaits() []engine.Seat {
	if env.Awaited != nil {
		return env.Awaited
	}
	st := env.State.Status()
	if st.Over || st.Chance != nil {
		return nil
	}
	return st.Deciders
}

// AwaitsSeat reports whether the table waits for seat's answer now.
func (env *Env) AwaitsSeat(seat engine.Seat) bool {
	return slices.Contains(env.Awaits(), seat)
}

// Waits is who the table waits for now and why: the renderer's reasons
// when it gives them, else each awaited seat named with a plain "to
// move". Only awaited seats are named (env.Awaits, what the dock reads).
func Waits(ren Renderer, env *Env) []Wait {
	st := env.State.Status()
	if st.Over || st.Chance != nil {
		return nil
	}
	if t, ok := ren.(Turner); ok {
		var out []Wait
		for _, w := range t.Turn(env) {
			if env.AwaitsSeat(w.Seat) {
				out = append(out, w)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	seats := env.Awaits()
	out := make([]Wait, 0, len(seats))
	for _, d := range seats {
		out = append(out, Waiting(env, d, "turn.you", "turn.other"))
	}
	return out
}

// TurnLine is the header's account of who must act now and why: each
// wait with its seat's chip. thinking marks the seat a bot plays now
// (−1: none), which gets a small working sign; the line then carries
// data-bot, which tests and assistive pages can watch.
func TurnLine(waits []Wait, styles []SeatStyle, thinking engine.Seat) app.HTMLSpan {
	parts := make([]app.UI, 0, 2*len(waits))
	for i, w := range waits {
		var chip app.UI = app.Span().Class("chip-space")
		if w.Seat >= 0 && int(w.Seat) < len(styles) {
			chip = Chip(styles[w.Seat])
		}
		body := []app.UI{chip, app.Span().Text(w.Text)}
		cls := "wait"
		if w.Seat == thinking {
			cls += " thinking"
			body = append(body, app.Span().Class("dots").Aria("hidden", "true"))
		}
		item := app.Span().Class(cls).DataSet("seat", int(w.Seat)).Body(body...)
		if i > 0 {
			parts = append(parts, app.Span().Class("wait-sep").Text("·"))
		}
		parts = append(parts, item)
	}
	line := app.Span().ID("turn").Class("turn").Aria("live", "polite").Body(parts...)
	if thinking >= 0 {
		line = line.DataSet("bot", int(thinking))
	}
	return line
}
