/* What every OpenCL program's kernels share, after the scalar operations:
   a fence for the whole device, skewed places in local memory, atomic
   float addition, copies between LMADs inside a kernel,
   and the kernel the host's copies of non-contiguous arrays run (one
   work-item per element). */

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

/* Adds `x` to the float at `p` atomically (OpenCL 1.2 has no atomic float
   addition): a compare-and-swap of its bits, again until no other
   work-item wrote between the read and the swap. */
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

static void fut_copy_element(int64_t es, __global unsigned char *dst, int64_t d, __global const unsigned char *src, int64_t s) {
  switch (es) {
  case 1: dst[d] = src[s]; break;
  case 2: ((__global uint16_t *)dst)[d] = ((__global const uint16_t *)src)[s]; break;
  case 4: ((__global uint32_t *)dst)[d] = ((__global const uint32_t *)src)[s]; break;
  default: ((__global uint64_t *)dst)[d] = ((__global const uint64_t *)src)[s]; break;
  }
}

/* Copies an array of the shape between two LMADs (offsets and strides in
   elements of `es` bytes), sequentially. */
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
    fut_copy_element(es, dst, d_at, src, s_at);
  }
}

#define FUT_COPY_DIM(d) int64_t n##d, int64_t ds##d, int64_t ss##d
__kernel void fut_copy_kernel(__global uint64_t *errors, int64_t chunks, int64_t iterations, int64_t es,
                              __global unsigned char *dst, int64_t dst_offset, __global const unsigned char *src,
                              int64_t src_offset, int64_t rank, FUT_COPY_DIM(0), FUT_COPY_DIM(1), FUT_COPY_DIM(2),
                              FUT_COPY_DIM(3), FUT_COPY_DIM(4), FUT_COPY_DIM(5), FUT_COPY_DIM(6), FUT_COPY_DIM(7)) {
  (void)errors;
  (void)iterations;
  int64_t i = get_global_id(0);
  if (i >= chunks) return;
  const int64_t shape[8] = {n0, n1, n2, n3, n4, n5, n6, n7};
  const int64_t dst_strides[8] = {ds0, ds1, ds2, ds3, ds4, ds5, ds6, ds7};
  const int64_t src_strides[8] = {ss0, ss1, ss2, ss3, ss4, ss5, ss6, ss7};
  int64_t rest = i, d_at = dst_offset, s_at = src_offset;
  for (int d = (int)rank - 1; d >= 0; d--) {
    int64_t k = rest % shape[d];
    rest /= shape[d];
    d_at += k * dst_strides[d];
    s_at += k * src_strides[d];
  }
  fut_copy_element(es, dst, d_at, src, s_at);
}
