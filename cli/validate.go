package cli

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

func (app App) newValidateCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "validate GAME FILE...",
		Short: "Check input files against the game's rules and limits",
		Long: `validate parses each FILE in the game's original input format and checks every
rule and limit of the statement. It prints FILE:LINE: what is wrong for the
first problem of each invalid file, and exits 0 only when every file is valid.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(app.withGame(args)) < 2 {
				return usagef("validate needs GAME and at least one FILE")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			args, g, err := app.game(args)
			if err != nil {
				return err
			}
			bad := 0
			for _, name := range args[1:] {
				f, err := os.Open(name)
				if err != nil {
					fmt.Fprintln(cmd.ErrOrStderr(), err)
					bad++
					continue
				}
				// A named file may be a pipe an interrupt must not wait on.
				boards, err := parseOrInterrupt(cmd, f, name, g.Parse)
				f.Close()
				if errors.Is(err, errInterrupted) {
					return err // exit 130, said
				}
				if err != nil {
					fmt.Fprintln(cmd.ErrOrStderr(), err)
					bad++
					continue
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s: ok, %d valid %s board(s)\n", name, len(boards), g.Name())
			}
			if bad > 0 {
				return errCheckFailed
			}
			return nil
		},
	}
}
