package props

import (
	"testing"
	"time"
)

// The default shrinking time stretches to ShrinkRuns runs of the failing
// board: a board whose run takes 15 s (programs in Python on a loaded
// machine) gets 5 minutes, not 30 s, which it would spend re-running the
// failure once (derived by hand: 20 × 15 s).
func TestDefaultShrinkTime(t *testing.T) {
	for _, tt := range []struct {
		first, want time.Duration
	}{
		{0, DefaultShrinkTime},
		{10 * time.Millisecond, DefaultShrinkTime},
		{DefaultShrinkTime / ShrinkRuns, DefaultShrinkTime},
		{2 * time.Second, 40 * time.Second},
		{15 * time.Second, 5 * time.Minute},
	} {
		if got := defaultShrinkTime(tt.first); got != tt.want {
			t.Errorf("defaultShrinkTime(%v) = %v, want %v", tt.first, got, tt.want)
		}
	}
}
