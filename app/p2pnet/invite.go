package p2pnet

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"strings"
	"time"

	"tabula/engine/p2p"
)

// An invite link is the site URL with a fragment (never sent to the
// static host): SITE#join=<base64url>. Its bytes:
//
//	byte 'I'        kind (and format version: 'I' is version 1)
//	compact offer   (see Compact)
//	game id         16 bytes
//	byte            to<<4 | from: the seat invited (15 = any seat, for a
//	                resume invite) and the inviting seat
//	inviter key     32 bytes (ed25519): the guest pins it
//	expiry          4 bytes, Unix minutes, big-endian
//
// A reply code (the guest's answer, pasted back by the inviter) is:
//
//	byte 'R', compact answer, game tag (first 4 bytes of the game id),
//	byte: the replying seat.
type Invite struct {
	Offer   *Compact
	Game    p2p.GameID
	To      int // invited seat, AnySeat for a resume invite
	From    int // inviting seat
	Key     p2p.PublicKey
	Expires time.Time
}

// AnySeat in Invite.To: any seat of the game may answer (resume).
const AnySeat = 15

// Reply is the answer to an invite.
type Reply struct {
	Answer *Compact
	Tag    [4]byte // the game's (its id's first bytes)
	// Offer names the invite answered (OfferTag of its offer), so a reply
	// pasted for another invite of the game is refused in words instead
	// of consuming that invite with a link that can never come up. Zero in
	// a reply of an earlier version, which named none.
	Offer [4]byte
	Seat  int
}

// OfferTag names an invite's offer in its replies: 4 bytes of the
// SHA-256 of the offer's compact form (its ICE credentials and DTLS
// fingerprint, new for every offer).
func OfferTag(c *Compact) ([4]byte, error) {
	b, err := c.Bytes()
	if err != nil {
		return [4]byte{}, err
	}
	h := sha256.Sum256(b)
	return [4]byte(h[:4]), nil
}

// Answers reports whether r names the offer of invite code (false for a
// reply that names none, or a damaged code).
func (r *Reply) Answers(code string) bool {
	iv, err := ParseInvite(code)
	if err != nil || r.Offer == ([4]byte{}) {
		return false
	}
	t, err := OfferTag(iv.Offer)
	return err == nil && t == r.Offer
}

// JoinPrefix is the fragment key of an invite link.
const JoinPrefix = "#join="

// JoinKey marks the code in a fragment that carries other keys first
// (SITE/#g=catan&…&join=CODE): such a link holds one "#", which chat
// apps keep whole.
const JoinKey = "&join="

// JoinCode is the invite code of a link: what follows "#join=", or
// "&join=" in the fragment; s itself when it has neither (a bare code).
func JoinCode(s string) string {
	if i := strings.Index(s, JoinPrefix); i >= 0 {
		return s[i+len(JoinPrefix):]
	}
	if h := strings.Index(s, "#"); h >= 0 {
		if i := strings.LastIndex(s[h:], JoinKey); i >= 0 {
			return s[h+i+len(JoinKey):]
		}
	}
	return s
}

// Encode returns the invite code (no URL).
func (iv *Invite) Encode() (string, error) {
	ob, err := iv.Offer.Bytes()
	if err != nil {
		return "", err
	}
	if iv.To < 0 || iv.To > 15 || iv.From < 0 || iv.From > 14 {
		return "", fmt.Errorf("p2pnet: seats %d/%d out of range", iv.To, iv.From)
	}
	b := append([]byte{'I'}, ob...)
	b = append(b, iv.Game[:]...)
	b = append(b, byte(iv.To<<4|iv.From))
	b = append(b, iv.Key[:]...)
	b = binary.BigEndian.AppendUint32(b, uint32(iv.Expires.Unix()/60))
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// Link is site + "#join=" + the code.
func (iv *Invite) Link(site string) (string, error) {
	code, err := iv.Encode()
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(site, "/") + "/" + JoinPrefix + code, nil
}

// ParseInvite reads an invite link or a bare invite code.
func ParseInvite(s string) (*Invite, error) {
	s = JoinCode(strings.TrimSpace(s))
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(b) < 1 || b[0] != 'I' {
		return nil, fmt.Errorf("%w: not an invite", ErrBadCode)
	}
	c, rest, err := DecodeCompact(b[1:])
	if err != nil {
		return nil, err
	}
	if c.Answer || len(rest) != 16+1+32+4 {
		return nil, fmt.Errorf("%w: invite of the wrong shape", ErrBadCode)
	}
	iv := &Invite{Offer: c}
	copy(iv.Game[:], rest)
	iv.To, iv.From = int(rest[16]>>4), int(rest[16]&15)
	copy(iv.Key[:], rest[17:])
	iv.Expires = time.Unix(int64(binary.BigEndian.Uint32(rest[49:]))*60, 0)
	if iv.From > 14 {
		return nil, fmt.Errorf("%w: inviting seat", ErrBadCode)
	}
	return iv, nil
}

// Encode returns the reply code.
func (r *Reply) Encode() (string, error) {
	ab, err := r.Answer.Bytes()
	if err != nil {
		return "", err
	}
	b := append([]byte{'R'}, ab...)
	b = append(b, r.Tag[:]...)
	b = append(b, r.Offer[:]...)
	b = append(b, byte(r.Seat))
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// ParseReply reads a reply code.
func ParseReply(s string) (*Reply, error) {
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimSpace(s))
	if err != nil || len(b) < 1 || b[0] != 'R' {
		return nil, fmt.Errorf("%w: not a reply code", ErrBadCode)
	}
	c, rest, err := DecodeCompact(b[1:])
	if err != nil {
		return nil, err
	}
	// 4 bytes of game, 4 of offer (none in an earlier version), the seat.
	if !c.Answer || len(rest) != 9 && len(rest) != 5 || rest[len(rest)-1] >= p2p.MaxSeats {
		return nil, fmt.Errorf("%w: reply of the wrong shape", ErrBadCode)
	}
	r := &Reply{Answer: c, Seat: int(rest[len(rest)-1])}
	copy(r.Tag[:], rest)
	if len(rest) == 9 {
		copy(r.Offer[:], rest[4:])
	}
	return r, nil
}
