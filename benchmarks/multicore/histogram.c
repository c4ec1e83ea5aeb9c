#include "../c/bench.h"

#define BINS 256

/* Each thread counts into a private histogram; those are added. */
static void histogram(int64_t n, const int32_t *xs, int32_t *bins) {
  memset(bins, 0, BINS * sizeof(int32_t));
#pragma omp parallel for schedule(static) reduction(+ : bins[:BINS])
  for (int64_t i = 0; i < n; i++)
    if (xs[i] >= 0 && xs[i] < BINS) bins[xs[i]] += 1;
}

int main(int argc, char **argv) {
  options o = parse_options(argc, argv);
  value xs;
  read_value(&xs, " i32", 1);
  int32_t *bins = NULL;
  for (int run = 0; run < o.runs; run++) {
    free(bins);
    double start = now_us();
    bins = malloc(BINS * sizeof(int32_t));
    histogram(xs.shape[0], xs.data, bins);
    record_time(&o, start, now_us());
  }
  value out = {1, {BINS}, " i32", bins};
  write_value(&out);
  return 0;
}
