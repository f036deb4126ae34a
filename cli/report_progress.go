package cli

import (
	"fmt"
	"io"
	"os"
	"sync/atomic"

	"github.com/chancecheck/chancecheck/props"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"
)

// newReportProgress returns a reports.Options.Progress callback that draws
// one bar per game on stderr, and a function that stops drawing. Both are
// no-ops when stderr is not a terminal (a file, a pipe, CI), so logs stay clean.
func newReportProgress(stderr io.Writer) (progress func(game string, done, total int), stop func()) {
	f, ok := terminal(stderr)
	if !ok {
		return nil, func() {}
	}
	p := mpb.New(mpb.WithOutput(f), mpb.WithWidth(36))
	bars := map[string]*mpb.Bar{}
	progress = func(game string, done, total int) {
		if total == 0 {
			return
		}
		b := bars[game]
		if b == nil {
			b = p.New(int64(total), mpb.BarStyle(),
				mpb.PrependDecorators(
					decor.Name(game, decor.WC{W: 10, C: decor.DindentRight}),
					decor.CountersNoUnit("%d/%d boards", decor.WC{W: 14}),
				),
				mpb.AppendDecorators(decor.OnComplete(decor.Elapsed(decor.ET_STYLE_GO), "done")),
			)
			bars[game] = b
		}
		b.SetCurrent(int64(done))
	}
	stop = func() {
		for _, b := range bars {
			if !b.Completed() {
				b.Abort(false)
			}
		}
		p.Wait()
	}
	return progress, stop
}

// newCheckProgress returns a props.CrossCheck progress callback that draws a
// bar of boards checked (out of cases; a running count when cases is 0) with
// the failures so far on stderr, and a function that stops drawing. Both are
// no-ops when stderr is not a terminal.
func newCheckProgress(stderr io.Writer, cases int) (progress func(props.Progress), stop func()) {
	f, ok := terminal(stderr)
	if !ok {
		return nil, func() {}
	}
	p := mpb.New(mpb.WithOutput(f), mpb.WithWidth(36))
	var failures atomic.Int64
	bar := p.New(int64(cases), mpb.BarStyle(),
		mpb.PrependDecorators(
			decor.Name("check", decor.WC{W: 7, C: decor.DindentRight}),
			decor.CountersNoUnit("%d/%d boards", decor.WC{W: 14}),
		),
		mpb.AppendDecorators(
			decor.Any(func(decor.Statistics) string { return fmt.Sprintf("%d failing ", failures.Load()) }, decor.WC{W: 13}),
			decor.Elapsed(decor.ET_STYLE_GO),
		),
	)
	progress = func(pr props.Progress) {
		failures.Store(int64(pr.Failures))
		if cases <= 0 || pr.Checked >= cases { // samples come on top of --cases
			bar.SetTotal(int64(pr.Checked)+1, false)
		}
		bar.SetCurrent(int64(pr.Checked))
	}
	stop = func() {
		bar.SetTotal(-1, true) // the total is what was checked: complete
		p.Wait()
	}
	return progress, stop
}

// terminal returns w as a file when it is a terminal (not merely a
// character device: /dev/null is one too).
func terminal(w io.Writer) (*os.File, bool) {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil, false
	}
	return f, true
}
