//! Single generated kernels run on an OpenCL device (PoCL in CI; each
//! test says it is skipped where there is none): the kernel of a map
//! computes its points, and a failing assertion inside a kernel records
//! its number in the error buffer. Buffers and kernel arguments are raw
//! OpenCL objects, hence the unsafe calls.
#![allow(unsafe_code)]

use super::{build, devices};
use crate::compile::compile_to_ir;
use codegen::{Backend, KernelProgram, Mode};
use opencl3::command_queue::CommandQueue;
use opencl3::kernel::{ExecuteKernel, Kernel};
use opencl3::memory::{Buffer, CL_MEM_READ_WRITE};
use opencl3::types::{CL_BLOCKING, cl_long, cl_ulong};
use std::ptr;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The kernels `futc opencl` makes of `source`.
fn kernels_of(source: &str) -> KernelProgram {
    let dir = std::env::temp_dir().join(format!("futc-kernel-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let file = dir.join(format!("prog{}.fut", NEXT.fetch_add(1, Ordering::Relaxed)));
    std::fs::write(&file, source).expect("write the program");
    let program = compile_to_ir(&file).expect("the program compiles");
    let generated = crate::c_backend::generate(&program, Backend::OpenCl, Mode::Library)
        .expect("the program translates to OpenCL");
    generated.kernels.expect("an OpenCL program has kernels")
}

/// The parameters of kernel `name` after the three every kernel starts
/// with (error buffer, chunks, iterations), as written in the source.
fn extra_parameters(kernels: &KernelProgram, name: &str) -> Vec<String> {
    let head = format!("__kernel void {name}(");
    let start = kernels.source.find(&head).expect("the kernel is defined") + head.len();
    let end = start + kernels.source[start..].find(')').expect("a parameter list");
    kernels.source[start..end]
        .split(',')
        .skip(3)
        .map(|p| p.trim().to_owned())
        .collect()
}

/// What running a kernel left: the error buffer and the output.
struct Ran {
    kernels: KernelProgram,
    errors: Vec<cl_ulong>,
    output: Vec<i32>,
}

/// Runs the one kernel of a map over `[]i32` giving `[]i32` (parameters:
/// the input block and the output block; the points index the input
/// within its length, so the kernel checks no bounds and needs no
/// length) on `input`, a work-item per point.
fn run_map_kernel(source: &str, input: &[i32]) -> Option<Ran> {
    let Ok(found) = devices() else {
        eprintln!("skipped: no OpenCL device");
        return None;
    };
    let kernels = kernels_of(source);
    assert_eq!(kernels.names.len(), 1, "one kernel: {:?}", kernels.names);
    let name = &kernels.names[0];
    let parameters = extra_parameters(&kernels, name);
    assert!(
        parameters.len() == 2 && parameters.iter().all(|p| p.starts_with("__global ")),
        "two blocks: {parameters:?}"
    );
    let (context, program) = build(&found[0], &kernels.source).expect("the kernels build");
    let kernel = Kernel::create(&program, name).expect("the kernel exists");
    let queue = CommandQueue::create_default(&context, 0).expect("a command queue");
    let n = input.len();
    let length = cl_long::try_from(n).expect("a small input");
    let slots = 1 + 64;
    let mut errors = vec![0 as cl_ulong; slots];
    let mut output = vec![0i32; n];
    // SAFETY: each buffer is created without a host pointer and written
    // and read with as many elements as it has; the kernel's arguments
    // have the types its parameters declare (checked above), and the
    // blocking reads finish before the buffers are dropped.
    unsafe {
        let mut error_buffer =
            Buffer::<cl_ulong>::create(&context, CL_MEM_READ_WRITE, slots, ptr::null_mut())
                .expect("the error buffer");
        let mut input_buffer =
            Buffer::<i32>::create(&context, CL_MEM_READ_WRITE, n, ptr::null_mut())
                .expect("the input buffer");
        let output_buffer = Buffer::<i32>::create(&context, CL_MEM_READ_WRITE, n, ptr::null_mut())
            .expect("the output buffer");
        queue
            .enqueue_write_buffer(&mut error_buffer, CL_BLOCKING, 0, &errors, &[])
            .expect("zero the error buffer");
        queue
            .enqueue_write_buffer(&mut input_buffer, CL_BLOCKING, 0, input, &[])
            .expect("write the input");
        ExecuteKernel::new(&kernel)
            .set_arg(&error_buffer)
            .set_arg(&length)
            .set_arg(&length)
            .set_arg(&input_buffer)
            .set_arg(&output_buffer)
            .set_global_work_size(n)
            .enqueue_nd_range(&queue)
            .expect("the kernel is launched");
        queue.finish().expect("the kernel finishes");
        queue
            .enqueue_read_buffer(&error_buffer, CL_BLOCKING, 0, &mut errors, &[])
            .expect("read the error buffer");
        queue
            .enqueue_read_buffer(&output_buffer, CL_BLOCKING, 0, &mut output, &[])
            .expect("read the output");
    }
    Some(Ran {
        kernels,
        errors,
        output,
    })
}

#[test]
fn the_kernel_of_a_map_computes_every_point() {
    let source = "entry main (xs: []i32) : []i32 = map (\\x -> x * 2 + 1) xs\n";
    let Some(ran) = run_map_kernel(source, &[1, 2, 3, -4, 5]) else {
        return;
    };
    assert_eq!(ran.errors[0], 0, "no failure");
    assert_eq!(ran.output, [3, 5, 7, -7, 11]);
}

#[test]
fn a_failing_kernel_records_its_failure_in_the_error_buffer() {
    let source = "entry main (xs: []i32) : []i32 = map (\\x -> 12 / x) xs\n";
    let Some(ran) = run_map_kernel(source, &[1, 2, 3]) else {
        return;
    };
    assert_eq!(ran.errors[0], 0, "no failure");
    assert_eq!(ran.output, [12, 6, 4]);
    let Some(ran) = run_map_kernel(source, &[1, 0, 3]) else {
        return;
    };
    // The first slot holds the failure's number plus one.
    let number = usize::try_from(ran.errors[0]).expect("a failure number") - 1;
    assert_eq!(ran.kernels.failures[number], "division by zero");
}
