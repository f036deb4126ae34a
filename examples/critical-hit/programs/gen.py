#!/usr/bin/env python3
"""Generator for Critical Hit (AtCoder ABC 280 E), testlib style.

    python3 gen.py SEED [n=MAX]

prints one input "N P": the monster's stamina N uniform in 1..MAX (default
200000, the statement's limit) and the critical-hit chance P (in percent)
uniform in 0..100. The same arguments print the same bytes: every random
number comes from random.Random(SEED).
"""
import random
import sys


def main():
    seed = int(sys.argv[1])
    params = dict(arg.split("=", 1) for arg in sys.argv[2:])
    n = int(params.get("n", 200000))
    rng = random.Random(seed)
    print(rng.randint(1, n), rng.randint(0, 100))


if __name__ == "__main__":
    main()
