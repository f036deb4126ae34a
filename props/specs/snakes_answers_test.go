package specs

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// TestWriteSnakesAnswersIsFmt checks that the strconv writer prints what
// "Case %d: %.*f\n" prints, for every digit count the CLI offers and values
// from the published sample to the odd ones (zero, negative zero, huge,
// infinite, NaN: none an answer, all printable).
func TestWriteSnakesAnswersIsFmt(t *testing.T) {
	values := []float64{31.548808063405, 33.047619047619047, 0, math.Copysign(0, -1), 1e300, 5e-11, math.Inf(1), math.NaN(), 102.94955640583}
	sols := make([]props.Solution, len(values))
	for i, v := range values {
		sols[i] = props.Solution{Value: v}
	}
	for digits := 1; digits <= 17; digits++ {
		var want bytes.Buffer
		for i, v := range values {
			fmt.Fprintf(&want, "Case %d: %.*f\n", i+1, digits, v)
		}
		var got bytes.Buffer
		if err := writeSnakesAnswers(&got, sols, digits); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%d digits:\n%s\nwant\n%s", digits, got.String(), want.String())
		}
	}
}
