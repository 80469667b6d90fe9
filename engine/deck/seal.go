package deck

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/sha512"
)

// Sealing an escrow share to one party: static Diffie–Hellman between the
// dealer's and the recipient's escrow keys, K = y_d·Y_r = y_r·Y_d, then
// HKDF-SHA-512 to an AES-256-GCM key that seals exactly one message (the
// deck, dealer and recipient are in its info, and escrow keys are fresh
// for every deck), so a fixed nonce is safe. The escrow keys are not the
// deck keys: a departed party's deck key becomes public, and the shares
// it held must not.

const sealedLen = scalarLen + 16 // share and GCM tag

func sealKey(K *point, deckID []byte, dealer, recipient int) cipher.AEAD {
	return aeadFor(K, newTranscript("tabula/deck/escrow-key/v1").bytes(deckID).int(dealer).int(recipient))
}

// aeadFor derives a one-message AES-256-GCM key from a DH point K, info
// naming its one use.
func aeadFor(K *point, info *transcript) cipher.AEAD {
	key, err := hkdf.Key(sha512.New, encPoint(K), nil, string(info.buf), 32)
	if err != nil {
		panic(err) // fixed, valid lengths
	}
	blk, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	aead, err := cipher.NewGCM(blk)
	if err != nil {
		panic(err)
	}
	return aead
}

// sealAD binds a sealed share to its dealer's commitments.
func sealAD(commits [][pointLen]byte) []byte {
	t := newTranscript("tabula/deck/escrow-ad/v1")
	for _, c := range commits {
		t.bytes(c[:])
	}
	h := t.sum()
	return h[:]
}

func seal(K *point, deckID []byte, dealer, recipient int, commits [][pointLen]byte, share *scalar) (out [sealedLen]byte) {
	aead := sealKey(K, deckID, dealer, recipient)
	copy(out[:], aead.Seal(nil, make([]byte, aead.NonceSize()), encScalar(share), sealAD(commits)))
	return out
}

// unseal opens a sealed share; nil when it does not open or is no scalar.
func unseal(K *point, deckID []byte, dealer, recipient int, commits [][pointLen]byte, sealed [sealedLen]byte) *scalar {
	aead := sealKey(K, deckID, dealer, recipient)
	b, err := aead.Open(nil, make([]byte, aead.NonceSize()), sealed[:], sealAD(commits))
	if err != nil {
		return nil
	}
	s, err := decScalar(b)
	if err != nil {
		return nil
	}
	return s
}
