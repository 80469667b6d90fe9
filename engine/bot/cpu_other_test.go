//go:build !unix

package bot_test

import "time"

// cpuTime is not measured here (0): benchmarks report the clock only.
func cpuTime() time.Duration { return 0 }
