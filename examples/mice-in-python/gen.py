#!/usr/bin/env python3
"""Generator for Bag of mice (Codeforces 148D), testlib style.

    python3 gen.py SEED [n=MAX]

prints one input "w b" with w and b drawn uniformly from 0..MAX (default
1000, the statement's limit). The same arguments print the same bytes:
every random number comes from random.Random(SEED).
"""
import random
import sys


def main():
    seed = int(sys.argv[1])
    params = dict(arg.split("=", 1) for arg in sys.argv[2:])
    n = int(params.get("n", 1000))
    rng = random.Random(seed)
    w = rng.randint(0, n)
    b = rng.randint(0, n)
    print(w, b)


if __name__ == "__main__":
    main()
