// Package p2p is the peer-to-peer sync protocol of Tabula: a transport-
// agnostic state machine (messages in → messages out + events) that decides
// which log entries exist when 2–4 devices play one game with no server.
// It follows /work/shared/design/p2p.md ("Identity and the log", "Chance",
// "Persistence, resync, rejoin"); package app/p2pnet carries its messages
// over WebRTC.
//
// Pure Go: no wall clock (time comes in through Tick), no global random
// source (keys and secrets come from Config.Rand), no syscall/js.
//
// # Messages (wire.go; one type byte, then a canonical binary encoding)
//
//	HELLO       protocol, build, game name, rules version, game id, seat,
//	            public key, chance commitment, log head (seq, hash); signed.
//	            Mismatched protocol/build/rules/game, a seat that is not the
//	            link's, or a key other than the genesis key → REFUSE, sent
//	            back so both sides show the reason (EvRefused).
//	GENESIS     the genesis (game id, setup, rules, N, each seat's ed25519
//	            key and tip = H^N(secret)) and the signatures collected.
//	GENESIS_SIG one seat's signature over the genesis.
//	ENTRY       {game, seq, prev, author, kind, body, post, sig}.
//	PROPOSAL    one seat's signed decision in a simultaneous round.
//	REVEAL      seat's pre-image for chance request k (self-authenticating).
//	SYNC_REQ    {from}; SYNC_RESP consecutive entries, ≤ 16 KiB per message.
//	PING        head seq and hash, every PingEvery.
//	SIGNAL      a WebRTC offer/answer for the mesh, signed by its sender.
//	RELAY       {from, to, inner}: for the transport (through a common peer).
//
// # What is signed
//
// Every signature is ed25519 over a domain prefix ("tabula/<what>/v1\0") and
// the exact encoded bytes: the genesis (by every seat), each action entry
// (by its author), each proposal, each HELLO and each SIGNAL. An entry's
// hash (its name, and the next entry's prev) covers its unsigned bytes, so
// re-signing cannot rename it.
//
// # Choices made (open points of the design)
//
//   - Chance entries and simultaneous-decision entries are unsigned and
//     authorless. Their content is a pure function of the log: a chance
//     entry holds request k and every seat's reveal (each checked against
//     the seat's previous reveal, the first against the signed tip), and
//     the outcome is rng.Derive("tabula/chance" ‖ game ‖ k ‖ x_1 ‖ … ‖ x_n)
//     recomputed by every verifier; a batch entry holds the deciders'
//     signed proposals verbatim, in seat order. So every peer builds the
//     same bytes on its own, nobody can write a different one, and no
//     particular seat must be online to write it (equally safe as a turn
//     seat embedding them, and one less liveness dependency).
//   - Simultaneous decisions: when Status has several deciders, each sends
//     a PROPOSAL bound to the log head (seq and hash); once all are in, the
//     batch is applied in seat order. This relies on the engine's promise
//     that simultaneous actions may be applied in any order.
//   - Reveal index: request k (engine.Match.ChanceCount, from 0) takes
//     x_{k+1} = H^{N-k-1}(s); N = 4096. Exhaustion is reported (EvStalled
//     with ErrExhausted); extending the commitment is not implemented.
//   - A seat reveals only once request k is in its own log. Reveals for
//     later requests that arrive early are kept (two candidates per seat)
//     and checked when their turn comes; a peer that reveals an old k is
//     sent the chance entry it is missing.
//   - Equivocation: two different validly signed entries (or proposals) of
//     one seat for one seq give EvEquivocation with both encodings as the
//     proof; the second is rejected. A split (different versions sent to
//     different peers) is found through PING head hashes and SYNC. The game
//     does not pick a winner branch: the proof is shown to the players.
//   - Liveness: missing reveals are reported after StallAfter (EvStalled
//     with the seats); a seat silent for AwayAfter is EvAway (EvBack when
//     heard again). Own reveal and proposal are repeated every ResendEvery;
//     entries lost in transit come back through PING → SYNC_REQ. Bot
//     takeover of an away seat (co-signed) is not implemented.
//   - HELLO carries no challenge: a replayed HELLO can only claim presence,
//     never sign an entry; the transport binds links to seats.
//   - Before the genesis the host binds each open seat to the key of the
//     first HELLO for it (the invite is the capability); a guest pins the
//     host key from its invite.
//   - Hidden cards are known to every engine (design: a later version may
//     use a mental-poker deck; only the chance source would change).
//
// Persistence: Snapshot/Restore (keys, secret, genesis, signed log, own
// pending proposal) after every Dirty output; Restore re-verifies the whole
// log. Game files: Export writes an engine save (engine.Load and the replay
// tool read it unchanged) whose meta carries the signed genesis and log;
// Verify checks both and that they agree.
package p2p
