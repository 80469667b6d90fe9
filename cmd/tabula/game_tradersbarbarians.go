//go:build !tabula_no_traders_barbarians

package main

// Catan: Traders & Barbarians: its UI (which imports its rules). A build
// with the tag tabula_no_traders_barbarians leaves it out (make size).
import _ "tabula/app/catanui/traders"
