package specs

import (
	"errors"
	"math"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// FuzzParseAnswers feeds arbitrary output to every judge: no panic, and
// either exactly n finite numbers or a *FormatError.
func FuzzParseAnswers(f *testing.F) {
	for _, seed := range []string{
		"Case 1: 31.54880806\nCase 2: 33.0476190476\n", "0.589314\n", "0.063\n", "17.119213696602\n",
		"nan\n", "-nan\n", "inf\n", "1e999\n", "0.5abc\n", "\n\n", "Case 1: \n", "Case 1: 1 2\n", "\x00",
	} {
		f.Add([]byte(seed), uint8(1))
		f.Add([]byte(seed), uint8(2))
	}
	judges := []props.Judge{Snakes(), Patience(), Traps(TrapsConfig{}), Jenga(JengaConfig{})}
	f.Fuzz(func(t *testing.T, out []byte, n uint8) {
		want := int(n%4) + 1
		for _, j := range judges {
			got, err := j.ParseAnswers(out, want)
			if err != nil {
				var fe *props.FormatError
				if !errors.As(err, &fe) {
					t.Fatalf("%T: error %v is not a FormatError", j, err)
				}
				continue
			}
			if len(got) != want {
				t.Fatalf("%T: %d answers, want %d", j, len(got), want)
			}
			for _, v := range got {
				if math.IsNaN(v.Float64()) || math.IsInf(v.Float64(), 0) {
					t.Fatalf("%T: accepted a non-finite answer %v from %q", j, v, out)
				}
			}
		}
	})
}
