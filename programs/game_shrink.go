package programs

// maxSimpler bounds the smaller inputs one step of simplerInputs offers:
// each candidate costs a generator run, and the next step starts again from
// the first that fails.
const maxSimpler = 16

// simplerInputs lists inputs smaller than in, made at c, in the order
// stress's shrinking tries cases (Stress.candidates): each parameter
// lowered at c's SEED and others, then other seeds at c; an input is kept
// when the generator made it without a fault and it is smaller (shorter,
// or as long and first byte by byte, or the same input nearer the low
// ends), at most maxSimpler of them.
func simplerInputs(params []Param, c Case, in Input, draw func(Case) Input, fault func(Input) error) []Input {
	cur := &Failure{Case: c, Input: []byte(in.Text)}
	seen := map[string]bool{in.Text: true}
	var out []Input
	for _, cand := range candidates(params, c, seedsAt(0, DefaultShrinkSeeds, c)) {
		next := draw(cand)
		if seen[next.Text] || fault(next) != nil || !smaller([]byte(next.Text), cand, cur) {
			continue
		}
		seen[next.Text] = true
		out = append(out, next)
		if len(out) == maxSimpler {
			break
		}
	}
	return out
}
