package relay

import (
	"errors"
	"fmt"
)

// Limits of what a room sends and holds.
const (
	MaxName    = 64                             // bytes in a box or key name
	MaxBody    = 32 << 10                       // bytes in a letter's body
	maxPayload = MaxBody + Overhead + 2*MaxName // a sealed letter at most
)

var (
	// ErrName: a box or key name the room refuses.
	ErrName = errors.New("relay: bad name")
	// ErrTooBig: a body over MaxBody.
	ErrTooBig = errors.New("relay: letter too big")
)

// checkBox: a box is 1 to MaxName bytes of letters, digits, '.', '_', '-'
// in segments separated by single '/' (e.g. "reply/2"). MQTT's wildcards
// '+' and '#' and every other byte are refused.
func checkBox(box string) error {
	if err := checkChars("box", box, true); err != nil {
		return err
	}
	if box[0] == '/' || box[len(box)-1] == '/' {
		return fmt.Errorf("%w: box %q starts or ends with '/'", ErrName, box)
	}
	for i := 1; i < len(box); i++ {
		if box[i] == '/' && box[i-1] == '/' {
			return fmt.Errorf("%w: box %q has an empty segment", ErrName, box)
		}
	}
	return nil
}

// checkKey: a key is 1 to MaxName bytes of letters, digits, '.', '_', '-'
// (no '/').
func checkKey(key string) error { return checkChars("key", key, false) }

func checkChars(what, s string, slash bool) error {
	if s == "" {
		return fmt.Errorf("%w: empty %s", ErrName, what)
	}
	if len(s) > MaxName {
		return fmt.Errorf("%w: %s of %d bytes (at most %d)", ErrName, what, len(s), MaxName)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.', c == '_', c == '-':
		case c == '/' && slash:
		default:
			return fmt.Errorf("%w: %s %q has %q (allowed: letters, digits, '.', '_', '-'%s)", ErrName, what, s, c, map[bool]string{true: ", '/' between segments"}[slash])
		}
	}
	return nil
}

func checkBody(body []byte) error {
	if len(body) > MaxBody {
		return fmt.Errorf("%w: %d bytes (at most %d)", ErrTooBig, len(body), MaxBody)
	}
	return nil
}
