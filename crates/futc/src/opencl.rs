//! The compiler's own use of OpenCL, through `opencl3`, which loads the
//! OpenCL library when first called (so `futc` runs where none is
//! installed): finding devices, which tells the test runner whether
//! OpenCL runs can happen, and building generated kernels with a
//! device's compiler, which `futc opencl` does where a device exists so
//! that kernels the driver rejects are a compile-time error. The tests
//! run single generated kernels on a device (PoCL in CI).

use opencl3::context::Context;
use opencl3::device::{CL_DEVICE_TYPE_ALL, CL_DEVICE_TYPE_GPU, Device};
use opencl3::program::Program;
use std::sync::OnceLock;

/// An OpenCL device and the names `-p` and `-d` match against.
pub struct FoundDevice {
    pub platform: String,
    pub name: String,
    pub device: Device,
}

/// The devices of every platform, GPUs first (as compiled programs
/// choose); `Err` says why there is none. They are found once per
/// process: PoCL crashes when one thread asks about a device while
/// another has it find its devices.
pub fn devices() -> Result<&'static [FoundDevice], String> {
    static DEVICES: OnceLock<Result<Vec<FoundDevice>, String>> = OnceLock::new();
    DEVICES
        .get_or_init(find_devices)
        .as_deref()
        .map_err(Clone::clone)
}

fn find_devices() -> Result<Vec<FoundDevice>, String> {
    let platforms = opencl3::platform::get_platforms()
        .map_err(|error| format!("no OpenCL platform: {error}"))?;
    let mut found = Vec::new();
    for platform in platforms {
        let Ok(ids) = platform.get_devices(CL_DEVICE_TYPE_ALL) else {
            continue;
        };
        let platform_name = platform.name().unwrap_or_default();
        for id in ids {
            let device = Device::new(id);
            found.push(FoundDevice {
                platform: platform_name.clone(),
                name: device.name().unwrap_or_default(),
                device,
            });
        }
    }
    found.sort_by_key(|d| {
        d.device
            .dev_type()
            .is_ok_and(|t| t & CL_DEVICE_TYPE_GPU == 0)
    });
    if found.is_empty() {
        return Err("no OpenCL device on any platform".to_owned());
    }
    Ok(found)
}

/// A device's context and a program of `source` built for it; `Err`
/// carries the reason, the build log for a rejected program.
pub fn build(device: &FoundDevice, source: &str) -> Result<(Context, Program), String> {
    let context = Context::from_device(&device.device)
        .map_err(|error| format!("cannot make an OpenCL context: {error}"))?;
    let program = Program::create_and_build_from_source(&context, source, "")?;
    Ok((context, program))
}

/// Builds the generated kernels with the first device's compiler, if a
/// device exists; `Err` carries the rendered error.
pub fn check_kernels(source: &str) -> Result<(), String> {
    let Ok(devices) = devices() else {
        return Ok(());
    };
    let device = &devices[0];
    build(device, source).map(drop).map_err(|why| {
        format!(
            "internal error: the OpenCL compiler of {}: {} rejected the generated kernels: {why}\n",
            device.platform, device.name
        )
    })
}

#[cfg(test)]
mod tests;
