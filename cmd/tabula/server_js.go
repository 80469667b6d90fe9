//go:build js

package main

// native does nothing in the browser: RunWhenOnBrowser never returns there.
func native() {}
