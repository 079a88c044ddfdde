//go:build !linux

package main

import "runtime"

// pinToCPU only locks the goroutine to its thread: CPU affinity is set on
// Linux alone.
func pinToCPU(cpu int) int {
	runtime.LockOSThread()
	return -1
}
