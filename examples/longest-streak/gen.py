# python3 gen.py SEED [n=MAX] [step=S]: one test case of Longest Streak,
# "n" then n chances in percent, each a multiple of S (1 by default), n
# uniform in 1..MAX (8 by default). The same arguments print the same bytes.
import random
import sys

seed = int(sys.argv[1])
params = dict(a.split("=", 1) for a in sys.argv[2:])
rng = random.Random(seed)  # every random number from SEED
n = rng.randint(1, int(params.get("n", 8)))
step = int(params.get("step", 1))
chances = [step * rng.randint(0, 100 // step) for _ in range(n)]
print(n)
print(*chances)
