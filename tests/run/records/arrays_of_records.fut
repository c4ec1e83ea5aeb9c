-- Arrays of records: mapping record-producing functions, updates of array
-- fields, records as reduction state.
-- ==
-- entry: main
-- input { [0.0f32, 1.0f32, 2.0f32] [2.0f32, -2.0f32, 0.5f32] }
-- output { [1.0f32, 0.0f32, 2.25f32] 3.0f32 }

-- ==
-- entry: arr_fields
-- input { [[3i32, 1i32], [2i32, 5i32]] }
-- output { [[1i32, 3i32], [2i32, 5i32]] [3i32, 2i32] }

-- ==
-- entry: stats
-- input { [2.5f64, -1.0f64, 7.0f64] }
-- output { -1.0f64 7.0f64 3i64 }
-- input { empty([0]f64) }
-- output { f64.inf -f64.inf 0i64 }

type particle = {pos: f32, vel: f32, mass: f32}

def step (dt: f32) (p: particle) : particle = p with pos = p.pos + dt * p.vel

def main (pos: []f32) (vel: []f32) =
  let ps = map2 (\p v -> {pos = p, vel = v, mass = 1}) pos vel
  let ps' = map (step 0.5) ps
  in (map (.pos) ps', f32.sum (map (.mass) ps'))

-- Arrays of records with array fields.
entry arr_fields (xs: [][2]i32) =
  let rs = map (\r -> {lo = r[0], both = r}) xs
  let sorted = map (\r -> if r.both[0] > r.both[1] then r with both = [r.both[1], r.both[0]] else r) rs
  in (map (.both) sorted, map (.lo) sorted)

-- Records in reductions.
entry stats (xs: []f64) =
  let r = reduce (\a b -> {lo = f64.min a.lo b.lo, hi = f64.max a.hi b.hi, n = a.n + b.n})
                 {lo = f64.inf, hi = -f64.inf, n = 0i64}
                 (map (\x -> {lo = x, hi = x, n = 1}) xs)
  in (r.lo, r.hi, r.n)
