package exact

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The lane arithmetic against plain slices: random multisets of live codes
// (up to nine of 1..21) packed in descending order, then a code counted,
// inserted and removed.
func TestJengaLaneArithmetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	pack := func(codes []uint8) uint64 {
		var lanes uint64
		for i, c := range codes { // descending: lane 0 holds the largest
			lanes |= uint64(c) << (laneBits * uint(i))
		}
		return lanes
	}
	for range 20000 {
		codes := make([]uint8, rng.IntN(jengaMaxLive+1))
		for i := range codes {
			codes[i] = uint8(1 + rng.IntN(21))
		}
		slices.Sort(codes)
		slices.Reverse(codes)
		lanes := pack(codes)
		c := uint8(1 + rng.IntN(21))
		above := 0
		for _, x := range codes {
			if x >= c {
				above++
			}
		}
		if got := lanesAbove(lanes, c); got != above {
			t.Fatalf("lanesAbove(%v, %d) = %d, want %d", codes, c, got, above)
		}
		if len(codes) < jengaMaxLive {
			with := append(slices.Clone(codes), c)
			slices.Sort(with)
			slices.Reverse(with)
			if got, want := insertCode(lanes, c), pack(with); got != want {
				t.Fatalf("insertCode(%v, %d) = %#x, want %#x", codes, c, got, want)
			}
		}
		if i := slices.Index(codes, c); i >= 0 {
			without := slices.Delete(slices.Clone(codes), i, i+1)
			if got, want := removeCode(lanes, c), pack(without); got != want {
				t.Fatalf("removeCode(%v, %d) = %#x, want %#x", codes, c, got, want)
			}
		}
	}
}
