package main

// What the process asks of the operating system: its CPU time (and its
// waited-for children's, for gzip -dc), its peak resident set, and the
// machine's CPU model. All read getrusage(2) or /proc (Linux).

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"syscall"
	"time"
)

// rusage is getrusage(2) for who (syscall.RUSAGE_SELF or RUSAGE_CHILDREN);
// ok is false when the call fails.
func rusage(who int) (ru syscall.Rusage, ok bool) {
	return ru, syscall.Getrusage(who, &ru) == nil
}

// cpuTime is the user and system CPU time of the process so far.
func cpuTime() time.Duration { return rusageCPU(syscall.RUSAGE_SELF) }

// childCPUTime is the CPU time of the child processes waited for (gzip -dc).
func childCPUTime() time.Duration { return rusageCPU(syscall.RUSAGE_CHILDREN) }

// rusageCPU is who's user and system CPU time; 0 when getrusage fails.
func rusageCPU(who int) time.Duration {
	ru, ok := rusage(who)
	if !ok {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// peakRSS is the process's peak resident set size so far, in MiB ("?" when
// getrusage fails).
func peakRSS() string {
	ru, ok := rusage(syscall.RUSAGE_SELF)
	if !ok {
		return "?"
	}
	return fmt.Sprintf("%.1f MiB", float64(ru.Maxrss)/1024) // Linux: KiB
}

// cpuModel is the first "model name" of /proc/cpuinfo, or GOARCH when
// there is none.
func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

// machine describes the machine for the seed and -gz tables' headers and
// progress: CPU model, CPUs, Go version and the stage-1 kernel simdjson
// picked.
func machine() string {
	return fmt.Sprintf("%s, %d CPUs, %s, simdjson kernel %s", cpuModel(), runtime.NumCPU(), runtime.Version(), nativeImplementation())
}
