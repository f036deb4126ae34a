package reports

import (
	"fmt"
	"strings"
)

// Failed reports whether some check of the game failed: a board (its
// agreement test, an invariant, an error), the calibration or a coverage
// goal. A game that judged nothing has not failed, and has not passed; a
// calibration that made no test (Calibration.NotTested) has not failed.
func (g GameReport) Failed() bool {
	if g.BoardsFailed > 0 || (g.Calibration != nil && !g.Calibration.Pass && g.Calibration.NotTested == "") {
		return true
	}
	for _, c := range g.Coverage {
		if !c.Pass {
			return true
		}
	}
	return false
}

// Failed reports whether some game of the report failed (GameReport.Failed).
func (r *Report) Failed() bool {
	for _, g := range r.Games {
		if g.Failed() {
			return true
		}
	}
	return false
}

// NothingJudgedGames names the games that judged nothing, in plan order.
func (r *Report) NothingJudgedGames() []string {
	var names []string
	for _, g := range r.Games {
		if g.NothingJudged {
			names = append(names, g.Name)
		}
	}
	return names
}

// nothingJudgedWord is the verdict of a game or report that judged nothing
// and failed no check: never "pass".
const nothingJudgedWord = "NOTHING JUDGED"

// tooFewJudgedWord is the verdict of a game or report that judged too few
// of its generated boards (props.JudgedShare) and failed no check.
const tooFewJudgedWord = "TOO FEW JUDGED"

// verdictWord is the verdict of a game or a report in words: pass, FAIL
// (some check failed, whatever else), NOTHING JUDGED or TOO FEW JUDGED.
func verdictWord(pass, failed, nothingJudged, tooFew bool) string {
	switch {
	case nothingJudged && !failed:
		return nothingJudgedWord
	case tooFew && !failed:
		return tooFewJudgedWord
	}
	return passWord(pass)
}

// gameVerdict and reportVerdict are verdictWord of a game and a report.
func gameVerdict(g GameReport) string {
	return verdictWord(g.Pass, g.Failed(), g.NothingJudged, g.TooFewJudged != "")
}
func reportVerdict(r *Report) string {
	return verdictWord(r.Pass, r.Failed(), r.NothingJudged, r.TooFewJudged)
}

// TooFewJudgedGames names the games that judged too few of their
// generated boards, in plan order.
func (r *Report) TooFewJudgedGames() []string {
	var names []string
	for _, g := range r.Games {
		if g.TooFewJudged != "" && !g.NothingJudged {
			names = append(names, g.Name)
		}
	}
	return names
}

// nothingJudgedLine says why a game judged nothing, as a sentence of its
// own: how many of its boards the referee did not play and the analyst
// refused, with the first reason of each; "" when the game judged a board.
func nothingJudgedLine(g GameReport) string {
	if !g.NothingJudged && g.TooFewJudged != "" {
		line := fmt.Sprintf("Too few judged: of its generated boards, %s: no verdict on the referee or the analyst.", g.TooFewJudged)
		for _, n := range g.NeverJudged {
			line += " Never judged: " + n + "."
		}
		return line
	}
	if !g.NothingJudged {
		return ""
	}
	if len(g.Boards) == 0 {
		return "Nothing judged: the game has no board (no published sample, and no generated board): no verdict on its referee or analyst."
	}
	var notPlayed, refused int
	var why []string
	for _, b := range g.Boards {
		switch {
		case b.NotJudged != "":
			if refused++; refused == 1 {
				why = append(why, "the analyst refused: "+b.NotJudged)
			}
		case b.NotPlayed != "":
			if notPlayed++; notPlayed == 1 {
				why = append(why, "the referee did not play: "+b.NotPlayed)
			}
		}
	}
	return fmt.Sprintf("Nothing judged: none of the %d board(s) could be judged (%d not played by the referee, %d refused by the analyst; first, %s): no agreement test was made, no verdict on the referee or the analyst.",
		len(g.Boards), notPlayed, refused, strings.Join(why, "; "))
}
