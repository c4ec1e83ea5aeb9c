#include "bench.h"

static float filter_sum(int64_t n, const float *xs) {
  float sum = 0;
  for (int64_t i = 0; i < n; i++)
    if (xs[i] > 0) sum += xs[i] * xs[i];
  return sum;
}

int main(int argc, char **argv) {
  options o = parse_options(argc, argv);
  value xs;
  read_value(&xs, " f32", 1);
  float result = 0;
  for (int run = 0; run < o.runs; run++) {
    double start = now_us();
    result = filter_sum(xs.shape[0], xs.data);
    record_time(&o, start, now_us());
  }
  value out = {0, {0}, " f32", &result};
  write_value(&out);
  return 0;
}
