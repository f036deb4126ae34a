package reports

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"regexp"
	"slices"
	"sync"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The plots of report.html, drawn with gonum/plot as SVG and inlined, so the
// page needs nothing beside itself.

const (
	plotW = 4 * vg.Inch
	plotH = 3.2 * vg.Inch
)

var (
	colPass = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	colFail = color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
	colRef  = color.RGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xff}
	colBand = color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff}
)

// scatterPlot: exact mean against simulated mean, one point per board, on
// the diagonal y = x when they agree; failed boards in red.
func scatterPlot(g GameReport) (string, error) {
	p := plot.New()
	p.Title.Text = g.Name + ": exact vs simulated"
	p.X.Label.Text = "exact mean outcome"
	p.Y.Label.Text = "simulated mean"
	var ok, bad plotter.XYs
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, b := range g.Boards {
		a := b.Agreement
		if a.Runs == 0 || math.IsNaN(a.SimMean) {
			continue
		}
		pt := plotter.XY{X: a.ExactMean, Y: a.SimMean}
		if b.Pass {
			ok = append(ok, pt)
		} else {
			bad = append(bad, pt)
		}
		lo, hi = math.Min(lo, math.Min(pt.X, pt.Y)), math.Max(hi, math.Max(pt.X, pt.Y))
	}
	if lo > hi {
		lo, hi = 0, 1
	}
	pad := math.Max((hi-lo)*0.05, 1e-3)
	diag, err := plotter.NewLine(plotter.XYs{{X: lo - pad, Y: lo - pad}, {X: hi + pad, Y: hi + pad}})
	if err != nil {
		return "", err
	}
	diag.Color = colRef
	diag.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
	p.Add(diag)
	for _, set := range []struct {
		xys plotter.XYs
		c   color.Color
		lab string
	}{{ok, colPass, "agrees"}, {bad, colFail, "disagrees"}} {
		if len(set.xys) == 0 {
			continue
		}
		s, err := plotter.NewScatter(set.xys)
		if err != nil {
			return "", err
		}
		s.GlyphStyle.Color = set.c
		s.GlyphStyle.Radius = vg.Points(2.5)
		s.GlyphStyle.Shape = draw.CircleGlyph{}
		p.Add(s)
		p.Legend.Add(set.lab, s)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	return renderSVG(p)
}

// zHistogram: the boards' z-scores against the N(0, 1) density they follow
// when the referee and the analyst agree.
func zHistogram(g GameReport) (string, error) {
	p := plot.New()
	p.Title.Text = g.Name + ": z-scores over N(0,1)"
	p.X.Label.Text = "z = (simulated − exact) / (σ/√n)"
	p.Y.Label.Text = "density"
	var zs plotter.Values
	for _, b := range g.Boards {
		// A board without a z-score (σ = 0: NaN) has none to plot.
		if b.Calibration.BerryEsseen != nil && b.Agreement.Runs > 0 && !math.IsNaN(b.Agreement.Z) {
			zs = append(zs, b.Agreement.Z)
		}
	}
	lim := 4.0
	for _, z := range zs {
		lim = math.Max(lim, math.Ceil(math.Abs(z)))
	}
	if len(zs) > 0 {
		bins := max(5, min(30, int(math.Sqrt(float64(len(zs)))*2)))
		h, err := plotter.NewHist(zs, bins)
		if err != nil {
			return "", err
		}
		h.Normalize(1)
		h.FillColor = color.NRGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0x60}
		h.LineStyle.Color = colPass
		p.Add(h)
	}
	f := plotter.NewFunction(func(x float64) float64 { return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) })
	f.Color = colRef
	f.Width = vg.Points(1.5)
	f.Samples = 200
	p.Add(f)
	p.Legend.Add("N(0,1)", f)
	p.Legend.Top = true
	p.X.Min, p.X.Max = -lim, lim
	p.Y.Min = 0
	if len(zs) == 0 {
		p.Title.Text += " (no board with σ > 0)"
	}
	return renderSVG(p)
}

// qqPlot: the sorted U = Φ(Z) against uniform quantiles, with the band the
// calibration test accepts (distance below its critical value).
func qqPlot(g GameReport) (string, error) {
	p := plot.New()
	p.Title.Text = g.Name + ": calibration (uniform QQ)"
	p.X.Label.Text = "uniform quantile"
	p.Y.Label.Text = "U = Φ(z), sorted"
	var us []float64
	for _, b := range g.Boards {
		if b.Calibration.U != nil {
			us = append(us, *b.Calibration.U)
		}
	}
	slices.Sort(us)
	diag, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}})
	if err != nil {
		return "", err
	}
	diag.Color = colRef
	p.Add(diag)
	if cal := g.Calibration; cal != nil && cal.Boards > 0 {
		if crit, ok := criticalDistance(cal.Boards, cal.BerryEsseen, cal.Alpha); ok {
			for _, sign := range []float64{1, -1} {
				band, err := plotter.NewLine(plotter.XYs{{X: 0, Y: sign * crit}, {X: 1, Y: 1 + sign*crit}})
				if err != nil {
					return "", err
				}
				band.Color = colBand
				band.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
				p.Add(band)
				p.X.Label.Text = fmt.Sprintf("uniform quantile (dashed: KS band at α = %.2g)", cal.Alpha)
			}
		}
	}
	if len(us) > 0 {
		xys := make(plotter.XYs, len(us))
		for i, u := range us {
			xys[i] = plotter.XY{X: (float64(i) + 0.5) / float64(len(us)), Y: u}
		}
		s, err := plotter.NewScatter(xys)
		if err != nil {
			return "", err
		}
		s.GlyphStyle.Color = colPass
		if g.Calibration != nil && !g.Calibration.Pass && g.Calibration.NotTested == "" {
			s.GlyphStyle.Color = colFail
		}
		s.GlyphStyle.Radius = vg.Points(2.5)
		s.GlyphStyle.Shape = draw.CircleGlyph{}
		p.Add(s)
	} else {
		p.Title.Text += " (no usable board)"
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	return renderSVG(p)
}

// svgProlog and svgSize are compiled on first use, by a report with plots.
var (
	svgProlog = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?s)^<\?xml[^>]*\?>\s*(<!--.*?-->\s*)?`)
	})
	svgSize = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^<svg width="[^"]*" height="[^"]*"`) })
)

// renderSVG draws p as an SVG element to inline in HTML: no XML prolog, and
// a width that follows the page.
func renderSVG(p *plot.Plot) (string, error) {
	c := vgsvg.New(plotW, plotH)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return "", err
	}
	s := svgProlog().ReplaceAllString(buf.String(), "")
	s = svgSize().ReplaceAllString(s, `<svg class="plot" role="img"`)
	return s, nil
}
