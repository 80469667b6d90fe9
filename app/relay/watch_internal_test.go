package relay

import (
	"fmt"
	"testing"
)

func TestWatcherQueueIsBounded(t *testing.T) {
	w := &watcher{ch: make(chan Letter), done: make(chan struct{}), wake: make(chan struct{}, 1)}
	for i := range MaxQueued {
		if !w.push(Letter{Box: "b", Body: []byte{byte(i)}}) {
			t.Fatalf("letter %d refused", i)
		}
	}
	if w.push(Letter{Box: "b"}) {
		t.Fatalf("letter %d queued", MaxQueued+1)
	}
	w2 := &watcher{ch: make(chan Letter), done: make(chan struct{}), wake: make(chan struct{}, 1)}
	big := make([]byte, MaxBody)
	for i := range MaxQueuedBytes / MaxBody {
		if !w2.push(Letter{Body: big}) {
			t.Fatalf("letter %d refused", i)
		}
	}
	if w2.push(Letter{Body: []byte{1}}) {
		t.Fatalf("a byte over %d queued", MaxQueuedBytes)
	}
	// Emptied in order by its pump.
	go w.pump()
	for i := range MaxQueued {
		if l := <-w.ch; l.Body[0] != byte(i) {
			t.Fatalf("letter %d came as %d", i, l.Body[0])
		}
	}
	w.stop()
	if _, ok := <-w.ch; ok {
		t.Fatal("channel open after stop")
	}
}

func TestKeptSetKeepsTheNewestAndIsBounded(t *testing.T) {
	var k keptSet
	k.put(sealed{box: "log", key: "a", stamp: 2, body: []byte("new")})
	k.put(sealed{box: "log", key: "a", stamp: 1, body: []byte("old")}) // a slower broker's older copy
	k.put(sealed{box: "log", key: "b", stamp: 1, body: []byte("b")})
	k.put(sealed{box: "chat", key: "a", stamp: 1, body: []byte("c")})
	if got := fmt.Sprint(k.of("log")); got != fmt.Sprint([]Letter{{"log", "a", []byte("new"), stampTime(2)}, {"log", "b", []byte("b"), stampTime(1)}}) {
		t.Fatalf("log holds %s", got)
	}
	k.forget("log", "a", 1) // a forget older than the letter leaves it
	k.forget("log", "b", 5)
	if got := fmt.Sprint(k.of("log")); got != fmt.Sprint([]Letter{{"log", "a", []byte("new"), stampTime(2)}}) {
		t.Fatalf("after forget, log holds %s", got)
	}
	for i := len(k.m); i < MaxKept; i++ {
		if !k.put(sealed{box: "x", key: fmt.Sprint(i)}) {
			t.Fatalf("kept letter %d refused", i)
		}
	}
	if k.put(sealed{box: "x", key: "one more"}) {
		t.Fatalf("kept letter %d taken", MaxKept+1)
	}
	if !k.put(sealed{box: "log", key: "a", stamp: 3, body: []byte("newer")}) {
		t.Fatal("a full set refused to replace a letter it holds")
	}
}

func TestSeenForgetsTheOldestBeyondItsSize(t *testing.T) {
	var s seen
	s.init()
	id := func(i int) (b [idSize]byte) { b[0], b[1] = byte(i), byte(i>>8); return }
	for i := range seenSize {
		if !s.add(id(i)) {
			t.Fatalf("id %d not new", i)
		}
	}
	if s.add(id(5)) {
		t.Fatal("a repeated id was new")
	}
	s.add(id(seenSize)) // pushes out id 0
	if !s.add(id(0)) || s.add(id(seenSize)) || len(s.set) != seenSize {
		t.Fatalf("ring wrong: %d ids held", len(s.set))
	}
}
