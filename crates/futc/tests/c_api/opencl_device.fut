-- The library the OpenCL client (opencl_device_client.c) drives: arrays that
-- stay on the device between entry points.
entry double (xs: []i32) : []i32 = map (* 2) xs

entry total (xs: []i32) : i32 = reduce (+) 0 xs

entry bump (xs: *[]i32) : []i32 = xs with [0] = xs[0] + 100

entry twice (xs: []i32) : ([]i32, []i32) = let ys = map (+ 1) xs in (ys, ys)
