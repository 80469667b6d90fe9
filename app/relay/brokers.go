package relay

// DefaultBrokers are public MQTT brokers, each run by a different operator,
// reached over secure WebSockets (the only kind a page served over https
// may open). The player may edit the list; docs/p2p.md says who runs them
// and what they learn.
var DefaultBrokers = []string{
	"wss://broker.hivemq.com:8884/mqtt",  // HiveMQ
	"wss://broker.emqx.io:8084/mqtt",     // EMQX
	"wss://test.mosquitto.org:8081/mqtt", // Eclipse Mosquitto project
}
