#include "bench.h"

static void mandelbrot(int32_t limit, int64_t h, int64_t w, int32_t *out) {
#pragma omp parallel for schedule(dynamic)
  for (int64_t y = 0; y < h; y++)
    for (int64_t x = 0; x < w; x++) {
      double cr = -2 + 3 * (double)x / (double)w;
      double ci = -1.5 + 3 * (double)y / (double)h;
      double zr = 0, zi = 0;
      int32_t it = 0;
      while (it < limit && zr * zr + zi * zi <= 4) {
        double nzr = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = nzr;
        it++;
      }
      out[y * w + x] = it;
    }
}

int main(int argc, char **argv) {
  options o = parse_options(argc, argv);
  value limit, h, w;
  read_value(&limit, " i32", 0);
  read_value(&h, " i64", 0);
  read_value(&w, " i64", 0);
  int64_t rows = *(int64_t *)h.data, cols = *(int64_t *)w.data;
  int32_t *out = NULL;
  for (int run = 0; run < o.runs; run++) {
    free(out);
    double start = now_us();
    out = malloc((size_t)(rows * cols) * sizeof(int32_t));
    mandelbrot(*(int32_t *)limit.data, rows, cols, out);
    record_time(&o, start, now_us());
  }
  value result = {2, {rows, cols}, " i32", out};
  write_value(&result);
  return 0;
}
