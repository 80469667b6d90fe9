//go:build !tabula_no_cities_knights

package main

// Catan: Cities & Knights: its UI (which imports its rules). A build with
// the tag tabula_no_cities_knights leaves it out (make size).
import _ "tabula/app/catanui/citiesknights"
