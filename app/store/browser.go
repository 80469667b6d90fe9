package store

import (
	"errors"
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Local is the browser's localStorage. Outside a browser it is unusable:
// Browser returns a Mem instead.
type Local struct{ ls app.Value }

// Browser returns the page's localStorage, or an in-memory store when the
// page has none (outside the browser, or storage disabled).
func Browser() KV {
	if !app.IsClient {
		return NewMem()
	}
	ls := app.Window().Get("localStorage")
	if !ls.Truthy() {
		return NewMem()
	}
	return &Local{ls: ls}
}

func (l *Local) Get(k string) (string, bool) {
	v := l.ls.Call("getItem", k)
	if v.IsNull() || v.IsUndefined() {
		return "", false
	}
	return v.String(), true
}

func (l *Local) Set(k, v string) (err error) {
	// setItem throws when the quota is exceeded; syscall/js turns that into
	// a panic, which must not take the game down.
	defer func() {
		if r := recover(); r != nil {
			err = errors.New(fmt.Sprint(r))
		}
	}()
	l.ls.Call("setItem", k, v)
	return nil
}

func (l *Local) Delete(k string) { l.ls.Call("removeItem", k) }

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
