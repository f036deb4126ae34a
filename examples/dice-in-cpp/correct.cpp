// Dice to a total, a correct solution: e[s] is the expected number of
// throws still to come with s left to reach; e[s] = 0 for s <= 0 and
// e[s] = 1 + (1/k) * sum over faces f of e[s - f].
#include <cstdio>
#include <vector>

int main() {
    long long t, k;
    if (std::scanf("%lld %lld", &t, &k) != 2) return 1;
    std::vector<double> e(t + 1, 0.0);
    for (long long s = 1; s <= t; s++) {
        double sum = 0;
        for (long long f = 1; f <= k && f <= s; f++) sum += e[s - f];  // e[s - f] = 0 below 1
        e[s] = 1 + sum / k;
    }
    std::printf("%.9f\n", e[t]);
}
