package programs

import (
	"strings"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// drawnFault is what went wrong drawing in, or nil (faults).
func (g *programGame) drawnFault(in Input) error {
	if err, ok := g.faults.Load(in); ok {
		return err.(error)
	}
	return nil
}

// classOf is in's coverage class.
func (g *programGame) classOf(in Input) string { return classify(g.Classes, in) }

// coverageWith is the coverage goals under the parameters' values.
func (g *programGame) coverageWith(values map[string]int) []props.ClassGoal {
	return coverageWith(g.Classes, g.Params, values)
}

// draw is the input the generator prints for c, run once per arguments
// (memo); a generator run that went wrong gives an input with its fault
// (faults).
func (g *programGame) draw(c Case) Input {
	args := c.Args(g.Params)
	key := strings.Join(args, " ")
	if in, ok := g.memo.Load(key); ok {
		return in.(Input)
	}
	input, fault, err := g.generate(g.ctx, c)
	if err == nil && fault == nil && g.checked.CompareAndSwap(false, true) {
		fault, err = g.deterministic(g.ctx, c, input)
	}
	if fault != nil && fault.Input != nil {
		input = fault.Input // the input the validator rejected
	}
	in := Input{Text: string(input), Args: key}
	g.cases.LoadOrStore(key, c)
	if err == nil && fault != nil {
		err = drawFault(commandLine(g.Generator, args), fault)
	}
	if err != nil {
		if input == nil {
			in = faultInput(key)
		}
		g.faults.Store(in, err)
	}
	g.memo.Store(key, in)
	return in
}

// generator draws inputs with each parameter up to its value in values.
func (g *programGame) generator(values map[string]int) *rapid.Generator[Input] {
	return rapid.Custom(func(t *rapid.T) Input {
		c := Case{Seed: int64(rapid.IntRange(1, maxSeed).Draw(t, "seed")), Values: make([]int64, len(g.Params))}
		// A class with a goal is drawn on purpose, often enough to
		// meet it (classes.go); a game without one draws as before.
		aim := aimedClass(g.Classes, g.Params, values, c.Seed)
		for i, p := range g.Params {
			lo, hi := p.Lo, int64(values[p.Name])
			if aim != nil && aim.Param == p.Name {
				lo, hi = max(lo, aim.Lo), min(hi, aim.Hi)
			}
			c.Values[i] = int64(rapid.IntRange(int(lo), int(hi)).Draw(t, p.Name))
		}
		return g.draw(c)
	})
}

// simpler lists inputs simpler than a drawn one: lower values of each
// parameter at several seeds, then other seeds (simplerInputs).
func (g *programGame) simpler(in Input) []Input {
	c, ok := g.cases.Load(in.Args)
	if !ok {
		return nil
	}
	return simplerInputs(g.Params, c.(Case), in, g.draw, g.drawnFault)
}
