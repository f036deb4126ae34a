package reports

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// JUnit XML, the dialect CI systems read (Jenkins, GitLab, GitHub test
// reporters): one <testsuite> per game, one <testcase> per property of the
// game: "agreement" (every board's agreement test), "calibration",
// "invariant/NAME" for each invariant and "coverage/CLASS" for each coverage
// goal.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Time     string       `xml:"time,attr,omitempty"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr,omitempty"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

// WriteJUnit writes junit.xml. t may be nil (no times).
func WriteJUnit(w io.Writer, r *Report, t *Timings) error {
	all := junitSuites{Name: "chancecheck report"}
	for gi, g := range r.Games {
		s := junitSuite{Name: g.Name}
		if t != nil {
			for _, gt := range t.Games {
				if gt.Name == g.Name {
					s.Time = fmt.Sprintf("%.3f", gt.Seconds)
				}
			}
		}
		class := "chancecheck." + g.Name
		// agreement
		c := junitCase{Name: "agreement", Classname: class,
			SystemOut: fmt.Sprintf("%d boards, %d runs each, α = %.3g per board", len(g.Boards), r.Plan.Runs, g.Budget.AlphaPerBoard)}
		var bad []string
		for _, b := range g.Boards {
			if b.Error != "" || (!b.Agreement.Pass && b.NotPlayed == "" && b.NotJudged == "") {
				bad = append(bad, b.ID+": "+boardFailure(BoardReport{ID: b.ID, Error: b.Error, Agreement: b.Agreement}))
			}
		}
		if len(bad) > 0 {
			c.Failure = &junitFailure{Message: fmt.Sprintf("%d of %d boards disagree", len(bad), len(g.Boards)), Text: strings.Join(bad, "\n")}
		}
		if g.NothingJudged || g.TooFewJudged != "" {
			c.Skipped = &junitSkipped{Message: nothingJudgedLine(g)}
		}
		s.Cases = append(s.Cases, c)
		// calibration
		c = junitCase{Name: "calibration", Classname: class}
		if cal := g.Calibration; cal == nil {
			c.Skipped = &junitSkipped{Message: "partial report of one shard: calibration needs every board"}
		} else if cal.NotTested != "" {
			c.Skipped = &junitSkipped{Message: "calibration " + calibrationUntested(cal) + ": neither a pass nor a failure"}
		} else {
			c.SystemOut = fmt.Sprintf("KS of U = Φ(Z) over %d boards: D = %.4f, p = %.3g, α = %.3g", cal.Boards, cal.D, cal.PValue, cal.Alpha)
			if !cal.Pass {
				c.Failure = &junitFailure{Message: fmt.Sprintf("the boards' z-scores are not N(0,1): p = %.3g ≤ α = %.3g", cal.PValue, cal.Alpha), Text: c.SystemOut}
			}
		}
		s.Cases = append(s.Cases, c)
		// invariants
		for _, inv := range g.Invariants {
			c := junitCase{Name: "invariant/" + inv.Name, Classname: class,
				SystemOut: fmt.Sprintf("%s; checked on %d boards", inv.Doc, inv.Checked)}
			if inv.Failed > 0 {
				var msgs []string
				for _, b := range g.Boards {
					for _, f := range b.Failed {
						if f.Name == inv.Name {
							msgs = append(msgs, b.ID+": "+f.Message)
						}
					}
				}
				c.Failure = &junitFailure{Message: fmt.Sprintf("fails on %d of %d boards", inv.Failed, inv.Checked), Text: strings.Join(msgs, "\n")}
			}
			s.Cases = append(s.Cases, c)
		}
		s.Cases = append(s.Cases, coverageCases(plannedGame(r, gi), g, class)...)
		for _, c := range s.Cases {
			s.Tests++
			if c.Failure != nil {
				s.Failures++
			}
			if c.Skipped != nil {
				s.Skipped++
			}
		}
		all.Tests += s.Tests
		all.Failures += s.Failures
		all.Suites = append(all.Suites, s)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(all); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// coverageCases are the test cases of a game's coverage goals: a failure
// when under-covered, skipped when there are too few boards to judge or the
// report is one shard's.
func coverageCases(pg PlannedGame, g GameReport, class string) []junitCase {
	var cases []junitCase
	for i, goal := range pg.Coverage {
		c := junitCase{Name: "coverage/" + goal.Class, Classname: class}
		if i >= len(g.Coverage) {
			c.Skipped = &junitSkipped{Message: "partial report of one shard: coverage needs every board"}
			cases = append(cases, c)
			continue
		}
		row := g.Coverage[i]
		c.SystemOut = fmt.Sprintf("%d of %d generated boards (%.1f%%) in class %s, goal ≥ %.1f%%: p = P(Bin(n, goal) ≤ boards) = %.3g, α = %.3g",
			row.Boards, row.Generated, 100*row.Share, row.Class, 100*row.MinShare, row.PValue, row.Alpha)
		switch row.Verdict {
		case CoverageUnder:
			c.Failure = &junitFailure{Message: fmt.Sprintf("under-covered: p = %.3g ≤ α = %.3g", row.PValue, row.Alpha), Text: c.SystemOut}
		case CoverageTooFew:
			c.Skipped = &junitSkipped{Message: coverageVerdict(row) + ": " + c.SystemOut}
		}
		cases = append(cases, c)
	}
	return cases
}
