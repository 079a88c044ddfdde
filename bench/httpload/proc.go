package main

// The processes of a run: a server pinned to its core, started once and
// kept until the end, and the CPU time the kernel accounts to it and to
// the cores.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// clockTick is the unit of /proc's CPU times: USER_HZ, 100 on Linux (fixed
// by its ABI on the platforms Go supports).
const clockTick = 10 * time.Millisecond

// server is one server binary running as its own process.
type server struct {
	lib, framework string
	cmd            *exec.Cmd
	addr           string // host:port
	pprof          string // host:port of net/http/pprof, "" without -profile
	gomaxprocs     int
	ginCodec       string
}

// startServer runs bin pinned to cpu (taskset) and waits for its hello
// line.
func startServer(bin, lib, framework, cpu string, pprof bool) (*server, error) {
	args := []string{"-c", cpu, bin, "-framework", framework}
	if pprof {
		args = append(args, "-pprof", "127.0.0.1:0")
	}
	cmd := exec.Command("taskset", args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %w", bin, err)
	}
	hello := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			hello <- sc.Text()
		}
		close(hello)
		for sc.Scan() { // keep the pipe drained
		}
	}()
	s := &server{lib: lib, framework: framework, cmd: cmd}
	select {
	case line, ok := <-hello:
		var h struct {
			Addr       string `json:"addr"`
			Library    string `json:"library"`
			Framework  string `json:"framework"`
			GOMAXPROCS int    `json:"gomaxprocs"`
			GinCodec   string `json:"gin_codec"`
			Pprof      string `json:"pprof"`
		}
		if !ok || json.Unmarshal([]byte(line), &h) != nil || h.Addr == "" {
			s.stop()
			return nil, fmt.Errorf("%s: no hello line (got %q)", bin, line)
		}
		if h.Library != libs[lib].name || h.Framework != framework {
			s.stop()
			return nil, fmt.Errorf("%s says library %q, framework %q: want %q, %q", bin, h.Library, h.Framework, libs[lib].name, framework)
		}
		s.addr, s.pprof, s.gomaxprocs, s.ginCodec = h.Addr, h.Pprof, h.GOMAXPROCS, h.GinCodec
	case <-time.After(30 * time.Second):
		s.stop()
		return nil, fmt.Errorf("%s: not listening after 30 s", bin)
	}
	return s, nil
}

func (s *server) url() string { return "http://" + s.addr + "/order" }

// stop ends the server (SIGTERM, then SIGKILL after 5 s) and waits for it.
func (s *server) stop() {
	if s.cmd.Process == nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
}

// cpuTime is the CPU time (user and system, all threads) the kernel has
// accounted to the process so far, from /proc/PID/stat.
func (s *server) cpuTime() (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	// The command name (field 2) may hold spaces: fields count from the
	// last ')'.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0, errors.New("malformed /proc stat")
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 { // state is f[0]; utime and stime are fields 14 and 15
		return 0, errors.New("short /proc stat")
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, errors.New("malformed /proc stat times")
	}
	return time.Duration(ut+st) * clockTick, nil
}

// coreBusy is the time core cpu has spent not idle (every process), from
// /proc/stat.
func coreBusy(cpu string) (time.Duration, error) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 9 || f[0] != "cpu"+cpu {
			continue
		}
		var busy int64
		for k, v := range f[1:] { // user nice system idle iowait irq softirq steal ...
			if k == 3 || k == 4 || k >= 8 { // idle, iowait; guest times are in user already
				continue
			}
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return 0, err
			}
			busy += n
		}
		return time.Duration(busy) * clockTick, nil
	}
	return 0, fmt.Errorf("no cpu%s in /proc/stat", cpu)
}

// runPinned runs name with args pinned to cpu and returns its stdout and
// the CPU time it used (getrusage of the child: user and system).
func runPinned(ctx context.Context, cpu, name string, args ...string) ([]byte, time.Duration, error) {
	cmd := exec.CommandContext(ctx, "taskset", append([]string{"-c", cpu, name}, args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var cpuTime time.Duration
	if cmd.ProcessState != nil {
		cpuTime = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = strings.TrimSpace(string(out)) // bombardier reports bad flags on stdout
		}
		return out, cpuTime, fmt.Errorf("%s: %w: %.300s", name, err, msg)
	}
	return out, cpuTime, nil
}
