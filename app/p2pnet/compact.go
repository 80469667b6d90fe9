package p2pnet

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
)

// Compact SDP: a datachannel-only session needs only the ICE credentials,
// the DTLS fingerprint, the DTLS role and a few candidates. Compact keeps
// exactly those, in a versioned binary layout:
//
//	byte 0      version<<4 | answer<<3 | setup<<1 | hasMid
//	ufrag       count byte, then 6-bit packed ICE chars
//	pwd         count byte, then 6-bit packed ICE chars
//	fingerprint 32 bytes (sha-256)
//	[mid]       length byte + bytes, only when hasMid (mid other than "0")
//	candidates  count byte, then per candidate:
//	              byte typ<<2 | addrKind, address (4, 16 or 16 bytes),
//	              port (2 bytes, big-endian)
//
// addrKind is IPv4, IPv6 or an mDNS name "<uuid>.local" kept as its 16
// UUID bytes. SDP rebuilds a full SDP from a fixed template.
type Compact struct {
	Answer      bool
	Setup       string // "actpass", "active", "passive"
	Ufrag, Pwd  string
	Fingerprint [32]byte
	Mid         string
	Candidates  []Candidate
}

// Candidate is one ICE candidate (component 1, UDP).
type Candidate struct {
	Type string // "host", "srflx", "prflx", "relay"
	Addr string // IP literal or "<uuid>.local"
	Port uint16
}

// validMid: a media id is rebuilt into the SDP as is, so it may hold only
// token characters (no CR, LF or space that would start another line).
func validMid(m string) bool {
	if m == "" || len(m) > 32 {
		return false
	}
	for i := 0; i < len(m); i++ {
		c := m[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// CompactVersion is the layout version in byte 0.
const CompactVersion = 1

// MaxCandidates bounds the candidates kept (the first ones, in the order
// the browser listed them).
const MaxCandidates = 4

var (
	ErrBadCode = errors.New("p2pnet: not a valid code")
	// ErrOtherGame: a sound code, of another game than this one.
	ErrOtherGame = fmt.Errorf("%w: the code is for another game", ErrBadCode)
	// ErrOtherOffer: a reply of this game to an invite this device holds
	// open no more (replaced by a new link, or answered already).
	ErrOtherOffer = fmt.Errorf("%w: the reply answers another invite", ErrBadCode)
	setups        = []string{"actpass", "active", "passive"}
	candTypes     = []string{"host", "srflx", "prflx", "relay"}
)

const iceChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// ParseSDP extracts the compact form of a local description.
func ParseSDP(sdp string, answer bool) (*Compact, error) {
	c := &Compact{Answer: answer, Mid: "0"}
	fp := false
	for _, line := range strings.Split(sdp, "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.HasPrefix(line, "a=ice-ufrag:"):
			c.Ufrag = line[len("a=ice-ufrag:"):]
		case strings.HasPrefix(line, "a=ice-pwd:"):
			c.Pwd = line[len("a=ice-pwd:"):]
		case strings.HasPrefix(line, "a=fingerprint:sha-256 "):
			b, err := hex.DecodeString(strings.ReplaceAll(line[len("a=fingerprint:sha-256 "):], ":", ""))
			if err != nil || len(b) != 32 {
				return nil, fmt.Errorf("p2pnet: bad fingerprint line %q", line)
			}
			copy(c.Fingerprint[:], b)
			fp = true
		case strings.HasPrefix(line, "a=setup:"):
			c.Setup = line[len("a=setup:"):]
		case strings.HasPrefix(line, "a=mid:"):
			c.Mid = line[len("a=mid:"):]
			if !validMid(c.Mid) {
				return nil, fmt.Errorf("p2pnet: SDP media id %q", c.Mid)
			}
		case strings.HasPrefix(line, "a=candidate:"):
			if cand, ok := parseCandidate(line[len("a=candidate:"):]); ok && len(c.Candidates) < MaxCandidates {
				c.Candidates = append(c.Candidates, cand)
			}
		}
	}
	switch {
	case c.Ufrag == "" || c.Pwd == "":
		return nil, errors.New("p2pnet: SDP without ICE credentials")
	case !fp:
		return nil, errors.New("p2pnet: SDP without a sha-256 fingerprint")
	case index(setups, c.Setup) < 0:
		return nil, fmt.Errorf("p2pnet: SDP setup role %q", c.Setup)
	}
	return c, nil
}

func parseCandidate(s string) (Candidate, bool) {
	f := strings.Fields(s)
	// foundation component transport priority address port typ type …
	if len(f) < 8 || f[1] != "1" || !strings.EqualFold(f[2], "udp") || f[6] != "typ" {
		return Candidate{}, false
	}
	port, err := strconv.ParseUint(f[5], 10, 16)
	if err != nil || index(candTypes, f[7]) < 0 {
		return Candidate{}, false
	}
	c := Candidate{Type: f[7], Addr: f[4], Port: uint16(port)}
	if _, ok := mdnsUUID(c.Addr); !ok {
		if _, err := netip.ParseAddr(c.Addr); err != nil {
			return Candidate{}, false
		}
	}
	return c, true
}

func mdnsUUID(addr string) ([16]byte, bool) {
	var u [16]byte
	name, ok := strings.CutSuffix(addr, ".local")
	if !ok {
		return u, false
	}
	h := strings.ReplaceAll(name, "-", "")
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != 16 || len(name) != 36 || strings.ToLower(name) != formatUUID(b) {
		return u, false
	}
	copy(u[:], b)
	return u, true
}

func formatUUID(b []byte) string {
	x := hex.EncodeToString(b)
	return x[:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:]
}

func index(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

func packICE(s string) ([]byte, error) {
	if len(s) == 0 || len(s) > 255 {
		return nil, fmt.Errorf("p2pnet: ICE string of %d chars", len(s))
	}
	out := []byte{byte(len(s))}
	var acc uint32
	bits := 0
	for i := 0; i < len(s); i++ {
		v := strings.IndexByte(iceChars, s[i])
		if v < 0 {
			return nil, fmt.Errorf("p2pnet: %q is not an ICE character", s[i])
		}
		acc = acc<<6 | uint32(v)
		bits += 6
		for bits >= 8 {
			out = append(out, byte(acc>>(bits-8)))
			bits -= 8
		}
	}
	if bits > 0 {
		out = append(out, byte(acc<<(8-bits)))
	}
	return out, nil
}

func unpackICE(b []byte) (string, []byte, error) {
	if len(b) < 1 || b[0] == 0 {
		return "", nil, ErrBadCode
	}
	n := int(b[0])
	size := (n*6 + 7) / 8
	if len(b) < 1+size {
		return "", nil, ErrBadCode
	}
	var sb strings.Builder
	var acc uint32
	bits := 0
	p := b[1 : 1+size]
	for _, c := range p {
		acc = acc<<8 | uint32(c)
		bits += 8
		for bits >= 6 && sb.Len() < n {
			sb.WriteByte(iceChars[(acc>>(bits-6))&63])
			bits -= 6
		}
	}
	// Canonical: the padding bits of the last byte are zero.
	if sb.Len() != n || acc&(1<<bits-1) != 0 {
		return "", nil, ErrBadCode
	}
	return sb.String(), b[1+size:], nil
}

// Bytes is the binary compact form.
func (c *Compact) Bytes() ([]byte, error) {
	s := index(setups, c.Setup)
	if s < 0 {
		return nil, fmt.Errorf("p2pnet: setup role %q", c.Setup)
	}
	hasMid := c.Mid != "0"
	b := []byte{CompactVersion<<4 | boolBit(c.Answer)<<3 | byte(s)<<1 | boolBit(hasMid)}
	u, err := packICE(c.Ufrag)
	if err != nil {
		return nil, err
	}
	p, err := packICE(c.Pwd)
	if err != nil {
		return nil, err
	}
	b = append(append(b, u...), p...)
	b = append(b, c.Fingerprint[:]...)
	if hasMid {
		if !validMid(c.Mid) {
			return nil, fmt.Errorf("p2pnet: media id %q", c.Mid)
		}
		b = append(append(b, byte(len(c.Mid))), c.Mid...)
	}
	if len(c.Candidates) > MaxCandidates {
		return nil, errors.New("p2pnet: too many candidates")
	}
	b = append(b, byte(len(c.Candidates)))
	for _, cd := range c.Candidates {
		t := index(candTypes, cd.Type)
		if t < 0 {
			return nil, fmt.Errorf("p2pnet: candidate type %q", cd.Type)
		}
		if u, ok := mdnsUUID(cd.Addr); ok {
			b = append(b, byte(t)<<2|2)
			b = append(b, u[:]...)
		} else {
			ip, err := netip.ParseAddr(cd.Addr)
			if err != nil {
				return nil, err
			}
			if ip.Is4() {
				a := ip.As4()
				b = append(append(b, byte(t)<<2|0), a[:]...)
			} else {
				a := ip.As16()
				b = append(append(b, byte(t)<<2|1), a[:]...)
			}
		}
		b = binary.BigEndian.AppendUint16(b, cd.Port)
	}
	return b, nil
}

func boolBit(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// DecodeCompact parses Bytes' output (and returns what follows it). It
// never panics.
func DecodeCompact(b []byte) (*Compact, []byte, error) {
	if len(b) < 1 || b[0]>>4 != CompactVersion {
		return nil, nil, fmt.Errorf("%w: unknown version", ErrBadCode)
	}
	c := &Compact{Answer: b[0]&8 != 0, Mid: "0"}
	s := int(b[0] >> 1 & 3)
	if s >= len(setups) {
		return nil, nil, ErrBadCode
	}
	c.Setup = setups[s]
	hasMid := b[0]&1 != 0
	var err error
	if c.Ufrag, b, err = unpackICE(b[1:]); err != nil {
		return nil, nil, err
	}
	if c.Pwd, b, err = unpackICE(b); err != nil {
		return nil, nil, err
	}
	if len(b) < 33 {
		return nil, nil, ErrBadCode
	}
	copy(c.Fingerprint[:], b)
	b = b[32:]
	if hasMid {
		n := int(b[0])
		if n == 0 || n > 32 || len(b) < 1+n {
			return nil, nil, ErrBadCode
		}
		c.Mid, b = string(b[1:1+n]), b[1+n:]
		if len(b) < 1 || c.Mid == "0" || !validMid(c.Mid) {
			return nil, nil, fmt.Errorf("%w: media id with characters an SDP line cannot hold", ErrBadCode)
		}
	}
	n := int(b[0])
	b = b[1:]
	if n > MaxCandidates {
		return nil, nil, ErrBadCode
	}
	for i := 0; i < n; i++ {
		if len(b) < 1 {
			return nil, nil, ErrBadCode
		}
		t, kind := int(b[0]>>2), b[0]&3
		if t >= len(candTypes) || b[0]>>4 != 0 {
			return nil, nil, ErrBadCode
		}
		size := map[byte]int{0: 4, 1: 16, 2: 16}[kind]
		if size == 0 || len(b) < 1+size+2 {
			return nil, nil, ErrBadCode
		}
		a := b[1 : 1+size]
		cd := Candidate{Type: candTypes[t], Port: binary.BigEndian.Uint16(b[1+size:])}
		switch kind {
		case 0:
			cd.Addr = netip.AddrFrom4([4]byte(a)).String()
		case 1:
			cd.Addr = netip.AddrFrom16([16]byte(a)).String()
		case 2:
			cd.Addr = formatUUID(a) + ".local"
		}
		c.Candidates = append(c.Candidates, cd)
		b = b[1+size+2:]
	}
	return c, b, nil
}

// Check validates every field that SDP writes into a line: a code made
// by hand (or by a hostile peer) cannot inject lines.
func (c *Compact) Check() error {
	if index(setups, c.Setup) < 0 {
		return fmt.Errorf("%w: setup role %q", ErrBadCode, c.Setup)
	}
	for _, s := range []string{c.Ufrag, c.Pwd} {
		if s == "" || len(s) > 255 {
			return fmt.Errorf("%w: ICE credential of %d characters", ErrBadCode, len(s))
		}
		for i := 0; i < len(s); i++ {
			if strings.IndexByte(iceChars, s[i]) < 0 {
				return fmt.Errorf("%w: %q is not an ICE character", ErrBadCode, s[i])
			}
		}
	}
	if !validMid(c.Mid) {
		return fmt.Errorf("%w: media id %q", ErrBadCode, c.Mid)
	}
	if len(c.Candidates) > MaxCandidates {
		return fmt.Errorf("%w: %d candidates", ErrBadCode, len(c.Candidates))
	}
	for _, cd := range c.Candidates {
		if index(candTypes, cd.Type) < 0 {
			return fmt.Errorf("%w: candidate type %q", ErrBadCode, cd.Type)
		}
		if _, ok := mdnsUUID(cd.Addr); !ok {
			if _, err := netip.ParseAddr(cd.Addr); err != nil || strings.ContainsAny(cd.Addr, " \r\n") {
				return fmt.Errorf("%w: candidate address %q", ErrBadCode, cd.Addr)
			}
		}
	}
	return nil
}

// SDP rebuilds a full session description from the template. Call Check
// first on a Compact that did not come from DecodeCompact or ParseSDP.
func (c *Compact) SDP() string {
	var b strings.Builder
	fp := make([]string, 32)
	for i, v := range c.Fingerprint {
		fp[i] = fmt.Sprintf("%02X", v)
	}
	fmt.Fprintf(&b, "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n")
	fmt.Fprintf(&b, "a=group:BUNDLE %s\r\na=msid-semantic: WMS\r\n", c.Mid)
	fmt.Fprintf(&b, "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n")
	fmt.Fprintf(&b, "a=ice-ufrag:%s\r\na=ice-pwd:%s\r\na=ice-options:trickle\r\n", c.Ufrag, c.Pwd)
	fmt.Fprintf(&b, "a=fingerprint:sha-256 %s\r\na=setup:%s\r\na=mid:%s\r\n", strings.Join(fp, ":"), c.Setup, c.Mid)
	fmt.Fprintf(&b, "a=sctp-port:5000\r\na=max-message-size:262144\r\n")
	prio := map[string]uint32{"host": 126, "prflx": 110, "srflx": 100, "relay": 0}
	for i, cd := range c.Candidates {
		p := prio[cd.Type]<<24 | uint32(65535-i)<<8 | 255
		fmt.Fprintf(&b, "a=candidate:%d 1 udp %d %s %d typ %s", i+1, p, cd.Addr, cd.Port, cd.Type)
		if cd.Type != "host" {
			b.WriteString(" raddr 0.0.0.0 rport 0")
		}
		b.WriteString("\r\n")
	}
	b.WriteString("a=end-of-candidates\r\n")
	return b.String()
}

// Encode is the base64url (unpadded) text of the compact form.
func (c *Compact) Encode() (string, error) {
	b, err := c.Bytes()
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}
