// Bag of mice (Codeforces 148D) with the classic slip: it forgets the mouse
// that jumps out after the dragon's draw. Right on both published samples
// (1 3 -> 0.5, 5 5 -> 0.658730159), wrong elsewhere.
#include <cstdio>
#include <vector>

int main() {
    int w, b;
    if (std::scanf("%d %d", &w, &b) != 2) return 1;
    std::vector<std::vector<double>> p(w + 1, std::vector<double>(b + 1, 0.0));
    for (int i = 1; i <= w; i++) {
        for (int j = 0; j <= b; j++) {
            double n = i + j;
            p[i][j] = i / n;
            if (j >= 2) p[i][j] += j / n * (j - 1) / (n - 1) * p[i][j - 2];  // and nobody jumps
        }
    }
    std::printf("%.9f\n", p[w][b]);
}
