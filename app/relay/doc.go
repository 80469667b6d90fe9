// Package relay is a game's channel through public MQTT brokers, used to
// signal and to leave letters waiting for players who are not online: a
// room per game, named and sealed by the game's 32-byte secret, so the
// brokers and strangers on them learn neither what is said nor by whom,
// and cannot add a letter. docs/p2p.md ("Signalling through MQTT brokers")
// says why MQTT, which brokers, what they learn and what they keep.
//
// Topics: every letter of a room is under tabula/1/<room id>, the room id
// being the first 16 bytes of HKDF-SHA256(secret, "tabula/relay/topic")
// in base64url. Posted letters go to <prefix>/p; a kept letter (a retained
// MQTT message) to <prefix>/k/<HMAC of its box and key>, so a newer Keep
// of the same box and key replaces it on the broker and box names never
// show. Payloads are XChaCha20-Poly1305 sealed (key from
// HKDF(secret, "tabula/relay/seal"), random 24-byte nonce, the topic as
// associated data) around the letter's kind, a random 16-byte id (for
// deduplication across brokers and reconnects), the sender's clock, box,
// key and body. A payload that does not open is dropped and counted
// (Stats.Unopened), never delivered.
//
// Every letter is published (QoS 1) to each connected broker and the room
// subscribes to its whole prefix on each. The MQTT client is Eclipse's
// paho.golang (MQTT 5, its base package: it takes a connection and dials
// nothing, which keeps TLS and HTTP code out of the wasm); the connection
// is a WebSocket (github.com/coder/websocket: natively its own client, in
// the browser the browser's WebSocket). A connection that drops is made
// again by link.run and the room subscribed again.
//
// Hostile input costs bounded memory: an MQTT packet over maxPacket
// closes that broker's connection before it is read; letters over MaxBody
// never open; each watcher queues at most MaxQueued letters and the room
// keeps at most MaxKept.
package relay
