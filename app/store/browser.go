package store

import (
	"errors"
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Browser opens the app's storage: the browser's database (IndexedDB),
// with the games of earlier versions moved over from localStorage on the
// first run, and persistent storage asked for. Without IndexedDB it is
// localStorage; without either, memory (outside the browser, or storage
// disabled). It blocks until the database is open: call it from a
// goroutine, not from inside a JavaScript callback.
func Browser() KV {
	if !app.IsClient {
		return NewMem()
	}
	var local KV = NewMem()
	if ls := localStorage(); ls.Truthy() {
		local = &Local{ls: ls}
	}
	db, err := OpenIDB(dbName)
	if err != nil {
		app.Log("tabula: the browser database did not open (" + err.Error() + "); games are kept in localStorage")
		return local
	}
	if err := Migrate(local, db); err != nil {
		// Nothing moved: the games stay where they are, and are used there.
		app.Log("tabula: moving the saved games to the browser database failed (" + err.Error() + ")")
		return local
	}
	askPersist()
	return db
}

const dbName = "tabula"

func localStorage() (v app.Value) {
	defer func() {
		if recover() != nil {
			v = app.Null() // access refused (storage blocked for the site)
		}
	}()
	return app.Window().Get("localStorage")
}

// askPersist asks the browser not to evict the site's storage under
// pressure (navigator.storage.persist); the answer is not needed.
func askPersist() {
	st := app.Window().Get("navigator").Get("storage")
	if st.Truthy() && st.Get("persist").Truthy() {
		st.Call("persist")
	}
}

// Local is the browser's localStorage, the storage of earlier versions:
// read to move its games over, and the fallback without IndexedDB. Its
// writes are one at a time, so a batch is applied with the earlier values
// put back when one write fails.
type Local struct{ ls app.Value }

func (l *Local) Get(k string) (string, bool) {
	v := l.ls.Call("getItem", k)
	if v.IsNull() || v.IsUndefined() {
		return "", false
	}
	return v.String(), true
}

func (l *Local) Write(ops ...Op) error {
	type undo struct {
		k, v string
		had  bool
	}
	done := make([]undo, 0, len(ops))
	for _, o := range ops {
		v, had := l.Get(o.Key)
		if err := l.apply(o); err != nil {
			for i := len(done) - 1; i >= 0; i-- {
				u := done[i]
				_ = l.apply(Op{Key: u.k, Value: u.v, Delete: !u.had})
			}
			return err
		}
		done = append(done, undo{o.Key, v, had})
	}
	return nil
}

// apply does one write; setItem throws when the quota is exceeded, which
// syscall/js turns into a panic that must not take the game down.
func (l *Local) apply(o Op) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w (%v)", ErrFull, r)
		}
	}()
	if o.Delete {
		l.ls.Call("removeItem", o.Key)
	} else {
		l.ls.Call("setItem", o.Key, o.Value)
	}
	return nil
}

func (l *Local) Keys() []string {
	n := l.ls.Get("length").Int()
	ks := make([]string, 0, n)
	for i := 0; i < n; i++ {
		k := l.ls.Call("key", i)
		if !k.IsNull() {
			ks = append(ks, k.String())
		}
	}
	return ks
}

// Usage is the browser's estimate for the whole site.
func (l *Local) Usage() (Usage, bool) { return estimate() }

var errNoIDB = errors.New("no IndexedDB in this browser")
