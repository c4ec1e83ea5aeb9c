/* The C API of a generated program (upstream's names and conventions),
   implemented once over the generated tables `fut_types` and
   `fut_entries`; the per-type functions the header declares are thin
   wrappers around these. Included verbatim after the tables. */

struct futhark_context_config {
  int debug, logging, profiling;
#ifdef FUT_MULTICORE
  /* The threads to run parallel tasks on (0: one per core). */
  int num_threads;
#endif
#ifdef FUT_OPENCL
  /* Substrings of the names of the platform and device to use (NULL:
     any), options for building the kernels, and a file whose OpenCL
     program replaces the embedded one (malloc'd). */
  char *platform, *device, *build_options, *program_file;
  /* The work-items of a work-group and the work-groups of a reduction or
     histogram kernel (0: chosen from the device). */
  int group_size, num_groups;
#endif
  /* The tuning parameters' values, where set (as in the context). */
  int64_t *tuning;
  unsigned char *tuning_set;
  /* The file caching what starting a context computes (the OpenCL
     kernels' binary), or NULL (malloc'd). */
  char *cache_file;
};

struct futhark_context_config *futhark_context_config_new(void) {
  struct futhark_context_config *cfg = calloc(1, sizeof(struct futhark_context_config));
  if (cfg == NULL) return NULL;
  cfg->tuning = calloc((size_t)fut_num_tuning + 1, sizeof(int64_t));
  cfg->tuning_set = calloc((size_t)fut_num_tuning + 1, 1);
  if (cfg->tuning == NULL || cfg->tuning_set == NULL) {
    free(cfg->tuning);
    free(cfg->tuning_set);
    free(cfg);
    return NULL;
  }
  return cfg;
}

void futhark_context_config_free(struct futhark_context_config *cfg) {
  if (cfg == NULL) return;
#ifdef FUT_OPENCL
  free(cfg->platform);
  free(cfg->device);
  free(cfg->build_options);
  free(cfg->program_file);
#endif
  free(cfg->cache_file);
  free(cfg->tuning);
  free(cfg->tuning_set);
  free(cfg);
}

void futhark_context_config_set_debugging(struct futhark_context_config *cfg, int flag) {
  cfg->debug = flag != 0;
  cfg->logging = cfg->logging || flag != 0;
}

#ifdef FUT_MULTICORE
void futhark_context_config_set_num_threads(struct futhark_context_config *cfg, int n) {
  cfg->num_threads = n > 0 ? n : 0;
}
#endif

#ifdef FUT_OPENCL
static void config_text(char **field, const char *text) {
  free(*field);
  *field = text ? text_copy(text) : NULL;
}
void futhark_context_config_set_platform(struct futhark_context_config *cfg, const char *s) { config_text(&cfg->platform, s); }
void futhark_context_config_set_device(struct futhark_context_config *cfg, const char *s) { config_text(&cfg->device, s); }
void futhark_context_config_load_program_from(struct futhark_context_config *cfg, const char *path) {
  config_text(&cfg->program_file, path);
}
/* Writes the embedded OpenCL program to `path`: 0 on success. */
int futhark_context_config_dump_program_to(struct futhark_context_config *cfg, const char *path) {
  (void)cfg;
  FILE *f = fopen(path, "w");
  if (f == NULL) return 1;
  int failed = fputs(fut_cl_source, f) == EOF;
  return fclose(f) != 0 || failed;
}
void futhark_context_config_set_default_thread_block_size(struct futhark_context_config *cfg, int size) {
  cfg->group_size = size > 0 ? size : 0;
}
void futhark_context_config_set_default_group_size(struct futhark_context_config *cfg, int size) {
  futhark_context_config_set_default_thread_block_size(cfg, size);
}
void futhark_context_config_set_default_grid_size(struct futhark_context_config *cfg, int num) {
  cfg->num_groups = num > 0 ? num : 0;
}
void futhark_context_config_set_default_num_groups(struct futhark_context_config *cfg, int num) {
  futhark_context_config_set_default_grid_size(cfg, num);
}
void futhark_context_config_add_build_option(struct futhark_context_config *cfg, const char *opt) {
  size_t old = cfg->build_options ? strlen(cfg->build_options) : 0;
  char *grown = realloc(cfg->build_options, old + strlen(opt) + 2);
  if (grown == NULL) return;
  if (old == 0) grown[0] = 0;
  else strcat(grown, " ");
  strcat(grown, opt);
  cfg->build_options = grown;
}
#endif

void futhark_context_config_set_profiling(struct futhark_context_config *cfg, int flag) {
  cfg->profiling = flag != 0;
}

void futhark_context_config_set_logging(struct futhark_context_config *cfg, int flag) {
  cfg->logging = flag != 0;
}

/* The number of the tuning parameter, or -1. */
static int tuning_index(const char *name) {
  for (int k = 0; k < fut_num_tuning; k++)
    if (strcmp(fut_tuning_names[k], name) == 0) return k;
  return -1;
}

/* The only tuning parameters are the program's own (`#[param(name)]`). */
int futhark_context_config_set_tuning_param(struct futhark_context_config *cfg, const char *param_name, size_t new_value) {
  int k = tuning_index(param_name);
  if (k < 0) return 1;
  cfg->tuning[k] = (int64_t)new_value;
  cfg->tuning_set[k] = 1;
  return 0;
}
int futhark_get_tuning_param_count(void) { return fut_num_tuning; }
const char *futhark_get_tuning_param_name(int i) { return i >= 0 && i < fut_num_tuning ? fut_tuning_names[i] : NULL; }
const char *futhark_get_tuning_param_class(int i) { return i >= 0 && i < fut_num_tuning ? fut_tuning_classes[i] : NULL; }
/* Only the OpenCL back end has something to cache (its kernels'
   binary); the others keep the name and ignore it. */
void futhark_context_config_set_cache_file(struct futhark_context_config *cfg, const char *fname) {
  free(cfg->cache_file);
  cfg->cache_file = fname ? text_copy(fname) : NULL;
}

struct futhark_context *futhark_context_new(struct futhark_context_config *cfg) {
  fut_ctx *ctx = calloc(1, sizeof(fut_ctx));
  if (ctx == NULL) return NULL;
  ctx->live = calloc(1, sizeof(arr));
  if (ctx->live == NULL) { free(ctx); return NULL; }
  ctx->live->next = ctx->live->prev = ctx->live;
  ctx->tuning = malloc(((size_t)fut_num_tuning + 1) * sizeof(int64_t));
  ctx->tuning_set = malloc((size_t)fut_num_tuning + 1);
  if (ctx->tuning == NULL || ctx->tuning_set == NULL) {
    free(ctx->tuning);
    free(ctx->tuning_set);
    free(ctx->live);
    free(ctx);
    return NULL;
  }
  memcpy(ctx->tuning, cfg->tuning, ((size_t)fut_num_tuning + 1) * sizeof(int64_t));
  memcpy(ctx->tuning_set, cfg->tuning_set, (size_t)fut_num_tuning + 1);
  ctx->debug = cfg->debug;
  ctx->logging = cfg->logging;
  ctx->profiling = cfg->profiling;
  ctx->log = stderr;
#ifdef FUT_MULTICORE
  if (fut_pool_start(ctx, cfg->num_threads > 0 ? cfg->num_threads : fut_cores()) != 0) {
    free(ctx->tuning);
    free(ctx->tuning_set);
    free(ctx->live);
    free(ctx);
    return NULL;
  }
#endif
#ifdef FUT_OPENCL
  /* A context whose device could not be set up says why through
     `futhark_context_get_error`; its entry points fail likewise. */
  ctx->cl_problem = fut_cl_init(ctx, cfg->platform, cfg->device, cfg->build_options, cfg->cache_file, cfg->program_file);
  if (ctx->cl_problem) ctx->error = text_copy(ctx->cl_problem);
  else fut_cl_set_launch_sizes(ctx, cfg->group_size, cfg->num_groups);
#endif
  return ctx;
}

void futhark_context_free(struct futhark_context *ctx) {
#ifdef FUT_MULTICORE
  fut_pool_stop(ctx);
#endif
  /* Values the caller did not free go with the context. */
  while (ctx->live->next != ctx->live) arr_free(ctx->live->next);
  free(ctx->live);
#ifdef FUT_OPENCL
  fut_cl_free(ctx);
  free(ctx->cl_problem);
#endif
  fut_clear_cache(ctx);
  free(ctx->error);
  free(ctx->tuning);
  free(ctx->tuning_set);
  free(ctx);
}

int futhark_context_sync(struct futhark_context *ctx) { (void)ctx; return 0; }

char *futhark_context_get_error(struct futhark_context *ctx) {
  char *error = ctx->error;
  ctx->error = NULL;
  return error;
}

void futhark_context_set_logging_file(struct futhark_context *ctx, FILE *f) { ctx->log = f; }

void futhark_context_pause_profiling(struct futhark_context *ctx) { ctx->profiling_paused = 1; }

void futhark_context_unpause_profiling(struct futhark_context *ctx) { ctx->profiling_paused = 0; }

/* Every array belongs to a value; freed blocks leave large buffers
   (and, for OpenCL, device buffers) for reuse, which this releases. */
int futhark_context_clear_caches(struct futhark_context *ctx) {
#ifdef FUT_OPENCL
  fut_cl_clear_caches(ctx);
#endif
  fut_clear_cache(ctx);
  return 0;
}

/* A JSON object: the peak number of bytes arrays held (upstream's
   "memory" object, by memory space), and the entry point calls made and
   their total run time (while profiling was on and not paused); for
   OpenCL, also the device's counts (`fut_cl_counts`). */
char *futhark_context_report(struct futhark_context *ctx) {
  char *out = malloc(512);
  if (out == NULL) return NULL;
  int n = snprintf(out, 512, "{\"memory\":{\"default\":%lld},\"events\":[],\"calls\":%lld,\"total_us\":%lld",
                   (long long)ctx->mem_peak, (long long)ctx->calls, (long long)ctx->total_us);
#ifdef FUT_OPENCL
  fut_cl_counts c = fut_cl_get_counts(ctx);
  n += snprintf(out + n, 512 - (size_t)n,
                ",\"device\":{\"buffers_created\":%lld,\"buffers_reused\":%lld,\"uploads\":%lld,\"downloads\":%lld}",
                (long long)c.created, (long long)c.reused, (long long)c.uploads, (long long)c.downloads);
#endif
  snprintf(out + n, 512 - (size_t)n, "}");
  return out;
}

/* ---------------- failures ---------------- */

/* Records an error found before any work started (no jump). */
static int fut_error(fut_ctx *ctx, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fut_set_error(ctx, fmt, ap);
  va_end(ap);
  return FUTHARK_PROGRAM_ERROR;
}

/* After a failure of the runtime's own work: frees every array no API
   value holds (see the context's comment) and resets the others'
   reference counts, and those of their blocks, which only arrays refer
   to outside generated code. */
static void fut_recover(fut_ctx *ctx) {
  ctx->fail = NULL;
  arr *live = ctx->live;
  for (arr *a = live->next; a != live; a = a->next) {
    a->rc = a->ext;
    a->mem->rc = 0;
  }
  for (arr *a = live->next; a != live; a = a->next)
    if (a->rc > 0) a->mem->rc++;
  /* A block no surviving array uses is freed with the first of the
     others met (which marks its count -1; the rest forget it). */
  for (arr *a = live->next; a != live; a = a->next) {
    if (a->rc > 0) continue;
    if (a->mem->rc == 0) a->mem->rc = -1;
    else if (a->mem->rc == -1) a->mem = NULL;
  }
  arr *a = live->next;
  while (a != live) {
    arr *next = a->next;
    if (a->rc == 0) {
      fut_mem *m = a->mem;
      a->prev->next = a->next;
      a->next->prev = a->prev;
      free(a);
      if (m != NULL && m->rc < 0) mem_free(m);
    }
    a = next;
  }
}

/* The start of an API function that may fail part-way: a failure returns
   from it with the error code (FUT_PROTECT_INT) or NULL (_PTR). */
#define FUT_PROTECT(ctx, OOM, ERR)                    \
  jmp_buf fut_jb;                                     \
  switch (setjmp(fut_jb)) {                           \
  case 0: break;                                      \
  case FUTHARK_OUT_OF_MEMORY: fut_recover(ctx); return OOM; \
  default: fut_recover(ctx); return ERR;              \
  }                                                   \
  (ctx)->fail = &fut_jb
#define FUT_PROTECT_INT(ctx) FUT_PROTECT(ctx, FUTHARK_OUT_OF_MEMORY, FUTHARK_PROGRAM_ERROR)
#define FUT_PROTECT_PTR(ctx) FUT_PROTECT(ctx, NULL, NULL)

/* ---------------- values ---------------- */

static int type_is_scalar(int type) { return fut_types[type].kind == K_PRIM; }

/* A value of `type` taking over the references `comps`, which it now
   holds for the API; fails (out of memory) before taking anything. In
   OpenCL, the API's arrays live in device memory. */
static fut_obj *obj_new(fut_ctx *ctx, int type, arr *const *comps) {
  int n = fut_types[type].ncomp;
#ifdef FUT_OPENCL
  for (int i = 0; i < n; i++) arr_to_device(ctx, comps[i]);
#endif
  fut_obj *o = malloc(sizeof(fut_obj) + sizeof(arr *) * (size_t)n);
  if (o == NULL) fut_out_of_memory(ctx);
  o->type = type;
  for (int i = 0; i < n; i++) { o->c[i] = comps[i]; comps[i]->ext++; }
  return o;
}

static int obj_consumed(const fut_obj *o) {
  int n = fut_types[o->type].ncomp;
  for (int i = 0; i < n; i++) if (o->c[i] == NULL) return 1;
  return 0;
}

/* Checks a value given to the API for a place of type `type`. */
static int check_obj(fut_ctx *ctx, const fut_obj *o, int type, const char *what) {
  if (o == NULL) return fut_error(ctx, "%s is NULL.", what);
  if (o->type != type)
    return fut_error(ctx, "%s should be of type %s, but is of type %s.", what, fut_types[type].name, fut_types[o->type].name);
  if (obj_consumed(o)) return fut_error(ctx, "%s has been consumed.", what);
  return 0;
}

/* Appends the components of a value of `type` given by `slot` (a
   pointer to the scalar for an unboxed scalar, else a fut_obj) to
   comps, as new references. Scalars are boxed, which may fail. */
static int slot_comps(fut_ctx *ctx, int type, const void *slot, int boxed, arr **comps) {
  if (type_is_scalar(type) && !boxed) {
    comps[0] = arr_scalar(ctx, fut_types[type].elem, slot);
    return 1;
  }
  const fut_obj *o = slot;
  int n = fut_types[type].ncomp;
  for (int i = 0; i < n; i++) comps[i] = arr_retain(o->c[i]);
  return n;
}

/* Stores a value made of the owned `comps` into the place `slot`
   points to: the scalar itself (unboxed), or a new fut_obj. */
static void slot_store(fut_ctx *ctx, int type, void *slot, int boxed, arr **comps) {
  if (type_is_scalar(type) && !boxed) {
    memcpy(slot, comps[0]->data, (size_t)elem_size[fut_types[type].elem]);
    arr_release(comps[0]);
    return;
  }
  *(fut_obj **)slot = obj_new(ctx, type, comps);
}

/* Frees the values a failed function had made (after fut_recover). */
static void free_made(fut_obj *volatile *made, int n) {
  for (int i = 0; i < n; i++) {
    fut_obj *o = made[i];
    if (o == NULL) continue;
    for (int c = 0; c < fut_types[o->type].ncomp; c++) { o->c[c]->ext--; arr_release(o->c[c]); }
    free(o);
  }
}

FUT_LINK int fut_free(fut_ctx *ctx, fut_obj *o) {
  (void)ctx;
  if (o == NULL) return 0;
  int n = fut_types[o->type].ncomp;
  for (int i = 0; i < n; i++) {
    if (o->c[i]) { o->c[i]->ext--; arr_release(o->c[i]); }
  }
  free(o);
  return 0;
}

FUT_LINK fut_obj *fut_new_array(fut_ctx *ctx, int type, const void *data, const int64_t *shape, int raw) {
  const fut_type *t = &fut_types[type];
  FUT_PROTECT_PTR(ctx);
#ifdef FUT_OPENCL
  arr *a = raw ? arr_alloc(ctx, t->elem, t->rank, shape, (char *)data) : arr_new_device(ctx, t->elem, t->rank, shape, data);
#else
  arr *a = arr_alloc(ctx, t->elem, t->rank, shape, raw ? (char *)data : NULL);
  if (!raw) memcpy(a->data, data, (size_t)(arr_count(a) * elem_size[t->elem]));
#endif
  fut_obj *o = obj_new(ctx, type, &a);
  ctx->fail = NULL;
  return o;
}

/* Copies `count` elements from element `offset` of an API array
   (row-major) to `out`, from device memory where it is there; an error
   code (the message in the context). */
static int arr_read(fut_ctx *ctx, const arr *a, int64_t offset, int64_t count, void *out) {
  int64_t es = elem_size[a->elem];
  if (count <= 0) return 0;
#ifdef FUT_OPENCL
  if (a->mem->dev) {
    cl_int err = fut_cl_read_block(ctx, a->mem, offset * es, count * es, out);
    if (err == CL_SUCCESS) return 0;
    return fut_error(ctx, "OpenCL error %d in clEnqueueReadBuffer.", (int)err);
  }
#else
  (void)ctx;
#endif
  memcpy(out, a->data + offset * es, (size_t)(count * es));
  return 0;
}

FUT_LINK int fut_values(fut_ctx *ctx, const fut_obj *o, void *data) {
  if (check_obj(ctx, o, o ? o->type : 0, "The array")) return FUTHARK_PROGRAM_ERROR;
  return arr_read(ctx, o->c[0], 0, arr_count(o->c[0]), data);
}

FUT_LINK const int64_t *fut_shape(const fut_obj *o) {
  return o && o->c[0] ? o->c[0]->shape : NULL;
}

/* The elements' host memory, or in OpenCL the `cl_mem` of an array in
   device memory (as upstream's GPU back ends give their device memory). */
FUT_LINK char *fut_values_raw(const fut_obj *o) {
  if (o == NULL || o->c[0] == NULL) return NULL;
#ifdef FUT_OPENCL
  if (o->c[0]->mem->dev) return o->c[0]->mem->dev;
#endif
  return o->c[0]->data;
}

FUT_LINK int fut_index(fut_ctx *ctx, void *out, const fut_obj *o, const int64_t *index) {
  if (check_obj(ctx, o, o ? o->type : 0, "The array")) return FUTHARK_PROGRAM_ERROR;
  const arr *a = o->c[0];
  int64_t offset = 0;
  for (int d = 0; d < a->rank; d++) {
    if (index[d] < 0 || index[d] >= a->shape[d]) {
      char idx[1024], shp[1024];
      size_t k = 0;
      idx[0] = 0;
      for (int e = 0; e < a->rank && k < sizeof idx; e++)
        k += (size_t)snprintf(idx + k, sizeof idx - k, "%s%lld", e ? ", " : "", (long long)index[e]);
      shape_text(shp, sizeof shp, a->rank, a->shape);
      return fut_error(ctx, "Index [%s] out of bounds for array of shape %s.", idx, shp);
    }
    offset = offset * a->shape[d] + index[d];
  }
  return arr_read(ctx, a, offset, 1, out);
}

/* ---------------- serialisation ---------------- */
/* A value is stored as its components in the binary data format, one
   after the other: arrays and scalars as upstream's data files hold
   them, opaque values as the sequence of their IR values. */

static size_t binary_size(const arr *a) {
  return 7 + 8 * (size_t)a->rank + (size_t)(arr_count(a) * elem_size[a->elem]);
}

static char *binary_put(fut_ctx *ctx, char *p, const arr *a) {
  *p++ = 'b';
  *p++ = 2;
  *p++ = (char)a->rank;
  memcpy(p, elem_tag[a->elem], 4);
  p += 4;
  for (int d = 0; d < a->rank; d++) {
    uint64_t v = (uint64_t)a->shape[d];
    for (int i = 0; i < 8; i++) *p++ = (char)(v >> (8 * i));
  }
  if (arr_read(ctx, a, 0, arr_count(a), p)) return NULL;
  return p + arr_count(a) * elem_size[a->elem];
}

FUT_LINK int fut_store(fut_ctx *ctx, const fut_obj *o, void **p, size_t *n) {
  if (check_obj(ctx, o, o ? o->type : 0, "The value")) return FUTHARK_PROGRAM_ERROR;
  int ncomp = fut_types[o->type].ncomp;
  size_t size = 0;
  for (int i = 0; i < ncomp; i++) size += binary_size(o->c[i]);
  *n = size;
  if (p == NULL) return 0;
  int allocated = *p == NULL;
  if (allocated) {
    *p = malloc(size == 0 ? 1 : size);
    if (*p == NULL) return fut_error(ctx, "Out of memory."), FUTHARK_OUT_OF_MEMORY;
  }
  char *at = *p;
  for (int i = 0; i < ncomp && at != NULL; i++) at = binary_put(ctx, at, o->c[i]);
  if (at != NULL) return 0;
  if (allocated) {
    free(*p);
    *p = NULL;
  }
  return FUTHARK_PROGRAM_ERROR;
}

/* Reads the components of a value of `type` from the context's input
   (binary, or also text when `text`) and checks their types. */
static void read_comps(fut_ctx *ctx, int type, arr **comps, int text) {
  const fut_type *t = &fut_types[type];
  ctx->in_what[0] = 0;
  for (int i = 0; i < t->ncomp; i++) {
    if (t->ncomp > 1) snprintf(ctx->in_what, sizeof ctx->in_what, "Cannot read value %d of a value of type %s", i, t->name);
    if (text) {
      if (!read_value(ctx, &comps[i], t->comp_elem[i], t->comp_rank[i]))
        fut_fail(ctx, "Expected a value of type %s, but the input ended.", t->name);
    } else read_binary(ctx, &comps[i], t->comp_elem[i], t->comp_rank[i]);
  }
  ctx->in_what[0] = 0;
}

FUT_LINK fut_obj *fut_restore(fut_ctx *ctx, int type, const void *p) {
  arr *comps[fut_types[type].ncomp + 1];
  FUT_PROTECT_PTR(ctx);
  ctx->in = p;
  /* The size is not given: the binary headers say how much to read. */
  ctx->in_len = SIZE_MAX / 2;
  ctx->in_pos = 0;
  read_comps(ctx, type, comps, 0);
  fut_obj *o = obj_new(ctx, type, comps);
  ctx->fail = NULL;
  return o;
}

/* ---------------- records and sums ---------------- */

static int field_offset(const fut_type *t, int field) {
  int offset = 0;
  for (int f = 0; f < field; f++) offset += fut_types[t->field_types[f]].ncomp;
  return offset;
}

FUT_LINK int fut_new_record(fut_ctx *ctx, int type, void *out, const void *const *fields, int boxed) {
  const fut_type *t = &fut_types[type];
  for (int f = 0; f < t->nfields; f++) {
    if (type_is_scalar(t->field_types[f]) && !boxed) continue;
    char what[256];
    snprintf(what, sizeof what, "Field %s", t->field_names[f]);
    if (check_obj(ctx, fields[f], t->field_types[f], what)) return FUTHARK_PROGRAM_ERROR;
  }
  arr *comps[t->ncomp + 1];
  FUT_PROTECT_INT(ctx);
  int k = 0;
  for (int f = 0; f < t->nfields; f++) k += slot_comps(ctx, t->field_types[f], fields[f], boxed, comps + k);
  *(fut_obj **)out = obj_new(ctx, type, comps);
  ctx->fail = NULL;
  return 0;
}

FUT_LINK int fut_project(fut_ctx *ctx, int type, int field, void *out, const fut_obj *o, int boxed) {
  const fut_type *t = &fut_types[type];
  if (check_obj(ctx, o, type, "The record")) return FUTHARK_PROGRAM_ERROR;
  int ftype = t->field_types[field];
  arr *comps[fut_types[ftype].ncomp + 1];
  FUT_PROTECT_INT(ctx);
  int offset = field_offset(t, field);
  for (int i = 0; i < fut_types[ftype].ncomp; i++) comps[i] = arr_retain(o->c[offset + i]);
  slot_store(ctx, ftype, out, boxed, comps);
  ctx->fail = NULL;
  return 0;
}

FUT_LINK int fut_variant_of(const fut_obj *o) {
  return o && o->c[0] ? *(const int8_t *)o->c[0]->data : -1;
}

FUT_LINK int fut_construct(fut_ctx *ctx, int type, int variant, void *out, const void *const *payload, int boxed) {
  const fut_type *t = &fut_types[type];
  const fut_variant *v = &t->variants[variant];
  for (int i = 0; i < v->npayload; i++) {
    if (type_is_scalar(v->payload[i]) && !boxed) continue;
    char what[256];
    snprintf(what, sizeof what, "Payload value %d of #%s", i, v->name);
    if (check_obj(ctx, payload[i], v->payload[i], what)) return FUTHARK_PROGRAM_ERROR;
  }
  arr *comps[t->ncomp + 1];
  arr *given[t->ncomp + 1];
  for (int i = 0; i < t->ncomp; i++) comps[i] = NULL;
  FUT_PROTECT_INT(ctx);
  int8_t tag = (int8_t)variant;
  comps[0] = arr_scalar(ctx, E_I8, &tag);
  int k = 0;
  for (int i = 0; i < v->npayload; i++) k += slot_comps(ctx, v->payload[i], payload[i], boxed, given + k);
  for (int i = 0; i < k; i++) comps[v->comps[i]] = given[i];
  /* The slots of other constructors hold zeros or empty arrays. */
  for (int i = 1; i < t->ncomp; i++) {
    if (comps[i] != NULL) continue;
    int64_t zeros[MAX_RANK] = {0};
    comps[i] = arr_new(ctx, t->comp_elem[i], t->comp_rank[i], zeros);
    if (t->comp_rank[i] == 0) memset(comps[i]->data, 0, (size_t)elem_size[t->comp_elem[i]]);
  }
  *(fut_obj **)out = obj_new(ctx, type, comps);
  ctx->fail = NULL;
  return 0;
}

FUT_LINK int fut_destruct(fut_ctx *ctx, int type, int variant, void *const *outs, const fut_obj *o, int boxed) {
  const fut_type *t = &fut_types[type];
  const fut_variant *v = &t->variants[variant];
  if (check_obj(ctx, o, type, "The sum value")) return FUTHARK_PROGRAM_ERROR;
  if (fut_variant_of(o) != variant)
    return fut_error(ctx, "The value is #%s, not #%s.", t->variants[fut_variant_of(o)].name, v->name);
  arr *comps[t->ncomp + 1];
  /* Volatile: read after a failure jumps back. */
  fut_obj *volatile made[v->npayload + 1];
  for (int i = 0; i < v->npayload; i++) made[i] = NULL;
  FUT_PROTECT(ctx, (free_made(made, v->npayload), FUTHARK_OUT_OF_MEMORY),
              (free_made(made, v->npayload), FUTHARK_PROGRAM_ERROR));
  /* Build every result before storing any, so that a failure leaves
     the outputs untouched. */
  int k = 0;
  for (int i = 0; i < v->npayload; i++) {
    int ptype = v->payload[i];
    for (int j = 0; j < fut_types[ptype].ncomp; j++) comps[j] = arr_retain(o->c[v->comps[k + j]]);
    if (!(type_is_scalar(ptype) && !boxed)) made[i] = obj_new(ctx, ptype, comps);
    else arr_release(comps[0]);
    k += fut_types[ptype].ncomp;
  }
  ctx->fail = NULL;
  k = 0;
  for (int i = 0; i < v->npayload; i++) {
    int ptype = v->payload[i];
    if (made[i]) *(fut_obj **)outs[i] = made[i];
    else memcpy(outs[i], o->c[v->comps[k]]->data, (size_t)elem_size[fut_types[ptype].elem]);
    k += fut_types[ptype].ncomp;
  }
  return 0;
}

/* ---------------- entry points ---------------- */

/* Calls entry point k. `args` point to the inputs, `res` to where the
   outputs go: scalars themselves (unless `boxed`, where every value is a
   fut_obj) and fut_obj pointers otherwise. Consumed (unique) inputs
   give up their components, so the program may update them in place.
   On failure the outputs are untouched. */
FUT_LINK int fut_call(fut_ctx *ctx, int k, void *const *res, const void *const *args, int boxed) {
  const fut_entry *e = &fut_entries[k];
#ifdef FUT_OPENCL
  if (ctx->cl_problem) return fut_error(ctx, "%s", ctx->cl_problem);
#endif
  for (int i = 0; i < e->nin; i++) {
    if (type_is_scalar(e->in_types[i]) && !boxed) continue;
    char what[256];
    snprintf(what, sizeof what, "Argument #%d of entry point `%s`", i, e->name);
    if (check_obj(ctx, args[i], e->in_types[i], what)) return FUTHARK_PROGRAM_ERROR;
    for (int j = 0; j < i; j++)
      if ((e->in_unique[i] || e->in_unique[j]) && args[j] == args[i])
        return fut_error(ctx, "%s is consumed but also passed as argument #%d.", what, j);
  }
  arr *ins[e->nin_comp + 1];
  arr *outs[e->nout_comp + 1];
  /* Volatile: read after a failure jumps back. */
  fut_obj *volatile made[e->nout + 1];
  for (int i = 0; i < e->nout; i++) made[i] = NULL;
  FUT_PROTECT(ctx, (free_made(made, e->nout), FUTHARK_OUT_OF_MEMORY),
              (free_made(made, e->nout), FUTHARK_PROGRAM_ERROR));
  /* Box scalars first: only then take consumed inputs' components. */
  int j = 0;
  for (int i = 0; i < e->nin; i++) {
    int n = fut_types[e->in_types[i]].ncomp;
    if (type_is_scalar(e->in_types[i]) && !boxed) slot_comps(ctx, e->in_types[i], args[i], 0, ins + j);
    j += n;
  }
  j = 0;
  for (int i = 0; i < e->nin; i++) {
    int n = fut_types[e->in_types[i]].ncomp;
    if (!(type_is_scalar(e->in_types[i]) && !boxed)) {
      fut_obj *o = (fut_obj *)args[i];
      for (int c = 0; c < n; c++) {
        if (e->in_unique[i]) { ins[j + c] = o->c[c]; o->c[c]->ext--; o->c[c] = NULL; }
        else ins[j + c] = arr_retain(o->c[c]);
      }
    }
    j += n;
  }
  if (ctx->logging) fprintf(ctx->log, "Running entry point `%s`.\n", e->name);
  double start = now_us();
  int error = e->run(ctx, outs, ins);
  if (error != 0) {
    ctx->fail = NULL;
    return error;
  }
  double end = now_us();
  if (ctx->logging) {
    int64_t alive = 0;
    for (arr *a = ctx->live->next; a != ctx->live; a = a->next) alive++;
    fprintf(ctx->log, "Entry point `%s` ran for %lld microseconds; %lld arrays in %lld memory blocks are allocated.\n",
            e->name, (long long)(end - start), (long long)alive, (long long)ctx->blocks);
  }
  if (ctx->profiling && !ctx->profiling_paused) {
    ctx->calls++;
    ctx->total_us += (int64_t)(end - start);
  }
  j = 0;
  for (int i = 0; i < e->nout; i++) {
    int n = fut_types[e->out_types[i]].ncomp;
    if (!(type_is_scalar(e->out_types[i]) && !boxed)) made[i] = obj_new(ctx, e->out_types[i], outs + j);
    j += n;
  }
  ctx->fail = NULL;
  j = 0;
  for (int i = 0; i < e->nout; i++) {
    if (made[i]) *(fut_obj **)res[i] = made[i];
    else slot_store(ctx, e->out_types[i], res[i], 0, outs + j);
    j += fut_types[e->out_types[i]].ncomp;
  }
  return 0;
}
