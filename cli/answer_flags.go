package cli

import (
	"github.com/chancecheck/chancecheck/answer"
	"github.com/spf13/pflag"
)

// answerOptions are the flags that say what kind of answer a solver
// prints, shared by stress and programs: --answer, --modulus and, for
// stress's reading back of residues, --max-denominator.
type answerOptions struct {
	kind           string
	modulus        int64
	maxDenominator int64
	toleranceSet   bool // --tolerance was given, which only a float answer has
	flags          *pflag.FlagSet
}

// register adds the flags to f; readBack adds --max-denominator.
func (o *answerOptions) register(f *pflag.FlagSet, readBack bool) {
	o.flags = f
	f.StringVar(&o.kind, "answer", "", "the kind of answer the solver prints: float (within --tolerance), integer, fraction (p/q) or residue (modulo --modulus; the default when --modulus is given); compared exactly but for float (default float)")
	f.Int64Var(&o.modulus, "modulus", 0, "the prime P of an answer printed as p·q⁻¹ mod P (998244353, 1000000007): the answer is a residue")
	if readBack {
		f.Int64Var(&o.maxDenominator, "max-denominator", 0, "residue without a brute force: read a residue back as a fraction p/q with q at most this, for the referee to judge (0: the largest that keeps the chance of a coincidence at one in a million an input); larger judges more inputs at a larger risk")
	}
}

// rule is the kind of answer the flags give.
func (o answerOptions) rule() (answer.Rule, error) {
	r := answer.Rule{Modulus: o.modulus}
	switch {
	case o.kind == "" && o.modulus != 0:
		r.Kind = answer.Residue
	case o.kind != "":
		k, err := answer.ParseKind(o.kind)
		if err != nil {
			return r, usagef("--answer: %v", err)
		}
		r.Kind = k
	}
	switch {
	case o.modulus == 0 && o.flags != nil && o.flags.Changed("modulus"):
		// 0 is the flag's "none", which no one writes on purpose.
		return r, usagef("--modulus 0: the modulus is a prime (998244353, 1000000007); leave --modulus out for an answer that is no residue")
	case r.Kind == answer.Residue && o.modulus == 0:
		return r, usagef("--answer residue needs --modulus P, the prime the answer is printed modulo (998244353, 1000000007)")
	case r.Kind.Exact() && o.toleranceSet:
		return r, usagef("--tolerance is the rule of a float answer: %s is compared exactly", r)
	case o.maxDenominator != 0 && !r.ReadsBack():
		return r, usagef("--max-denominator goes with a residue (--modulus P)")
	case o.maxDenominator < 0:
		return r, usagef("--max-denominator must not be negative")
	}
	if err := r.Validate(); err != nil {
		return r, usagef("--modulus: %v", err)
	}
	return r, nil
}
