-- Derivatives through a histogram accumulation that combines squares:
-- forward mode gives each bucket's derivative along all-ones, reverse
-- mode each value's (reverse mode goes through forward mode here).
-- ==
-- entry: forward
-- input { [0i64, 1i64, 0i64, 5i64] [1f32, 2f32, 3f32, 4f32] [10f32, 20f32] }
-- output { [8f32, 4f32] }

-- ==
-- entry: reverse
-- input { [0i64, 1i64, 0i64, 5i64] [1f32, 2f32, 3f32, 4f32] [10f32, 20f32] }
-- output { [2f32, 4f32, 6f32, 0f32] }

def add_square (acc: *intrinsics.acc ([]f32)) ((i, v): (i64, f32)) : *intrinsics.acc ([]f32) =
  intrinsics.acc_write acc i (v * v)

def squares [k] (is: []i64) (vs: []f32) (dest: [k]f32) : [k]f32 =
  intrinsics.hist_stream (copy dest) (+) 0 add_square (zip is vs) :> [k]f32

entry forward (is: []i64) (vs: []f32) (dest: []f32) =
  jvp (\vs -> squares is vs dest) vs (map (const 1) vs)

entry reverse (is: []i64) (vs: []f32) (dest: []f32) =
  vjp (\vs -> squares is vs dest) vs (map (const 1) dest)
