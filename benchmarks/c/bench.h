/* Shared by the hand-written C benchmarks (here, whose OpenMP pragmas
   take effect only with -fopenmp, and benchmarks/multicore): reading
   arguments and writing results in Futhark's binary data format, and
   the command line of futc's executables (-t FILE writes each run's time
   in microseconds, -r N runs N times, -b writes the results in the binary
   format; the results of the last run are written to standard output). */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  int rank;
  int64_t shape[3];
  char type[5];
  void *data;
} value;

static void fail(const char *message) {
  fprintf(stderr, "%s\n", message);
  exit(1);
}

static int64_t count(const value *v) {
  int64_t n = 1;
  for (int i = 0; i < v->rank; i++) n *= v->shape[i];
  return n;
}

static size_t elem_size(const char *type) {
  if (strcmp(type, " f32") == 0 || strcmp(type, " i32") == 0) return 4;
  if (strcmp(type, " f64") == 0 || strcmp(type, " i64") == 0) return 8;
  fail("unsupported element type");
  return 0;
}

/* Reads one value in the binary data format, skipping whitespace. */
static void read_value(value *v, const char *type, int rank) {
  int c;
  while ((c = getchar()) == ' ' || c == '\n' || c == '\t') {}
  unsigned char version, r;
  if (c != 'b' || fread(&version, 1, 1, stdin) != 1 || version != 2 ||
      fread(&r, 1, 1, stdin) != 1 || fread(v->type, 1, 4, stdin) != 4)
    fail("expected a value in the binary data format");
  v->type[4] = 0;
  v->rank = r;
  if (r != rank || strcmp(v->type, type) != 0) fail("argument of the wrong type");
  if (fread(v->shape, 8, (size_t)r, stdin) != r) fail("truncated shape");
  size_t bytes = (size_t)count(v) * elem_size(type);
  v->data = malloc(bytes ? bytes : 1);
  if (fread(v->data, 1, bytes, stdin) != bytes) fail("truncated data");
}

static void write_value(const value *v) {
  fputc('b', stdout);
  fputc(2, stdout);
  fputc(v->rank, stdout);
  fwrite(v->type, 1, 4, stdout);
  fwrite(v->shape, 8, (size_t)v->rank, stdout);
  fwrite(v->data, elem_size(v->type), (size_t)count(v), stdout);
}

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

typedef struct {
  int runs;
  FILE *timing;
} options;

static options parse_options(int argc, char **argv) {
  options o = {1, NULL};
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-r") == 0 && i + 1 < argc) {
      o.runs = atoi(argv[++i]);
      if (o.runs < 1) o.runs = 1;
    } else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
      o.timing = fopen(argv[++i], "w");
      if (!o.timing) fail("cannot open the timing file");
    } else if (strcmp(argv[i], "-b") != 0) {
      fail("usage: [-b] [-t FILE] [-r N]");
    }
  }
  return o;
}

static void record_time(const options *o, double start, double end) {
  if (o->timing) fprintf(o->timing, "%lld\n", (long long)(end - start));
}
