package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// manyBoardsFile writes, once per test binary run, the input of count
// generated boards in one file (snakes: T = count, joined from gen's files
// of at most 105; patience: gen's one file) and returns its path.
func manyBoardsFile(tb testing.TB, game string, count int) string {
	tb.Helper()
	dir := tb.TempDir()
	var out, errOut bytes.Buffer
	args := []string{"gen", game, "--seed", "2026", "--count", fmt.Sprint(count), "--out", dir}
	if code := Run(context.Background(), args, nil, &out, &errOut, builtins()...); code != 0 {
		tb.Fatalf("gen: exit %d: %s", code, errOut.String())
	}
	files, err := filepath.Glob(filepath.Join(dir, game+"-*.in"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("gen wrote no file: %v", err)
	}
	var joined bytes.Buffer
	if game == "snakes" {
		fmt.Fprintf(&joined, "%d\n", count)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		if game == "snakes" {
			_, data, _ = bytes.Cut(data, []byte("\n")) // each file's own T
		}
		joined.Write(data)
	}
	path := filepath.Join(dir, game+"-joined.in")
	if err := os.WriteFile(path, joined.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// BenchmarkSolveFile is `chancecheck solve` in-process on files of many
// generated boards: parse, solve on every core, print.
func BenchmarkSolveFile(b *testing.B) {
	for _, tc := range []struct {
		game  string
		count int
		flags []string
	}{
		{"snakes", 10_000, []string{"--relax-limits"}},
		{"patience", 1_000, nil},
	} {
		b.Run(tc.game, func(b *testing.B) {
			path := manyBoardsFile(b, tc.game, tc.count)
			args := append([]string{"solve", tc.game, path}, tc.flags...)
			games := builtins()
			for b.Loop() {
				var errOut strings.Builder
				if code := Run(context.Background(), args, nil, io.Discard, &errOut, games...); code != 0 {
					b.Fatalf("exit %d: %s", code, errOut.String())
				}
			}
		})
	}
}
