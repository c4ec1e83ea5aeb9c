-- Random f64, i64 and bool arguments, including empty arrays.
-- ==
-- entry: main
-- random input { [50]f64 [50]i64 bool } auto output
-- random input { [0]f64 [0]i64 bool } auto output

def main (xs: []f64) (ys: []i64) (b: bool) =
  let zs = map2 (\x y -> if b then x * f64.i64 y else x - f64.i64 y) xs ys
  in (f64.sum zs, scan (+) 0 ys)
