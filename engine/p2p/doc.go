// Package p2p is the peer-to-peer sync protocol of Tabula: a transport-
// agnostic state machine (messages in → messages out + events) that decides
// which log entries exist when 2–4 devices play one game with no server.
// The protocol is described in docs/p2p.md (identity and the log, chance,
// persistence and resync, takeovers, and what a cheating player cannot
// do); package app/p2pnet carries its messages over WebRTC.
//
// Pure Go: no wall clock (time comes in through Tick), no global random
// source (keys and secrets come from Config.Rand), no syscall/js.
//
// # Messages (wire.go; one type byte, then a canonical binary encoding)
//
//	HELLO       protocol, build, game name, rules version, game id, seat,
//	            public key, chance commitment, log head; signed. (Another
//	            protocol's HELLO is read only up to its build: refused.)
//	            Mismatched protocol/build/rules/game, a seat that is not the
//	            link's, or a key other than the genesis key → REFUSE, sent
//	            back so both sides show the reason (EvRefused).
//	GENESIS     the genesis (game id, setup, rules, N, each seat's ed25519
//	            key, tip = H^N(secret), name and kind, the game file's meta,
//	            think time, time-lock delay T), the signatures collected.
//	GENESIS_SIG one seat's signature over the genesis.
//	ENTRY       {game, seq, prev, author, kind, body, post, sig}.
//	PROPOSAL    one seat's signed decision in a simultaneous round.
//	COMMIT      seat's time-lock commitment g^α for chance request k,
//	            α its chain pre-image (lock.go); signed.
//	REVEAL      seat's pre-image for chance request k (self-authenticating),
//	            sent once every seat's COMMIT is in.
//	SYNC_REQ    {from}, signed; SYNC_RESP consecutive entries, ≤ 16 KiB.
//	PING        head seq and hash, our ping number and the last ping
//	            number heard from every seat; signed, every PingEvery.
//	SIGNAL      a WebRTC offer/answer for the mesh, signed by its sender.
//	RELAY       {from, to, inner}: for the transport (through a common peer).
//	VOTE        {game, base seq, base hash, voter, seats, reason, k}:
//	            consent to hand seats to the bot after entry base; signed.
//	RECLAIM     {game, seat, since (takeover seq)}: a taken-over seat asks
//	            to play again; signed by that seat.
//
// # Entry kinds
//
//	action    a seat's action JSON, signed by its author.
//	chance    request k, the seats (nil: all), their signed commitments
//	          and the round's output Ω; its Sig field, outside its name,
//	          holds the reveals, or for withheld ones the forced part and
//	          its delay proof (lock.go).
//	batch     the deciders' signed proposals of a simultaneous round (the
//	          bot's seats' parts unsigned, checked by recomputation).
//	takeover  the bot version, the seats, the reason (away, abort at
//	          request k, proof). Its Sig field, outside its name, holds a
//	          majority of the other seats' votes, or the two encodings of
//	          an equivocation.
//	bot       a bot-played seat's action (Author = that seat). Unsigned.
//	deck      (sealed play) one deck message, signed by the party it is
//	          from; hidden: a hidden draw's answer (request k), unsigned;
//	          show: cards shown to all with their holder's shares, signed;
//	          secret: one message of a secret (Catan's stolen card),
//	          signed by the audience party (or escrow holder) it is from.
//	reclaim   the owner's signed RECLAIM, embedded and signed by the human
//	          seat that alone decides at that point, or by the owner where
//	          its bot-played seat alone decides (after an away takeover).
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
//   - Reveal index: the round of request k (engine.Match.ChanceCount, from
//     0) takes x_{slot+1} = H^{N-slot-1}(s), N = 4096, slot = k plus the
//     rounds started afresh before it (a round whose seats change before
//     it is settled is retried on the next link: lock.go). A seat that
//     skipped rounds (played by the bot meanwhile, or a retried one) is
//     checked over the gap: hashing its reveal slot+1-j times gives its
//     last revealed x_j.
//   - Known limit: the commitment is not extended. A game needing more
//     than N = 4096 chance rounds (outcomes and retries) stops with
//     EvStalled wrapping ErrExhausted on every peer (log intact,
//     exportable); a 3-seat Catan game uses ~130. Extending it safely
//     needs the next tip signed into the log before it is used, also for
//     a seat that was bot-played over the switch (else its late
//     commitment could be ground against the others' reveals): not worth
//     it for games this short.
//   - A seat reveals only once request k is in its own log. Reveals for
//     later requests that arrive early are kept (two candidates per seat)
//     and checked when their turn comes; a peer that reveals an old k is
//     sent the chance entry it is missing.
//   - Equivocation: two different validly signed entries (or proposals) of
//     one seat for one seq and predecessor give EvEquivocation with both
//     encodings as the proof; the second is rejected. A split (different
//     versions sent to different peers) is found through PING head hashes
//     and SYNC. Every honest peer then rolls back to the entry before and
//     writes the same proof takeover of the seat there (see below).
//   - Clocks (clocks.go): a decision the log waits on is stalled after the
//     genesis's think time (the host's Config.Think: DefaultThink, or
//     NoLimit) for a connected player, and after Grace (DefaultGrace)
//     from when it was last heard or the step began for one that is away,
//     never past its think time; a missing reveal after StallAfter.
//     EvStalled once per step; StallIn is the countdown (Forever: none).
//     A seat silent for AwayAfter is EvAway (EvBack when heard again);
//     being away opens no vote by itself. Own reveal and proposal are
//     repeated every ResendEvery; entries lost in transit come back
//     through PING → SYNC_REQ (asked again every ResendEvery while
//     unanswered).
//
// # Parties (parties.go)
//
//   - A seat whose genesis kind is HostedPrefix and a bot kind
//     (HostedKinds: greedy and the three search levels) is a hosted bot
//     seat: no key, commitment, signature or vote.
//     Every device plays it from the genesis on, as a taken-over seat: its
//     bot entries and batch parts are unsigned and recomputed. A party is
//     a seat with a key (Genesis.Party); only parties commit, reveal,
//     ping, vote and count in majorities, and
//     every signature check asks for a party's key.
//   - A search level's move is searchChoice(game, level, seat, seq, state):
//     a pure function of the log. A live peer does not think for a hosted
//     seat (greedy or search) under its caller's lock: BotJob hands the
//     decision out (with a copy of a greedy bot), BotJob.Run thinks, and
//     BotDone gives the move back; bot entries from elsewhere wait until
//     then. Restore and rollbacks trust the search moves of our own log
//     (ledger.trusted); Verify searches again.
//   - While a person plays another seat, every bot seat decides on the
//     position with the offers hidden that bots keep from people
//     (ledger.botState, bot.Courteous: one a turn, only good ones, none
//     when the genesis's meta says botOffers: off): a function of the
//     genesis and the log, like the move itself.
//
// # Bot takeover of away seats (takeover.go, votes.go, reclaim.go, rollback.go)
//
//   - ProposeTakeover(seat) signs a VOTE bound to the log head. Allowed
//     only while the log waits on one of the voted seats (a chance
//     request, or a decider), so every entry that could compete for the
//     next seq needs those seats. A second call for another seat at the
//     same head signs one vote for both (a vote never shrinks). Only
//     stalled seats may be voted for (their countdown ran out), never a
//     seat we have had no direct link to (Relayed: what we see of it is
//     what a relay passes on), and a missing commitment makes the vote an
//     abort at that request (a missing reveal is forced open instead, so
//     no vote is offered). All votes of a takeover must name the same
//     seats and reason: players see each other's votes (EvVote).
//   - Needed: a majority of the parties not played by the bot (every one
//     of them when there are one or two); votes by the targets count for
//     nothing. The votes ride in the entry's Sig field, outside its name,
//     so voters holding different majorities write the same entry.
//   - Hold: after voting at head B a peer applies and builds no other
//     entry for B+1 (the vote is in its snapshot, so a reload keeps the
//     promise). So when a takeover completes no voter has another B+1,
//     and only the taken-over seat can hold one: when the takeover reaches
//     it, it rolls back its own lone entries (rollbackFor); others drop
//     such stale entries quietly and send it their log from the takeover
//     (serveTakenOver). Release: if a seat that is not taken over serves
//     us a B+1 entry by SYNC, it went on without voting, so the takeover
//     cannot complete: our vote is dropped (EvVote with Err). So is it when
//     the seat's own signed move for B+1 arrives: the own move wins. A
//     seat that votes and also goes on can split the others (as any
//     equivocation; shown as EvFork).
//   - Own move: the target's device keeps a move it made live against a
//     takeover at that point (presentAt: answered within half its time,
//     not while catching up, every voter heard directly within AwayAfter
//     after the answer; for an abort, every voter echoed a later ping), and
//     sends the voters its log; otherwise it rolls back to the takeover.
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
//     that alone decides embeds it in a reclaim entry it signs, or, after
//     an away takeover, the owner writes it itself where its seat alone
//     decides (others knowing the request wait one countdown for it there;
//     one that played the bot's move instead rolls back). After an abort
//     or a proof takeover only HandBack (the others' consent) lets a seat
//     embed it. The owner's reveals are then checked over the gap.
//   - HELLO carries no challenge: a replayed HELLO can only claim presence,
//     never sign an entry; the transport binds links to seats.
//   - Before the genesis the host binds each open seat to the key of the
//     first HELLO for it (the invite is the capability); a guest pins the
//     host key from its invite.
//   - Hidden cards: in a plain game every engine knows them. A game set up
//     sealed (engine.Sealed) deals them with engine/deck (sealed.go,
//     dealt.go, shows.go): deck messages are signed deck entries in the
//     order the log asks for them, a hidden draw is opened to its audience
//     and answered by a hidden entry each device resolves with what it may
//     know, shown cards carry their holder's decryption share, post hashes
//     are the state hash of the public game (agreed.go), bots decide on
//     it, and the decks are audited after the game (docs/p2p.md, "In
//     network play"). A secret (engine.Secrets) is drawn by its two
//     audience parties in secret entries and opened by a show, a public
//     request or the audit (secret.go; docs/p2p.md, "Secrets").
//
// # What a cheating player cannot do (protocol 6)
//
//   - Bend chance by withholding a reveal (lock.go, package timelock):
//     every roll is a Bicorn-RX round over RSA-2048. Each seat commits
//     g^α (α its chain pre-image, so fixed from the genesis) before anyone
//     reveals; the commitments alone fix the outcome. Reveals withheld by
//     any set of seats are forced open by any honest peer after the
//     countdown (T squarings and a Wesolowski proof, off the lock: EvForce,
//     ForceJob, Forced), so the roll is the committed one and the game
//     goes on without a vote. The die mean with a seat
//     (or a colluding pair) withholding every low die: 3.5 (it was ≈ 4.4).
//     A seat missing its commitment is voted out (reason abort) and the
//     round starts afresh on the others' next links, so the fallback roll
//     is one it could not foresee. One that delays its commitment by T
//     squarings to see its roll first can still refuse that roll once, for
//     its seat (mean 4.25 for that roll): docs/p2p.md says why.
//   - Foresee chance through hosted seats: a hosted bot seat holds no
//     secret, so its host knows no more of a roll than anyone.
//   - Freeze the game: Waiting/StallIn give each seat the game waits on a
//     countdown (clocks above); ProposeTakeover takes only stalled seats
//     not reached only through a relay, and needs a majority of the other
//     parties (all of them with one or two); a target's own votes do not
//     count or block. The target's own device keeps its live move against
//     a takeover (presentAt), whatever the voters echo. After an away
//     takeover the owner writes its own reclaim where its seat next
//     decides alone; a peer that had not heard of it yet and played the
//     bot's move there rolls back (a recent move, or nothing since depends
//     on chance) and passes the reclaim on. An equivocation proof (two entries
//     or proposals of one seat for one position, same predecessor) makes
//     every honest peer roll back to the entry before it (at most 256) and
//     write a proof takeover there.
//   - Exhaust memory: messages over MaxMessage are refused; entries ahead of
//     the log are parked only after their signature and size checks, at
//     most MaxParked bytes per sending seat; a SYNC answer of more than a
//     few entries goes to one seat once per ResendEvery; Restore refuses
//     snapshots over MaxSnapshot.
//   - Speak for another through a relay: ReceiveRelayed takes only what
//     proves its author: signed messages (HELLO after the genesis, votes,
//     proposals, pings, sync requests, signals, reclaims, commitments),
//     entries and reveals. A REFUSE is never taken from a relay. A relayed message
//     counts as a sign of life only as a ping that echoes one of our last
//     16 ping numbers: a replayed or forged ping keeps no silent seat
//     present.
//   - Rewrite a game file: Export writes only signed parts (names, kinds
//     and meta come from the genesis); Verify rebuilds the whole file from
//     the signed genesis and log and refuses any other seat name, kind,
//     meta key, chance info, setup or move.
//   - Feed a spectator a false game: a Follower (follow.go) holds no key
//     and checks a signed genesis and then each entry with the same
//     ledger code as a peer; a bad entry leaves it as it was.
//
// Files and snapshots of protocols 2 and 3 do not load in this version:
// the genesis layout (3: think time; hosted seats hold no key) changed, so
// their signatures cannot be checked by its rules.
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
