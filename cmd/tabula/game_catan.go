//go:build !tabula_no_catan

package main

// Catan: its UI (which imports its rules). A build with the tag
// tabula_no_catan leaves it out (make size).
import _ "tabula/app/catanui"
