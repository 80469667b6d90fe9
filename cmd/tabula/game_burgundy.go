//go:build !tabula_no_burgundy

package main

// The Castles of Burgundy: its UI (which imports its rules). A build with
// the tag tabula_no_burgundy leaves it out (make size).
import _ "tabula/app/burgundyui"
