package programs

import "fmt"

// neverJudged names, for each parameter, the values above every judged
// case's that cases not judged reached: "no input with n ≥ 3 was judged
// (5 not judged)", the issue's example of a class of inputs never judged
// (a game defined by programs has its parameters for classes). judged and
// notJudged are the cases' values, in Params' order. None when no case
// was judged: the run's share says it all.
func neverJudged(params []Param, judged, notJudged [][]int64) []string {
	if len(judged) == 0 || len(notJudged) == 0 {
		return nil
	}
	var out []string
	for j, p := range params {
		most := judged[0][j]
		for _, v := range judged {
			most = max(most, v[j])
		}
		n := 0
		for _, v := range notJudged {
			if v[j] > most {
				n++
			}
		}
		if n > 0 {
			out = append(out, fmt.Sprintf("no input with %s ≥ %d was judged (%d not judged)", p.Name, most+1, n))
		}
	}
	return out
}
