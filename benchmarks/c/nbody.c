#include "bench.h"
#include <math.h>

/* One step: all-pairs accelerations, then velocities and positions. */
static void step(int64_t n, double dt, double *const in[7], double *out[6]) {
  const double *xs = in[0], *ys = in[1], *zs = in[2];
  const double *vxs = in[3], *vys = in[4], *vzs = in[5], *ms = in[6];
  const double eps = 0.01;
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; i++) {
    double ax = 0, ay = 0, az = 0;
    for (int64_t j = 0; j < n; j++) {
      double rx = xs[j] - xs[i], ry = ys[j] - ys[i], rz = zs[j] - zs[i];
      double d2 = rx * rx + ry * ry + rz * rz + eps * eps;
      double s = ms[j] / (d2 * sqrt(d2));
      ax += s * rx;
      ay += s * ry;
      az += s * rz;
    }
    double vx = vxs[i] + dt * ax, vy = vys[i] + dt * ay, vz = vzs[i] + dt * az;
    out[0][i] = xs[i] + dt * vx;
    out[1][i] = ys[i] + dt * vy;
    out[2][i] = zs[i] + dt * vz;
    out[3][i] = vx;
    out[4][i] = vy;
    out[5][i] = vz;
  }
}

int main(int argc, char **argv) {
  options o = parse_options(argc, argv);
  value dt, arrays[7];
  read_value(&dt, " f64", 0);
  for (int k = 0; k < 7; k++) read_value(&arrays[k], " f64", 1);
  int64_t n = arrays[0].shape[0];
  for (int k = 1; k < 7; k++)
    if (arrays[k].shape[0] != n) fail("sizes differ");
  double *in[7], *out[6] = {NULL};
  for (int k = 0; k < 7; k++) in[k] = arrays[k].data;
  for (int run = 0; run < o.runs; run++) {
    for (int k = 0; k < 6; k++) free(out[k]);
    double start = now_us();
    for (int k = 0; k < 6; k++) out[k] = malloc((size_t)n * sizeof(double));
    step(n, *(double *)dt.data, in, out);
    record_time(&o, start, now_us());
  }
  for (int k = 0; k < 6; k++) {
    value v = {1, {n}, " f64", out[k]};
    write_value(&v);
  }
  return 0;
}
