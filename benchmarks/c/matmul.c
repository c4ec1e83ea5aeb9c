#include "bench.h"

static void matmul(int64_t n, int64_t m, int64_t p, const float *a, const float *b, float *c) {
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < p; j++) {
      float sum = 0;
      for (int64_t k = 0; k < m; k++) sum += a[i * m + k] * b[k * p + j];
      c[i * p + j] = sum;
    }
}

int main(int argc, char **argv) {
  options o = parse_options(argc, argv);
  value a, b;
  read_value(&a, " f32", 2);
  read_value(&b, " f32", 2);
  if (a.shape[1] != b.shape[0]) fail("sizes differ");
  int64_t n = a.shape[0], m = a.shape[1], p = b.shape[1];
  float *c = NULL;
  for (int run = 0; run < o.runs; run++) {
    free(c);
    double start = now_us();
    c = malloc((size_t)(n * p) * sizeof(float));
    matmul(n, m, p, a.data, b.data, c);
    record_time(&o, start, now_us());
  }
  value out = {2, {n, p}, " f32", c};
  write_value(&out);
  return 0;
}
