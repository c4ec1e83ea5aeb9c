-- Image histogram with clamped bins, and weighted histograms.
-- ==
-- entry: main
-- input { 4i64 [[0.1f32, 0.5f32, 0.9f32], [0.25f32, 0.75f32, 1.5f32], [-0.2f32, 0.33f32, 0.66f32]] }
-- output { [2i32, 2i32, 2i32, 3i32] }
-- input { 2i64 [[0.1f32, 0.5f32, 0.9f32], [0.25f32, 0.75f32, 1.5f32], [-0.2f32, 0.33f32, 0.66f32]] }
-- output { [4i32, 5i32] }
-- input { 10i64 [[0.1f32, 0.5f32, 0.9f32], [0.25f32, 0.75f32, 1.5f32], [-0.2f32, 0.33f32, 0.66f32]] }
-- output { [1i32, 1i32, 1i32, 1i32, 0i32, 1i32, 1i32, 1i32, 0i32, 2i32] }

-- ==
-- entry: weighted
-- input { 3i64 [0i64, 2i64, 2i64, 1i64, 0i64] [0.5f32, 1.0f32, 2.0f32, 4.0f32, 8.0f32] }
-- output { [8.5f32, 4.0f32, 3.0f32] }

-- Histogram of pixel intensities in [0, 1) into k bins; out-of-range values
-- are clamped into the first or last bin.
def main (k: i64) (pixels: [][]f32) =
  let bin (x: f32) = i64.max 0 (i64.min (k - 1) (i64.f32 (x * f32.i64 k)))
  let flat = flatten pixels
  in hist (+) 0 k (map bin flat) (map (\_ -> 1i32) flat)

entry weighted (k: i64) (is: []i64) (ws: []f32) = reduce_by_index (replicate k 0f32) (+) 0 is ws
