package montecarlo

import "math/rand/v2"

// pow6to24 is 6^24, the largest power of six below 2^64.
const pow6to24 = 4738381338321616896

// acceptBelow is the largest multiple of 6^24 that fits in 64 bits (3·6^24):
// a uniform 64-bit word below it, taken modulo 6^24, is uniform over 6^24 values.
const acceptBelow = 3 * pow6to24

// Die is a fair six-sided die. It draws one 64-bit word from its generator,
// rejects the word unless it is below 3·6^24 (about 77% are kept), and reads
// 24 independent, exactly uniform throws from its base-6 digits. This costs
// about one random word per 18 throws instead of one per throw, with no
// rounding bias at all.
type Die struct {
	rng   *rand.Rand
	faces [24]uint8 // the current word's throws, faces 1..6
	left  int       // how many of faces are unread
}

// NewDie returns a die that draws its randomness from rng.
func NewDie(rng *rand.Rand) *Die { return &Die{rng: rng} }

// Reset points the die at a new generator and discards unread throws.
func (d *Die) Reset(rng *rand.Rand) { d.rng, d.left = rng, 0 }

// Throw returns a face from 1 to 6, each with probability exactly 1/6.
// It is small enough to be inlined; the refill, once per 24 throws, is not.
func (d *Die) Throw() int {
	if d.left == 0 {
		d.refill()
	}
	d.left--
	return int(d.faces[d.left])
}

// pow6to12 is 6^12, below 2^32: a 24-digit pool splits into two 12-digit halves.
const pow6to12 = 2176782336

// refill draws words until one is below 3·6^24 and decodes its 24 base-6
// digits. The two 12-digit halves are decoded side by side in 32-bit
// arithmetic, so the two chains of divisions overlap instead of queueing.
func (d *Die) refill() {
	for {
		if w := d.rng.Uint64(); w < acceptBelow {
			pool := w % pow6to24
			hi, lo := uint32(pool/pow6to12), uint32(pool%pow6to12)
			for i := 0; i < 12; i++ {
				qh, ql := hi/6, lo/6
				d.faces[i] = uint8(hi-6*qh) + 1
				d.faces[12+i] = uint8(lo-6*ql) + 1
				hi, lo = qh, ql
			}
			d.left = 24
			return
		}
	}
}
