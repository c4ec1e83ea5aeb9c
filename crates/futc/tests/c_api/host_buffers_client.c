/* Drives the library of host_buffers.fut: the buffer of a freed result
   of more than a mebibyte serves the next result that fits it (at most
   twice as large), with the new values in it; one too small for the
   next result does not. Under AddressSanitizer nothing is reused. */
#include <stdio.h>
#include <stdlib.h>
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

#if defined(__SANITIZE_ADDRESS__)
static const int reusing = 0;
#else
static const int reusing = 1;
#endif

/* `fill n x`, its buffer and the total of its elements. */
static struct futhark_i32_1d *filled(int64_t n, int32_t x, char **buffer, int64_t *total) {
  struct futhark_i32_1d *xs;
  check(futhark_entry_fill(ctx, &xs, n, x), "fill");
  check(futhark_context_sync(ctx), "sync");
  *buffer = futhark_values_raw_i32_1d(ctx, xs);
  check(futhark_entry_total(ctx, total, xs), "total");
  return xs;
}

int main(void) {
  struct futhark_context_config *cfg = futhark_context_config_new();
  ctx = futhark_context_new(cfg);
  char *first, *second, *third;
  int64_t total;
  struct futhark_i32_1d *xs = filled(600000, 7, &first, &total);
  printf("total = %lld\n", (long long)total);
  check(futhark_free_i32_1d(ctx, xs), "free");
  xs = filled(400000, 9, &second, &total);
  printf("total = %lld, reused as expected: %d\n", (long long)total, (first == second) == reusing);
  check(futhark_free_i32_1d(ctx, xs), "free");
  xs = filled(1000000, 2, &third, &total);
  printf("total = %lld, not reused: %d\n", (long long)total, third != first);
  check(futhark_free_i32_1d(ctx, xs), "free");
  check(futhark_context_clear_caches(ctx), "clear");
  futhark_context_free(ctx);
  futhark_context_config_free(cfg);
  return 0;
}
