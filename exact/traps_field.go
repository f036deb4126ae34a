package exact

import "math/big"

// trapField is the arithmetic the trap-maze analyst needs, so one solver
// serves float64 (fast) and big.Rat (exact). Values are probabilities.
type trapField[T any] interface {
	zero() T
	one() T
	// mix is (a·wa + b·wb) / total: a reveal's two outcomes weighted by
	// the prior masses behind them.
	mix(a T, wa int64, b T, wb int64, total int64) T
	less(a, b T) bool
	isZero(a T) bool
}

// floatField is trapField over float64.
type floatField struct{}

func (floatField) zero() float64 { return 0 }
func (floatField) one() float64  { return 1 }
func (floatField) mix(a float64, wa int64, b float64, wb int64, total int64) float64 {
	return (a*float64(wa) + b*float64(wb)) / float64(total)
}
func (floatField) less(a, b float64) bool { return a < b }
func (floatField) isZero(a float64) bool  { return a == 0 }

// ratField is trapField over exact fractions. Values are never mutated after
// they are made, so they may be shared.
type ratField struct{}

func (ratField) zero() *big.Rat { return new(big.Rat) }
func (ratField) one() *big.Rat  { return big.NewRat(1, 1) }
func (ratField) mix(a *big.Rat, wa int64, b *big.Rat, wb int64, total int64) *big.Rat {
	x := new(big.Rat).Mul(a, new(big.Rat).SetInt64(wa))
	y := new(big.Rat).Mul(b, new(big.Rat).SetInt64(wb))
	x.Add(x, y)
	return x.Quo(x, new(big.Rat).SetInt64(total))
}
func (ratField) less(a, b *big.Rat) bool { return a.Cmp(b) < 0 }
func (ratField) isZero(a *big.Rat) bool  { return a.Sign() == 0 }
