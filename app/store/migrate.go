package store

import (
	"encoding/json"
	"strings"
)

// migratedKey marks a database that received the games of localStorage.
const migratedKey = "tabula/migrated"

// Migrate moves the games, network games and settings of earlier versions
// (everything under "tabula/" in from, localStorage) into to, the
// database, in one batch, on the first run only: the list of every game
// (tabula/index) becomes one summary per game, and finished games are
// stored compactly. Only once that batch is stored are they removed from
// from, so a failure at any point loses nothing: on error nothing moved
// and the games stay in from. The settings stay in from too: the page's
// head reads the language there.
func Migrate(from, to KV) error {
	if _, done := to.Get(migratedKey); done {
		return nil
	}
	var ops []Op
	var moved []string
	var index []Summary
	for _, k := range from.Keys() {
		if !strings.HasPrefix(k, "tabula/") {
			continue
		}
		v, ok := from.Get(k)
		if !ok {
			continue
		}
		if k != settingsKey {
			moved = append(moved, k)
		}
		if k == legacyIndex {
			_ = json.Unmarshal([]byte(v), &index)
			continue
		}
		ops = append(ops, Set(k, v))
	}
	ops = append(ops, upgradeIndex(from, index)...)
	if err := to.Write(append(ops, Set(migratedKey, "1"))...); err != nil {
		return err
	}
	del := make([]Op, len(moved))
	for i, k := range moved {
		del[i] = Del(k)
	}
	_ = from.Write(del...) // what stays behind is ignored from now on
	return nil
}

// upgradeIndex turns the one list of summaries of earlier versions into
// one summary per stored game, and stores the finished games compactly.
func upgradeIndex(from KV, index []Summary) []Op {
	var ops []Op
	for _, s := range index {
		if !validGameID(s.ID) {
			continue
		}
		file, ok := from.Get(gamePrefix + s.ID)
		if !ok {
			continue
		}
		b, _ := json.Marshal(s)
		ops = append(ops, Set(summaryPrefix+s.ID, string(b)))
		if s.Over && !isCompact(file) {
			if c, err := compact([]byte(file)); err == nil {
				ops = append(ops, Set(gamePrefix+s.ID, c))
			}
		}
	}
	return ops
}
