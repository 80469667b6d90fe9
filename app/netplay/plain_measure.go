//go:build tabulaplain

package netplay

// A build for measurements only: network games stay plain (see
// plainForMeasurement).
func init() { plainForMeasurement = true }
