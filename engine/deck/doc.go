// Package deck deals hidden cards among 2–4 devices with no server
// ("mental poker"): the parties jointly shuffle an encrypted deck, and each
// card is opened to exactly the parties that may see it; every cheat is
// detected and the cheater named with a proof. docs/p2p.md ("Hidden
// cards: dealing by cryptography") gives the threat model, the protocol
// step by step and its costs; engine/p2p carries these messages in the
// signed log of a sealed game.
//
// A party is a device (seats played by one device are one party; bot
// seats are none). Parts, all standard: the prime-order group
// ristretto255, ElGamal encryption under the sum of the parties' keys,
// Schnorr proofs of knowledge for the keys, Chaum–Pedersen (DLEQ) proofs
// for decryption shares, Fiat–Shamir over domain-separated SHA-512
// transcripts, Shamir sharing with Feldman commitments for the key escrow,
// and Diffie–Hellman + HKDF + AES-GCM to seal an escrow share or a
// decryption share to one party.
//
// Files: keys.go (keys, rogue-key proofs), shuffle.go (the shuffle and its
// recomputation), open.go (decryption shares, who learns a card), among.go
// (a card opened to a set of parties: shares sealed within it, accusations),
// escrow.go (escrow, complaints, a departed party's key), audit.go (the
// end-of-game check), messages.go and wire.go (the messages and their one
// binary form), deck.go (one party's state machine), wait.go (what it
// waits for), group.go and proof.go (the group, transcripts, the two
// proofs), seal.go (sealing to one party); secret.go, secretmsg.go,
// secretleave.go and secretcomplaint.go (a secret: a value two parties
// draw and only they learn, Catan's stolen card, with the same parts).
//
// A deck of no party (Config.Me = Observer) checks every message and
// knows what is opened to all: spectators and game-file verifiers.
//
// The package is pure and deterministic: no clock, no global randomness
// (each party's secrets come from Config.Rand), no syscall/js; the same
// inputs give the same bytes natively and in wasm. So a device keeps no
// deck state of its own: a reader it can recreate (a stored seed) and the
// log, with Open, Leave and Reveal called at their places, rebuild its
// deck exactly (TestReplayRebuildsDeck). A Deck is not safe for
// concurrent use.
package deck
