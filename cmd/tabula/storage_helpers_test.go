//go:build !js

package main

import (
	"context"
	"fmt"
	"testing"

	"tabula/app/store"
)

// idbJS is a JS expression (a promise) that opens the app's database and
// runs body with db (the database) and kv (its one object store, read
// only); body is an expression of a promise or value.
func idbJS(body string) string {
	return fmt.Sprintf(`new Promise((ok, no) => {
		const r = indexedDB.open("tabula");
		r.onerror = () => no(r.error);
		r.onsuccess = () => {
			const db = r.result;
			const kv = db.transaction("kv").objectStore("kv");
			Promise.resolve(%s).then(v => { db.close(); ok(v); }, e => { db.close(); no(e); });
		};
	})`, body)
}

// storedJS is a JS promise of the value the app stored under key ("" when
// none).
func storedJS(key string) string {
	return idbJS(fmt.Sprintf(`new Promise((ok, no) => { const q = kv.get(%q); q.onsuccess = () => ok(q.result || ""); q.onerror = () => no(q.error); })`, key))
}

// storedCountJS is a JS promise of how many keys the app stored under
// prefix.
func storedCountJS(prefix string) string {
	return idbJS(fmt.Sprintf(`new Promise((ok, no) => { const q = kv.getAllKeys(); q.onsuccess = () => ok(q.result.filter(k => k.startsWith(%q)).length); q.onerror = () => no(q.error); })`, prefix))
}

// storedFile is the game file the page stored for game id.
func storedFile(t *testing.T, ctx context.Context, id string) []byte {
	t.Helper()
	b, err := store.FileOf(eval[string](t, ctx, storedJS("tabula/game/"+id)))
	if err != nil {
		t.Fatalf("stored game %s: %v", id, err)
	}
	return b
}
