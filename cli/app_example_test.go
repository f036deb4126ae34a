package cli_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
)

// Run solves the published snakes sample from stdin, as
// `chancecheck solve snakes < sample.in` would.
func ExampleRun() {
	snakes := specs.Snakes()
	sample := strings.NewReader(snakes.Samples()[0].Input)
	code := cli.Run(context.Background(), []string{"solve", "snakes"}, sample, os.Stdout, os.Stdout, snakes)
	fmt.Println("exit status", code)
	// Output:
	// Case 1: 31.5488080634
	// Case 2: 33.0476190476
	// exit status 0
}

// An App names itself in usage messages, and knows only its own games.
func ExampleApp_Run() {
	p := cli.App{Name: "dice", Games: []props.Game{specs.Snakes(), specs.Patience()}}
	code := p.Run(context.Background(), []string{"solve", "jenga"}, strings.NewReader(""), os.Stdout, os.Stdout)
	fmt.Println("exit status", code)
	// Output:
	// unknown game "jenga" (known: snakes, patience)
	// Run 'dice solve --help' for usage.
	// exit status 2
}
