package store

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// IDB is the browser's IndexedDB: one object store of string keys and
// values, each Write one readwrite transaction (all of it or none). The
// keys, and the values of everything but the game files, are kept in
// memory once read, so listing a thousand games reads nothing; a game file
// is read from the database when it is opened.
//
// Its methods block until the database answers: they run on goroutines
// (go-app's event loop, network callbacks), never inside a JavaScript
// callback, which would wait on itself.
type IDB struct {
	db   app.Value
	name string

	closed bool // the browser closed the connection

	mu     sync.Mutex
	keys   map[string]bool
	sorted []string          // keys, sorted; nil when stale
	cache  map[string]string // values outside gamePrefix
}

const objectStore = "kv"

// cached reports whether a key's value stays in memory.
func cached(k string) bool { return !strings.HasPrefix(k, gamePrefix) }

// OpenIDB opens (creating if needed) the database name and reads its keys
// and the values kept in memory.
func OpenIDB(name string) (*IDB, error) {
	factory := app.Window().Get("indexedDB")
	if !factory.Truthy() {
		return nil, errNoIDB
	}
	req, err := call(factory, "open", name, 1)
	if err != nil {
		return nil, err
	}
	upgrade := app.FuncOf(func(this app.Value, args []app.Value) any {
		db := req.Get("result")
		if !db.Get("objectStoreNames").Call("contains", objectStore).Bool() {
			db.Call("createObjectStore", objectStore)
		}
		return nil
	})
	defer upgrade.Release()
	req.Set("onupgradeneeded", upgrade)
	if err := wait(req, "onsuccess", "onerror"); err != nil {
		return nil, err
	}
	s := &IDB{db: req.Get("result"), name: name, keys: map[string]bool{}, cache: map[string]string{}}
	if err := s.load(); err != nil {
		return nil, err
	}
	return s, nil
}

// load reads every key, and every value but the games' (the keys below
// gamePrefix and from just past it on).
func (s *IDB) load() error {
	tx, err := call(s.db, "transaction", objectStore, "readonly")
	if err != nil {
		return err
	}
	st := tx.Call("objectStore", objectStore)
	keyRange := app.Window().Get("IDBKeyRange")
	all, err := call(st, "getAllKeys")
	if err != nil {
		return err
	}
	if err := wait(all, "onsuccess", "onerror"); err != nil {
		return err
	}
	ks := all.Get("result")
	for i := 0; i < ks.Length(); i++ {
		s.keys[ks.Index(i).String()] = true
	}
	for _, r := range []app.Value{
		keyRange.Call("upperBound", gamePrefix, true),
		keyRange.Call("lowerBound", gamePrefix+"\uffff", true),
	} {
		kr, err := call(st, "getAllKeys", r)
		if err != nil {
			return err
		}
		vr, err := call(st, "getAll", r)
		if err != nil {
			return err
		}
		if err := wait(vr, "onsuccess", "onerror"); err != nil {
			return err
		}
		k, v := kr.Get("result"), vr.Get("result")
		for i := 0; i < k.Length() && i < v.Length(); i++ {
			if x := v.Index(i); x.Type() == app.TypeString {
				s.cache[k.Index(i).String()] = x.String()
			}
		}
	}
	return nil
}

func (s *IDB) Get(k string) (string, bool) {
	s.mu.Lock()
	if !s.keys[k] {
		s.mu.Unlock()
		return "", false
	}
	if v, ok := s.cache[k]; ok {
		s.mu.Unlock()
		return v, true
	}
	s.mu.Unlock()
	tx, err := call(s.db, "transaction", objectStore, "readonly")
	if err != nil {
		return "", false
	}
	req, err := call(tx.Call("objectStore", objectStore), "get", k)
	if err != nil {
		return "", false
	}
	if wait(req, "onsuccess", "onerror") != nil {
		return "", false
	}
	v := req.Get("result")
	if v.Type() != app.TypeString {
		return "", false
	}
	return v.String(), true
}

func (s *IDB) Keys() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sorted == nil {
		s.sorted = make([]string, 0, len(s.keys))
		for k := range s.keys {
			s.sorted = append(s.sorted, k)
		}
		sort.Strings(s.sorted)
	}
	return append([]string(nil), s.sorted...)
}

// Write runs ops in one transaction and waits for it to commit; a
// refused write (the quota) aborts all of it. The browser closes the
// connection after a failed write to disk: the next Write opens it again.
func (s *IDB) Write(ops ...Op) error {
	if len(ops) == 0 {
		return nil
	}
	err := s.write(ops)
	if err != nil && s.closed {
		if s.reopen() == nil {
			err = s.write(ops)
		}
	}
	return err
}

// reopen opens the database again after the browser closed it.
func (s *IDB) reopen() error {
	n, err := OpenIDB(s.name)
	if err != nil {
		return err
	}
	s.db, s.closed = n.db, false
	return nil
}

func (s *IDB) write(ops []Op) error {
	tx, err := call(s.db, "transaction", objectStore, "readwrite")
	if err != nil {
		s.closed = true // InvalidStateError: the connection is closing
		return err
	}
	if err != nil {
		return err
	}
	st := tx.Call("objectStore", objectStore)
	for _, o := range ops {
		if o.Delete {
			_, err = call(st, "delete", o.Key)
		} else {
			_, err = call(st, "put", o.Value, o.Key)
		}
		if err != nil {
			_, _ = call(tx, "abort")
			return err
		}
	}
	if err := wait(tx, "oncomplete", "onerror", "onabort"); err != nil {
		if strings.Contains(err.Error(), "closing") {
			s.closed = true
		}
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range ops {
		if o.Delete {
			if s.keys[o.Key] {
				s.sorted = nil
			}
			delete(s.keys, o.Key)
			delete(s.cache, o.Key)
			continue
		}
		if !s.keys[o.Key] {
			s.keys[o.Key], s.sorted = true, nil
		}
		if cached(o.Key) {
			s.cache[o.Key] = o.Value
		}
	}
	mirror(ops)
	return nil
}

// mirror copies the settings to localStorage: the page's head reads the
// language there before the app (and its database) starts.
func mirror(ops []Op) {
	for _, o := range ops {
		if o.Key == settingsKey && !o.Delete {
			if ls := localStorage(); ls.Truthy() {
				_ = (&Local{ls: ls}).apply(o)
			}
		}
	}
}

// Usage is the browser's estimate for the whole site.
func (s *IDB) Usage() (Usage, bool) { return estimate() }

// call calls a method that may throw (a closed database, a value the
// database refuses), returning the exception as an error.
func call(v app.Value, method string, args ...any) (out app.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = jsError(fmt.Sprint(r))
		}
	}()
	return v.Call(method, args...), nil
}

// jsError names a full storage ErrFull: the quota refused, or the disk
// (Chromium stores large values as files and says IOError when it cannot
// write them).
func jsError(msg string) error {
	low := strings.ToLower(msg)
	if strings.Contains(low, "quota") || strings.Contains(low, "ioerror") || strings.Contains(low, "io error") ||
		strings.Contains(low, "no_space") || strings.Contains(low, "no space") || strings.Contains(low, "disk") {
		return fmt.Errorf("%w (%s)", ErrFull, msg)
	}
	return errors.New(msg)
}

// wait blocks until target fires its ok event, or one of its fail events,
// which becomes the error: the request's or transaction's error.
func wait(target app.Value, ok string, fail ...string) error {
	done := make(chan error, 1)
	var fs []app.Func
	var events []string
	on := func(event string, f func() error) {
		events = append(events, event)
		fn := app.FuncOf(func(this app.Value, args []app.Value) any {
			select {
			case done <- f():
			default:
			}
			return nil
		})
		fs = append(fs, fn)
		target.Set(event, fn)
	}
	on(ok, func() error { return nil })
	for _, f := range fail {
		on(f, func() error { return domError(target) })
	}
	err := <-done
	// A failed transaction fires error, then abort: the handlers go
	// before their functions are released.
	for _, ev := range events {
		target.Set(ev, app.Null())
	}
	for _, fn := range fs {
		fn.Release()
	}
	return err
}

// domError reads the DOMException of a failed request or transaction.
func domError(target app.Value) error {
	e := target.Get("error")
	if !e.Truthy() {
		return errors.New("the database refused the write")
	}
	return jsError(e.Get("name").String() + ": " + e.Get("message").String())
}

// estimate asks navigator.storage.estimate() how much the site uses and
// may use.
func estimate() (Usage, bool) {
	st := app.Window().Get("navigator").Get("storage")
	if !st.Truthy() || !st.Get("estimate").Truthy() {
		return Usage{}, false
	}
	p, err := call(st, "estimate")
	if err != nil {
		return Usage{}, false
	}
	type result struct {
		u  Usage
		ok bool
	}
	done := make(chan result, 1)
	var okf, failf app.Func
	okf = app.FuncOf(func(this app.Value, args []app.Value) any {
		r := args[0]
		done <- result{Usage{Used: int64(r.Get("usage").Float()), Quota: int64(r.Get("quota").Float())}, true}
		return nil
	})
	failf = app.FuncOf(func(this app.Value, args []app.Value) any {
		done <- result{}
		return nil
	})
	p.Call("then", okf, failf)
	r := <-done
	okf.Release()
	failf.Release()
	return r.u, r.ok
}
