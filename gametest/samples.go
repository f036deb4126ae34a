package gametest

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// checkSamples: every published sample parses, its output parses, and the
// game's own answers are accepted by its own judge, as the published output
// is. With ExactSamples the printed text must also be the published text.
//
// Without ExactSamples the text may differ: published outputs often print
// another number of decimals than the game does (snakes' sample shows 8 and
// 10), and the judge, not the text, is what decides an answer.
func checkSamples(t rapid.TB, g props.Game, o options) {
	samples := g.Samples()
	if len(samples) == 0 {
		t.Skipf("%s has no published samples; they are recommended (Spec.Samples): every solver check starts with them, and a wrong output format shows there first", g.Name())
		return
	}
	for _, s := range samples {
		if err := checkSample(g, s, o.exact); err != nil {
			t.Errorf("%s: %v", s.Label(), err)
		}
	}
}

func checkSample(g props.Game, s props.Sample, exact bool) error {
	boards, err := g.Parse(strings.NewReader(s.Input), s.Name)
	if err != nil {
		return fmt.Errorf("the input does not parse: %v", err)
	}
	if len(boards) == 0 {
		return fmt.Errorf("the input holds no board")
	}
	published, err := g.ParseAnswers([]byte(s.Output), len(boards))
	if err != nil {
		return fmt.Errorf("the published output does not parse as %d answer(s): %v\noutput:\n%s", len(boards), err, s.Output)
	}
	sols := make([]props.Solution, len(boards))
	for i, b := range boards {
		if sols[i], err = g.Answer(b); err != nil {
			return fmt.Errorf("board %d: Answer: %v", i+1, err)
		}
	}
	var out strings.Builder
	if err := g.WriteAnswers(&out, sols); err != nil {
		return fmt.Errorf("WriteAnswers: %v", err)
	}
	printed := out.String()
	ours, err := g.ParseAnswers([]byte(printed), len(boards))
	if err != nil {
		return fmt.Errorf("the game's own printed answers do not parse with its ParseAnswers: %v\nprinted:\n%s", err, printed)
	}
	for i, sol := range sols {
		if !g.Agrees(sol, published[i], false) {
			return fmt.Errorf("board %d: the game answers %.17g, and its judge does not accept the published %v\nprinted:\n%spublished:\n%s",
				i+1, sol.Value, published[i], printed, s.Output)
		}
		if !g.Agrees(sol, ours[i], false) {
			return fmt.Errorf("board %d: the game answers %.17g but prints %v, which its own judge does not accept (too few digits?)",
				i+1, sol.Value, ours[i])
		}
	}
	if exact && printed != s.Output {
		return fmt.Errorf("the game prints %q, not the published %q (ExactSamples)", printed, s.Output)
	}
	return nil
}
