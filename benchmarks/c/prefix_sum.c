#include "bench.h"

static void prefix_sum(int64_t n, const int64_t *xs, int64_t *out) {
  int64_t sum = 0;
  for (int64_t i = 0; i < n; i++) {
    sum += xs[i];
    out[i] = sum;
  }
}

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
