// Package traders is the Catan scenario "Traders & Barbarians" (the caravan
// scenario of the Traders & Barbarians expansion): game id
// "traders-barbarians", 3–4 players. Its rules, and the reading chosen on
// every open point, are described in docs/traders-barbarians.md; the
// choices themselves are all in choices.go.
package traders
