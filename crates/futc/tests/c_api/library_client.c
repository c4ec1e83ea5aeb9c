#include "prog.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct futhark_context *ctx;

static void check(int rc, const char *what) {
  char *err = futhark_context_get_error(ctx);
  printf("%s: %d %s\n", what, rc, err ? err : "(no error)");
  free(err);
}

int main(void) {
  struct futhark_context_config *cfg = futhark_context_config_new();
  futhark_context_config_set_debugging(cfg, 0);
  futhark_context_config_set_profiling(cfg, 1);
#ifdef FUTHARK_BACKEND_multicore
  futhark_context_config_set_num_threads(cfg, 3);
#endif
  ctx = futhark_context_new(cfg);
  char *err = futhark_context_get_error(ctx);
  printf("init: %s\n", err ? err : "ok");

  int32_t data[] = {1, 2, 3, 4, 5, 6};
  struct futhark_i32_1d *xs = futhark_new_i32_1d(ctx, data, 3);
  int32_t sum = 0;
  check(futhark_entry_sum(ctx, &sum, xs), "sum");
  printf("sum = %d, shape = %lld\n", sum, (long long)futhark_shape_i32_1d(ctx, xs)[0]);
  int32_t elem = 0;
  check(futhark_index_i32_1d(ctx, &elem, xs, 2), "index 2");
  printf("xs[2] = %d\n", elem);
  check(futhark_index_i32_1d(ctx, &elem, xs, 3), "index 3");

  struct futhark_i32_2d *m = futhark_new_i32_2d(ctx, data, 3, 2);
  int32_t at = -1;
  check(futhark_entry_at(ctx, &at, m, 2), "at 2");
  printf("at = %d\n", at);
  at = -1;
  check(futhark_entry_at(ctx, &at, m, 5), "at 5");
  printf("at untouched = %d\n", at);
  err = futhark_context_get_error(ctx);
  printf("error again: %s\n", err ? err : "NULL");

  float fs[] = {1.5f, 2.5f};
  struct futhark_f32_1d *ys = futhark_new_f32_1d(ctx, fs, 2);
  struct futhark_opaque_pair *p = NULL, *q = NULL;
  check(futhark_entry_mk(ctx, &p, 2, ys), "mk");
  struct futhark_f32_1d *scaled = NULL;
  check(futhark_entry_scale(ctx, &scaled, p), "scale");
  float out[2];
  check(futhark_values_f32_1d(ctx, scaled, out), "values");
  printf("scaled = %g %g\n", out[0], out[1]);
  int32_t a = 0;
  struct futhark_f32_1d *b = NULL;
  check(futhark_project_opaque_pair_a(ctx, &a, p), "project a");
  check(futhark_project_opaque_pair_b(ctx, &b, p), "project b");
  printf("a = %d, b has %lld elements\n", a, (long long)futhark_shape_f32_1d(ctx, b)[0]);
  check(futhark_new_opaque_pair(ctx, &q, 7, b), "new pair");
  void *bytes = NULL;
  size_t n = 0;
  check(futhark_store_opaque_pair(ctx, q, &bytes, &n), "store");
  printf("stored %zu bytes\n", n);
  struct futhark_opaque_pair *r = futhark_restore_opaque_pair(ctx, bytes);
  printf("restored: %s\n", r ? "yes" : "no");
  check(futhark_project_opaque_pair_a(ctx, &a, r), "project restored a");
  printf("restored a = %d\n", a);
  ((char *)bytes)[3] = 'X';
  struct futhark_opaque_pair *bad = futhark_restore_opaque_pair(ctx, bytes);
  printf("restored corrupt: %s\n", bad ? "yes" : "no");
  check(0, "restore corrupt");
  free(bytes);

  int32_t first = 0;
  struct futhark_i32_1d *pairs = NULL;
  check(futhark_entry_split(ctx, &first, &pairs, 10), "split");
  int32_t two[2];
  futhark_values_i32_1d(ctx, pairs, two);
  printf("split = %d [%d %d]\n", first, two[0], two[1]);

  struct futhark_opaque_shape *s = NULL;
  check(futhark_new_opaque_shape_rect(ctx, &s, 2.0, 3.5), "rect");
  double area = 0;
  check(futhark_entry_area(ctx, &area, s), "area");
  printf("variant = %d, area = %g\n", futhark_variant_opaque_shape(ctx, s), area);
  double w = 0, h = 0, radius = 0;
  check(futhark_destruct_opaque_shape_rect(ctx, &w, &h, s), "destruct rect");
  printf("w = %g, h = %g\n", w, h);
  check(futhark_destruct_opaque_shape_circle(ctx, &radius, s), "destruct circle");

  struct futhark_i32_1d *updated = NULL;
  check(futhark_entry_set0(ctx, &updated, xs, 42), "set0");
  int32_t three[3];
  futhark_values_i32_1d(ctx, updated, three);
  printf("updated = %d %d %d\n", three[0], three[1], three[2]);
  check(futhark_entry_sum(ctx, &sum, xs), "sum of consumed");

  bool bs[] = {false, true};
  struct futhark_bool_1d *flags = futhark_new_bool_1d(ctx, bs, 2);
  bool any = false;
  check(futhark_entry_flags(ctx, &any, flags), "flags");
  printf("any = %d\n", any);

  int32_t raw[] = {5, 6};
  struct futhark_i32_1d *rawarr = futhark_new_raw_i32_1d(ctx, (char *)raw, 2);
  check(futhark_entry_sum(ctx, &sum, rawarr), "sum raw");
  printf("raw sum = %d, same data = %d\n", sum, futhark_values_raw_i32_1d(ctx, rawarr) == (char *)raw);
  struct futhark_i32_1d *neg = futhark_new_i32_1d(ctx, data, -1);
  printf("negative shape: %s\n", neg ? "made" : "NULL");
  check(0, "negative shape");

  check(futhark_context_sync(ctx), "sync");
  check(futhark_context_clear_caches(ctx), "clear");
  char *report = futhark_context_report(ctx);
  printf("report: %s\n", report ? "yes" : "no");
  free(report);

  futhark_free_i32_1d(ctx, xs);
  futhark_free_i32_2d(ctx, m);
  futhark_free_f32_1d(ctx, ys);
  futhark_free_f32_1d(ctx, scaled);
  futhark_free_f32_1d(ctx, b);
  futhark_free_opaque_pair(ctx, p);
  futhark_free_opaque_pair(ctx, q);
  futhark_free_opaque_pair(ctx, r);
  futhark_free_i32_1d(ctx, pairs);
  futhark_free_opaque_shape(ctx, s);
  futhark_free_i32_1d(ctx, updated);
  futhark_free_bool_1d(ctx, flags);
  futhark_free_i32_1d(ctx, rawarr);
  futhark_context_free(ctx);
  futhark_context_config_free(cfg);
  return 0;
}
