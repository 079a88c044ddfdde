//go:build linux

package main

import (
	"math/bits"
	"runtime"
	"syscall"
	"unsafe"
)

// pinToCPU locks the calling goroutine to its OS thread and that thread to
// one CPU: cpu, or when cpu < 0 the first CPU the process may use. It
// returns the CPU chosen, or -1 when the kernel refused (then nothing is
// pinned but the goroutine stays locked to its thread).
func pinToCPU(cpu int) int {
	runtime.LockOSThread()
	var mask [16]uint64 // 1024 CPUs
	if cpu < 0 {
		_, _, e := syscall.RawSyscall(syscall.SYS_SCHED_GETAFFINITY, 0, unsafe.Sizeof(mask), uintptr(unsafe.Pointer(&mask)))
		if e != 0 {
			return -1
		}
		for i, w := range mask {
			if w != 0 {
				cpu = i*64 + bits.TrailingZeros64(w)
				break
			}
		}
		if cpu < 0 {
			return -1
		}
		mask = [16]uint64{}
	}
	if cpu >= len(mask)*64 {
		return -1
	}
	mask[cpu/64] = 1 << (cpu % 64)
	if _, _, e := syscall.RawSyscall(syscall.SYS_SCHED_SETAFFINITY, 0, unsafe.Sizeof(mask), uintptr(unsafe.Pointer(&mask))); e != 0 {
		return -1
	}
	return cpu
}
