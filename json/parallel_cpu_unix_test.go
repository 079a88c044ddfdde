//go:build unix

package json_test

import (
	"syscall"
	"time"
)

// processCPU is the user and system CPU time of the process so far (0 when
// getrusage fails).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
