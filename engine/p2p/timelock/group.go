package timelock

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math/big"
)

// The group is Z_N^* / {±1} for N the RSA-2048 number of the RSA Factoring
// Challenge (1991): its factors were never published and nobody is known to
// hold them, so the group's order is unknown to every player. An element
// is stored as its representative in [1, N/2] (x and N−x are one element),
// which removes the element −1 of known order 2 (Boneh, Bünz, Fisch 2018).

const rsa2048 = "25195908475657893494027183240048398571429282126204032027777137836043662020707595556264018525880784" +
	"4069182906412495150821892985591491761845028084891200728449926873928072877767359714183472702618963750149718246911" +
	"6507761337985909570009733045974880842840179742910064245869181719511874612151517265463228221686998754918242243363" +
	"7259085141865462043576798423387184774447920739934236584823824281198163815010674810451660377306056201619676256133" +
	"8441436038339044149526344321901146575444541784240209246165157233507787077498171257724679629263863563732899121548" +
	"31438167899885040445364023527381951378636564391212010397122822120720357"

// ElementSize is the encoded size of a group element (big-endian).
const ElementSize = 256

// ErrElement: bytes that are not the encoding of a group element.
var ErrElement = errors.New("timelock: not a group element")

// Group is an RSA group of unknown order. Modulus is RSA-2048 in play;
// tests may build a group of known order to show what its knowledge breaks.
type Group struct {
	N    *big.Int
	half *big.Int // N/2: the largest representative
}

// RSA2048 is the group every game uses.
var RSA2048 = newGroup(mustInt(rsa2048))

func newGroup(n *big.Int) *Group {
	return &Group{N: n, half: new(big.Int).Rsh(n, 1)}
}

func mustInt(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic("timelock: bad constant")
	}
	return n
}

// canon maps x (in [0, N)) to its representative in [0, N/2].
func (g *Group) canon(x *big.Int) *big.Int {
	if x.Cmp(g.half) > 0 {
		x.Sub(g.N, x)
	}
	return x
}

func (g *Group) mul(a, b *big.Int) *big.Int {
	z := new(big.Int).Mul(a, b)
	return g.canon(z.Mod(z, g.N))
}

func (g *Group) exp(x, e *big.Int) *big.Int {
	return g.canon(new(big.Int).Exp(x, e, g.N))
}

// valid reports whether x is a representative: 1 ≤ x ≤ N/2 and a unit.
func (g *Group) valid(x *big.Int) bool {
	if x == nil || x.Sign() <= 0 || x.Cmp(g.half) > 0 {
		return false
	}
	return new(big.Int).GCD(nil, nil, x, g.N).Cmp(big.NewInt(1)) == 0
}

// Encode is the element's fixed-size big-endian encoding.
func (g *Group) Encode(x *big.Int) []byte {
	return x.FillBytes(make([]byte, ElementSize))
}

// Decode parses Encode's output and checks it names an element.
func (g *Group) Decode(b []byte) (*big.Int, error) {
	if len(b) != ElementSize {
		return nil, ErrElement
	}
	x := new(big.Int).SetBytes(b)
	if !g.valid(x) {
		return nil, ErrElement
	}
	return x, nil
}

// HashToElement maps a domain and data to an element nobody knows a
// discrete logarithm of: SHA-256 in counter mode over 2304 bits, reduced
// mod N (the bias is below 2^-256).
func (g *Group) HashToElement(domain string, data ...[]byte) *big.Int {
	seed := sha256.New()
	seed.Write([]byte("tabula/timelock/" + domain + "/v1\x00"))
	for _, d := range data {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(d)))
		seed.Write(n[:])
		seed.Write(d)
	}
	s := seed.Sum(nil)
	for ctr := uint32(0); ; ctr++ {
		var wide []byte
		for i := uint32(0); i < 9; i++ {
			var c [8]byte
			binary.BigEndian.PutUint32(c[:4], ctr)
			binary.BigEndian.PutUint32(c[4:], i)
			blk := sha256.Sum256(append(append([]byte{}, s...), c[:]...))
			wide = append(wide, blk[:]...)
		}
		x := g.canon(new(big.Int).Mod(new(big.Int).SetBytes(wide), g.N))
		if g.valid(x) { // fails only by factoring N
			return x
		}
	}
}
