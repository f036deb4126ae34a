package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/chancecheck/chancecheck/props"
)

// defaultName is the name of an App whose Name is empty.
const defaultName = "chancecheck"

// App is a chancecheck command line over a set of games: Main runs one
// under the binary's own name, and a test runs one in-process with Run.
type App struct {
	// Name is the program's name in help and usage messages ("Run 'NAME
	// --help' for usage."); "" means "chancecheck".
	Name string
	// Games are the games the commands know, in the order help and reports
	// list them. There must be at least one, and their names must differ.
	Games []props.Game

	// lookupEnv reads the environment (--shard auto); nil is
	// os.LookupEnv. Tests give their own.
	lookupEnv func(string) (string, bool)

	// ownsProcess says that the App is the whole process (Main), whose
	// process-wide settings a command may change (solve's collector target,
	// batchGC); never for Run, which tests and embedders call in-process,
	// perhaps several at once.
	ownsProcess bool
	// tick and now, nil outside the tests, replace realTicker and
	// time.Now for the progress line printed without a terminal.
	tick ticker
	now  func() time.Time
}

// Main runs the command line of the process over games, stopping work on
// an interrupt or SIGTERM, and returns the exit status for os.Exit. It is the whole of
// a program's main function:
//
//	func main() { os.Exit(cli.Main(mygame.Game())) }
//
// Help and usage messages name the program after its binary.
func Main(games ...props.Game) int {
	// SIGTERM too (a CI job's timeout, timeout(1)): the solver runs in a
	// process group of its own, which the harness kills on the way out.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var args []string
	if len(os.Args) > 1 {
		args = os.Args[1:]
	}
	app := App{Name: binaryName(os.Args), Games: games, ownsProcess: true}
	return app.Run(ctx, args, os.Stdin, os.Stdout, os.Stderr)
}

// Run is Main for tests and embedders: it runs the command line args
// (without the program name) over games, with the given standard streams,
// and returns the exit status. The program is called "chancecheck".
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, games ...props.Game) int {
	return App{Games: games}.Run(ctx, args, stdin, stdout, stderr)
}

// Run runs the command line args (without the program name) with the given
// standard streams and returns the exit status: 0 success, 1 a check failed
// or the input is invalid, 2 a usage error. An App without games, or
// with two games of one name, is a usage error too, reported on stderr.
func (app App) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if app.Name == "" {
		app.Name = defaultName
	}
	if err := app.check(); err != nil {
		fmt.Fprintln(stderr, err)
		return exitUsage
	}
	if args == nil {
		args = []string{} // cobra reads os.Args when given nil
	}
	root := app.newRootCommand(stdin, stdout, stderr)
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(ctx)
	if err != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) &&
		!errors.Is(err, errInterrupted) && !errors.Is(err, errCheckFailed) {
		// A cancellation the interrupt caused, let through as an error by
		// a command that does not say so itself, blames nobody: no
		// verdict, exit 130, as every command's own interrupt message.
		fmt.Fprintf(terminalSafe(stderr), "%s: interrupted: no verdict (%v)\n", app.Name, err)
		return exitInterrupted
	}
	help := app.Name
	if cmd != nil {
		help = cmd.CommandPath() // the help of the command that was run
	}
	return app.reportError(stderr, err, help)
}

// check reports a game list the commands cannot work with.
func (app App) check() error {
	if len(app.Games) == 0 {
		return fmt.Errorf("%s: no games: a Program needs at least one", app.Name)
	}
	seen := map[string]bool{}
	for i, g := range app.Games {
		if g == nil {
			return fmt.Errorf("%s: game %d is nil", app.Name, i+1)
		}
		if seen[g.Name()] {
			return fmt.Errorf("%s: two games are named %q", app.Name, g.Name())
		}
		seen[g.Name()] = true
	}
	return nil
}

// binaryName is the program's name from its argv: the base of argv[0]
// without a Windows ".exe", or defaultName when there is none.
func binaryName(argv []string) string {
	if len(argv) == 0 {
		return defaultName
	}
	name := strings.TrimSuffix(filepath.Base(argv[0]), ".exe")
	if name == "" || name == "." || name == string(filepath.Separator) {
		return defaultName
	}
	return name
}
