package solverproc

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// sizeUnits are the units ParseSize accepts: SI for KB, MB and GB, binary
// for KiB, MiB and GiB, as the IEC prefixes define them.
var sizeUnits = []struct {
	name  string
	bytes int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9},
}

// ParseSize reads a memory size with its unit: "256MB" (256·10⁶ bytes),
// "256MiB" (256·2²⁰), "1.5GB"; the unit is case-insensitive and may follow
// a space. A number without a unit is an error: judges state limits in
// megabytes, and a bare 256 read as bytes would be a trap.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	for _, u := range sizeUnits {
		if len(t) > len(u.name) && strings.EqualFold(t[len(t)-len(u.name):], u.name) {
			num := strings.TrimSpace(t[:len(t)-len(u.name)])
			v, err := strconv.ParseFloat(num, 64)
			if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) || strings.ContainsAny(num, "xXpP_") {
				return 0, fmt.Errorf("memory size %q: %q is not a non-negative decimal number", s, num)
			}
			n := v * float64(u.bytes)
			if n >= math.MaxInt64 {
				return 0, fmt.Errorf("memory size %q is too large", s)
			}
			return int64(n), nil
		}
	}
	return 0, fmt.Errorf("memory size %q: give a unit, one of KB, MB, GB (powers of 1000) or KiB, MiB, GiB (powers of 1024)", s)
}

// FormatSize writes n bytes readably: exactly in the largest unit, SI or
// binary, of which it is a round number below 10000 ("64 MB", "256 MiB"),
// else to three digits in SI units ("1.07 GB").
func FormatSize(n int64) string {
	for _, u := range []struct {
		name  string
		bytes int64
	}{{"GiB", 1 << 30}, {"GB", 1e9}, {"MiB", 1 << 20}, {"MB", 1e6}, {"KiB", 1 << 10}, {"KB", 1e3}} {
		if n >= u.bytes && n%u.bytes == 0 && n/u.bytes < 10000 {
			return fmt.Sprintf("%d %s", n/u.bytes, u.name)
		}
	}
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.3g GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.3g MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.3g KB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d bytes", n)
}
