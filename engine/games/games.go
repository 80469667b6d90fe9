// Package games registers every game of Tabula: tools and the app import it
// for its side effect (each game package calls engine.Register in init).
//
// Add a game here once its package builds.
package games
