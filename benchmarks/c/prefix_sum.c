#include "bench.h"

#ifdef _OPENMP
#include <omp.h>

/* Three phases: every thread sums its block, the block sums are scanned
   exclusively, then every thread scans its block from its prefix. */
static void prefix_sum(int64_t n, const int64_t *xs, int64_t *out) {
  int threads = omp_get_max_threads();
  int64_t *totals = calloc((size_t)threads + 1, sizeof(int64_t));
#pragma omp parallel num_threads(threads)
  {
    int t = omp_get_thread_num(), used = omp_get_num_threads();
    int64_t start = n * t / used, end = n * (t + 1) / used;
    int64_t sum = 0;
    for (int64_t i = start; i < end; i++) sum += xs[i];
    totals[t + 1] = sum;
#pragma omp barrier
#pragma omp single
    for (int k = 1; k <= used; k++) totals[k] += totals[k - 1];
    sum = totals[t];
    for (int64_t i = start; i < end; i++) {
      sum += xs[i];
      out[i] = sum;
    }
  }
  free(totals);
}
#else
/* Sequentially (compiled without OpenMP, by scripts/bench-c.py). */
static void prefix_sum(int64_t n, const int64_t *xs, int64_t *out) {
  int64_t sum = 0;
  for (int64_t i = 0; i < n; i++) {
    sum += xs[i];
    out[i] = sum;
  }
}
#endif

int main(int argc, char **argv) {
  options o = parse_options(argc, argv);
  value xs;
  read_value(&xs, " i64", 1);
  int64_t n = xs.shape[0];
  int64_t *out = NULL;
  for (int run = 0; run < o.runs; run++) {
    free(out);
    double start = now_us();
    out = malloc((size_t)n * sizeof(int64_t));
    prefix_sum(n, xs.data, out);
    record_time(&o, start, now_us());
  }
  value result = {1, {n}, " i64", out};
  write_value(&result);
  return 0;
}
