-- A sequential loop updating an array in place runs inside a kernel
-- (the OpenCL back end moves it there), which then copies the array
-- into the kernel's result: the copy must see the loop's writes. The
-- copy read through integer pointers and the loop wrote through the
-- element type, and PoCL and NVIDIA's compilers let the reads go first.
-- ==
-- input { -8.5 } output { [-16.5, -16.5, -8.5, -8.5, -8.5] }
-- input { 1.0 } output { [2.5, 2.5, 1.0, 1.0, 1.0] }

entry main (x: f64) =
  loop (acc: *[]f64) = copy (replicate 5 x) for i < 2i64 do
    acc with [i] = 0.5 + acc[i] + acc[i]

-- ==
-- entry: counts
-- input { 3i64 } output { [3i32, 2i32, 1i32, 0i32] }

entry counts (k: i64) =
  loop (acc: *[]i32) = replicate 4 0i32 for i < k do
    acc with [i] = acc[i] + i32.i64 (k - i)
