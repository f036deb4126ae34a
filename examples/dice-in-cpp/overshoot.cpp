// Dice to a total with a classic slip: it stops only when the sum goes past
// T, not when it reaches T (e[0] taken as one more throw's worth, the
// recursion's base case off by one).
#include <cstdio>
#include <vector>

int main() {
    long long t, k;
    if (std::scanf("%lld %lld", &t, &k) != 2) return 1;
    std::vector<double> e(t + 1, 0.0);  // e[s]: throws to come with s left; the slip: s = 0 still throws
    for (long long s = 0; s <= t; s++) {
        double sum = 0;
        for (long long f = 1; f <= k && f <= s; f++) sum += e[s - f];
        e[s] = 1 + sum / k;
    }
    std::printf("%.9f\n", e[t]);
}
