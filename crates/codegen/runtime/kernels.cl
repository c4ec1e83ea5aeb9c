/* What every OpenCL program's kernels share, after the scalar operations:
   a fence for the whole device, skewed places in local memory, atomic
   float addition, copies between LMADs inside a kernel, and the kernels
   the host's copies of non-contiguous arrays run (one work-item per
   element, or tiles of transpositions). */

/* Orders the work-item's accesses to global memory as every work-item of
   the device sees them (a scan's tiles publish values and then flags).
   NVIDIA's `mem_fence` orders them only for the work-group, so there it
   is PTX's device-wide fence; OpenCL 2.0 and devices with device-scope
   atomics have one of their own. */
#if defined(cl_nv_pragma_unroll)
#define fut_fence_device() asm volatile("membar.gl;")
#elif (__OPENCL_C_VERSION__ >= 200 && __OPENCL_C_VERSION__ < 300) || defined(__opencl_c_atomic_scope_device)
#define fut_fence_device() atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device)
#else
#define fut_fence_device() mem_fence(CLK_GLOBAL_MEM_FENCE)
#endif

/* The place of element `x` of a tile in local memory: one element is left
   out after every 32, so that work-items reading runs of consecutive
   elements at once meet distinct memory banks. */
#define fut_skew(x) ((x) + ((x) >> 5))

/* Adds `x` to the float at `p` atomically. OpenCL 1.2 has no atomic float
   addition; NVIDIA's GPUs do (PTX's `red.add.f32`, in the state space of
   the place: its address as an integer), others get a compare-and-swap of
   its bits, again until no other work-item wrote between the read and the
   swap. */
#if defined(cl_nv_pragma_unroll)
static inline void fut_atomic_add_f32_local(volatile __local float *p, float x) {
  asm volatile("red.shared.add.f32 [%0], %1;" ::"l"((ulong)p), "f"(x) : "memory");
}

static inline void fut_atomic_add_f32_global(volatile __global float *p, float x) {
  asm volatile("red.global.add.f32 [%0], %1;" ::"l"((ulong)p), "f"(x) : "memory");
}
#else
static inline void fut_atomic_add_f32_local(volatile __local float *p, float x) {
  uint old = as_uint(*p);
  for (;;) {
    uint seen = atomic_cmpxchg((volatile __local uint *)p, old, as_uint(as_float(old) + x));
    if (seen == old) return;
    old = seen;
  }
}

static inline void fut_atomic_add_f32_global(volatile __global float *p, float x) {
  uint old = as_uint(*p);
  for (;;) {
    uint seen = atomic_cmpxchg((volatile __global uint *)p, old, as_uint(as_float(old) + x));
    if (seen == old) return;
    old = seen;
  }
}
#endif

static void fut_copy_element(int64_t es, __global unsigned char *dst, int64_t d, __global const unsigned char *src, int64_t s) {
  switch (es) {
  case 1: dst[d] = src[s]; break;
  case 2: ((__global uint16_t *)dst)[d] = ((__global const uint16_t *)src)[s]; break;
  case 4: ((__global uint32_t *)dst)[d] = ((__global const uint32_t *)src)[s]; break;
  default: ((__global uint64_t *)dst)[d] = ((__global const uint64_t *)src)[s]; break;
  }
}

/* One element of `es` bytes, byte by byte: for copies inside kernels that
   also read and write the arrays through their element types. Accesses
   of other integer types could be taken not to alias those (C's aliasing
   rules), and compilers moved a copy's reads before the kernel's own
   writes; bytes alias every type. */
static void fut_copy_element_bytes(int64_t es, __global unsigned char *dst, int64_t d, __global const unsigned char *src, int64_t s) {
  for (int64_t b = 0; b < es; b++) dst[d * es + b] = src[s * es + b];
}

/* Copies an array of the shape between two LMADs (offsets and strides in
   elements of `es` bytes), sequentially, inside a kernel. */
static void fut_copy_lmad(int64_t es, int rank, const int64_t *shape, __global unsigned char *dst, int64_t dst_offset,
                          const int64_t *dst_strides, __global const unsigned char *src, int64_t src_offset,
                          const int64_t *src_strides) {
  int64_t n = 1;
  for (int d = 0; d < rank; d++) n *= shape[d];
  for (int64_t i = 0; i < n; i++) {
    int64_t rest = i, d_at = dst_offset, s_at = src_offset;
    for (int d = rank - 1; d >= 0; d--) {
      int64_t k = rest % shape[d];
      rest /= shape[d];
      d_at += k * dst_strides[d];
      s_at += k * src_strides[d];
    }
    fut_copy_element_bytes(es, dst, d_at, src, s_at);
  }
}

/* The element at `i` of `es` bytes, widened, and its writing back. */
static uint64_t fut_element_at(int64_t es, __global const unsigned char *src, int64_t i) {
  switch (es) {
  case 1: return src[i];
  case 2: return ((__global const uint16_t *)src)[i];
  case 4: return ((__global const uint32_t *)src)[i];
  default: return ((__global const uint64_t *)src)[i];
  }
}

static void fut_set_element(int64_t es, __global unsigned char *dst, int64_t i, uint64_t x) {
  switch (es) {
  case 1: dst[i] = (unsigned char)x; break;
  case 2: ((__global uint16_t *)dst)[i] = (uint16_t)x; break;
  case 4: ((__global uint32_t *)dst)[i] = (uint32_t)x; break;
  default: ((__global uint64_t *)dst)[i] = x; break;
  }
}

#define FUT_COPY_DIM(d) int64_t n##d, int64_t ds##d, int64_t ss##d
/* The copy kernels take each dimension's size and strides as arguments
   of their own and name them with constant indices only: a private
   array indexed at run time would live in (slow, global) stack memory,
   written by every work-item. FUT_COPY_STEP takes dimension D's index
   off `index` (when `when`, with `d` bound to D) into the offsets
   `d_at` and `s_at`; FUT_COPY_PICK is dimension `d`'s `x`. */
#define FUT_COPY_STEP(D, index, when)                                   \
  do {                                                                   \
    const int d = D;                                                     \
    if (when) {                                                          \
      const int64_t k = index % n##D;                                    \
      index /= n##D;                                                     \
      d_at += k * ds##D;                                                 \
      s_at += k * ss##D;                                                 \
    }                                                                    \
  } while (0)
#define FUT_COPY_PICK(x, d)                                                                                   \
  ((d) == 0 ? x##0 : (d) == 1 ? x##1 : (d) == 2 ? x##2 : (d) == 3 ? x##3 : (d) == 4 ? x##4 : (d) == 5 ? x##5 \
   : (d) == 6 ? x##6 : x##7)
__kernel void fut_copy_kernel(__global uint64_t *errors, int64_t chunks, int64_t iterations, int64_t es,
                              __global unsigned char *dst, int64_t dst_offset, __global const unsigned char *src,
                              int64_t src_offset, int64_t rank, FUT_COPY_DIM(0), FUT_COPY_DIM(1), FUT_COPY_DIM(2),
                              FUT_COPY_DIM(3), FUT_COPY_DIM(4), FUT_COPY_DIM(5), FUT_COPY_DIM(6), FUT_COPY_DIM(7)) {
  (void)errors;
  (void)iterations;
  int64_t i = get_global_id(0);
  if (i >= chunks) return;
  int64_t rest = i, d_at = dst_offset, s_at = src_offset;
  FUT_COPY_STEP(7, rest, d < rank);
  FUT_COPY_STEP(6, rest, d < rank);
  FUT_COPY_STEP(5, rest, d < rank);
  FUT_COPY_STEP(4, rest, d < rank);
  FUT_COPY_STEP(3, rest, d < rank);
  FUT_COPY_STEP(2, rest, d < rank);
  FUT_COPY_STEP(1, rest, d < rank);
  FUT_COPY_STEP(0, rest, d < rank);
  fut_copy_element(es, dst, d_at, src, s_at);
}

/* The kernel of the host's copies that transpose: dimension `p` is
   consecutive in the destination and `q` in the source. A work-group of
   256 work-items copies a tile of 32 x 32 elements of the (p, q) plane
   (its number also says which of the other dimensions' points): it reads
   the tile along q, so that neighbouring work-items read neighbouring
   source elements, into local memory (rows padded by one, against bank
   conflicts), and writes it along p, so that they write neighbouring
   destination elements. */
__kernel void fut_transpose_kernel(__global uint64_t *errors, int64_t chunks, int64_t iterations, int64_t es,
                                   __global unsigned char *dst, int64_t dst_offset, __global const unsigned char *src,
                                   int64_t src_offset, int64_t rank, int64_t p, int64_t q, FUT_COPY_DIM(0),
                                   FUT_COPY_DIM(1), FUT_COPY_DIM(2), FUT_COPY_DIM(3), FUT_COPY_DIM(4),
                                   FUT_COPY_DIM(5), FUT_COPY_DIM(6), FUT_COPY_DIM(7)) {
  (void)errors;
  (void)chunks;
  (void)iterations;
  __local uint64_t tile[32][33];
  const int64_t np = FUT_COPY_PICK(n, p), nq = FUT_COPY_PICK(n, q);
  const int64_t tiles_p = (np + 31) / 32, tiles_q = (nq + 31) / 32;
  int64_t g = get_group_id(0);
  int64_t tp, tq;
  if (tiles_p * tiles_q <= 0xffffffffL && g <= 0xffffffffL) {
    /* 32-bit division is several times cheaper. */
    const uint32_t g32 = (uint32_t)g, tp32 = (uint32_t)tiles_p, tq32 = (uint32_t)tiles_q;
    const uint32_t rest = g32 / tp32;
    tp = g32 - rest * tp32;
    tq = rest % tq32;
    g = rest / tq32;
  } else {
    tp = g % tiles_p;
    g /= tiles_p;
    tq = g % tiles_q;
    g /= tiles_q;
  }
  int64_t d_at = dst_offset, s_at = src_offset;
  FUT_COPY_STEP(7, g, d < rank && d != p && d != q);
  FUT_COPY_STEP(6, g, d < rank && d != p && d != q);
  FUT_COPY_STEP(5, g, d < rank && d != p && d != q);
  FUT_COPY_STEP(4, g, d < rank && d != p && d != q);
  FUT_COPY_STEP(3, g, d < rank && d != p && d != q);
  FUT_COPY_STEP(2, g, d < rank && d != p && d != q);
  FUT_COPY_STEP(1, g, d < rank && d != p && d != q);
  FUT_COPY_STEP(0, g, d < rank && d != p && d != q);
  const int64_t src_p = FUT_COPY_PICK(ss, p), dst_q = FUT_COPY_PICK(ds, q);
  const int tx = (int)(get_local_id(0) % 32), ty = (int)(get_local_id(0) / 32);
  /* Along q in the source and p in the destination, the stride is 1. */
  if (es == 4) {
    /* Four-byte elements (the most common) through a tile of their own
       width, without the checks of the edges where the tile is whole. */
    __local uint32_t *narrow = (__local uint32_t *)tile;
    __global const uint32_t *from = (__global const uint32_t *)src + s_at + (tq * 32 + tx) + (tp * 32 + ty) * src_p;
    __global uint32_t *to = (__global uint32_t *)dst + d_at + (tp * 32 + tx) + (tq * 32 + ty) * dst_q;
    if (tq * 32 + 32 <= nq && tp * 32 + 32 <= np) {
      for (int r = 0; r < 32; r += 8) narrow[(ty + r) * 33 + tx] = from[r * src_p];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int r = 0; r < 32; r += 8) to[r * dst_q] = narrow[tx * 33 + ty + r];
    } else {
      for (int r = 0; r < 32; r += 8)
        if (tq * 32 + tx < nq && tp * 32 + ty + r < np) narrow[(ty + r) * 33 + tx] = from[r * src_p];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int r = 0; r < 32; r += 8)
        if (tq * 32 + ty + r < nq && tp * 32 + tx < np) to[r * dst_q] = narrow[tx * 33 + ty + r];
    }
    return;
  }
  for (int r = 0; r < 32; r += 8) {
    const int64_t iq = tq * 32 + tx, ip = tp * 32 + ty + r;
    if (iq < nq && ip < np) tile[ty + r][tx] = fut_element_at(es, src, s_at + iq + ip * src_p);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int r = 0; r < 32; r += 8) {
    const int64_t ip = tp * 32 + tx, iq = tq * 32 + ty + r;
    if (iq < nq && ip < np) fut_set_element(es, dst, d_at + ip + iq * dst_q, tile[tx][ty + r]);
  }
}
