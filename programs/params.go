package programs

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Param is one size parameter of the generator, passed as name=value with
// a value drawn from Lo..Hi (both included).
type Param struct {
	Name   string
	Lo, Hi int64
}

func (p Param) String() string {
	if p.Lo == p.Hi {
		return fmt.Sprintf("%s=%d", p.Name, p.Lo)
	}
	return fmt.Sprintf("%s=%d..%d", p.Name, p.Lo, p.Hi)
}

// paramName is what a testlib generator reads as a name: a letter, then
// letters, digits, '_' or '-'.
// Compiled on first use: most runs of the program read no parameters.
var paramName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`) })

// ParseParams reads a parameter space, "n=1..30 k=0..5 m=7": blank-separated
// name=lo..hi ranges (integers, lo ≤ hi) or name=value constants, each name
// once.
func ParseParams(s string) ([]Param, error) {
	var params []Param
	seen := map[string]bool{}
	for _, field := range strings.Fields(s) {
		name, rng, ok := strings.Cut(field, "=")
		if !ok || !paramName().MatchString(name) {
			return nil, fmt.Errorf("params: %q: want name=lo..hi or name=value, the name a letter then letters, digits, _ or -", field)
		}
		if seen[name] {
			return nil, fmt.Errorf("params: %s is given twice", name)
		}
		seen[name] = true
		loText, hiText, isRange := strings.Cut(rng, "..")
		if !isRange {
			hiText = loText
		}
		lo, err1 := strconv.ParseInt(loText, 10, 64)
		hi, err2 := strconv.ParseInt(hiText, 10, 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("params: %q: the bounds must be integers, as name=lo..hi (parameters are separated by spaces)", field)
		}
		if lo > hi {
			return nil, fmt.Errorf("params: %q: lo %d is above hi %d", field, lo, hi)
		}
		if hi-lo+1 <= 0 {
			return nil, fmt.Errorf("params: %q: the range is too wide", field)
		}
		params = append(params, Param{Name: name, Lo: lo, Hi: hi})
	}
	return params, nil
}

// Case is one input's place in the generator's space: the generator's seed
// and a value for each parameter.
type Case struct {
	Seed   int64   // the generator's SEED, 1..2³¹−1 so that atoi and int() read it
	Values []int64 // Values[i] is Params[i]'s value
	// Test, for a generator that writes t test cases itself
	// (Stress.GeneratorWritesTests), is which of its output's cases this
	// is, from 1, and First and Last that case's lines in the output (the
	// count line is line 1); 0 for the generator's whole output.
	Test, First, Last int
}

// Args are the generator's arguments for c: SEED, then name=value for each
// parameter.
func (c Case) Args(params []Param) []string {
	args := []string{strconv.FormatInt(c.Seed, 10)}
	for i, p := range params {
		args = append(args, fmt.Sprintf("%s=%d", p.Name, c.Values[i]))
	}
	return args
}

// maxSeed keeps every seed a positive 32-bit int.
const maxSeed = 1<<31 - 1

// mix is SplitMix64's finaliser, the seed-derivation function of this
// package: each (seed, domain, index) gets an independent-looking stream.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Seed domains: the streams a run draws from, kept apart.
const (
	domainCase     = 1 // a case's generator seed and parameter values
	domainReferee  = 2 // the referee's seed of a search check
	domainShrink   = 3 // the referee's seed of a re-confirmation or shrinking try
	domainAltSeeds = 4 // the other generator seeds shrinking tries
	domainAim      = 5 // the coverage class a programs game's draw aims at
	domainClimb    = 6 // a climbed case's generator seed and moves (stress_climb.go)
)

// derive is a positive 31-bit seed for (seed, domain, index).
func derive(seed uint64, domain, index uint64) int64 {
	return int64(mix(mix(seed^mix(domain))^index)%maxSeed) + 1
}

// drawCase is case i of a run: its parameter values uniform in their
// ranges, from a PCG stream of its own, so that case i is the same whatever
// the number of cases.
func drawCase(params []Param, seed uint64, i int) Case {
	rng := rand.New(rand.NewPCG(seed, mix(domainCase<<32^uint64(i))))
	c := Case{Seed: derive(seed, domainCase, uint64(i)), Values: make([]int64, len(params))}
	for j, p := range params {
		c.Values[j] = p.Lo + rng.Int64N(p.Hi-p.Lo+1)
	}
	return c
}
