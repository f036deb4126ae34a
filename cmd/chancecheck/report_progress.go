package main

import (
	"io"
	"os"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"
)

// newReportProgress returns a reports.Options.Progress callback that draws
// one bar per game on stderr, and a function that stops drawing. Both are
// no-ops when stderr is not a terminal (a file, a pipe, CI), so logs stay clean.
func newReportProgress(stderr io.Writer) (progress func(game string, done, total int), stop func()) {
	f, ok := stderr.(*os.File)
	if !ok || !reportTerminal(f) {
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

// reportTerminal reports whether f is a terminal (not merely a character
// device: /dev/null is one too).
func reportTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }
