#include "bench.h"

static float dotprod(int64_t n, const float *xs, const float *ys) {
  float sum = 0;
  for (int64_t i = 0; i < n; i++) sum += xs[i] * ys[i];
  return sum;
}

int main(int argc, char **argv) {
  options o = parse_options(argc, argv);
  value xs, ys;
  read_value(&xs, " f32", 1);
  read_value(&ys, " f32", 1);
  if (xs.shape[0] != ys.shape[0]) fail("sizes differ");
  float result = 0;
  for (int run = 0; run < o.runs; run++) {
    double start = now_us();
    result = dotprod(xs.shape[0], xs.data, ys.data);
    record_time(&o, start, now_us());
  }
  value out = {0, {0}, " f32", &result};
  write_value(&out);
  return 0;
}
