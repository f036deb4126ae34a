//go:build !linux

package solverproc

import (
	"os"
	"os/exec"
)

func limitedCommand([]string, int64) (*exec.Cmd, *os.File, func(), error) {
	return nil, nil, nil, ErrNoMemoryLimit
}

func execStatus(*os.File) (int64, error) { return 0, nil }

func peakRSS(*os.ProcessState) int64 { return 0 }

func ownPeakRSS() int64 { return 0 }

func canLimitMemory() error { return ErrNoMemoryLimit }

func treeMemory() bool { return false }
