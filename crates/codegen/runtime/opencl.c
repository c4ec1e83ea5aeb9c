/* The OpenCL back end's runtime: it loads the OpenCL library when a
   context is made (so programs build and link without OpenCL
   installed), picks a platform and device (`-p`/`-d` name substrings),
   builds the program's kernels (`fut_cl_source`, the scalar operations
   and `kernels.cl` before the generated kernels) and gives generated
   host code device memory blocks, reads and writes of single elements,
   copies between blocks and kernel launches. A kernel records a failing
   assertion in the error buffer (its number in `fut_cl_failures`, then
   its values as 64-bit slots); every launch waits for the kernel and
   turns a recorded failure into the run's failure, with the message and
   locations the C back end gives. */

#include <dlfcn.h>
#include <errno.h>
#include <unistd.h>

typedef int32_t cl_int;
typedef uint32_t cl_uint;
typedef uint64_t cl_ulong;
typedef cl_ulong cl_bitfield;
typedef struct _cl_platform_id *cl_platform_id;
typedef struct _cl_device_id *cl_device_id;
typedef struct _cl_context *cl_context;
typedef struct _cl_command_queue *cl_command_queue;
typedef struct _cl_mem *cl_mem;
typedef struct _cl_program *cl_program;
typedef struct _cl_kernel *cl_kernel;
typedef struct _cl_event *cl_event;

#define CL_SUCCESS 0
#define CL_DEVICE_NOT_FOUND -1
#define CL_MEM_OBJECT_ALLOCATION_FAILURE -4
#define CL_OUT_OF_RESOURCES -5
#define CL_OUT_OF_HOST_MEMORY -6
#define CL_PLATFORM_NAME 0x0902
#define CL_DEVICE_TYPE_ALL 0xFFFFFFFF
#define CL_DEVICE_TYPE 0x1000
#define CL_DEVICE_TYPE_GPU (1 << 2)
#define CL_DEVICE_MAX_WORK_GROUP_SIZE 0x1004
#define CL_DEVICE_MAX_COMPUTE_UNITS 0x1002
#define CL_DEVICE_NAME 0x102B
#define CL_MEM_READ_WRITE (1 << 0)
#define CL_PROGRAM_BUILD_LOG 0x1183
#define CL_PROGRAM_BINARY_SIZES 0x1165
#define CL_PROGRAM_BINARIES 0x1166
#define CL_DEVICE_VERSION 0x102F
#define CL_DRIVER_VERSION 0x102D
#define CL_TRUE 1
#define CL_FALSE 0

/* The OpenCL functions the runtime calls, found with `dlsym`. */
#define FUT_CL_FUNCTIONS(X)                                                                                 \
  X(clGetPlatformIDs, cl_int, (cl_uint, cl_platform_id *, cl_uint *))                                      \
  X(clGetPlatformInfo, cl_int, (cl_platform_id, cl_uint, size_t, void *, size_t *))                        \
  X(clGetDeviceIDs, cl_int, (cl_platform_id, cl_bitfield, cl_uint, cl_device_id *, cl_uint *))            \
  X(clGetDeviceInfo, cl_int, (cl_device_id, cl_uint, size_t, void *, size_t *))                            \
  X(clCreateContext, cl_context, (const intptr_t *, cl_uint, const cl_device_id *, void *, void *, cl_int *)) \
  X(clCreateCommandQueue, cl_command_queue, (cl_context, cl_device_id, cl_bitfield, cl_int *))             \
  X(clCreateProgramWithSource, cl_program, (cl_context, cl_uint, const char **, const size_t *, cl_int *)) \
  X(clCreateProgramWithBinary, cl_program,                                                                  \
    (cl_context, cl_uint, const cl_device_id *, const size_t *, const unsigned char **, cl_int *, cl_int *)) \
  X(clGetProgramInfo, cl_int, (cl_program, cl_uint, size_t, void *, size_t *))                             \
  X(clBuildProgram, cl_int, (cl_program, cl_uint, const cl_device_id *, const char *, void *, void *))     \
  X(clGetProgramBuildInfo, cl_int, (cl_program, cl_device_id, cl_uint, size_t, void *, size_t *))          \
  X(clCreateKernel, cl_kernel, (cl_program, const char *, cl_int *))                                        \
  X(clSetKernelArg, cl_int, (cl_kernel, cl_uint, size_t, const void *))                                    \
  X(clEnqueueNDRangeKernel, cl_int,                                                                         \
    (cl_command_queue, cl_kernel, cl_uint, const size_t *, const size_t *, const size_t *, cl_uint,         \
     const cl_event *, cl_event *))                                                                         \
  X(clFinish, cl_int, (cl_command_queue))                                                                   \
  X(clCreateBuffer, cl_mem, (cl_context, cl_bitfield, size_t, void *, cl_int *))                           \
  X(clReleaseMemObject, cl_int, (cl_mem))                                                                   \
  X(clEnqueueReadBuffer, cl_int,                                                                            \
    (cl_command_queue, cl_mem, cl_uint, size_t, size_t, void *, cl_uint, const cl_event *, cl_event *))    \
  X(clEnqueueWriteBuffer, cl_int,                                                                           \
    (cl_command_queue, cl_mem, cl_uint, size_t, size_t, const void *, cl_uint, const cl_event *, cl_event *)) \
  X(clEnqueueCopyBuffer, cl_int,                                                                            \
    (cl_command_queue, cl_mem, cl_mem, size_t, size_t, size_t, cl_uint, const cl_event *, cl_event *))     \
  X(clEnqueueFillBuffer, cl_int,                                                                            \
    (cl_command_queue, cl_mem, const void *, size_t, size_t, size_t, cl_uint, const cl_event *, cl_event *)) \
  X(clReleaseKernel, cl_int, (cl_kernel))                                                                   \
  X(clReleaseProgram, cl_int, (cl_program))                                                                 \
  X(clReleaseCommandQueue, cl_int, (cl_command_queue))                                                      \
  X(clReleaseContext, cl_int, (cl_context))

#define FUT_CL_POINTER(name, ret, args) ret(*name) args;
struct fut_cl_api {
  FUT_CL_FUNCTIONS(FUT_CL_POINTER)
};

/* Slots of the error buffer: the failure's number plus one (0: none),
   then its values. */
#define FUT_CL_ERROR_SLOTS (1 + FUT_MAX_SLOTS)
/* The error buffer's slots, then one for a value the host reads with
   them (see `fut_cl_read`). */
#define FUT_CL_ERROR_WORDS (FUT_CL_ERROR_SLOTS + 1)

struct fut_cl {
  void *library;
  struct fut_cl_api api;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  cl_program program;
  cl_kernel *kernels;
  cl_kernel copy_kernel, transpose_kernel;
  cl_mem errors;
  size_t group_size;
  cl_uint compute_units;
  /* The work-groups of reductions and histograms, where set (0: eight
     per compute unit). */
  int64_t num_groups;
  /* The heap kernels allocate blocks from (NULL until one needs it), its
     size, and the counter of bytes taken from it. */
  cl_mem heap, heap_top;
  uint64_t heap_size;
  /* The counts of finished work-groups of reductions' segments
     (`fut_cl_counters`), and how many there are. They are zero between
     kernels: the last group of a segment sets its count back, and a
     failure, which may stop groups before they count, zeroes them all. */
  fut_mem counters;
  int64_t ncounters;
  /* Device buffers of freed blocks, kept for reuse (`fut_cl_alloc`). */
  struct fut_cl_free_block *free;
  size_t nfree, free_cap;
  /* What `futhark_context_report` tells. */
  fut_cl_counts counts;
};

struct fut_cl_free_block {
  cl_mem mem;
  size_t size;
};

/* A kept buffer serves a request for at least half its size; smaller
   buffers than this serve any request they hold. */
#define FUT_CL_SMALL_BLOCK 4096

/* A kernel found its heap full. */
#define FUT_CL_HEAP_FULL (-1)
/* The heap's first size (it grows to what a kernel asks for). */
#define FUT_CL_HEAP_START ((uint64_t)1 << 20)

#define CL (run->ctx->cl->api)

/* Loads the library and its functions; a message on failure. */
static const char *fut_cl_load(struct fut_cl *cl) {
  static const char *const names[] = {"libOpenCL.so.1", "libOpenCL.so", "/System/Library/Frameworks/OpenCL.framework/OpenCL"};
  for (size_t i = 0; i < sizeof names / sizeof names[0] && cl->library == NULL; i++)
    cl->library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  if (cl->library == NULL) return "Cannot load the OpenCL library (libOpenCL.so.1): is an OpenCL driver installed?";
#define FUT_CL_LOAD(name, ret, args)                                  \
  *(void **)&cl->api.name = dlsym(cl->library, #name);                \
  if (cl->api.name == NULL) return "The OpenCL library lacks " #name ".";
  FUT_CL_FUNCTIONS(FUT_CL_LOAD)
  return NULL;
}

/* Every device of every platform, calling `f` on each with its
   platform's and its own name, until `f` returns nonzero. */
static void fut_cl_each_device(struct fut_cl *cl, int (*f)(void *, cl_device_id, const char *, const char *, int), void *env) {
  cl_uint nplatforms = 0;
  if (cl->api.clGetPlatformIDs(0, NULL, &nplatforms) != CL_SUCCESS || nplatforms == 0) return;
  cl_platform_id platforms[nplatforms];
  if (cl->api.clGetPlatformIDs(nplatforms, platforms, NULL) != CL_SUCCESS) return;
  for (cl_uint p = 0; p < nplatforms; p++) {
    char pname[256] = "";
    cl->api.clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL);
    cl_uint ndevices = 0;
    if (cl->api.clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL, &ndevices) != CL_SUCCESS || ndevices == 0) continue;
    cl_device_id devices[ndevices];
    if (cl->api.clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, ndevices, devices, NULL) != CL_SUCCESS) continue;
    for (cl_uint d = 0; d < ndevices; d++) {
      char dname[256] = "";
      cl_bitfield type = 0;
      cl->api.clGetDeviceInfo(devices[d], CL_DEVICE_NAME, sizeof dname - 1, dname, NULL);
      cl->api.clGetDeviceInfo(devices[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
      if (f(env, devices[d], pname, dname, (type & CL_DEVICE_TYPE_GPU) != 0)) return;
    }
  }
}

struct fut_cl_choice {
  const char *platform, *device;
  cl_device_id chosen;
  int chosen_gpu;
};

/* The first device whose names contain the requested ones, a GPU before
   any other. */
static int fut_cl_consider(void *env, cl_device_id device, const char *pname, const char *dname, int gpu) {
  struct fut_cl_choice *c = env;
  if (c->platform && !strstr(pname, c->platform)) return 0;
  if (c->device && !strstr(dname, c->device)) return 0;
  if (c->chosen == NULL || (gpu && !c->chosen_gpu)) {
    c->chosen = device;
    c->chosen_gpu = gpu;
  }
  return 0;
}

static int fut_cl_print_device(void *env, cl_device_id device, const char *pname, const char *dname, int gpu) {
  (void)device;
  (void)gpu;
  printf("%s: %s\n", pname, dname);
  (*(int *)env)++;
  return 0;
}

FUT_LINK int fut_cl_list_devices(void) {
  struct fut_cl cl;
  memset(&cl, 0, sizeof cl);
  const char *problem = fut_cl_load(&cl);
  if (problem) {
    fprintf(stderr, "Error: %s\n", problem);
    return 1;
  }
  int count = 0;
  fut_cl_each_device(&cl, fut_cl_print_device, &count);
  if (count == 0) fputs("No OpenCL devices.\n", stderr);
  /* The library stays loaded until the program exits: the ICD loader
     keeps what it found in memory only it refers to. */
  return count == 0;
}

/* FNV-1a over `n` bytes, continuing from `h`. */
static uint64_t fut_cl_hash(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3u;
  return h;
}
#define FUT_CL_HASH_START 0xcbf29ce484222325u

/* What a cached kernel binary must have been built from: the program's
   source, the build options and the device (its name, OpenCL version
   and driver version). */
static uint64_t fut_cl_cache_key(struct fut_cl *cl, const char *source, const char *options) {
  uint64_t h = fut_cl_hash(FUT_CL_HASH_START, source, strlen(source) + 1);
  h = fut_cl_hash(h, options, strlen(options) + 1);
  static const cl_uint infos[] = {CL_DEVICE_NAME, CL_DEVICE_VERSION, CL_DRIVER_VERSION};
  for (size_t i = 0; i < sizeof infos / sizeof infos[0]; i++) {
    char text[256] = "";
    cl->api.clGetDeviceInfo(cl->device, infos[i], sizeof text - 1, text, NULL);
    h = fut_cl_hash(h, text, strlen(text) + 1);
  }
  return h;
}

/* A cache file (`--cache-file`) holds this mark, the key the binary was
   built for, the binary's length, the binary and a hash of it. */
static const char fut_cl_cache_mark[8] = {'F', 'U', 'T', 'C', 'L', 'B', 'I', 'N'};
#define FUT_CL_CACHE_OVERHEAD (sizeof fut_cl_cache_mark + 3 * sizeof(uint64_t))

/* The binary the cache file holds for `key` (malloc'd), or NULL: no
   file, another key, or a file that is not whole. */
static unsigned char *fut_cl_cache_load(const char *path, uint64_t key, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return NULL;
  unsigned char *binary = NULL;
  char mark[sizeof fut_cl_cache_mark];
  uint64_t header[2], sum;
  long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
  if (size > (long)FUT_CL_CACHE_OVERHEAD && fseek(f, 0, SEEK_SET) == 0 && fread(mark, 1, sizeof mark, f) == sizeof mark &&
      memcmp(mark, fut_cl_cache_mark, sizeof mark) == 0 && fread(header, sizeof header[0], 2, f) == 2 &&
      header[0] == key && header[1] == (uint64_t)size - FUT_CL_CACHE_OVERHEAD) {
    binary = malloc((size_t)header[1]);
    if (binary != NULL &&
        (fread(binary, 1, (size_t)header[1], f) != header[1] || fread(&sum, sizeof sum, 1, f) != 1 ||
         sum != fut_cl_hash(FUT_CL_HASH_START, binary, (size_t)header[1]))) {
      free(binary);
      binary = NULL;
    }
    *len = (size_t)header[1];
  }
  fclose(f);
  return binary;
}

/* Writes the built program's binary into the cache file (through a
   file of its own renamed into place, so that a concurrent start never
   reads half a file); a failure only costs the next start a build. */
static void fut_cl_cache_save(fut_ctx *ctx, const char *path, uint64_t key) {
  struct fut_cl *cl = ctx->cl;
  size_t len = 0;
  if (cl->api.clGetProgramInfo(cl->program, CL_PROGRAM_BINARY_SIZES, sizeof len, &len, NULL) != CL_SUCCESS || len == 0) return;
  unsigned char *binary = malloc(len);
  char *temp = malloc(strlen(path) + 48);
  int saved = 0;
  if (binary != NULL && temp != NULL &&
      cl->api.clGetProgramInfo(cl->program, CL_PROGRAM_BINARIES, sizeof binary, &binary, NULL) == CL_SUCCESS) {
    snprintf(temp, strlen(path) + 48, "%s.%ld.%p.tmp", path, (long)getpid(), (void *)cl);
    FILE *f = fopen(temp, "wb");
    uint64_t header[2] = {key, (uint64_t)len}, sum = fut_cl_hash(FUT_CL_HASH_START, binary, len);
    if (f != NULL) {
      saved = fwrite(fut_cl_cache_mark, 1, sizeof fut_cl_cache_mark, f) == sizeof fut_cl_cache_mark &&
              fwrite(header, sizeof header[0], 2, f) == 2 && fwrite(binary, 1, len, f) == len &&
              fwrite(&sum, sizeof sum, 1, f) == 1;
      saved = fclose(f) == 0 && saved && rename(temp, path) == 0;
      if (!saved) remove(temp);
    }
  }
  if (ctx->logging)
    fprintf(ctx->log, saved ? "Saved the kernels' binary (%zu bytes) in the cache file %s.\n"
                            : "Could not save the kernels' binary (%zu bytes) in the cache file %s.\n",
            len, path);
  free(binary);
  free(temp);
}

/* Makes the program from the cache file's binary if it holds one built
   for `key`; 0 (and no program) otherwise. */
static int fut_cl_program_from_cache(fut_ctx *ctx, const char *path, uint64_t key, const char *options) {
  struct fut_cl *cl = ctx->cl;
  size_t len = 0;
  unsigned char *binary = fut_cl_cache_load(path, key, &len);
  if (binary == NULL) {
    if (ctx->logging) fprintf(ctx->log, "The cache file %s holds no kernels for this program and device.\n", path);
    return 0;
  }
  const unsigned char *binaries[1] = {binary};
  cl_int status = CL_SUCCESS, err = CL_SUCCESS;
  cl->program = cl->api.clCreateProgramWithBinary(cl->context, 1, &cl->device, &len, binaries, &status, &err);
  free(binary);
  if (err == CL_SUCCESS && status == CL_SUCCESS &&
      cl->api.clBuildProgram(cl->program, 1, &cl->device, options, NULL, NULL) == CL_SUCCESS) {
    if (ctx->logging) fprintf(ctx->log, "Loaded the kernels' binary (%zu bytes) from the cache file %s.\n", len, path);
    return 1;
  }
  if (cl->program) cl->api.clReleaseProgram(cl->program);
  cl->program = NULL;
  if (ctx->logging) fprintf(ctx->log, "The driver refused the binary in the cache file %s.\n", path);
  return 0;
}

/* The whole text of a file (malloc'd), or NULL with `errno` set. */
static char *fut_cl_read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return NULL;
  errno = 0;
  long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
  char *text = size >= 0 && fseek(f, 0, SEEK_SET) == 0 ? malloc((size_t)size + 1) : NULL;
  if (text != NULL && fread(text, 1, (size_t)size, f) != (size_t)size) {
    free(text);
    text = NULL;
  }
  if (text == NULL && errno == 0) errno = EIO;
  fclose(f);
  if (text != NULL) text[size] = 0;
  return text;
}

/* Sets up OpenCL for a new context: a message (malloc'd) on failure. */
FUT_LINK char *fut_cl_init(fut_ctx *ctx, const char *platform, const char *device, const char *build_options,
                           const char *cache_file, const char *program_file) {
  char text[512];
  struct fut_cl *cl = calloc(1, sizeof(struct fut_cl));
  if (cl == NULL) return text_copy("Out of memory.");
  ctx->cl = cl;
  const char *problem = fut_cl_load(cl);
  if (problem) return text_copy(problem);
  struct fut_cl_choice choice = {platform, device, NULL, 0};
  fut_cl_each_device(cl, fut_cl_consider, &choice);
  if (choice.chosen == NULL) {
    snprintf(text, sizeof text, "No OpenCL device%s%s%s%s found.", platform ? " of platform " : "", platform ? platform : "",
             device ? " named " : "", device ? device : "");
    return text_copy(text);
  }
  cl->device = choice.chosen;
  cl_int err;
  cl->context = cl->api.clCreateContext(NULL, 1, &cl->device, NULL, NULL, &err);
  if (err != CL_SUCCESS) goto failed;
  cl->queue = cl->api.clCreateCommandQueue(cl->context, cl->device, 0, &err);
  if (err != CL_SUCCESS) goto failed;
  cl->api.clGetDeviceInfo(cl->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof cl->group_size, &cl->group_size, NULL);
  if (cl->group_size == 0 || cl->group_size > 256) cl->group_size = 256;
  cl->api.clGetDeviceInfo(cl->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cl->compute_units, &cl->compute_units, NULL);
  if (cl->compute_units == 0) cl->compute_units = 1;
  const char *options = build_options ? build_options : "";
  char *loaded = NULL;
  if (program_file) {
    loaded = fut_cl_read_file(program_file);
    if (loaded == NULL) {
      snprintf(text, sizeof text, "Cannot read the OpenCL program %s: %s", program_file, strerror(errno));
      return text_copy(text);
    }
  }
  const char *source = loaded ? loaded : fut_cl_source;
  uint64_t key = cache_file ? fut_cl_cache_key(cl, source, options) : 0;
  int cached = cache_file != NULL && fut_cl_program_from_cache(ctx, cache_file, key, options);
  if (!cached) cl->program = cl->api.clCreateProgramWithSource(cl->context, 1, &source, NULL, &err);
  free(loaded);
  if (!cached) {
    if (err != CL_SUCCESS) goto failed;
    err = cl->api.clBuildProgram(cl->program, 1, &cl->device, options, NULL, NULL);
    if (err != CL_SUCCESS) {
      size_t len = 0;
      cl->api.clGetProgramBuildInfo(cl->program, cl->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &len);
      char *log = malloc(len + 64);
      if (log == NULL) return text_copy("Out of memory.");
      int n = snprintf(log, 64, "Building the OpenCL kernels failed:\n");
      cl->api.clGetProgramBuildInfo(cl->program, cl->device, CL_PROGRAM_BUILD_LOG, len, log + n, NULL);
      log[n + len] = 0;
      return log;
    }
    if (cache_file) fut_cl_cache_save(ctx, cache_file, key);
  }
  cl->kernels = calloc((size_t)fut_cl_num_kernels + 1, sizeof(cl_kernel));
  if (cl->kernels == NULL) return text_copy("Out of memory.");
  for (int k = 0; k < fut_cl_num_kernels; k++) {
    cl->kernels[k] = cl->api.clCreateKernel(cl->program, fut_cl_kernel_names[k], &err);
    if (err != CL_SUCCESS) goto failed;
  }
  cl->copy_kernel = cl->api.clCreateKernel(cl->program, "fut_copy_kernel", &err);
  if (err != CL_SUCCESS) goto failed;
  cl->transpose_kernel = cl->api.clCreateKernel(cl->program, "fut_transpose_kernel", &err);
  if (err != CL_SUCCESS) goto failed;
  cl->errors = cl->api.clCreateBuffer(cl->context, CL_MEM_READ_WRITE, FUT_CL_ERROR_WORDS * 8, NULL, &err);
  if (err != CL_SUCCESS) goto failed;
  static const uint64_t zeros[FUT_CL_ERROR_SLOTS];
  err = cl->api.clEnqueueWriteBuffer(cl->queue, cl->errors, CL_TRUE, 0, sizeof zeros, zeros, 0, NULL, NULL);
  if (err != CL_SUCCESS) goto failed;
  return NULL;
failed:
  snprintf(text, sizeof text, "Setting up OpenCL failed with error %d.", (int)err);
  return text_copy(text);
}

/* Releases the buffers kept for reuse. */
static void fut_cl_release_free(struct fut_cl *cl) {
  for (size_t i = 0; i < cl->nfree; i++) cl->api.clReleaseMemObject(cl->free[i].mem);
  cl->nfree = 0;
}

FUT_LINK void fut_cl_clear_caches(fut_ctx *ctx) {
  if (ctx->cl && ctx->cl->library) fut_cl_release_free(ctx->cl);
}

FUT_LINK void fut_cl_free(fut_ctx *ctx) {
  struct fut_cl *cl = ctx->cl;
  if (cl == NULL) return;
  if (cl->library) {
    fut_cl_release_free(cl);
    if (cl->kernels)
      for (int k = 0; k < fut_cl_num_kernels; k++)
        if (cl->kernels[k]) cl->api.clReleaseKernel(cl->kernels[k]);
    if (cl->copy_kernel) cl->api.clReleaseKernel(cl->copy_kernel);
    if (cl->transpose_kernel) cl->api.clReleaseKernel(cl->transpose_kernel);
    if (cl->errors) cl->api.clReleaseMemObject(cl->errors);
    if (cl->heap) cl->api.clReleaseMemObject(cl->heap);
    if (cl->heap_top) cl->api.clReleaseMemObject(cl->heap_top);
    if (cl->counters.dev) cl->api.clReleaseMemObject((cl_mem)cl->counters.dev);
    if (cl->program) cl->api.clReleaseProgram(cl->program);
    if (cl->queue) cl->api.clReleaseCommandQueue(cl->queue);
    if (cl->context) cl->api.clReleaseContext(cl->context);
  }
  free(cl->free);
  free(cl->kernels);
  ctx->cl = NULL;
  free(cl);
}

FUT_LINK fut_cl_counts fut_cl_get_counts(fut_ctx *ctx) {
  if (ctx->cl) return ctx->cl->counts;
  fut_cl_counts none = {0, 0, 0, 0};
  return none;
}

static int fut_cl_out_of_memory(cl_int err) {
  return err == CL_MEM_OBJECT_ALLOCATION_FAILURE || err == CL_OUT_OF_RESOURCES || err == CL_OUT_OF_HOST_MEMORY;
}

/* A device buffer of at least `bytes` bytes and its size: the smallest
   kept one that fits (and is not too large, see FUT_CL_SMALL_BLOCK),
   else a new one; when the device has no room for a new one, the kept
   ones are released and it is tried once more. */
static cl_int fut_cl_alloc(fut_ctx *ctx, int64_t bytes, cl_mem *mem, size_t *size) {
  struct fut_cl *cl = ctx->cl;
  size_t wanted = bytes <= 0 ? 1 : (size_t)bytes;
  size_t best = cl->nfree;
  for (size_t i = 0; i < cl->nfree; i++) {
    size_t s = cl->free[i].size;
    if (s >= wanted && (s <= FUT_CL_SMALL_BLOCK || s / 2 <= wanted) && (best == cl->nfree || s < cl->free[best].size))
      best = i;
  }
  if (best < cl->nfree) {
    *mem = cl->free[best].mem;
    *size = cl->free[best].size;
    cl->free[best] = cl->free[--cl->nfree];
    cl->counts.reused++;
    if (ctx->logging) fprintf(ctx->log, "Reusing a free device block of %zu bytes for %zu bytes.\n", *size, wanted);
    return CL_SUCCESS;
  }
  cl_int err;
  *mem = cl->api.clCreateBuffer(cl->context, CL_MEM_READ_WRITE, wanted, NULL, &err);
  if (fut_cl_out_of_memory(err) && cl->nfree > 0) {
    if (ctx->logging)
      fprintf(ctx->log, "Out of device memory: releasing %zu free blocks and trying again.\n", cl->nfree);
    fut_cl_release_free(cl);
    *mem = cl->api.clCreateBuffer(cl->context, CL_MEM_READ_WRITE, wanted, NULL, &err);
  }
  if (err != CL_SUCCESS) return err;
  *size = wanted;
  cl->counts.created++;
  if (ctx->logging) fprintf(ctx->log, "Allocating a device block of %zu bytes.\n", wanted);
  return CL_SUCCESS;
}

/* The failure of an OpenCL call that should not fail. */
static int fut_cl_failed(fut_run *run, const char *what, cl_int err) {
  if (fut_cl_out_of_memory(err)) return fut_run_out_of_memory(run);
  char text[128];
  snprintf(text, sizeof text, "OpenCL error %d in %s.", (int)err, what);
  char *copy = text_copy(text);
  if (copy == NULL) return fut_run_out_of_memory(run);
  return fut_run_fail(run, FUTHARK_PROGRAM_ERROR, copy);
}

/* Keeps the block's buffer for reuse. */
FUT_LINK void fut_cl_release(fut_mem *m) {
  struct fut_cl *cl = m->ctx->cl;
  mem_count(m->ctx, -m->dev_bytes);
  if (cl->nfree == cl->free_cap) {
    size_t cap = cl->free_cap ? 2 * cl->free_cap : 16;
    struct fut_cl_free_block *grown = realloc(cl->free, cap * sizeof *grown);
    if (grown == NULL) {
      cl->api.clReleaseMemObject((cl_mem)m->dev);
      m->dev = NULL;
      return;
    }
    cl->free = grown;
    cl->free_cap = cap;
  }
  cl->free[cl->nfree++] = (struct fut_cl_free_block){(cl_mem)m->dev, m->dev_size};
  m->dev = NULL;
}

/* A new block (one reference) of `bytes` bytes in device memory, holding
   `bytes` bytes from `src` unless it is NULL; a failure is an OpenCL
   error code, with `what` the call that failed. */
static cl_int fut_cl_block(fut_ctx *ctx, int64_t bytes, const void *src, fut_mem **out, const char **what) {
  *out = NULL;
  if (bytes < 0) bytes = 0;
  fut_mem *b = mem_new(ctx, 0, (char *)"");
  if (b == NULL) return CL_OUT_OF_HOST_MEMORY;
  b->data = NULL;
  *what = "clCreateBuffer";
  cl_mem buffer;
  cl_int err = fut_cl_alloc(ctx, bytes, &buffer, &b->dev_size);
  if (err != CL_SUCCESS) {
    mem_free(b);
    return err;
  }
  b->dev = buffer;
  b->dev_bytes = bytes;
  mem_count(ctx, bytes);
  if (src != NULL && bytes > 0) {
    ctx->cl->counts.uploads++;
    *what = "clEnqueueWriteBuffer";
    err = ctx->cl->api.clEnqueueWriteBuffer(ctx->cl->queue, (cl_mem)b->dev, CL_TRUE, 0, (size_t)bytes, src, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
      mem_free(b);
      return err;
    }
  }
  *out = b;
  return CL_SUCCESS;
}

FUT_LINK int mem_alloc_dev(fut_run *run, fut_mem **m, int64_t bytes) {
  mem_release(m);
  const char *what;
  cl_int err = fut_cl_block(run->ctx, bytes, NULL, m, &what);
  return err == CL_SUCCESS ? 0 : fut_cl_failed(run, what, err);
}

FUT_LINK int fut_cl_upload(fut_run *run, fut_mem **m, const arr *a) {
  if ((*m)->dev) return 0;
  fut_mem *dev = NULL;
  const char *what;
  cl_int err = fut_cl_block(run->ctx, arr_count(a) * elem_size[a->elem], (*m)->data, &dev, &what);
  if (err != CL_SUCCESS) return fut_cl_failed(run, what, err);
  mem_move(m, &dev);
  return 0;
}

/* The failure of the runtime's own work for the API with an OpenCL
   error code (jumps to the API function's failure point). */
static void fut_cl_api_failed(fut_ctx *ctx, const char *what, cl_int err) {
  if (fut_cl_out_of_memory(err)) fut_out_of_memory(ctx);
  fut_fail(ctx, "OpenCL error %d in %s.", (int)err, what);
}

/* Moves an API array (row-major from its block's start) whose elements
   are in host memory to device memory, where entry points read it
   without copying; arrays over the caller's memory
   (`futhark_new_raw_*`) and scalars stay where they are. */
static void arr_to_device(fut_ctx *ctx, arr *a) {
  fut_mem *m = a->mem;
  if (a->rank == 0 || m->dev || !m->owns_data || a->data != m->data || !arr_dense(a)) return;
  fut_mem *dev;
  const char *what;
  cl_int err = fut_cl_block(ctx, arr_count(a) * elem_size[a->elem], a->data, &dev, &what);
  if (err != CL_SUCCESS) fut_cl_api_failed(ctx, what, err);
  a->mem = dev;
  a->data = NULL;
  mem_release(&m);
}

/* A new array in device memory holding the elements at `src` (row-major). */
static arr *arr_new_device(fut_ctx *ctx, int elem, int rank, const int64_t *shape, const void *src) {
  int64_t bytes = arr_bytes(ctx, elem, rank, shape);
  fut_mem *m;
  const char *what;
  cl_int err = fut_cl_block(ctx, bytes, src, &m, &what);
  if (err != CL_SUCCESS) fut_cl_api_failed(ctx, what, err);
  return arr_header(ctx, elem, rank, shape, m, NULL);
}

/* Reads `bytes` bytes at byte `offset` of a device block into `out`;
   0 or an OpenCL error code. */
static cl_int fut_cl_read_block(fut_ctx *ctx, const fut_mem *m, int64_t offset, int64_t bytes, void *out) {
  if (bytes <= 0) return CL_SUCCESS;
  ctx->cl->counts.downloads++;
  return ctx->cl->api.clEnqueueReadBuffer(ctx->cl->queue, (cl_mem)m->dev, CL_TRUE, (size_t)offset, (size_t)bytes, out, 0,
                                          NULL, NULL);
}

static int fut_cl_check_reading(fut_run *run, void *value, size_t n);

/* Reads `n` bytes (at most 8) at byte `offset` of a device block into
   `out`, after the kernels launched before it, whose failures it
   reports: a failure is kept in the run (the next launch or the end of
   the call reports it) and gives zeros. The value is copied on the
   device next to the error slots, so that one read (one wait) brings
   both. */
static void fut_cl_read(fut_run *run, fut_mem *m, int64_t offset, size_t n, void *out) {
  memset(out, 0, n);
  if (run->error) return;
  struct fut_cl *cl = run->ctx->cl;
  cl_int e = cl->api.clEnqueueCopyBuffer(cl->queue, (cl_mem)m->dev, cl->errors, (size_t)offset,
                                         FUT_CL_ERROR_SLOTS * 8, n, 0, NULL, NULL);
  if (e != CL_SUCCESS) {
    fut_cl_failed(run, "clEnqueueCopyBuffer", e);
    return;
  }
  if (fut_cl_check_reading(run, out, n) != 0) memset(out, 0, n);
}

#define FUT_CL_ELEMENT(T)                                                               \
  FUT_LINK t_##T fut_cl_read_##T(fut_run *run, fut_mem *m, int64_t index) {             \
    t_##T x;                                                                            \
    fut_cl_read(run, m, index * (int64_t)sizeof x, sizeof x, &x);                       \
    return x;                                                                           \
  }                                                                                     \
  /* A fill of one element: OpenCL copies the pattern at once, so the   \
     host need not wait. */                                             \
  FUT_LINK int fut_cl_write_##T(fut_run *run, fut_mem *m, int64_t index, t_##T x) {     \
    cl_int e = CL.clEnqueueFillBuffer(run->ctx->cl->queue, (cl_mem)m->dev, &x, sizeof x, \
                                      (size_t)(index * (int64_t)sizeof x), sizeof x, 0, NULL, NULL); \
    return e == CL_SUCCESS ? 0 : fut_cl_failed(run, "clEnqueueFillBuffer", e);          \
  }
FUT_CL_ELEMENT(bool)
FUT_CL_ELEMENT(i8)
FUT_CL_ELEMENT(i16)
FUT_CL_ELEMENT(i32)
FUT_CL_ELEMENT(i64)
FUT_CL_ELEMENT(u8)
FUT_CL_ELEMENT(u16)
FUT_CL_ELEMENT(u32)
FUT_CL_ELEMENT(u64)
FUT_CL_ELEMENT(f16)
FUT_CL_ELEMENT(f32)
FUT_CL_ELEMENT(f64)

FUT_LINK int64_t fut_cl_chunks(fut_run *run, int64_t iterations, int partials) {
  (void)run;
  if (iterations < 1) return 1;
  if (!partials) return iterations;
  return iterations < FUT_CL_MAX_PARTIALS ? iterations : FUT_CL_MAX_PARTIALS;
}

FUT_LINK int fut_cl_counters(fut_run *run, int64_t n, fut_mem **out) {
  struct fut_cl *cl = run->ctx->cl;
  if (n > cl->ncounters) {
    int64_t count = n < 4096 ? 4096 : n;
    size_t bytes = (size_t)count * sizeof(cl_int);
    cl_int e;
    cl_mem buffer = cl->api.clCreateBuffer(cl->context, CL_MEM_READ_WRITE, bytes, NULL, &e);
    if (e != CL_SUCCESS) return fut_cl_failed(run, "clCreateBuffer", e);
    const cl_int zero = 0;
    e = cl->api.clEnqueueFillBuffer(cl->queue, buffer, &zero, sizeof zero, 0, bytes, 0, NULL, NULL);
    if (e != CL_SUCCESS) {
      cl->api.clReleaseMemObject(buffer);
      return fut_cl_failed(run, "clEnqueueFillBuffer", e);
    }
    /* Kernels enqueued with the old buffer keep it until they finish. */
    if (cl->counters.dev) cl->api.clReleaseMemObject((cl_mem)cl->counters.dev);
    cl->counters.dev = buffer;
    cl->ncounters = count;
  }
  *out = &cl->counters;
  return 0;
}

FUT_LINK int64_t fut_cl_group_size(fut_run *run) { return (int64_t)run->ctx->cl->group_size; }

/* Work-groups a compute unit runs at once (of 256 work-items: 2048 on
   current NVIDIA and AMD GPUs), so that one wave fills the device. */
#define FUT_CL_GROUPS_PER_UNIT 8

/* The configuration's work-group size (capped by the device's and the
   kernels' largest) and number of work-groups, where set. */
FUT_LINK void fut_cl_set_launch_sizes(fut_ctx *ctx, int group_size, int num_groups) {
  struct fut_cl *cl = ctx->cl;
  if (group_size > 0 && (size_t)group_size < cl->group_size) cl->group_size = (size_t)group_size;
  cl->num_groups = num_groups > 0 ? num_groups : 0;
}

FUT_LINK int64_t fut_cl_groups(fut_run *run, int64_t segments, int64_t iterations) {
  struct fut_cl *cl = run->ctx->cl;
  int64_t size = (int64_t)cl->group_size;
  int64_t wanted = (iterations + size - 1) / size;
  int64_t most = cl->num_groups > 0 ? cl->num_groups : (int64_t)cl->compute_units * FUT_CL_GROUPS_PER_UNIT;
  if (segments > 1) most = (most + segments - 1) / segments;
  return wanted < 1 ? 1 : wanted < most ? wanted : most;
}

/* Waits for the kernels launched so far and reports the failure one of
   them recorded. Kernels are launched without waiting for them: a
   kernel starts by stopping if an earlier one failed, and the host
   looks at the failures only where it reads device memory, before it
   reports a failure of its own, and at the end of a call. The queue
   runs its commands in order, so reading the failures waits for every
   kernel before. */
static int fut_cl_check(fut_run *run) { return fut_cl_check_reading(run, NULL, 0); }

/* `fut_cl_check`, also reading `n` bytes into `value` from the word after
   the error slots. */
static int fut_cl_check_reading(fut_run *run, void *value, size_t n) {
  struct fut_cl *cl = run->ctx->cl;
  uint64_t slots[FUT_CL_ERROR_WORDS];
  size_t bytes = n > 0 ? sizeof slots : FUT_CL_ERROR_SLOTS * 8;
  cl_int e = cl->api.clEnqueueReadBuffer(cl->queue, cl->errors, CL_TRUE, 0, bytes, slots, 0, NULL, NULL);
  if (e != CL_SUCCESS) return fut_cl_failed(run, "a kernel", e);
  if (n > 0) memcpy(value, &slots[FUT_CL_ERROR_SLOTS], n);
  if (slots[0] == 0) return 0;
  static const uint64_t zeros[FUT_CL_ERROR_SLOTS];
  e = cl->api.clEnqueueWriteBuffer(cl->queue, cl->errors, CL_TRUE, 0, sizeof zeros, zeros, 0, NULL, NULL);
  if (e != CL_SUCCESS) return fut_cl_failed(run, "clEnqueueWriteBuffer", e);
  if (cl->ncounters > 0) {
    const cl_int zero = 0;
    e = cl->api.clEnqueueFillBuffer(cl->queue, (cl_mem)cl->counters.dev, &zero, sizeof zero, 0,
                                    (size_t)cl->ncounters * sizeof zero, 0, NULL, NULL);
    if (e != CL_SUCCESS) return fut_cl_failed(run, "clEnqueueFillBuffer", e);
  }
  if ((uint32_t)slots[0] == 0xffffffffu) return FUT_CL_HEAP_FULL;
  const fut_cl_failure *f = &fut_cl_failures[slots[0] - 1];
  return fut_fail_slots(run, f->locs, f->format, slots + 1, FUT_MAX_SLOTS);
}

/* Launches `kernel` with `items` work-items (at least; the kernel stops
   those beyond), without waiting for it (see `fut_cl_check`): arguments
   0 to 2 are the error buffer, the number of chunks and of iterations,
   then `args`. */
static int fut_cl_run(fut_run *run, cl_kernel kernel, int64_t items, int64_t chunks, int64_t iterations, int nargs,
                      const fut_cl_arg *args) {
  if (run->error) return run->error;
  if (items <= 0) return 0;
  struct fut_cl *cl = run->ctx->cl;
  cl_int e = cl->api.clSetKernelArg(kernel, 0, sizeof(cl_mem), &cl->errors);
  if (e == CL_SUCCESS) e = cl->api.clSetKernelArg(kernel, 1, sizeof chunks, &chunks);
  if (e == CL_SUCCESS) e = cl->api.clSetKernelArg(kernel, 2, sizeof iterations, &iterations);
  for (int i = 0; i < nargs && e == CL_SUCCESS; i++) {
    if (args[i].mem) e = cl->api.clSetKernelArg(kernel, (cl_uint)(3 + i), sizeof(cl_mem), &args[i].mem->dev);
    else if (args[i].size == 0) e = cl->api.clSetKernelArg(kernel, (cl_uint)(3 + i), sizeof(cl_mem), NULL);
    else e = cl->api.clSetKernelArg(kernel, (cl_uint)(3 + i), args[i].size, args[i].value);
  }
  if (e != CL_SUCCESS) return fut_cl_failed(run, "clSetKernelArg", e);
  size_t local = cl->group_size;
  size_t global = (size_t)((items + (int64_t)local - 1) / (int64_t)local) * local;
  e = cl->api.clEnqueueNDRangeKernel(cl->queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL);
  return e == CL_SUCCESS ? 0 : fut_cl_failed(run, "clEnqueueNDRangeKernel", e);
}

FUT_LINK int fut_cl_pending(fut_run *run) { return run->error ? run->error : fut_cl_check(run); }

/* (Re)makes the heap with room for at least `bytes` bytes. */
static int fut_cl_heap(fut_run *run, uint64_t bytes) {
  struct fut_cl *cl = run->ctx->cl;
  cl_int e = CL_SUCCESS;
  if (cl->heap_top == NULL) {
    cl->heap_top = cl->api.clCreateBuffer(cl->context, CL_MEM_READ_WRITE, 8, NULL, &e);
    if (e != CL_SUCCESS) return fut_cl_failed(run, "clCreateBuffer", e);
  }
  if (cl->heap && cl->heap_size >= bytes) return 0;
  if (cl->heap) cl->api.clReleaseMemObject(cl->heap);
  cl->heap = NULL;
  cl->heap_size = 0;
  cl->heap = cl->api.clCreateBuffer(cl->context, CL_MEM_READ_WRITE, (size_t)bytes, NULL, &e);
  if (e != CL_SUCCESS) {
    cl->heap = NULL;
    return fut_cl_failed(run, "clCreateBuffer", e);
  }
  cl->heap_size = bytes;
  return 0;
}

/* Sets the first `bytes` bytes of `m` (if any) to zero. */
static int fut_cl_zero(fut_run *run, fut_mem *m, int64_t bytes) {
  if (m == NULL || bytes <= 0) return 0;
  struct fut_cl *cl = run->ctx->cl;
  const unsigned char zero = 0;
  cl_int e = cl->api.clEnqueueFillBuffer(cl->queue, m->dev, &zero, 1, 0, (size_t)bytes, 0, NULL, NULL);
  return e == CL_SUCCESS ? 0 : fut_cl_failed(run, "clEnqueueFillBuffer", e);
}

FUT_LINK int fut_cl_launch(fut_run *run, int kernel, int heap, int64_t segments, int64_t chunks, int64_t iterations,
                           int nargs, const fut_cl_arg *args) {
  return fut_cl_launch_zeroed(run, kernel, heap, segments, chunks, iterations, nargs, args, NULL, 0);
}

FUT_LINK int fut_cl_launch_zeroed(fut_run *run, int kernel, int heap, int64_t segments, int64_t chunks,
                                  int64_t iterations, int nargs, const fut_cl_arg *args, fut_mem *zeroed,
                                  int64_t zeroed_bytes) {
  cl_kernel k = run->ctx->cl->kernels[kernel];
  int64_t items = segments * chunks;
  if (!heap) {
    int err = fut_cl_zero(run, zeroed, zeroed_bytes);
    return err ? err : fut_cl_run(run, k, items, chunks, iterations, nargs, args);
  }
  /* The heap's buffers and size after the other arguments; a kernel
     that finds the heap full runs again with a larger one (it only
     writes what a second run writes again). */
  struct fut_cl *cl = run->ctx->cl;
  fut_cl_arg all[nargs + 3];
  if (nargs > 0) memcpy(all, args, (size_t)nargs * sizeof *args);
  fut_mem heap_block, top_block;
  memset(&heap_block, 0, sizeof heap_block);
  memset(&top_block, 0, sizeof top_block);
  int err = fut_cl_heap(run, cl->heap_size > 0 ? cl->heap_size : FUT_CL_HEAP_START);
  for (;;) {
    if (err) return err;
    heap_block.dev = cl->heap;
    top_block.dev = cl->heap_top;
    uint64_t size = cl->heap_size, zero = 0;
    all[nargs] = (fut_cl_arg){0, NULL, &heap_block};
    all[nargs + 1] = (fut_cl_arg){0, NULL, &top_block};
    all[nargs + 2] = (fut_cl_arg){sizeof size, &size, NULL};
    cl_int e = cl->api.clEnqueueWriteBuffer(cl->queue, cl->heap_top, CL_TRUE, 0, 8, &zero, 0, NULL, NULL);
    if (e != CL_SUCCESS) return fut_cl_failed(run, "clEnqueueWriteBuffer", e);
    err = fut_cl_zero(run, zeroed, zeroed_bytes);
    if (err) return err;
    err = fut_cl_run(run, k, items, chunks, iterations, nargs + 3, all);
    if (err == 0) err = fut_cl_check(run);
    if (err != FUT_CL_HEAP_FULL) return err;
    /* Every work-item counted what it asked for. */
    uint64_t asked = 0;
    e = cl->api.clEnqueueReadBuffer(cl->queue, cl->heap_top, CL_TRUE, 0, 8, &asked, 0, NULL, NULL);
    if (e != CL_SUCCESS) return fut_cl_failed(run, "clEnqueueReadBuffer", e);
    err = fut_cl_heap(run, asked > 2 * size ? asked : 2 * size);
  }
}

FUT_LINK int fut_cl_copy(fut_run *run, int es, int rank, const int64_t *shape, fut_mem *dst, int64_t dst_offset,
                         const int64_t *dst_strides, fut_mem *src, int64_t src_offset, const int64_t *src_strides) {
  if (rank > FUT_CL_COPY_RANK) {
    char *text = text_copy("Copies of arrays of more than 8 dimensions are not supported by the OpenCL back end.");
    return text ? fut_run_fail(run, FUTHARK_PROGRAM_ERROR, text) : fut_run_out_of_memory(run);
  }
  int64_t n = shape_count(rank, shape);
  if (n <= 0 || (dst == src && dst_offset == src_offset &&
                 (rank == 0 || memcmp(dst_strides, src_strides, (size_t)rank * 8) == 0)))
    return 0;
  if (strides_dense(rank, shape, dst_strides) && strides_dense(rank, shape, src_strides)) {
    cl_int e = CL.clEnqueueCopyBuffer(run->ctx->cl->queue, (cl_mem)src->dev, (cl_mem)dst->dev, (size_t)(src_offset * es),
                                      (size_t)(dst_offset * es), (size_t)(n * es), 0, NULL, NULL);
    return e == CL_SUCCESS ? 0 : fut_cl_failed(run, "clEnqueueCopyBuffer", e);
  }
  /* A transposition: a dimension consecutive in the destination that is
     not the one consecutive in the source. Tiles need work-groups of
     256. */
  int p = -1, q = -1;
  for (int d = 0; d < rank; d++) {
    if (shape[d] > 1 && dst_strides[d] == 1) p = d;
    if (shape[d] > 1 && src_strides[d] == 1) q = d;
  }
  int tiled = p >= 0 && q >= 0 && p != q && run->ctx->cl->group_size == 256;
  int64_t values[3 * FUT_CL_COPY_RANK];
  fut_cl_arg args[8 + 3 * FUT_CL_COPY_RANK];
  int64_t es64 = es, rank64 = rank, p64 = p, q64 = q;
  int nargs = 0;
  args[nargs++] = (fut_cl_arg){sizeof es64, &es64, NULL};
  args[nargs++] = (fut_cl_arg){0, NULL, dst};
  args[nargs++] = (fut_cl_arg){8, &dst_offset, NULL};
  args[nargs++] = (fut_cl_arg){0, NULL, src};
  args[nargs++] = (fut_cl_arg){8, &src_offset, NULL};
  args[nargs++] = (fut_cl_arg){8, &rank64, NULL};
  if (tiled) {
    args[nargs++] = (fut_cl_arg){8, &p64, NULL};
    args[nargs++] = (fut_cl_arg){8, &q64, NULL};
  }
  for (int d = 0; d < FUT_CL_COPY_RANK; d++) {
    values[3 * d] = d < rank ? shape[d] : 1;
    values[3 * d + 1] = d < rank ? dst_strides[d] : 0;
    values[3 * d + 2] = d < rank ? src_strides[d] : 0;
    for (int k = 0; k < 3; k++) args[nargs++] = (fut_cl_arg){8, &values[3 * d + k], NULL};
  }
  if (!tiled) return fut_cl_run(run, run->ctx->cl->copy_kernel, n, n, n, nargs, args);
  int64_t tiles = ((shape[p] + 31) / 32) * ((shape[q] + 31) / 32) * (n / (shape[p] * shape[q]));
  return fut_cl_run(run, run->ctx->cl->transpose_kernel, tiles * 256, tiles * 256, n, nargs, args);
}

#undef CL
