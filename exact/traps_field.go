package exact

// trapField is the arithmetic the trap-maze analyst needs. One solver serves
// the analyst's own arithmetic (massField, exact and fast) and the
// probability-weighted reference its tests compare it with.
type trapField[T any] interface {
	zero() T
	// whole is certain survival in a layer whose knowledge has prior mass
	// mass.
	whole(mass int64) T
	// mix combines a reveal's two outcomes: a in the layer where the kind
	// proved harmless (prior mass wa), b where it proved harmful (mass wb),
	// into a value of the layer revealing it (mass total = wa + wb).
	mix(a T, wa int64, b T, wb int64, total int64) T
	// less orders two values of the same layer.
	less(a, b T) bool
	isZero(a T) bool
}

// massField is trapField over surviving prior mass. A value in a layer of
// knowledge k is the total prior weight of the joint trap states consistent
// with k under which the play reaches an exit; the probability is that over
// Mass(k). This is exact: the play is deterministic given the joint state, so
// its survival probability under the posterior at k is the weight of the
// states it survives in over Mass(k). It is also the cheapest arithmetic:
//   - a reveal of kind t splits k's states into those with t harmless and
//     those with t harmful, so mix is a plain sum (the weights cancel:
//     (a/wa·wa + b/wb·wb)/total);
//   - every comparison is between values of one layer (the steps from one
//     cell or region), which share the denominator Mass(k), so less compares
//     masses.
//
// Values are integers at most Mass(0) ≤ 2^MaxKinds·MaxWeight = 3.2·10^6, far
// inside int64 and float64's 2^53 exact integers.
type massField struct{}

func (massField) zero() int64                   { return 0 }
func (massField) whole(mass int64) int64        { return mass }
func (massField) mix(a, _, b, _, _ int64) int64 { return a + b }
func (massField) less(a, b int64) bool          { return a < b }
func (massField) isZero(a int64) bool           { return a == 0 }
