/* Drives the OpenCL library of opencl_device.fut: an array made by the API is
   copied to the device once, entry points pass results to each other
   on the device, `futhark_values_*` copies back; freed device blocks
   are reused; a consumed array shared with another value is copied on
   the device. Prints what the report counts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prog.h"

static struct futhark_context *ctx;

static void check(int err, const char *what) {
  if (err != 0) {
    char *e = futhark_context_get_error(ctx);
    printf("%s failed: %s\n", what, e ? e : "?");
    free(e);
    exit(1);
  }
}

/* A count the report gives. */
static long long counted(const char *name) {
  char *report = futhark_context_report(ctx);
  char key[64];
  snprintf(key, sizeof key, "\"%s\":", name);
  const char *at = report ? strstr(report, key) : NULL;
  long long n = at ? atoll(at + strlen(key)) : -1;
  free(report);
  return n;
}

int main(void) {
  struct futhark_context_config *cfg = futhark_context_config_new();
  ctx = futhark_context_new(cfg);
  char *error = futhark_context_get_error(ctx);
  if (error) {
    printf("no context: %s\n", error);
    return 1;
  }
  int32_t data[] = {1, 2, 3};
  struct futhark_i32_1d *xs = futhark_new_i32_1d(ctx, data, 3);
  printf("uploads after new: %lld\n", counted("uploads"));
  printf("on the device: %d\n", futhark_values_raw_i32_1d(ctx, xs) != NULL && futhark_values_raw_i32_1d(ctx, xs) != (char *)data);
  struct futhark_i32_1d *ys, *zs;
  check(futhark_entry_double(ctx, &ys, xs), "double xs");
  check(futhark_entry_double(ctx, &zs, ys), "double ys");
  int32_t total = 0;
  check(futhark_entry_total(ctx, &total, zs), "total");
  printf("total = %d\n", total);
  printf("uploads, downloads after three calls: %lld %lld\n", counted("uploads"), counted("downloads"));
  int32_t out[3];
  check(futhark_values_i32_1d(ctx, zs, out), "values");
  printf("zs = %d %d %d\n", out[0], out[1], out[2]);
  int32_t one;
  check(futhark_index_i32_1d(ctx, &one, ys, 2), "index");
  printf("ys[2] = %d\n", one);
  printf("downloads after values and index: %lld\n", counted("downloads"));

  long long created = counted("buffers_created");
  check(futhark_free_i32_1d(ctx, ys), "free ys");
  check(futhark_free_i32_1d(ctx, zs), "free zs");
  check(futhark_entry_double(ctx, &ys, xs), "double xs again");
  printf("reused: %d, created no buffer: %d\n", counted("buffers_reused") > 0, counted("buffers_created") == created);

  /* ys shares nothing: bumped in place. */
  struct futhark_i32_1d *bumped;
  check(futhark_entry_bump(ctx, &bumped, ys), "bump");
  check(futhark_free_i32_1d(ctx, ys), "free consumed ys");
  check(futhark_values_i32_1d(ctx, bumped, out), "values bumped");
  printf("bumped = %d %d %d\n", out[0], out[1], out[2]);
  check(futhark_values_i32_1d(ctx, xs, out), "values xs");
  printf("xs = %d %d %d\n", out[0], out[1], out[2]);

  /* Two results over one block: consuming one copies it on the device. */
  struct futhark_i32_1d *a, *b, *c;
  check(futhark_entry_twice(ctx, &a, &b, xs), "twice");
  check(futhark_entry_bump(ctx, &c, a), "bump shared");
  check(futhark_values_i32_1d(ctx, c, out), "values c");
  printf("c = %d %d %d\n", out[0], out[1], out[2]);
  check(futhark_values_i32_1d(ctx, b, out), "values b");
  printf("b = %d %d %d\n", out[0], out[1], out[2]);
  check(futhark_free_i32_1d(ctx, a), "free a");
  check(futhark_free_i32_1d(ctx, b), "free b");
  check(futhark_free_i32_1d(ctx, c), "free c");

  /* A raw array is over the caller's memory and copied for each call. */
  struct futhark_i32_1d *raw = futhark_new_raw_i32_1d(ctx, (char *)data, 3);
  check(futhark_entry_total(ctx, &total, raw), "total raw");
  printf("raw total = %d, same data = %d\n", total, futhark_values_raw_i32_1d(ctx, raw) == (char *)data);

  check(futhark_context_clear_caches(ctx), "clear");
  check(futhark_free_i32_1d(ctx, raw), "free raw");
  check(futhark_free_i32_1d(ctx, bumped), "free bumped");
  check(futhark_free_i32_1d(ctx, xs), "free xs");
  futhark_context_free(ctx);
  futhark_context_config_free(cfg);
  return 0;
}
