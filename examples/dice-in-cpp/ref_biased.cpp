// A referee for Dice to a total with a planted bias: one time in ten its die
// turns a k into a 1 (a die whose top face is worn). Otherwise ref.cpp.
//
//     ref SEED RUNS < input
//
// reads "T k", throws a fair k-faced die (faces 1..k) until the sum reaches
// at least T, RUNS times with mt19937_64(SEED), and prints the number of
// throws of each game as a histogram, "throws count" lines.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>

int main(int argc, char** argv) {
    if (argc < 3) return 2;
    std::mt19937_64 rng(std::strtoull(argv[1], nullptr, 10));
    long long runs = std::atoll(argv[2]), t, k;
    if (std::scanf("%lld %lld", &t, &k) != 2) return 1;
    std::uniform_int_distribution<long long> die(1, k);
    std::map<long long, long long> histogram;
    for (long long r = 0; r < runs; r++) {
        long long sum = 0, throws = 0;
        while (sum < t) {
            long long face = die(rng);
            if (face == k && rng() % 10 == 0) face = 1;  // the planted bias
            sum += face;
            throws++;
        }
        histogram[throws]++;
    }
    for (auto [throws, count] : histogram) std::printf("%lld %lld\n", throws, count);
}
