# python3 ref.py SEED RUNS < case: tosses the n coins RUNS times, by the
# statement's rules, and prints "longest-streak count" lines.
import collections
import random
import sys


def play(chances, rng):
    """Toss each coin in order; return the longest run of heads."""
    best = run = 0
    for p in chances:
        if rng.randrange(100) < p:
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def main():
    seed, runs = int(sys.argv[1]), int(sys.argv[2])
    words = sys.stdin.read().split()
    n = int(words[0])
    chances = [int(w) for w in words[1 : 1 + n]]
    rng = random.Random(seed)
    histogram = collections.Counter(play(chances, rng) for _ in range(runs))
    for streak, count in sorted(histogram.items()):
        print(streak, count)


main()
