package specs

import (
	"errors"
	"fmt"
	"math/big"
	"testing"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/props"
)

// The built-in games' own answer formats and judge rules: Snakes's "Case i:"
// lines, Traps's three decimals, and the defaults Patience and Jenga keep.

func TestBuiltinParseAnswers(t *testing.T) {
	tests := []struct {
		name  string
		judge props.Judge
		out   string
		n     int
		want  []float64
		line  int // 0: parses; else the FormatError's line (-1: whole output)
	}{
		{"snakes", Snakes(), "Case 1: 31.5\nCase 2: 33\n", 2, []float64{31.5, 33}, 0},
		{"snakes crlf and trailing blank lines", Snakes(), "Case 1: 31.5\r\nCase 2: 3.3e1\r\n\n\n", 2, []float64{31.5, 33}, 0},
		{"snakes wrong label", Snakes(), "Case 1: 31.5\nCase 3: 33\n", 2, nil, 2},
		{"snakes no label", Snakes(), "31.5\n", 1, nil, 1},
		{"snakes too few", Snakes(), "Case 1: 31.5\n", 2, nil, -1},
		{"snakes too many", Snakes(), "Case 1: 1\nCase 2: 2\n", 1, nil, 2},
		{"nan", Patience(), "nan\n", 1, nil, 1},
		{"-nan", Patience(), "-nan\n", 1, nil, 1},
		{"NaN", Patience(), "NaN\n", 1, nil, 1},
		{"inf", Patience(), "inf\n", 1, nil, 1},
		{"overflow to inf", Patience(), "1e999\n", 1, nil, 1},
		{"glued garbage", Patience(), "0.5abc\n", 1, nil, 1},
		{"hex float", Patience(), "0x1p-1\n", 1, nil, 1},
		{"two numbers", Patience(), "0.5 0.5\n", 1, nil, 1},
		{"empty line between", Patience(), "0.5\n\n0.25\n", 3, nil, 2},
		{"empty output", Patience(), "", 1, nil, -1},
		{"blank output", Traps(TrapsConfig{}), "  \n", 1, nil, -1},
		{"NUL byte", Traps(TrapsConfig{}), "0.5\x00\n", 1, nil, -1},
		{"plain", Jenga(JengaConfig{}), " 17.119213696602 \n", 1, []float64{17.119213696602}, 0},
		{"forms", Jenga(JengaConfig{}), "1.\n.5\n+2e-3\n", 3, []float64{1, .5, 2e-3}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.judge.ParseAnswers([]byte(tt.out), tt.n)
			if tt.line == 0 {
				if err != nil || fmt.Sprint(got) != fmt.Sprint(tt.want) {
					t.Fatalf("got %v, %v; want %v", got, err, tt.want)
				}
				return
			}
			var fe *props.FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("got %v, %v; want a FormatError", got, err)
			}
			if want := max(tt.line, 0); fe.Line != want {
				t.Errorf("error %q on line %d, want line %d", fe, fe.Line, want)
			}
		})
	}
}

func TestBuiltinAgrees(t *testing.T) {
	sixteenth := props.Solution{Value: 0.0625, Fraction: big.NewRat(1, 16)}
	tests := []struct {
		name   string
		judge  props.Judge
		ours   props.Solution
		theirs float64
		full   bool
		want   bool
	}{
		{"snakes relative", Snakes(), props.Solution{Value: 1e4}, 1e4 + 5e-3, false, true},
		{"snakes beyond", Snakes(), props.Solution{Value: 33}, 33.0001, false, false},
		{"patience absolute", Patience(), props.Solution{Value: 0.5}, 0.5000009, false, true},
		{"patience beyond", Patience(), props.Solution{Value: 0.5}, 0.500002, false, false},
		// 1/16: half up prints 0.063, C printf 0.062; both are 0.0005 from
		// the exact value, which the judge accepts (spec: traps rounding).
		{"traps half up", Traps(TrapsConfig{}), sixteenth, 0.063, false, true},
		{"traps printf tie", Traps(TrapsConfig{}), sixteenth, 0.062, false, true},
		{"traps off by one digit", Traps(TrapsConfig{}), sixteenth, 0.061, false, false},
		{"traps full precision", Traps(TrapsConfig{}), sixteenth, 0.063, true, false},
		{"traps full precision digits", Traps(TrapsConfig{}), sixteenth, 0.0625004, true, true},
		{"plain", Jenga(JengaConfig{}), props.Solution{Value: 17.119213696601992}, 17.119213696602, false, true},
	}
	for _, tt := range tests {
		if got := tt.judge.Agrees(tt.ours, answer.FloatValue(tt.theirs), tt.full); got != tt.want {
			t.Errorf("%s: Agrees(%v, %v) = %v, want %v", tt.name, tt.ours.Value, tt.theirs, got, tt.want)
		}
	}
}
