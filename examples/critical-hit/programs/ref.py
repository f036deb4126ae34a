#!/usr/bin/env python3
"""Referee for Critical Hit (AtCoder ABC 280 E): plays the literal rules.

    python3 ref.py SEED RUNS < input

reads "N P" and, RUNS times with random.Random(SEED), attacks a monster of
stamina N until its stamina is 0 or less: each attack takes 2 stamina with
chance P percent (a critical hit) and 1 otherwise. It prints the number of
attacks of each play as a histogram, "attacks count" lines.
"""
import random
import sys
from collections import Counter


def play(n, p, rng):
    attacks = 0
    while n > 0:
        n -= 2 if rng.randrange(100) < p else 1
        attacks += 1
    return attacks


def main():
    seed, runs = int(sys.argv[1]), int(sys.argv[2])
    n, p = map(int, sys.stdin.read().split())
    rng = random.Random(seed)
    for attacks, count in sorted(Counter(play(n, p, rng) for _ in range(runs)).items()):
        print(attacks, count)


if __name__ == "__main__":
    main()
