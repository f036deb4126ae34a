package reports

import (
	"fmt"
	"html/template"
	"io"
	"sync"
)

// htmlGame is one game's section of report.html.
type htmlGame struct {
	GameReport
	Scatter, ZHist, QQ template.HTML // inline SVG
	Failed             []htmlFailure
	Timing             *GameTimings
	Params             string // the generator's parameter values; "" for none
	CoverageBudget     string // ", X per coverage goal"; "" for none
	Goals              int    // coverage goals of the plan
	CoverageRows       []htmlCoverage
}

type htmlCoverage struct {
	CoverageRow
	Verdict string // in words
}

type htmlFailure struct {
	ID, Class, Why, Input string
}

// WriteHTML writes report.html: one self-contained page (inline CSS and SVG,
// no scripts, nothing fetched) with the verdict, the budget, and per game the
// plots — exact against simulated means, the z-scores over the N(0,1)
// density, the calibration QQ plot with the band the KS test accepts — and
// the tables of report.md. t may be nil.
func WriteHTML(w io.Writer, r *Report, t *Timings) error {
	data := struct {
		*Report
		BudgetText string
		Games      []htmlGame
		Timings    *Timings
	}{Report: r, BudgetText: describeBudget(r), Timings: t}
	for gi, g := range r.Games {
		pg := plannedGame(r, gi)
		hg := htmlGame{GameReport: g, CoverageBudget: coverageBudgetText(g.Budget), Goals: len(pg.Coverage)}
		if len(pg.Params) > 0 {
			hg.Params = formatParams(pg.Params)
		}
		for _, c := range g.Coverage {
			hg.CoverageRows = append(hg.CoverageRows, htmlCoverage{CoverageRow: c, Verdict: coverageVerdict(c)})
		}
		var err error
		var s string
		if s, err = scatterPlot(g); err != nil {
			return fmt.Errorf("plot %s: %w", g.Name, err)
		}
		hg.Scatter = template.HTML(s)
		if s, err = zHistogram(g); err != nil {
			return fmt.Errorf("plot %s: %w", g.Name, err)
		}
		hg.ZHist = template.HTML(s)
		if s, err = qqPlot(g); err != nil {
			return fmt.Errorf("plot %s: %w", g.Name, err)
		}
		hg.QQ = template.HTML(s)
		for _, b := range g.Boards {
			if b.Verdict == BoardFail {
				hg.Failed = append(hg.Failed, htmlFailure{ID: b.ID, Class: b.Class, Why: boardFailure(b), Input: b.Input})
			}
		}
		if t != nil {
			for i := range t.Games {
				if t.Games[i].Name == g.Name {
					hg.Timing = &t.Games[i]
				}
			}
		}
		data.Games = append(data.Games, hg)
	}
	return htmlPage().Execute(w, data)
}

// htmlPage is the page template, parsed on first use: a process that
// writes no HTML report does not pay for it.
var htmlPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{
		"g":         func(format string, x float64) string { return fmt.Sprintf(format, x) },
		"opt":       optG,
		"board":     boardWord,
		"notjudged": notJudgedLine,
		"nothing":   nothingJudgedLine,
		"gameword":  gameVerdict, // no emoji: not every browser has the font
		"runword":   reportVerdict,
		"ztext":     zText,
		"word":      passWord,
		"untested":  calibrationUntested,
		"invfail":   invariantFailures,
		"invchk":    invariantChecks,
		"pct":       func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) },
	}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>chancecheck agreement report: {{runword .Report}}</title>
<style>
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 1240px; padding: 16px 24px; color: #1b1f23; }
h1 { font-size: 26px; margin: 8px 0 4px; }
h2 { font-size: 21px; margin: 28px 0 4px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
h3 { font-size: 16px; margin: 16px 0 6px; }
.pass { color: #1a7f37; } .fail { color: #cf222e; }
.badge { display: inline-block; padding: 2px 10px; border-radius: 12px; color: #fff; font-size: 15px; vertical-align: middle; }
.badge.pass { background: #1a7f37; color: #fff; } .badge.fail { background: #cf222e; color: #fff; }
.muted { color: #57606a; }
table { border-collapse: collapse; margin: 8px 0; font-size: 13.5px; }
th, td { border: 1px solid #d0d7de; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.bad td { background: #ffebe9; }
.plots { display: flex; flex-wrap: wrap; gap: 8px; }
.plots svg.plot { width: 400px; max-width: 100%; height: auto; border: 1px solid #eaeef2; }
pre { background: #f6f8fa; padding: 6px 10px; overflow-x: auto; font-size: 12px; }
.chips { line-height: 2; }
.chip { display: inline-block; border: 1px solid #d0d7de; border-radius: 10px; padding: 0 8px; margin-right: 2px; font-size: 13px; white-space: nowrap; }
.chip b { color: #0969da; }
details summary { cursor: pointer; color: #0969da; margin: 8px 0; }
</style>
</head>
<body>
<h1>chancecheck agreement report <span class="badge {{if .Pass}}pass{{else}}fail{{end}}">{{runword .Report}}</span></h1>
{{with .Shard}}<p><strong>Shard {{.}}</strong>: a partial report (no calibration); <code>chancecheck report merge</code> joins the shards.</p>{{end}}
<p class="muted">Seed {{.Plan.Seed}} · {{.Plan.Runs}} simulated games per board · the published samples and {{.Plan.Boards}} generated boards per game.</p>
<p>{{.BudgetText}}</p>
<table>
<tr><th>game</th><th>boards</th><th>failed</th><th>α per board</th><th>smallest shift seen<br>median / max</th><th>calibration<br>boards, D, p</th><th>common z-shift seen</th><th>invariants failed / checked</th><th>verdict</th></tr>
{{range .Games}}<tr{{if not .Pass}} class="bad"{{end}}><td><a href="#{{.Name}}">{{.Name}}</a></td><td class="num">{{len .Boards}}</td><td class="num">{{.BoardsFailed}}</td><td class="num">{{g "%.3g" .Budget.AlphaPerBoard}}</td>
<td class="num">{{opt .Sensitivity.MinDetectableMedian}} / {{opt .Sensitivity.MinDetectableMax}}</td>
<td>{{with .Calibration}}{{if .NotTested}}{{untested .}}{{else}}{{.Boards}}, {{g "%.3f" .D}}, {{g "%.3g" .PValue}} <span class="{{if .Pass}}pass{{else}}fail{{end}}">{{word .Pass}}</span>{{end}}{{else}}(shard){{end}}</td>
<td class="num">{{opt .Sensitivity.CalibrationZShift}}</td><td class="num">{{invfail .GameReport}} / {{invchk .GameReport}}</td>
<td class="{{if .Pass}}pass{{else}}fail{{end}}">{{gameword .GameReport}}</td></tr>
{{end}}</table>
<p class="muted">The smallest shift is the change of a board's mean outcome (or win probability) its test detects with probability ≥ ½;
the common z-shift is the bias, in standard errors and the same on every board, that the calibration test detects.</p>
{{range .Games}}
<h2 id="{{.Name}}">{{.Name}} <span class="badge {{if .Pass}}pass{{else}}fail{{end}}">{{gameword .GameReport}}</span></h2>
<p>{{.Title}}</p>
<p class="muted">Budget: α = {{g "%.3g" .Budget.Alpha}} for the game, {{g "%.3g" .Budget.AlphaPerBoard}} per board, {{g "%.3g" .Budget.CalibrationAlpha}} for the calibration{{.CoverageBudget}}.{{with .Timing}} Time: {{g "%.2f" .Seconds}} s summed over boards.{{end}}</p>
<div class="plots">{{.Scatter}}{{.ZHist}}{{.QQ}}</div>
{{with .Calibration}}{{if .NotTested}}<p>Calibration: {{untested .}}, {{.Skipped}} left out: neither a pass nor a failure.</p>{{else}}<p>Calibration: U = Φ(Z) of {{.Boards}} boards ({{.Skipped}} left out: σ = 0 or Berry–Esseen bound above the cap) against Uniform(0,1):
D = {{g "%.4f" .D}}, Berry–Esseen allowance {{g "%.4f" .BerryEsseen}}, p = {{g "%.3g" .PValue}} at α = {{g "%.3g" .Alpha}}:
<strong class="{{if .Pass}}pass{{else}}fail{{end}}">{{word .Pass}}</strong>.</p>{{end}}{{end}}
{{with notjudged .GameReport}}<p>{{.}}</p>{{end}}{{with nothing .GameReport}}<p><strong>{{.}}</strong></p>{{end}}
{{if .Failed}}<h3 class="fail">Failed boards</h3>
{{range .Failed}}<p><strong>{{.ID}}</strong> ({{.Class}}): {{.Why}}</p><pre>{{.Input}}</pre>{{end}}{{end}}
<h3>Invariants</h3>
<table><tr><th>invariant</th><th>checked</th><th>failed</th><th>what holds</th></tr>
{{range .Invariants}}<tr{{if .Failed}} class="bad"{{end}}><td>{{.Name}}</td><td class="num">{{.Checked}}</td><td class="num">{{.Failed}}</td><td>{{.Doc}}</td></tr>
{{end}}</table>
{{if .Classes}}<h3>Generated boards by coverage class</h3>
<p class="chips">{{range .Classes}}<span class="chip">{{.Class}} <b>{{.Boards}}</b></span> {{end}}</p>{{end}}
{{with .Params}}<p>Generator parameters: <code>{{.}}</code></p>
{{end}}{{if .CoverageRows}}<h3>Coverage goals</h3>
<p class="muted">One-sided exact binomial test of "share ≥ goal" over the {{(index .CoverageRows 0).Generated}} generated boards: p = P(Bin(n, goal) ≤ boards), α = {{g "%.3g" (index .CoverageRows 0).Alpha}} per goal.</p>
<table><tr><th>class</th><th>boards</th><th>share</th><th>goal</th><th>p</th><th>verdict</th></tr>
{{range .CoverageRows}}<tr{{if not .Pass}} class="bad"{{end}}><td>{{.Class}}</td><td class="num">{{.Boards}}</td><td class="num">{{pct .Share}}</td><td class="num">≥ {{pct .MinShare}}</td><td class="num">{{g "%.3g" .PValue}}</td><td{{if not .Pass}} class="fail"{{end}}>{{.Verdict}}</td></tr>
{{end}}</table>
{{else if .Goals}}<p class="muted">Coverage: {{.Goals}} goal(s), judged when the shards are merged (the test needs every board).</p>
{{end}}<details><summary>All {{len .Boards}} boards</summary>
<table><tr><th>board</th><th>class</th><th>exact</th><th>simulated</th><th>interval</th><th>test</th><th>statistic</th><th>p</th><th>z</th><th>verdict</th></tr>
{{range .Boards}}<tr{{if not .Pass}} class="bad"{{end}}><td>{{.ID}}</td><td>{{.Class}}</td><td class="num" title="{{.Fraction}}">{{g "%.6g" .Exact}}</td><td class="num">{{if .NotJudged}}not judged{{else if .NotPlayed}}not played{{else}}{{g "%.6g" .Agreement.SimMean}}{{end}}</td>
<td class="num">{{g "%.5g" .Agreement.CILow}} … {{g "%.5g" .Agreement.CIHigh}}</td><td>{{.Agreement.Test}}</td><td class="num">{{g "%.4g" .Agreement.Statistic}}</td>
<td class="num">{{g "%.3g" .Agreement.PValue}}</td><td class="num">{{ztext .Agreement.Z}}</td><td class="{{if .Pass}}pass{{else}}fail{{end}}">{{board .}}</td></tr>
{{end}}</table></details>
{{end}}
{{with .Timings}}<h2>Timings</h2>
<table><tr><th>game</th><th>boards</th><th>seconds (sum over boards)</th></tr>
{{range .Games}}<tr><td>{{.Name}}</td><td class="num">{{len .Boards}}</td><td class="num">{{g "%.2f" .Seconds}}</td></tr>{{end}}</table>
{{range .Shards}}<p class="muted">Shard {{.Shard}}: {{g "%.1f" .WallSeconds}} s wall on {{.Workers}} workers.</p>{{end}}{{end}}
</body>
</html>
`))
})
