// Package answer holds the kinds of answer a problem asks for, in one
// vocabulary for every part of chancecheck: a float within a tolerance
// (Float, what the four built-in games ask), an exact integer (Integer), a
// fraction printed p/q (Fraction) and a residue modulo a prime P
// (Residue: the fraction p/q printed as p·q⁻¹ mod P, as "print the answer
// modulo 998244353" asks).
//
// A Rule is a kind and, for a residue, its modulus; a Value is one answer
// of any kind, a float among them. The rule parses a solver's answers
// strictly (line-numbered errors) and a brute force's exact answer
// (ParseExact), compares answers (Accepts: a float within a Tolerance,
// an exact kind exactly — a relative tolerance never accepts two different
// integers), prints them
// as integers or fractions, and turns an exact fraction into the answer a
// correct solver prints (FromRat): the residue of a fraction whose
// denominator the modulus divides is ErrNoResidue, never a crash nor a
// pass.
//
// Reconstruct goes the other way: a residue back to the unique fraction
// with a small numerator and denominator (Bounds says how small, from the
// range of a game's outcomes), which is what lets the Monte Carlo referee
// judge a residue on its own. Rule.ReadsBack says whose answers are read
// back so, and callers ask it rather than name the kind.
//
// The package is I/O and exact arithmetic only: it knows no game, no
// analyst and no referee, so that every layer may use it.
package answer
