package relay

import (
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"

	"golang.org/x/crypto/chacha20poly1305"
)

// SecretSize is the length of a game secret in bytes.
const SecretSize = 32

// NewSecret returns a fresh game secret: 32 random bytes.
func NewSecret() ([]byte, error) {
	s := make([]byte, SecretSize)
	if _, err := rand.Read(s); err != nil {
		return nil, fmt.Errorf("relay: no random secret: %w", err)
	}
	return s, nil
}

// Letter kinds, the first byte of a sealed letter's plain text.
const (
	kindPost   byte = 1 // delivered to watchers now
	kindKeep   byte = 2 // retained under its box and key
	kindForget byte = 3 // a kept letter was cleared: drop the local copy
)

const idSize = 16

// sealer holds what a room derives from its secret: the topic names the
// brokers see and the key that seals every payload.
type sealer struct {
	prefix string // tabula/1/<room id>
	names  []byte // HMAC key turning a box and key into a kept topic
	aead   cipher.AEAD
}

var b64 = base64.RawURLEncoding

func newSealer(secret []byte) (*sealer, error) {
	if len(secret) != SecretSize {
		return nil, fmt.Errorf("relay: a game secret is %d bytes, not %d", SecretSize, len(secret))
	}
	room, err := hkdf.Key(sha256.New, secret, nil, "tabula/relay/topic", 32)
	if err != nil {
		return nil, err
	}
	names, err := hkdf.Key(sha256.New, secret, nil, "tabula/relay/names", 32)
	if err != nil {
		return nil, err
	}
	key, err := hkdf.Key(sha256.New, secret, nil, "tabula/relay/seal", chacha20poly1305.KeySize)
	if err != nil {
		return nil, err
	}
	aead, err := chacha20poly1305.NewX(key)
	if err != nil {
		return nil, err
	}
	return &sealer{prefix: "tabula/1/" + b64.EncodeToString(room[:16]), names: names, aead: aead}, nil
}

// postTopic carries every posted letter (and every forget notice) of the
// room: the box is inside the sealed payload, so brokers never see it.
func (s *sealer) postTopic() string { return s.prefix + "/p" }

// keptTopic is the retained topic of one box and key: an HMAC of both, so
// a broker sees an opaque name that stays the same across Keep calls
// (a newer letter replaces the older one).
func (s *sealer) keptTopic(box, key string) string {
	m := hmac.New(sha256.New, s.names)
	m.Write([]byte(box))
	m.Write([]byte{0})
	m.Write([]byte(key))
	return s.prefix + "/k/" + b64.EncodeToString(m.Sum(nil)[:12])
}

// filter subscribes to every topic of the room.
func (s *sealer) filter() string { return s.prefix + "/#" }

// sealed is one letter as the room handles it after opening.
type sealed struct {
	kind  byte
	id    [idSize]byte
	stamp uint64 // sender's clock, nanoseconds: the newer of two kept letters wins
	box   string
	key   string
	body  []byte
}

// Overhead is what sealing adds to a letter's body besides its box and key
// names: nonce, tag, kind, id, stamp and two name lengths.
const Overhead = chacha20poly1305.NonceSizeX + chacha20poly1305.Overhead + 1 + idSize + 8 + 2

// seal makes the payload of a letter published on topic: random nonce,
// then the letter sealed with the topic as associated data (a letter moved
// to another topic does not open).
func (s *sealer) seal(topic string, l sealed) ([]byte, error) {
	plain := make([]byte, 0, 1+idSize+8+2+len(l.box)+len(l.key)+len(l.body))
	plain = append(plain, l.kind)
	plain = append(plain, l.id[:]...)
	plain = binary.BigEndian.AppendUint64(plain, l.stamp)
	plain = append(plain, byte(len(l.box)))
	plain = append(plain, l.box...)
	plain = append(plain, byte(len(l.key)))
	plain = append(plain, l.key...)
	plain = append(plain, l.body...)
	out := make([]byte, chacha20poly1305.NonceSizeX, chacha20poly1305.NonceSizeX+len(plain)+chacha20poly1305.Overhead)
	if _, err := rand.Read(out); err != nil {
		return nil, err
	}
	return s.aead.Seal(out, out, plain, []byte(topic)), nil
}

var errUnopened = errors.New("relay: a letter that does not open")

// open is the only way into the room for bytes from a broker: anything that
// fails to authenticate, is malformed, or does not belong on the topic it
// came by is refused.
func (s *sealer) open(topic string, payload []byte) (sealed, error) {
	var l sealed
	if len(payload) < Overhead || len(payload) > maxPayload {
		return l, errUnopened
	}
	nonce, box := payload[:chacha20poly1305.NonceSizeX], payload[chacha20poly1305.NonceSizeX:]
	plain, err := s.aead.Open(nil, nonce, box, []byte(topic))
	if err != nil {
		return l, errUnopened
	}
	l.kind, plain = plain[0], plain[1:]
	copy(l.id[:], plain)
	l.stamp = binary.BigEndian.Uint64(plain[idSize:])
	plain = plain[idSize+8:]
	var ok bool
	if l.box, plain, ok = cut(plain); !ok {
		return l, errUnopened
	}
	if l.key, plain, ok = cut(plain); !ok {
		return l, errUnopened
	}
	l.body = plain
	switch l.kind {
	case kindPost, kindForget:
		if topic != s.postTopic() {
			return l, errUnopened
		}
	case kindKeep:
		if topic != s.keptTopic(l.box, l.key) {
			return l, errUnopened
		}
	default:
		return l, errUnopened
	}
	if checkBox(l.box) != nil || (l.kind != kindPost && checkKey(l.key) != nil) || len(l.body) > MaxBody {
		return l, errUnopened
	}
	return l, nil
}

// cut reads one length-prefixed name.
func cut(b []byte) (string, []byte, bool) {
	if len(b) < 1 || len(b) < 1+int(b[0]) {
		return "", nil, false
	}
	n := int(b[0])
	return string(b[1 : 1+n]), b[1+n:], true
}
