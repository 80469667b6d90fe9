//go:build !tabula_no_agricola

package main

// Agricola: its UI (which imports its rules). A build with the tag
// tabula_no_agricola leaves it out (make size).
import _ "tabula/app/agricolaui"
