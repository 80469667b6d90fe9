// Package timelock is the time lock behind network play's chance: rounds
// of Bicorn-RX (Choi, Arun, Tyagi, Bonneau, "Bicorn: an optimistically
// efficient distributed randomness beacon", FC 2023) in the RSA group of
// the RSA-2048 factoring challenge, with Wesolowski's proofs of sequential
// squaring ("Efficient verifiable delay functions", Eurocrypt 2019).
//
// Each contributor commits c = g^α; the commitments alone fix the output
// Ω = (∏ c_i^ℓ_i)^(2^T) (ℓ_i hashed from all commitments). Opening every α
// gives Ω at once through the public h = g^(2^T); when some are withheld,
// anyone computes their part with T squarings and a proof that the others
// check with two short exponentiations. Withholding therefore changes when
// Ω is known, never what it is. How engine/p2p uses it, the threat model
// and the limits are in docs/p2p.md ("Chance that no seat can bend").
//
// Only math/big and crypto/sha256: the group, the hash to the group and
// to a prime, the proof and the round are here, each short and tested
// (including a forgery with a modulus of known factors, which is why the
// modulus must be one nobody can factor).
package timelock
