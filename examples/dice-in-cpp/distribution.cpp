// Dice to a total, a correct solution that also prints its distribution of
// the number of throws, for `stress --solver-distribution`: the answer on
// the first line, then "throws probability" lines. After j throws the sum
// is s < T with probability q[s]; the game ends at throw j+1 with
// probability sum over s of q[s] * P(face >= T - s).
#include <cstdio>
#include <vector>

int main() {
    long long t, k;
    if (std::scanf("%lld %lld", &t, &k) != 2) return 1;
    std::vector<double> q(t, 0.0), pmf(t + 1, 0.0);
    q[0] = 1;
    for (long long j = 1; j <= t; j++) {
        std::vector<double> next(t, 0.0);
        for (long long s = 0; s < t; s++) {
            if (q[s] == 0) continue;
            for (long long f = 1; f <= k; f++) {
                if (s + f >= t) pmf[j] += q[s] / k;
                else next[s + f] += q[s] / k;
            }
        }
        q = next;
    }
    double mean = 0;
    for (long long j = 1; j <= t; j++) mean += j * pmf[j];
    std::printf("%.9f\n", mean);
    for (long long j = 1; j <= t; j++)
        if (pmf[j] > 0) std::printf("%lld %.17g\n", j, pmf[j]);
}
