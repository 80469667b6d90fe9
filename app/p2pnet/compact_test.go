package p2pnet

import (
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A Chromium offer and answer, captured from headless Chromium 1xx on this
// project's machine (fake media permission, loopback allowed): four UDP
// host candidates each (IPv4 and IPv6) and TCP ones, which are dropped.
func TestChromiumSDPRoundTrip(t *testing.T) {
	for _, f := range []string{"chromium-offer.sdp", "chromium-answer.sdp"} {
		raw, err := os.ReadFile("testdata/" + f)
		if err != nil {
			t.Fatal(err)
		}
		answer := strings.Contains(f, "answer")
		c, err := ParseSDP(string(raw), answer)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Ufrag) != 4 || len(c.Pwd) != 24 || len(c.Candidates) != 4 {
			t.Fatalf("%s: parsed %+v", f, c)
		}
		for _, cd := range c.Candidates {
			if !strings.Contains(string(raw), " "+cd.Addr+" "+itoa(cd.Port)+" typ "+cd.Type) {
				t.Fatalf("%s: candidate %+v not in the SDP", f, cd)
			}
		}
		roundTrip(t, c)
		// The rebuilt SDP parses back to the same compact form.
		again, err := ParseSDP(c.SDP(), answer)
		if err != nil || !reflect.DeepEqual(again, c) {
			t.Fatalf("%s: rebuilt SDP parses to %+v (%v)", f, again, err)
		}
		code, _ := c.Encode()
		one := *c
		one.Candidates = c.Candidates[:1]
		code1, _ := one.Encode()
		t.Logf("%s: %d chars with 4 candidates, %d with 1", f, len(code), len(code1))
		if len(code1) > 150 {
			t.Fatalf("single-candidate code of %d chars", len(code1))
		}
	}
}

func itoa(p uint16) string { return strconv.Itoa(int(p)) }

func roundTrip(t *testing.T, c *Compact) {
	t.Helper()
	b, err := c.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	got, rest, err := DecodeCompact(b)
	if err != nil || len(rest) != 0 || !reflect.DeepEqual(got, c) {
		t.Fatalf("round trip: %+v, rest %d, %v; want %+v", got, len(rest), err, c)
	}
}

// mDNS candidates (what Chromium shows without media permission) travel as
// 16-byte UUIDs. Hand-written from Chromium's format; srflx and relay
// candidates keep their type.
func TestMDNSAndTypes(t *testing.T) {
	sdp := "v=0\r\na=ice-ufrag:Ab+/\r\na=ice-pwd:0123456789abcdefABCDEF+/\r\n" +
		"a=fingerprint:sha-256 " + strings.Repeat("0A:", 31) + "FF\r\na=setup:actpass\r\na=mid:data\r\n" +
		"a=candidate:1 1 udp 2113937151 0b3c5a7e-1d2f-4c3b-9a8e-7f6d5c4b3a29.local 54321 typ host generation 0\r\n" +
		"a=candidate:2 1 udp 1677729535 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0\r\n" +
		"a=candidate:3 1 udp 33562623 2001:db8::1 3478 typ relay raddr 203.0.113.7 rport 61000\r\n" +
		"a=candidate:4 2 udp 2113937150 10.0.0.1 1 typ host\r\n" + // component 2: dropped
		"a=candidate:5 1 tcp 1518214911 10.0.0.1 9 typ host tcptype active\r\n" // TCP: dropped
	c, err := ParseSDP(sdp, false)
	if err != nil {
		t.Fatal(err)
	}
	want := []Candidate{{"host", "0b3c5a7e-1d2f-4c3b-9a8e-7f6d5c4b3a29.local", 54321}, {"srflx", "203.0.113.7", 61000}, {"relay", "2001:db8::1", 3478}}
	if !reflect.DeepEqual(c.Candidates, want) || c.Mid != "data" {
		t.Fatalf("got %+v", c)
	}
	roundTrip(t, c)
	one := *c
	one.Candidates = c.Candidates[:1]
	code, _ := one.Encode()
	t.Logf("single mDNS candidate, 4-char ufrag: %d chars", len(code))
	if len(code) > 150 {
		t.Fatalf("code of %d chars", len(code))
	}
	if s := c.SDP(); !strings.Contains(s, "a=candidate:2 1 udp 1694498559 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0\r\n") ||
		!strings.Contains(s, "a=mid:data\r\n") || !strings.Contains(s, "a=setup:actpass") {
		t.Fatalf("rebuilt SDP:\n%s", s)
	}
}

func TestParseSDPRefuses(t *testing.T) {
	for _, sdp := range []string{"", "v=0\r\na=ice-ufrag:abcd\r\n", "a=ice-ufrag:abcd\r\na=ice-pwd:x\r\na=setup:actpass\r\n",
		"a=ice-ufrag:abcd\r\na=ice-pwd:abcdabcdabcdabcdabcdabcd\r\na=fingerprint:sha-256 00\r\na=setup:actpass\r\n"} {
		if _, err := ParseSDP(sdp, false); err == nil {
			t.Fatalf("accepted %q", sdp)
		}
	}
	bad := &Compact{Setup: "actpass", Ufrag: "ab~c", Pwd: "abcdabcdabcdabcdabcdabcd"}
	if _, err := bad.Bytes(); err == nil {
		t.Fatal("non-ICE character accepted")
	}
}

func TestInviteAndReply(t *testing.T) {
	raw, _ := os.ReadFile("testdata/chromium-offer.sdp")
	c, err := ParseSDP(string(raw), false)
	if err != nil {
		t.Fatal(err)
	}
	c.Candidates = c.Candidates[:1]
	iv := &Invite{Offer: c, To: 2, From: 0, Expires: time.Unix(1_900_000_020*60, 0)}
	iv.Game[3], iv.Key[5] = 9, 7
	link, err := iv.Link("https://tabula.example/")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseInvite(link)
	if err != nil || !reflect.DeepEqual(got, iv) {
		t.Fatalf("invite round trip: %+v %v", got, err)
	}
	code, _ := iv.Encode()
	t.Logf("invite code %d chars (link %d)", len(code), len(link))
	ra, _ := os.ReadFile("testdata/chromium-answer.sdp")
	a, _ := ParseSDP(string(ra), true)
	a.Candidates = a.Candidates[:1]
	r := &Reply{Answer: a, Seat: 2, Tag: [4]byte{0, 0, 0, 9}}
	rc, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	gr, err := ParseReply(rc)
	if err != nil || !reflect.DeepEqual(gr, r) {
		t.Fatalf("reply round trip: %+v %v", gr, err)
	}
	t.Logf("reply code %d chars", len(rc))
	// Each refuses the other.
	if _, err := ParseReply(code); err == nil {
		t.Fatal("invite read as a reply")
	}
	if _, err := ParseInvite(rc); err == nil {
		t.Fatal("reply read as an invite")
	}
}

// FuzzDecodeCompact: no input panics any decoder, and what decodes
// re-encodes to the same bytes.
func FuzzDecodeCompact(f *testing.F) {
	for _, file := range []string{"chromium-offer.sdp", "chromium-answer.sdp"} {
		raw, _ := os.ReadFile("testdata/" + file)
		c, _ := ParseSDP(string(raw), strings.Contains(file, "answer"))
		b, _ := c.Bytes()
		f.Add(b)
		iv := &Invite{Offer: c, Expires: time.Unix(0, 0)}
		if !c.Answer {
			code, _ := iv.Encode()
			f.Add([]byte(code))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, rest, err := DecodeCompact(data)
		if err == nil {
			b, err := c.Bytes()
			if err != nil {
				t.Fatalf("decoded but does not encode: %v", err)
			}
			if string(append(b, rest...)) != string(data) {
				t.Fatalf("not canonical")
			}
			_, _ = ParseSDP(c.SDP(), c.Answer)
		}
		_, _ = ParseInvite(string(data))
		_, _ = ParseReply(string(data))
		_, _ = ParseSDP(string(data), false)
	})
}
