package reports

import (
	"cmp"
	"slices"

	"github.com/chancecheck/chancecheck/props"
)

// gameSkeleton is what a report says about a game besides its boards.
type gameSkeleton struct {
	name, title string
	invariants  []InvariantRun // names and docs; counts zero
}

func skeletonOf(g props.Game) gameSkeleton {
	s := gameSkeleton{name: g.Name(), title: g.Title()}
	for _, inv := range g.Invariants() {
		s.invariants = append(s.invariants, InvariantRun{Name: inv.Name, Doc: inv.Doc})
	}
	return s
}

func skeletonFrom(g GameReport) gameSkeleton {
	s := gameSkeleton{name: g.Name, title: g.Title}
	for _, inv := range g.Invariants {
		s.invariants = append(s.invariants, InvariantRun{Name: inv.Name, Doc: inv.Doc})
	}
	return s
}

// assemble builds a report from the plan and the boards' results, deriving
// everything else (counts, classes, calibration, coverage, verdicts). A
// whole run and a merge of shards both end here, which is why they agree
// byte for byte. With shard set the report is one shard's partial report:
// no calibration and no coverage, which need every board.
func assemble(p Plan, shard *props.Shard, skel []gameSkeleton, boards [][]BoardReport) *Report {
	r := &Report{Schema: SchemaVersion, Tool: Tool, Plan: p, Shard: shard, Budget: planBudget(p), Pass: true}
	for gi, sk := range skel {
		bs := slices.Clone(boards[gi])
		slices.SortFunc(bs, func(a, b BoardReport) int { return cmp.Compare(a.Index, b.Index) })
		gr := GameReport{
			Name: sk.name, Title: sk.title,
			Budget: gameBudget(p, p.Games[gi]), Boards: bs,
			Invariants: slices.Clone(sk.invariants), Classes: []ClassCount{},
		}
		if gr.Boards == nil {
			gr.Boards = []BoardReport{}
		}
		if gr.Invariants == nil {
			gr.Invariants = []InvariantRun{}
		}
		classes := map[string]int{}
		for _, b := range bs {
			switch b.Verdict {
			case BoardNotJudged:
				gr.BoardsNotJudged++
			case BoardPass:
			default:
				gr.BoardsFailed++
			}
			if b.Class != "sample" && b.Class != "" {
				classes[b.Class]++
			}
			if b.InvariantsChecked {
				for i := range gr.Invariants {
					gr.Invariants[i].Checked++
				}
			}
			for _, f := range b.Failed {
				for i := range gr.Invariants {
					if gr.Invariants[i].Name == f.Name {
						gr.Invariants[i].Failed++
					}
				}
			}
		}
		for c, n := range classes {
			gr.Classes = append(gr.Classes, ClassCount{Class: c, Boards: n})
		}
		slices.SortFunc(gr.Classes, func(a, b ClassCount) int { return cmp.Compare(a.Class, b.Class) })
		if shard == nil {
			gr.Calibration = calibrate(bs, gr.Budget.CalibrationAlpha)
			gr.Coverage = coverageTable(p, p.Games[gi], gr.Budget, bs)
		}
		// A shard may hold no board of a game; a whole run with none
		// judged nothing.
		gr.NothingJudged = gr.BoardsNotJudged == len(bs) && (len(bs) > 0 || shard == nil)
		if shard == nil {
			gr.TooFewJudged, gr.NeverJudged = judgedShare(p, bs)
		}
		gr.Pass = !gr.Failed() && !gr.NothingJudged && gr.TooFewJudged == ""
		gr.Sensitivity = sensitivity(bs, gr.Calibration)
		r.Pass = r.Pass && gr.Pass
		r.NothingJudged = r.NothingJudged || gr.NothingJudged
		r.TooFewJudged = r.TooFewJudged || gr.TooFewJudged != ""
		r.Games = append(r.Games, gr)
	}
	return r
}

// judgedShare applies the one rule of every route (props.JudgedShare) to a
// game's generated boards, the samples aside: the share judged, in words,
// when it is too few to pass ("" otherwise, and for a plan of no generated
// board), and the classes never judged.
func judgedShare(p Plan, bs []BoardReport) (tooFew string, never []string) {
	judged, notJudged := map[string]int{}, map[string]int{}
	share := props.JudgedShare{Min: p.minJudged()}
	for _, b := range bs {
		if b.Class == "sample" {
			continue
		}
		share.Of++
		if b.Verdict == BoardNotJudged {
			notJudged[b.Class]++
		} else {
			share.Judged++
			judged[b.Class]++
		}
	}
	never = props.NeverJudged(judged, notJudged)
	if share.Of > 0 && share.TooFew() {
		tooFew = share.String()
	}
	return tooFew, never
}
