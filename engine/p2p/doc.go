// Package p2p is the peer-to-peer sync protocol of Tabula: a transport-
// agnostic state machine (messages in → messages out + events) that decides
// which log entries exist when 2–4 devices play one game with no server.
// It follows /work/shared/design/p2p.md ("Identity and the log", "Chance",
// "Persistence, resync, rejoin", including the co-signed bot takeover of
// an away seat); package app/p2pnet carries its messages over WebRTC.
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
//	VOTE        {game, base seq, base hash, voter, seats}: consent to hand
//	            seats to the bot after entry base; signed.
//	RECLAIM     {game, seat, since (takeover seq)}: a taken-over seat asks
//	            to play again; signed by that seat.
//
// # Entry kinds
//
//	action    a seat's action JSON, signed by its author.
//	chance    request k and the reveals: every seat's, or with bot-played
//	          seats the human seats' with that seat list in the body.
//	batch     the deciders' signed proposals of a simultaneous round (the
//	          bot's seats' parts unsigned, checked by recomputation).
//	takeover  the bot version, the seats, and every other human seat's
//	          vote verbatim in seat order. Unsigned.
//	bot       a bot-played seat's action (Author = that seat). Unsigned.
//	reclaim   the owner's signed RECLAIM, embedded and signed by the human
//	          seat that alone decides at that point.
//
// # What is signed
//
// Every signature is ed25519 over a domain prefix ("tabula/<what>/v1\0") and
// the exact encoded bytes: the genesis (by every seat), each action and
// reclaim entry (by its author), each proposal, each HELLO, SIGNAL, VOTE
// and RECLAIM. An entry's
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
//     x_{k+1} = H^{N-k-1}(s); N = 4096. A seat that skipped requests
//     (played by the bot meanwhile) is checked over the gap: hashing its
//     reveal k+1-j times gives its last revealed x_j.
//   - Known limit: the commitment is not extended. A game needing more
//     than N = 4096 chance outcomes stops with EvStalled wrapping
//     ErrExhausted on every peer (log intact, exportable); a 3-seat Catan
//     game uses ~130. Extending it safely needs the next tip signed into
//     the log before it is used, also for a seat that was bot-played over
//     the switch (else its late commitment could be ground against the
//     others' reveals): not worth it for games this short.
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
//     entries lost in transit come back through PING → SYNC_REQ (asked
//     again every ResendEvery while unanswered).
//
// # Bot takeover of away seats (takeover.go)
//
//   - ProposeTakeover(seat) signs a VOTE bound to the log head. Allowed
//     only while the log waits on one of the voted seats (a chance
//     request, or a decider), so every entry that could compete for the
//     next seq needs those seats. A second call for another seat at the
//     same head signs one vote for both (a vote never shrinks, and is
//     refused for a seat whose own vote we saw there: it is present). All
//     votes of a takeover must name the same seats: players see each
//     other's votes (EvVote) to join them.
//   - Needed: a vote from every human seat not taken over; at least one.
//     Each voter builds the same takeover entry once all are in, and
//     broadcasts it (for the taken-over seat and late peers).
//   - Hold: after voting at head B a peer applies and builds no other
//     entry for B+1 (the vote is in its snapshot, so a reload keeps the
//     promise). So when a takeover completes no voter has another B+1,
//     and only the taken-over seat can hold one: when the takeover reaches
//     it, it rolls back its own lone entries (rollbackFor); others drop
//     such stale entries quietly and send it their log from the takeover
//     (serveTakenOver). Release: if a seat that is not taken over serves
//     us a B+1 entry by SYNC, it went on without voting, so the takeover
//     cannot complete: our vote is dropped (EvVote with Err). Honest peers
//     cannot fork this way; a seat that votes and also goes on can split
//     the others (as any equivocation; shown as EvFork).
//   - Two seats voting each other out at once, when only they are left and
//     cannot reach each other, fork: both takeovers are valid. Rare;
//     reported as EvFork when they meet.
//   - The bot: bot.NewGreedy(BotSeed(game, seat)), created at the takeover
//     and asked once per decision, in log order, on the state before it
//     (a simultaneous round: the same state as the humans). Every peer and
//     Verify recompute it, so its entries carry no signature and a
//     different action is refused (ErrBadBot). Greedy rates with float64:
//     identical wherever Go does not fuse multiply-add (wasm, amd64 by
//     default); where it may (arm64), results differ in the last bits
//     only, far inside greedy's 1e-9 tie tolerance. BotVersion is recorded in the takeover;
//     a change of engine/bot's choices must change it (a pinned game test
//     fails as a reminder), and a log is verified only by a build whose
//     bot chooses alike.
//   - Chance after a takeover uses the human seats' reveals only; the seat
//     list is in the entry and in the rng key ("tabula/chance/seats" ‖
//     game ‖ k ‖ seat, x …), so verification is exact.
//   - A proposal we made in a round that a takeover interrupted is signed
//     again for the new head (the state did not change).
//   - Reclaim: the owner signs RECLAIM naming its takeover entry (so it
//     cannot be replayed against a later takeover); the next human seat
//     that alone decides embeds it in a reclaim entry it signs: one
//     writer, so nothing races it. The owner's reveals are then checked
//     over the gap.
//   - HELLO carries no challenge: a replayed HELLO can only claim presence,
//     never sign an entry; the transport binds links to seats.
//   - Before the genesis the host binds each open seat to the key of the
//     first HELLO for it (the invite is the capability); a guest pins the
//     host key from its invite.
//   - Hidden cards are known to every engine (design: a later version may
//     use a mental-poker deck; only the chance source would change).
//
// Persistence: Snapshot/Restore (keys, secret, genesis, signed log, own
// pending proposal, own takeover vote) after every Dirty output; Restore
// re-verifies the whole log, recomputing the bot's moves. Game files:
// Export writes an engine save (engine.Load and the replay tool read it
// unchanged) whose meta carries the signed genesis and log; Verify (and
// VerifyFile, which also returns the signed log and the bot's seats)
// checks both and that they agree. Package p2ptest plays whole games in
// memory for tools' tests.
package p2p
