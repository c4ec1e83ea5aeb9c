/* The `main` of executables: the plain one (arguments on standard input,
   results on standard output) and the server (upstream's server
   protocol). Both run entry points through the C API's `fut_call`.
   Included verbatim after the API. */

/* The plural ending of a noun after the count `n`, and the verb. */
static const char *plural(int n) { return n == 1 ? "" : "s"; }
static const char *was_were(int n) { return n == 1 ? "was" : "were"; }

static int find_entry(const char *name) {
  for (int k = 0; k < fut_num_entries; k++)
    if (strcmp(fut_entries[k].name, name) == 0) return k;
  return -1;
}

static int find_type(const char *name) {
  for (int t = 0; t < fut_num_types; t++)
    if (strcmp(fut_types[t].name, name) == 0) return t;
  return -1;
}

/* The whole of a stream, NUL-terminated; NULL when out of memory. */
static unsigned char *read_stream(FILE *f, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = malloc(cap + 1);
  while (buf != NULL) {
    if (n == cap) {
      unsigned char *grown = realloc(buf, 2 * cap + 1);
      if (grown == NULL) { free(buf); return NULL; }
      buf = grown;
      cap *= 2;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    if (got == 0) break;
    n += got;
  }
  if (buf != NULL) buf[n] = 0;
  *len = n;
  return buf;
}

/* Writes an API value's component; an error code (the message in the
   context) where its elements, in device memory, cannot be read. */
static int write_value(fut_ctx *ctx, FILE *f, const arr *a, int binary) {
  const char *data = a->data;
  char *copy = NULL;
#ifdef FUT_OPENCL
  if (a->mem->dev) {
    int64_t bytes = arr_count(a) * elem_size[a->elem];
    copy = malloc(bytes == 0 ? 1 : (size_t)bytes);
    if (copy == NULL) return fut_error(ctx, "Out of memory."), FUTHARK_OUT_OF_MEMORY;
    int err = arr_read(ctx, a, 0, arr_count(a), copy);
    if (err) { free(copy); return err; }
    data = copy;
  }
#else
  (void)ctx;
#endif
  if (binary) write_binary_value(f, a->elem, a->rank, a->shape, data);
  else { write_text_value(f, a->elem, a->rank, a->shape, data); fputc('\n', f); }
  free(copy);
  return 0;
}

/* Once every value is freed no array or block may be left: otherwise
   reference counting went wrong somewhere. Returns 1 (after saying so) if some is. */
static int check_no_arrays(fut_ctx *ctx) {
  int64_t alive = 0;
  for (arr *a = ctx->live->next; a != ctx->live; a = a->next) alive++;
  if (alive == 0 && ctx->blocks == 0) return 0;
  fprintf(stderr, "Internal error: %lld arrays and %lld memory blocks were not freed.\n", (long long)alive,
          (long long)ctx->blocks);
  return 1;
}

/* ---------------- executables ---------------- */

static void exe_fail(fut_ctx *ctx) {
  fflush(stdout);
  fprintf(stderr, "Error: %s\n", ctx->error ? ctx->error : "unknown failure");
  /* Without atexit handlers: what is still allocated at a failure is
     not a leak worth reporting. */
  _Exit(1);
}

/* Reads the arguments of entry point `e` from the input, each as its
   parameter's type, as `futc run` does (opt::interp::read_arguments). */
static void exe_read_args(fut_ctx *ctx, const fut_entry *e, const unsigned char *input, size_t len, fut_obj **args) {
  jmp_buf jb;
  if (setjmp(jb)) exe_fail(ctx);
  ctx->fail = &jb;
  ctx->in = input;
  ctx->in_len = len;
  ctx->in_pos = 0;
  for (int i = 0; i < e->nin; i++) {
    const fut_type *t = &fut_types[e->in_types[i]];
    if (t->kind != K_PRIM && t->kind != K_ARRAY)
      fut_fail(ctx, "Argument #%d of entry point `%s` has an opaque type and cannot be given as a value.", i, e->name);
  }
  arr *v;
  for (int i = 0; i < e->nin; i++) {
    const fut_type *t = &fut_types[e->in_types[i]];
    snprintf(ctx->in_what, sizeof ctx->in_what, "Cannot read argument #%d of entry point `%s`", i, e->name);
    if (!read_value(ctx, &v, t->elem, t->rank))
      fut_fail(ctx, "Entry point `%s` takes %d argument%s, but %d %s given.", e->name, e->nin, plural(e->nin), i,
               was_were(i));
    args[i] = obj_new(ctx, e->in_types[i], &v);
  }
  /* Values beyond the parameters are read untyped, to be counted. */
  snprintf(ctx->in_what, sizeof ctx->in_what, "Entry point `%s` takes %d argument%s, but more were given", e->name,
           e->nin, plural(e->nin));
  int n = e->nin;
  while (read_value(ctx, &v, -1, -1)) {
    arr_release(v);
    n++;
  }
  ctx->in_what[0] = 0;
  if (n != e->nin)
    fut_fail(ctx, "Entry point `%s` takes %d argument%s, but %d %s given.", e->name, e->nin, plural(e->nin), n,
             was_were(n));
  ctx->fail = NULL;
}

/* Sets a tuning parameter from `name=value`; 1 (after saying why) when
   it cannot. */
static int set_param(struct futhark_context_config *cfg, const char *assignment) {
  const char *equals = strchr(assignment, '=');
  char *end = NULL;
  long long value = equals ? strtoll(equals + 1, &end, 10) : 0;
  if (equals == NULL || end == equals + 1 || *end != 0) {
    fprintf(stderr, "Error: Invalid tuning parameter assignment `%s`: expected NAME=VALUE.\n", assignment);
    return 1;
  }
  char name[256];
  size_t n = (size_t)(equals - assignment);
  if (n >= sizeof name) n = sizeof name - 1;
  memcpy(name, assignment, n);
  name[n] = 0;
  if (futhark_context_config_set_tuning_param(cfg, name, (size_t)value) != 0) {
    fprintf(stderr, "Error: Unknown tuning parameter `%s`.\n", name);
    return 1;
  }
  return 0;
}

/* Sets the tuning parameters of a file of `name=value` lines. */
static int read_tuning_file(struct futhark_context_config *cfg, const char *path) {
  FILE *f = fopen(path, "r");
  if (f == NULL) { fprintf(stderr, "Error: Cannot open %s: %s\n", path, strerror(errno)); return 1; }
  char line[512];
  int failed = 0;
  while (!failed && fgets(line, sizeof line, f) != NULL) {
    line[strcspn(line, "\r\n")] = 0;
    if (line[0] != 0) failed = set_param(cfg, line);
  }
  fclose(f);
  return failed;
}

/* The command-line options of executables and servers, in the order
   `--help` lists them; both parsers and `--help` read this table. */
enum fut_option_id {
  OPT_HELP, OPT_VERSION, OPT_ENTRY, OPT_BINARY, OPT_TIMING, OPT_RUNS, OPT_ENTRY_POINTS, OPT_DEBUG,
  OPT_TUNING, OPT_PARAM, OPT_PRINT_PARAMS, OPT_CACHE_FILE,
  OPT_NUM_THREADS, OPT_PLATFORM, OPT_DEVICE, OPT_BUILD_OPTION, OPT_LIST_DEVICES, OPT_DUMP_OPENCL, OPT_LOAD_OPENCL,
  OPT_GROUP_SIZE, OPT_NUM_GROUPS
};

/* The back end's name, as `--version` prints it. */
#if defined(FUT_OPENCL)
#define FUT_BACKEND_NAME "opencl"
#elif defined(FUT_MULTICORE)
#define FUT_BACKEND_NAME "multicore"
#else
#define FUT_BACKEND_NAME "c"
#endif

/* Which programs take an option. */
enum { FOR_EXE = 1, FOR_SERVER = 2, FOR_BOTH = 3 };

typedef struct {
  enum fut_option_id id;
  const char *short_name, *long_name; /* either may be NULL */
  const char *arg;                    /* NULL: the option takes no argument */
  int programs;
  const char *help;
} fut_option;

static const fut_option fut_options[] = {
  {OPT_HELP, "-h", "--help", NULL, FOR_BOTH, "Print this help and exit."},
  {OPT_VERSION, NULL, "--version", NULL, FOR_BOTH, "Print the compiler and back end that made the program and exit."},
  {OPT_ENTRY, "-e", "--entry-point", "ENTRY", FOR_EXE, "Run this entry point (default: main)."},
  {OPT_BINARY, "-b", "--binary-output", NULL, FOR_EXE, "Print the results in the binary data format."},
  {OPT_TIMING, "-t", "--write-runtime-to", "FILE", FOR_EXE,
   "Write the run time of each run to FILE, in microseconds, one per line."},
  {OPT_RUNS, "-r", "--runs", "N", FOR_EXE, "Run the entry point N times (default: 1); print the last run's results."},
  {OPT_ENTRY_POINTS, NULL, "--entry-points", NULL, FOR_EXE, "Print the names of the entry points and exit."},
  {OPT_DEBUG, "-D", "--debugging", NULL, FOR_BOTH,
   "Log device allocations, reuses and the kernel cache on standard error (OpenCL only)."},
  {OPT_TUNING, NULL, "--tuning", "FILE", FOR_BOTH, "Set the tuning parameters of FILE, one NAME=VALUE a line."},
  {OPT_PARAM, NULL, "--param", "NAME=VALUE", FOR_BOTH, "Set a tuning parameter."},
  {OPT_PRINT_PARAMS, NULL, "--print-params", NULL, FOR_BOTH,
   "Print the tuning parameters with their classes and exit."},
  {OPT_CACHE_FILE, NULL, "--cache-file", "FILE", FOR_BOTH,
   "Keep the built OpenCL kernels in FILE for the next start (other back ends ignore it)."},
#ifdef FUT_MULTICORE
  {OPT_NUM_THREADS, NULL, "--num-threads", "N", FOR_BOTH, "Run parallel code on N threads (default: one per core)."},
#endif
#ifdef FUT_OPENCL
  {OPT_PLATFORM, "-p", "--platform", "NAME", FOR_BOTH, "Use the first platform whose name contains NAME."},
  {OPT_DEVICE, "-d", "--device", "NAME", FOR_BOTH, "Use the first device whose name contains NAME."},
  {OPT_BUILD_OPTION, NULL, "--build-option", "OPT", FOR_BOTH, "Pass OPT to the OpenCL kernel compiler (repeatable)."},
  {OPT_LIST_DEVICES, NULL, "--list-devices", NULL, FOR_BOTH, "List the OpenCL platforms and devices and exit."},
  {OPT_DUMP_OPENCL, NULL, "--dump-opencl", "FILE", FOR_BOTH, "Write the program's OpenCL kernels to FILE and exit."},
  {OPT_LOAD_OPENCL, NULL, "--load-opencl", "FILE", FOR_BOTH, "Build the OpenCL kernels of FILE instead of the program's own."},
  {OPT_GROUP_SIZE, NULL, "--default-thread-block-size", "N", FOR_BOTH,
   "Launch work-groups of N work-items (at most 256 and the device's largest)."},
  {OPT_GROUP_SIZE, NULL, "--default-group-size", "N", FOR_BOTH, "The same as --default-thread-block-size."},
  {OPT_NUM_GROUPS, NULL, "--default-grid-size", "N", FOR_BOTH,
   "Launch reductions and histograms as N work-groups (default: 8 per compute unit)."},
  {OPT_NUM_GROUPS, NULL, "--default-num-groups", "N", FOR_BOTH, "The same as --default-grid-size."},
#endif
};

static const int fut_num_options = (int)(sizeof fut_options / sizeof fut_options[0]);

static void print_help(const char *program, int programs) {
  if (programs == FOR_EXE)
    printf("Usage: %s [OPTION]...\n"
           "Reads the arguments of an entry point from standard input, in the text or binary\n"
           "data format, runs it and prints its results on standard output.\n\nOptions:\n",
           program);
  else
    printf("Usage: %s [OPTION]...\n"
           "Runs the commands of the server protocol read from standard input.\n\nOptions:\n",
           program);
  for (int k = 0; k < fut_num_options; k++) {
    const fut_option *o = &fut_options[k];
    if (!(o->programs & programs)) continue;
    char names[64];
    snprintf(names, sizeof names, "%s%s%s%s%s", o->short_name ? o->short_name : "    ",
             o->short_name && o->long_name ? ", " : "", o->long_name ? o->long_name : "", o->arg ? " " : "",
             o->arg ? o->arg : "");
    printf("  %-30s %s\n", names, o->help);
  }
}

/* The option `arg` names among those of `programs`; NULL if none. An
   option taking a value may carry it as getopt takes it (`-dNAME`,
   `--device=NAME`, as upstream's executables do): then `*attached` is
   the value, else NULL. */
static const fut_option *find_option(const char *arg, int programs, const char **attached) {
  *attached = NULL;
  for (int k = 0; k < fut_num_options; k++) {
    const fut_option *o = &fut_options[k];
    if ((o->programs & programs) && ((o->short_name && strcmp(arg, o->short_name) == 0) ||
                                     (o->long_name && strcmp(arg, o->long_name) == 0)))
      return o;
  }
  for (int k = 0; k < fut_num_options; k++) {
    const fut_option *o = &fut_options[k];
    if (!(o->programs & programs) || o->arg == NULL) continue;
    size_t n = o->short_name ? strlen(o->short_name) : 0;
    if (n > 0 && strncmp(arg, o->short_name, n) == 0 && arg[n] != 0) {
      *attached = arg + n;
      return o;
    }
    n = o->long_name ? strlen(o->long_name) : 0;
    if (n > 0 && strncmp(arg, o->long_name, n) == 0 && arg[n] == '=') {
      *attached = arg + n + 1;
      return o;
    }
  }
  return NULL;
}

/* A positive count of `what` (at most `max`), or 0 (after saying why). */
static int parse_count(const char *what, const char *text, long max) {
  char *end = NULL;
  long n = strtol(text, &end, 10);
  if (end == text || *end != 0 || n < 1 || n > max) {
    fprintf(stderr, "Error: Invalid number of %s `%s`: expected a positive integer.\n", what, text);
    return 0;
  }
  return (int)n;
}

/* What the driver itself does with the options the configuration does
   not take. */
typedef struct {
  const char *entry;
  int binary, runs, debug;
  FILE *timing;
} fut_run_options;

/* Reads the options of argv for `programs` into `cfg` and `opts`.
   Returns -1 to go on, otherwise the exit code (after printing what was
   asked for or saying what is wrong). */
static int parse_options(int argc, char **argv, int programs, struct futhark_context_config *cfg,
                         fut_run_options *opts) {
  for (int i = 1; i < argc; i++) {
    const char *value = NULL;
    const fut_option *o = find_option(argv[i], programs, &value);
    if (o == NULL) {
      fprintf(stderr, "Error: Unknown option `%s`. Run `%s --help` for the options.\n", argv[i], argv[0]);
      return 2;
    }
    if (o->arg && value == NULL) {
      if (i + 1 == argc) {
        fprintf(stderr, "Error: Option `%s` needs an argument (%s).\n", argv[i], o->arg);
        return 2;
      }
      value = argv[++i];
    }
    switch (o->id) {
      case OPT_HELP: print_help(argv[0], programs); return 0;
      case OPT_VERSION: printf("%s, %s back end\n", fut_compiler, FUT_BACKEND_NAME); return 0;
      case OPT_ENTRY: opts->entry = value; break;
      case OPT_BINARY: opts->binary = 1; break;
      case OPT_TIMING:
        if (opts->timing) fclose(opts->timing);
        opts->timing = fopen(value, "w");
        if (opts->timing == NULL) { fprintf(stderr, "Error: Cannot open %s: %s\n", value, strerror(errno)); return 1; }
        break;
      case OPT_RUNS:
        opts->runs = parse_count("runs", value, 1L << 30);
        if (opts->runs == 0) return 1;
        break;
      case OPT_ENTRY_POINTS:
        for (int k = 0; k < fut_num_entries; k++) puts(fut_entries[k].name);
        return 0;
      case OPT_DEBUG: opts->debug = 1; break;
      case OPT_TUNING:
        if (read_tuning_file(cfg, value)) return 1;
        break;
      case OPT_PARAM:
        if (set_param(cfg, value)) return 1;
        break;
      case OPT_PRINT_PARAMS:
        for (int k = 0; k < futhark_get_tuning_param_count(); k++)
          printf("%s (%s)\n", futhark_get_tuning_param_name(k), futhark_get_tuning_param_class(k));
        return 0;
      case OPT_CACHE_FILE: futhark_context_config_set_cache_file(cfg, value); break;
#ifdef FUT_MULTICORE
      case OPT_NUM_THREADS: {
        int n = parse_count("threads", value, 4096);
        if (n == 0) return 1;
        futhark_context_config_set_num_threads(cfg, n);
        break;
      }
#endif
#ifdef FUT_OPENCL
      case OPT_PLATFORM: futhark_context_config_set_platform(cfg, value); break;
      case OPT_DEVICE: futhark_context_config_set_device(cfg, value); break;
      case OPT_BUILD_OPTION: futhark_context_config_add_build_option(cfg, value); break;
      case OPT_LIST_DEVICES: return fut_cl_list_devices() ? 1 : 0;
      case OPT_DUMP_OPENCL:
        if (futhark_context_config_dump_program_to(cfg, value)) {
          fprintf(stderr, "Error: Cannot write %s: %s\n", value, strerror(errno));
          return 1;
        }
        return 0;
      case OPT_LOAD_OPENCL: futhark_context_config_load_program_from(cfg, value); break;
      case OPT_GROUP_SIZE: {
        int n = parse_count("work-items", value, 1L << 30);
        if (n == 0) return 1;
        futhark_context_config_set_default_thread_block_size(cfg, n);
        break;
      }
      case OPT_NUM_GROUPS: {
        int n = parse_count("work-groups", value, 1L << 30);
        if (n == 0) return 1;
        futhark_context_config_set_default_grid_size(cfg, n);
        break;
      }
#endif
      default: break;
    }
  }
  return -1;
}

int exe_main(int argc, char **argv) {
  fut_run_options opts = {"main", 0, 1, 0, NULL};
  struct futhark_context_config *cfg = futhark_context_config_new();
  if (cfg == NULL) { fputs("Error: Out of memory.\n", stderr); return 1; }
  int exit_code = parse_options(argc, argv, FOR_EXE, cfg, &opts);
  if (exit_code >= 0) {
    if (opts.timing) fclose(opts.timing);
    futhark_context_config_free(cfg);
    return exit_code;
  }
  futhark_context_config_set_debugging(cfg, opts.debug);
  fut_ctx *ctx = futhark_context_new(cfg);
  if (ctx == NULL) { fputs("Error: Out of memory.\n", stderr); return 1; }
#ifdef FUT_OPENCL
  if (ctx->cl_problem) { fprintf(stderr, "Error: %s\n", ctx->cl_problem); return 1; }
#endif
  size_t len;
  unsigned char *input = read_stream(stdin, &len);
  if (input == NULL) { fputs("Error: Out of memory.\n", stderr); return 1; }
  int k = find_entry(opts.entry);
  if (k < 0) { fut_error(ctx, "No entry point named `%s`.", opts.entry); exe_fail(ctx); }
  const fut_entry *e = &fut_entries[k];
  fut_obj *args[e->nin + 1];
  fut_obj *outs[e->nout + 1];
  void *res[e->nout + 1];
  for (int i = 0; i < e->nout; i++) res[i] = &outs[i];
  /* A run that consumes an argument needs it read afresh; otherwise the
     runs share one reading, as a program calling the library would. */
  int consumes = 0;
  for (int i = 0; i < e->nin; i++) consumes |= e->in_unique[i];
  for (int run = 0; run < opts.runs; run++) {
    if (run == 0 || consumes) exe_read_args(ctx, e, input, len, args);
    double start = now_us();
    if (fut_call(ctx, k, res, (const void *const *)args, 1) != 0) exe_fail(ctx);
    double end = now_us();
    if (opts.timing) fprintf(opts.timing, "%lld\n", (long long)(end - start));
    if (run == opts.runs - 1 || consumes)
      for (int i = 0; i < e->nin; i++) fut_free(ctx, args[i]);
    for (int i = 0; i < e->nout; i++) {
      /* Opaque results show their IR values, as `futc run` does. */
      if (run == opts.runs - 1)
        for (int c = 0; c < fut_types[outs[i]->type].ncomp; c++)
          if (write_value(ctx, stdout, outs[i]->c[c], opts.binary) != 0) exe_fail(ctx);
      fut_free(ctx, outs[i]);
    }
  }
  free(input);
  if (opts.timing) fclose(opts.timing);
  if (check_no_arrays(ctx)) return 1;
  futhark_context_free(ctx);
  futhark_context_config_free(cfg);
  if (fflush(stdout) != 0) { fputs("Error: Cannot write the results.\n", stderr); return 1; }
  return 0;
}

/* ---------------- the server ---------------- */

typedef struct { char *name; fut_obj *obj; } server_var;
static server_var *server_vars;
static int server_nvars, server_cap;

static int var_index(const char *name) {
  for (int i = 0; i < server_nvars; i++)
    if (strcmp(server_vars[i].name, name) == 0) return i;
  return -1;
}

/* The failure message of the command being run (printed after
   `%%% FAILURE`); commands return 1 after calling this. */
static int cmd_fail(const char *fmt, ...) {
  va_list ap;
  printf("%%%%%% FAILURE\n");
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
  return 1;
}

static int api_fail(fut_ctx *ctx) {
  char *error = futhark_context_get_error(ctx);
  cmd_fail("%s", error ? error : "unknown failure");
  free(error);
  return 1;
}

static fut_obj *get_var(const char *name) {
  int i = var_index(name);
  if (i < 0) { cmd_fail("Unknown variable `%s`.", name); return NULL; }
  return server_vars[i].obj;
}

/* Checks that the names are new and distinct. */
static int check_new_names(char **names, int n) {
  for (int i = 0; i < n; i++) {
    if (var_index(names[i]) >= 0) return cmd_fail("Variable `%s` already exists.", names[i]);
    for (int j = 0; j < i; j++)
      if (strcmp(names[i], names[j]) == 0) return cmd_fail("Variable `%s` is named twice.", names[i]);
  }
  return 0;
}

static int add_var(const char *name, fut_obj *obj) {
  if (server_nvars == server_cap) {
    int cap = server_cap ? 2 * server_cap : 16;
    server_var *grown = realloc(server_vars, sizeof(server_var) * (size_t)cap);
    if (grown == NULL) return 1;
    server_vars = grown;
    server_cap = cap;
  }
  char *copy = malloc(strlen(name) + 1);
  if (copy == NULL) return 1;
  strcpy(copy, name);
  server_vars[server_nvars].name = copy;
  server_vars[server_nvars].obj = obj;
  server_nvars++;
  return 0;
}

/* Adds new variables for values that were made; out of memory here
   ends the server, as a failed initialisation would. */
static void add_vars(fut_ctx *ctx, char **names, fut_obj **objs, int n) {
  for (int i = 0; i < n; i++)
    if (add_var(names[i], objs[i])) { futhark_context_free(ctx); fputs("Out of memory.\n", stderr); exit(1); }
}

static void remove_var(fut_ctx *ctx, int i) {
  fut_free(ctx, server_vars[i].obj);
  free(server_vars[i].name);
  server_vars[i] = server_vars[--server_nvars];
}

static int type_arg(const char *name) {
  int t = find_type(name);
  if (t < 0) cmd_fail("Unknown type `%s`.", name);
  return t;
}

static int entry_arg(const char *name) {
  int k = find_entry(name);
  if (k < 0) cmd_fail("Unknown entry point `%s`.", name);
  return k;
}

static int cmd_call(fut_ctx *ctx, char **w, int n) {
  if (n < 1) return cmd_fail("`call` needs an entry point.");
  int k = entry_arg(w[0]);
  if (k < 0) return 1;
  const fut_entry *e = &fut_entries[k];
  if (n - 1 != e->nout + e->nin)
    return cmd_fail("Entry point `%s` has %d output%s and %d input%s, but %d name%s %s given.", e->name, e->nout,
                    plural(e->nout), e->nin, plural(e->nin), n - 1, plural(n - 1), was_were(n - 1));
  char **outs = w + 1, **ins = w + 1 + e->nout;
  if (check_new_names(outs, e->nout)) return 1;
  const void *args[e->nin + 1];
  for (int i = 0; i < e->nin; i++) {
    fut_obj *o = get_var(ins[i]);
    if (o == NULL) return 1;
    if (o->type != e->in_types[i])
      return cmd_fail("Argument #%d of entry point `%s` should be of type %s, but `%s` is of type %s.", i, e->name,
                      fut_types[e->in_types[i]].name, ins[i], fut_types[o->type].name);
    args[i] = o;
  }
  fut_obj *results[e->nout + 1];
  void *res[e->nout + 1];
  for (int i = 0; i < e->nout; i++) res[i] = &results[i];
  double start = now_us();
  if (fut_call(ctx, k, res, args, 1) != 0) return api_fail(ctx);
  double end = now_us();
  add_vars(ctx, outs, results, e->nout);
  printf("runtime: %lld\n", (long long)(end - start));
  return 0;
}

/* Reads values of the types from `input` (binary or text); all or
   nothing. */
static int restore_values(fut_ctx *ctx, const unsigned char *input, size_t len, const int *types, int n, fut_obj **objs) {
  fut_obj *volatile made[n + 1];
  for (int i = 0; i < n; i++) made[i] = NULL;
  FUT_PROTECT(ctx, (free_made(made, n), FUTHARK_OUT_OF_MEMORY), (free_made(made, n), FUTHARK_PROGRAM_ERROR));
  ctx->in = input;
  ctx->in_len = len;
  ctx->in_pos = 0;
  for (int i = 0; i < n; i++) {
    arr *comps[fut_types[types[i]].ncomp + 1];
    read_comps(ctx, types[i], comps, 1);
    made[i] = obj_new(ctx, types[i], comps);
  }
  skip_space(ctx);
  if (ctx->in_pos < ctx->in_len) fut_fail(ctx, "Expected the end of the file after %d value(s).", n);
  ctx->fail = NULL;
  for (int i = 0; i < n; i++) objs[i] = made[i];
  return 0;
}

static int cmd_restore(fut_ctx *ctx, char **w, int n) {
  if (n < 1 || n % 2 != 1) return cmd_fail("`restore` needs a file and pairs of variable names and types.");
  int count = n / 2;
  char *names[count + 1];
  int types[count + 1];
  for (int i = 0; i < count; i++) {
    names[i] = w[1 + 2 * i];
    types[i] = type_arg(w[2 + 2 * i]);
    if (types[i] < 0) return 1;
  }
  if (check_new_names(names, count)) return 1;
  FILE *f = fopen(w[0], "rb");
  if (f == NULL) return cmd_fail("Cannot open %s: %s", w[0], strerror(errno));
  size_t len;
  unsigned char *input = read_stream(f, &len);
  fclose(f);
  if (input == NULL) return cmd_fail("Out of memory.");
  fut_obj *objs[count + 1];
  int failed = restore_values(ctx, input, len, types, count, objs);
  free(input);
  if (failed) return api_fail(ctx);
  add_vars(ctx, names, objs, count);
  return 0;
}

static int cmd_store(fut_ctx *ctx, char **w, int n) {
  if (n < 1) return cmd_fail("`store` needs a file.");
  for (int i = 1; i < n; i++) {
    fut_obj *o = get_var(w[i]);
    if (o == NULL) return 1;
    if (obj_consumed(o)) return cmd_fail("Variable `%s` has been consumed.", w[i]);
  }
  FILE *f = fopen(w[0], "wb");
  if (f == NULL) return cmd_fail("Cannot open %s: %s", w[0], strerror(errno));
  for (int i = 1; i < n; i++) {
    void *bytes = NULL;
    size_t size;
    if (fut_store(ctx, get_var(w[i]), &bytes, &size) != 0) { fclose(f); return api_fail(ctx); }
    size_t written = fwrite(bytes, 1, size, f);
    free(bytes);
    if (written != size) { fclose(f); return cmd_fail("Cannot write %s.", w[0]); }
  }
  if (fclose(f) != 0) return cmd_fail("Cannot write %s.", w[0]);
  return 0;
}

static int cmd_free(fut_ctx *ctx, char **w, int n) {
  for (int i = 0; i < n; i++)
    if (get_var(w[i]) == NULL) return 1;
  for (int i = 0; i < n; i++) {
    int v = var_index(w[i]);
    if (v >= 0) remove_var(ctx, v);
  }
  return 0;
}

static int cmd_rename(char **w, int n) {
  if (n != 2) return cmd_fail("`rename` needs two variable names.");
  int i = var_index(w[0]);
  if (i < 0) return cmd_fail("Unknown variable `%s`.", w[0]);
  if (strcmp(w[0], w[1]) == 0) return 0;
  if (var_index(w[1]) >= 0) return cmd_fail("Variable `%s` already exists.", w[1]);
  char *copy = malloc(strlen(w[1]) + 1);
  if (copy == NULL) return cmd_fail("Out of memory.");
  strcpy(copy, w[1]);
  free(server_vars[i].name);
  server_vars[i].name = copy;
  return 0;
}

static int cmd_new(fut_ctx *ctx, char **w, int n) {
  if (n < 2) return cmd_fail("`new` needs a variable name and a type.");
  int t = type_arg(w[1]);
  if (t < 0) return 1;
  if (fut_types[t].kind != K_RECORD) return cmd_fail("Type `%s` is not a record.", w[1]);
  if (n - 2 != fut_types[t].nfields)
    return cmd_fail("Type `%s` has %d field%s, but %d value%s %s given.", w[1], fut_types[t].nfields,
                    plural(fut_types[t].nfields), n - 2, plural(n - 2), was_were(n - 2));
  if (check_new_names(w, 1)) return 1;
  const void *fields[n];
  for (int i = 2; i < n; i++)
    if ((fields[i - 2] = get_var(w[i])) == NULL) return 1;
  fut_obj *o;
  if (fut_new_record(ctx, t, &o, fields, 1) != 0) return api_fail(ctx);
  add_vars(ctx, w, &o, 1);
  return 0;
}

static int cmd_project(fut_ctx *ctx, char **w, int n) {
  if (n != 3) return cmd_fail("`project` needs a new variable, a variable and a field.");
  if (check_new_names(w, 1)) return 1;
  fut_obj *from = get_var(w[1]);
  if (from == NULL) return 1;
  const fut_type *t = &fut_types[from->type];
  if (t->kind != K_RECORD) return cmd_fail("Variable `%s` is not a record.", w[1]);
  for (int f = 0; f < t->nfields; f++) {
    if (strcmp(t->field_names[f], w[2]) != 0) continue;
    fut_obj *o;
    if (fut_project(ctx, from->type, f, &o, from, 1) != 0) return api_fail(ctx);
    add_vars(ctx, w, &o, 1);
    return 0;
  }
  return cmd_fail("Type `%s` has no field `%s`.", t->name, w[2]);
}

static int cmd_construct(fut_ctx *ctx, char **w, int n) {
  if (n < 3) return cmd_fail("`construct` needs a variable name, a type and a variant.");
  int t = type_arg(w[1]);
  if (t < 0) return 1;
  const fut_type *ty = &fut_types[t];
  if (ty->kind != K_SUM) return cmd_fail("Type `%s` is not a sum type.", w[1]);
  for (int v = 0; v < ty->nvariants; v++) {
    if (strcmp(ty->variants[v].name, w[2]) != 0) continue;
    if (n - 3 != ty->variants[v].npayload)
      return cmd_fail("Variant `%s` has %d payload value%s, but %d %s given.", w[2], ty->variants[v].npayload,
                      plural(ty->variants[v].npayload), n - 3, was_were(n - 3));
    if (check_new_names(w, 1)) return 1;
    const void *payload[n];
    for (int i = 3; i < n; i++)
      if ((payload[i - 3] = get_var(w[i])) == NULL) return 1;
    fut_obj *o;
    if (fut_construct(ctx, t, v, &o, payload, 1) != 0) return api_fail(ctx);
    add_vars(ctx, w, &o, 1);
    return 0;
  }
  return cmd_fail("Type `%s` has no variant `%s`.", w[1], w[2]);
}

static int cmd_destruct(fut_ctx *ctx, char **w, int n) {
  if (n < 1) return cmd_fail("`destruct` needs a variable.");
  fut_obj *from = get_var(w[0]);
  if (from == NULL) return 1;
  const fut_type *t = &fut_types[from->type];
  if (t->kind != K_SUM) return cmd_fail("Variable `%s` is not of a sum type.", w[0]);
  if (obj_consumed(from)) return cmd_fail("Variable `%s` has been consumed.", w[0]);
  int v = fut_variant_of(from);
  if (n - 1 != t->variants[v].npayload)
    return cmd_fail("Variant `%s` has %d payload value%s, but %d name%s %s given.", t->variants[v].name,
                    t->variants[v].npayload, plural(t->variants[v].npayload), n - 1, plural(n - 1), was_were(n - 1));
  if (check_new_names(w + 1, n - 1)) return 1;
  fut_obj *objs[n];
  void *outs[n];
  for (int i = 0; i < n - 1; i++) outs[i] = &objs[i];
  if (fut_destruct(ctx, from->type, v, outs, from, 1) != 0) return api_fail(ctx);
  add_vars(ctx, w + 1, objs, n - 1);
  return 0;
}

static void print_type(int type, int unique) {
  printf("%s%s\n", unique ? "*" : "", fut_types[type].name);
}

static int server_command(fut_ctx *ctx, char **w, int n) {
  const char *c = w[0];
  char **a = w + 1;
  int m = n - 1;
  if (strcmp(c, "call") == 0) return cmd_call(ctx, a, m);
  if (strcmp(c, "restore") == 0) return cmd_restore(ctx, a, m);
  if (strcmp(c, "store") == 0) return cmd_store(ctx, a, m);
  if (strcmp(c, "free") == 0) return cmd_free(ctx, a, m);
  if (strcmp(c, "rename") == 0) return cmd_rename(a, m);
  if (strcmp(c, "new") == 0) return cmd_new(ctx, a, m);
  if (strcmp(c, "project") == 0) return cmd_project(ctx, a, m);
  if (strcmp(c, "construct") == 0) return cmd_construct(ctx, a, m);
  if (strcmp(c, "destruct") == 0) return cmd_destruct(ctx, a, m);
  if (strcmp(c, "entry_points") == 0) {
    for (int k = 0; k < fut_num_entries; k++) printf("%s\n", fut_entries[k].name);
    return 0;
  }
  if (strcmp(c, "types") == 0) {
    for (int t = 0; t < fut_num_types; t++)
      if (fut_types[t].kind != K_PRIM) printf("%s\n", fut_types[t].name);
    return 0;
  }
  if (strcmp(c, "clear") == 0) { futhark_context_clear_caches(ctx); return 0; }
  if (strcmp(c, "pause_profiling") == 0) { futhark_context_pause_profiling(ctx); return 0; }
  if (strcmp(c, "unpause_profiling") == 0) { futhark_context_unpause_profiling(ctx); return 0; }
  if (strcmp(c, "report") == 0) {
    char *report = futhark_context_report(ctx);
    if (report == NULL) return cmd_fail("Out of memory.");
    printf("%s\n", report);
    free(report);
    return 0;
  }
  if (strcmp(c, "set_tuning_param") == 0 || strcmp(c, "tuning_param_class") == 0) {
    int wanted = c[0] == 's' ? 2 : 1;
    if (m != wanted) return cmd_fail("`%s` takes %d argument%s.", c, wanted, plural(wanted));
    int k = tuning_index(a[0]);
    if (k < 0) return cmd_fail("Unknown tuning parameter `%s`.", a[0]);
    if (c[0] == 't') { printf("%s\n", futhark_get_tuning_param_class(k)); return 0; }
    char *end = NULL;
    long long value = strtoll(a[1], &end, 10);
    if (end == a[1] || *end != 0) return cmd_fail("Invalid value `%s` for a tuning parameter.", a[1]);
    ctx->tuning[k] = (int64_t)value;
    ctx->tuning_set[k] = 1;
    return 0;
  }
  static const char *const unary[] = {"inputs", "outputs", "output", "tuning_params", "attributes", "type",
                                      "variant", "shape", "kind", "fields", "variants", "rank", "elemtype"};
  int known = 0;
  for (size_t i = 0; i < sizeof unary / sizeof unary[0]; i++) known = known || strcmp(c, unary[i]) == 0;
  if (!known) return cmd_fail("Unknown command `%s`.", c);
  if (m != 1) return cmd_fail("`%s` takes one argument.", c);
  if (strcmp(c, "inputs") == 0 || strcmp(c, "outputs") == 0 || strcmp(c, "output") == 0 ||
      strcmp(c, "tuning_params") == 0 || strcmp(c, "attributes") == 0) {
    int k = entry_arg(a[0]);
    if (k < 0) return 1;
    const fut_entry *e = &fut_entries[k];
    if (c[0] == 'i')
      for (int i = 0; i < e->nin; i++) print_type(e->in_types[i], e->in_unique[i]);
    else if (c[0] == 'o')
      for (int i = 0; i < e->nout; i++) print_type(e->out_types[i], e->out_unique[i]);
    else if (c[0] == 't')
      for (int k = 0; k < fut_num_tuning; k++) printf("%s %s\n", fut_tuning_names[k], futhark_get_tuning_param_class(k));
    return 0;
  }
  if (strcmp(c, "type") == 0 || strcmp(c, "variant") == 0 || strcmp(c, "shape") == 0) {
    fut_obj *o = get_var(a[0]);
    if (o == NULL) return 1;
    const fut_type *t = &fut_types[o->type];
    if (c[0] == 't') { printf("%s\n", t->name); return 0; }
    if (obj_consumed(o)) return cmd_fail("Variable `%s` has been consumed.", a[0]);
    if (c[0] == 'v') {
      if (t->kind != K_SUM) return cmd_fail("Variable `%s` is not of a sum type.", a[0]);
      printf("%s\n", t->variants[fut_variant_of(o)].name);
      return 0;
    }
    if (t->kind != K_ARRAY) return cmd_fail("Variable `%s` is not an array.", a[0]);
    for (int d = 0; d < t->rank; d++) printf("%lld\n", (long long)o->c[0]->shape[d]);
    return 0;
  }
  int t = find_type(a[0]);
  if (strcmp(c, "kind") == 0 || strcmp(c, "fields") == 0 || strcmp(c, "variants") == 0 ||
      strcmp(c, "rank") == 0 || strcmp(c, "elemtype") == 0) {
    if (type_arg(a[0]) < 0) return 1;
    const fut_type *ty = &fut_types[t];
    if (c[0] == 'k') { printf("%s\n", kind_name[ty->kind]); return 0; }
    if (c[0] == 'f') {
      if (ty->kind != K_RECORD) return cmd_fail("Type `%s` is not a record.", a[0]);
      for (int f = 0; f < ty->nfields; f++) printf("%s %s\n", ty->field_names[f], fut_types[ty->field_types[f]].name);
      return 0;
    }
    if (c[0] == 'v') {
      if (ty->kind != K_SUM) return cmd_fail("Type `%s` is not a sum type.", a[0]);
      for (int v = 0; v < ty->nvariants; v++) {
        printf("%s\n", ty->variants[v].name);
        for (int p = 0; p < ty->variants[v].npayload; p++) printf("- %s\n", fut_types[ty->variants[v].payload[p]].name);
      }
      return 0;
    }
    if (ty->kind != K_ARRAY) return cmd_fail("Type `%s` is not an array type.", a[0]);
    if (c[0] == 'r') printf("%d\n", ty->rank);
    else printf("%s\n", elem_name[ty->elem]);
    return 0;
  }
  return 0;
}

/* Splits a command line into words: runs of non-spaces, or double-quoted
   text. Returns the number of words, or -1 for an unterminated quote. */
static int split_words(char *line, char **words, int cap) {
  int n = 0;
  char *p = line;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    if (*p == 0) return n;
    if (n == cap) return n;
    if (*p == '"') {
      char *end = strchr(p + 1, '"');
      if (end == NULL) return -1;
      *end = 0;
      words[n++] = p + 1;
      p = end + 1;
    } else {
      words[n++] = p;
      while (*p && *p != ' ' && *p != '\t' && *p != '\r') p++;
      if (*p) *p++ = 0;
    }
  }
}

int server_main(int argc, char **argv) {
  fut_run_options opts = {"main", 0, 1, 0, NULL};
  struct futhark_context_config *cfg = futhark_context_config_new();
  if (cfg == NULL) { fputs("Out of memory.\n", stderr); return 1; }
  int exit_code = parse_options(argc, argv, FOR_SERVER, cfg, &opts);
  if (exit_code >= 0) {
    futhark_context_config_free(cfg);
    return exit_code;
  }
  int debug = opts.debug;
  const char *env = getenv("FUTHARK_COMPILER_DEBUGGING");
  if (env && strcmp(env, "1") == 0) debug = 1;
  futhark_context_config_set_debugging(cfg, debug);
  fut_ctx *ctx = futhark_context_new(cfg);
  if (ctx == NULL) { fputs("Out of memory.\n", stderr); return 1; }
#ifdef FUT_OPENCL
  if (ctx->cl_problem) { fprintf(stderr, "Error: %s\n", ctx->cl_problem); return 1; }
#endif
  printf("%%%%%% OK\n");
  fflush(stdout);
  size_t cap = 1024;
  char *line = malloc(cap);
  while (line != NULL) {
    size_t len = 0;
    int eof = 1;
    for (;;) {
      if (len + 2 > cap) {
        char *grown = realloc(line, 2 * cap);
        if (grown == NULL) { free(line); line = NULL; break; }
        line = grown;
        cap *= 2;
      }
      if (fgets(line + len, (int)(cap - len), stdin) == NULL) break;
      eof = 0;
      len += strlen(line + len);
      if (len > 0 && line[len - 1] == '\n') { line[--len] = 0; break; }
    }
    if (line == NULL || (eof && len == 0)) break;
    char *words[len / 2 + 2];
    int n = split_words(line, words, (int)(len / 2 + 2));
    if (n < 0) cmd_fail("Unterminated quote.");
    else if (n == 0) cmd_fail("Empty command.");
    else server_command(ctx, words, n);
    printf("%%%%%% OK\n");
    fflush(stdout);
  }
  free(line);
  while (server_nvars > 0) remove_var(ctx, server_nvars - 1);
  free(server_vars);
  int leaked = check_no_arrays(ctx);
  futhark_context_free(ctx);
  futhark_context_config_free(cfg);
  return leaked;
}
