// Package citiesknights is the rules engine of Catan: Cities & Knights for
// 3–4 players (game id "cities-knights"): the base game of package
// engine/catan with commodities, city improvements, metropolises, city
// walls, knights, the barbarian ship and 54 progress cards.
//
// What the engine plays, and the reading chosen on every open point of the
// rules, is written down in docs/cities-knights.md in the repository; the
// readings themselves are the named values of choices.go.
//
// Files follow the rulebook:
//
//	tracks.go      city improvements, commodities, metropolises
//	cards.go       the facts of the 54 progress cards
//	knights.go     knight ranks and strength
//	barbarians.go  the barbarian attack, the event die
//	deck.go        a progress-card deck: drawn by chance, returned under
//	paths.go       knights' paths, road ends, open roads (Diplomat)
//	choices.go     the readings chosen on open points
package citiesknights
