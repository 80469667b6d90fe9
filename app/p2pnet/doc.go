// Package p2pnet carries the engine/p2p protocol over WebRTC data channels:
// natively over github.com/pion/webrtc/v4 (conn_pion.go), and under js/wasm
// over the browser's own RTCPeerConnection through syscall/js (conn_js.go:
// pion's browser build wraps the same object but links its SDP, ICE and
// DTLS packages with it, about 0.1 MB brotli). Both make the same SDP, so
// the compact codes join a browser and a native peer. The protocol and
// joining are described in docs/p2p.md (joining, mesh, persistence,
// resync and rejoin).
//
// Hostile input costs bounded memory: a frame over MaxFrame, or more than
// MaxEarly bytes of frames ahead of their turn, closes the link with an
// ErrOversize event; one seat's mesh offers are answered at most once per
// MeshAnswerEvery (never while a direct link is up); every field of an
// invite, reply or mesh code that is rebuilt into SDP is checked
// (Compact.Check) so no code can add SDP lines; a relayed message goes to
// p2p.Peer.ReceiveRelayed, which takes only what proves its author.
//
// Joining needs no signalling server: non-trickle offers (ICE gathering
// awaited, capped at 3 s) squeezed into a compact code (compact.go: ICE
// credentials as 6-bit characters, the sha-256 fingerprint as 32 bytes, the
// DTLS role, up to 4 UDP candidates with mDNS names as 16-byte UUIDs;
// versioned; base64url; a fixed SDP template rebuilds the rest). An invite
// link is SITE/#join=<code> with the offer, game id, invited and inviting
// seats, the inviter's public key and an expiry; the guest's reply code is
// its compact answer, a game tag and its seat.
//
// API for the app (all Node methods are goroutine-safe):
//
//	Host(cfg, setup, seat)      create a game; Offer(seat)/InviteLink → invite
//	Accept(reply)               take a guest's reply code
//	Join(cfg, invite)           a guest node and its reply code
//	Resume(cfg, snapshot)       restart from Config.Store's last snapshot;
//	                            Offer(AnySeat) → a resume code that any
//	                            running peer answers with Answer(code)
//	Act(action), With(f)        play; read the match/log under the lock
//	Links()                     per seat: direct (host/srflx/prflx/relay),
//	                            relayed, away, bot (taken over)
//	Takeover(seat)              vote to hand an away seat the game waits on
//	                            to the deterministic bot (p2p.EvVote events;
//	                            p2p.EvTakeover once every other human voted)
//	Reclaim(), Bot(seat)        a taken-over seat plays again (p2p.EvReclaim)
//	Config.OnEvent              link up/down and every protocol event
//	Config.Store                persist the seat after every change
//	Close()                     stop; a closed node changes nothing more
//	                            (moves on it: ErrClosed), so it holds what
//	                            it stored
//
// Choices made:
//   - One negotiated data channel (id 0) per pair, so no in-band DCEP.
//     Frames carry a per-link number and are put back in order by the
//     receiver: in wasm each incoming message is handled in its own
//     goroutine (a browser event handler must not block).
//   - Mesh: after the genesis, the lower seat of every pair without a
//     direct link offers one; offer and answer are SIGNAL messages signed
//     by the sender (a relaying peer cannot swap fingerprints), relayed by
//     whoever is linked to both. Until a direct link opens (retried every
//     MeshRetry, 15 s), messages to that seat go as RELAY through every
//     linked peer, which forwards once over a direct link only. The
//     inviting peer has no role after that; a returning peer needs any one
//     running peer. If it does not return, the others vote its seat to the
//     bot (Takeover) and play on.
//   - Native only (//go:build !js): loopback/vnet settings for tests, ICE
//     timeouts of 3 s/6 s (a closed tab is noticed quickly), DTLS
//     retransmission from 100 ms and SCTP RTO capped at 1 s (a lost packet
//     costs a fraction of a second, not a minute).
package p2pnet
