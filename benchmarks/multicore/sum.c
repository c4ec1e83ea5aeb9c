#include "../c/bench.h"

/* Each thread sums a contiguous block; the partial sums are added. */
static double sum(int64_t n, const double *xs) {
  double total = 0;
#pragma omp parallel for schedule(static) reduction(+ : total)
  for (int64_t i = 0; i < n; i++) total += xs[i];
  return total;
}

int main(int argc, char **argv) {
  options o = parse_options(argc, argv);
  value xs;
  read_value(&xs, " f64", 1);
  double result = 0;
  for (int run = 0; run < o.runs; run++) {
    double start = now_us();
    result = sum(xs.shape[0], xs.data);
    record_time(&o, start, now_us());
  }
  value out = {0, {0}, " f64", &result};
  write_value(&out);
  return 0;
}
