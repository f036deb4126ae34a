#!/usr/bin/env python3
"""Referee for Bag of mice (Codeforces 148D): plays the literal rules.

    python3 ref.py SEED RUNS < input

reads "w b", plays RUNS games with random.Random(SEED) and prints the
outcomes as a histogram, "1 count" for the princess's wins and "0 count"
for the dragon's. Each draw takes a mouse uniformly at random from the bag;
after each of the dragon's draws one more mouse jumps out, uniformly at
random, and counts for nobody; an empty bag is the dragon's win.
"""
import random
import sys


def play(w, b, rng):
    turn = 0  # 0: the princess draws, 1: the dragon draws, 2: a mouse jumps out
    while w + b > 0:
        white = rng.randrange(w + b) < w
        if white and turn < 2:
            return 1 if turn == 0 else 0
        if white:
            w -= 1
        else:
            b -= 1
        turn = (turn + 1) % 3
    return 0


def main():
    seed, runs = int(sys.argv[1]), int(sys.argv[2])
    w, b = map(int, sys.stdin.read().split())
    rng = random.Random(seed)
    wins = sum(play(w, b, rng) for _ in range(runs))
    print(1, wins)
    print(0, runs - wins)


if __name__ == "__main__":
    main()
