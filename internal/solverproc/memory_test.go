package solverproc

import (
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		err  bool
	}{
		{in: "256MB", want: 256e6},
		{in: "256MiB", want: 256 << 20},
		{in: "64 mb", want: 64e6},
		{in: "1.5GB", want: 1.5e9},
		{in: "2GiB", want: 2 << 30},
		{in: "512KiB", want: 512 << 10},
		{in: "100kb", want: 100e3},
		{in: "0MB", want: 0},
		{in: "256", err: true},
		{in: "MB", err: true},
		{in: "-1MB", err: true},
		{in: "0x10MB", err: true},
		{in: "1e30GB", err: true},
		{in: "12 parsecs", err: true},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestFormatSize(t *testing.T) {
	for n, want := range map[int64]string{
		64e6: "64 MB", 256 << 20: "256 MiB", 1 << 30: "1 GiB", 1073741824 + 4096: "1.07 GB",
		3932160: "3840 KiB", 4028 << 10: "4028 KiB", 123456 << 10: "126 MB", 12345: "12.3 KB", 17: "17 bytes",
	} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestOverMemory checks the rule of memory.go on finished runs.
func TestOverMemory(t *testing.T) {
	const limit = 64e6
	tests := []struct {
		name  string
		r     Result
		msg   string // an allocation failure seen on stderr
		limit int64
		over  bool
	}{
		{name: "no limit", r: Result{ExitCode: 2, PeakRSS: 1e9}, msg: "out of memory", limit: 0},
		{name: "peak over the limit, exit 0", r: Result{PeakRSS: 200e6}, limit: limit, over: true},
		{name: "peak under the limit, exit 0", r: Result{PeakRSS: 60e6}, limit: limit},
		{name: "bad_alloc", r: Result{ExitCode: -1, Signal: "aborted", PeakRSS: 3e6}, msg: "bad_alloc", limit: limit, over: true},
		{name: "message without a crash", r: Result{PeakRSS: 3e6}, msg: "out of memory", limit: limit},
		{name: "silent crash near the limit", r: Result{ExitCode: -1, Signal: "segmentation fault", PeakRSS: 60e6}, limit: limit, over: true},
		{name: "silent crash far below", r: Result{ExitCode: -1, Signal: "segmentation fault", PeakRSS: 20e6}, limit: limit},
		{name: "time limit first", r: Result{TimedOut: true, ExitCode: -1, Signal: "killed", PeakRSS: 1e9}, limit: limit},
	}
	for _, tt := range tests {
		got := overMemory(tt.limit, tt.r, tt.msg)
		if (got != "") != tt.over {
			t.Errorf("%s: overMemory = %q, want over %v", tt.name, got, tt.over)
		}
	}
}

// TestAllocWatch checks that a message split over writes, in any case, is
// seen and quoted as the stream spelt it (a lower-cased "memoryerror"
// read oddly), also after multi-byte UTF-8, and that none is seen where
// there is none.
func TestAllocWatch(t *testing.T) {
	text := "goroutine 1 [running]: ✓ Ä\nfatal error: runtime: Out Of Memory\n" + strings.Repeat("x", 5000)
	for _, chunk := range []int{1, 3, 7, 64, len(text)} {
		var a allocWatch
		for i := 0; i < len(text); i += chunk {
			a.Write([]byte(text[i:min(i+chunk, len(text))]))
		}
		if a.found != "Out Of Memory" {
			t.Errorf("chunks of %d: found %q", chunk, a.found)
		}
	}
	var a allocWatch
	a.Write([]byte("out of mem"))
	a.Write([]byte("ory is not what this says\n"))
	if a.found == "" {
		t.Error("a message split in two writes was missed")
	}
	var b allocWatch
	b.Write([]byte(strings.Repeat("memory allocation is fine; ", 100)))
	if b.found != "" {
		t.Errorf("found %q in an innocent stream", b.found)
	}
}
