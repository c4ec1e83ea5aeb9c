-- Derivatives carried through every kind of construct: branches, for and
-- while loops, map, reduce with a non-linear operator, scan, histograms,
-- scatter, named and recursive functions, integers, nested
-- differentiation and gradients inside a map.

-- ==
-- entry: branch
-- input { 2.0 } output { 4.0 }
-- input { -3.0 } output { -1.0 }
entry branch (x: f64) = jvp (\x -> if x > 0 then x * x else -x) x 1

-- ==
-- entry: fifth_power
-- input { 3.0 } output { 405.0 }
entry fifth_power (x: f64) = vjp (\x -> loop acc = 1 for _i < 5 do acc * x) x 1

-- ==
-- entry: halving
-- input { 10.0 } output { 0.0625 }
entry halving (x: f64) = jvp (\x -> loop y = x while y > 1 do y / 2) x 1

-- ==
-- entry: product
-- input { [1.0, 2.0, 3.0, 4.0] } output { [24.0, 12.0, 8.0, 6.0] }
entry product (xs: []f64) = vjp (\xs -> reduce (*) 1 xs) xs 1

-- ==
-- entry: running_sum
-- input { [1.0, 2.0, 3.0] } output { [111.0, 110.0, 100.0] }
entry running_sum (xs: []f64) =
  vjp (scan (+) 0) xs (map (\i -> 10 ** f64.i64 i) (indices xs))

-- ==
-- entry: bin_maxima
-- input { [0i64, 1i64, 0i64] [2.0, 3.0, 4.0] } output { [0.0, 1.0, 1.0] }
entry bin_maxima [n] (is: [n]i64) (vs: [n]f64) =
  vjp (\vs -> let h = hist f64.max f64.lowest 2 is vs in h[0] + h[1]) vs 1

-- ==
-- entry: bin_sums
-- input { [0i64, 1i64, 0i64] [2.0, 3.0, 4.0] } output { [12.0, 6.0] }
entry bin_sums [n] (is: [n]i64) (vs: [n]f64) =
  jvp (\vs -> reduce_by_index (replicate 2 0) (+) 0 is (map (\v -> v * v) vs))
      vs
      (replicate n 1)

-- ==
-- entry: scattered
-- input { [1.0, 2.0] } output { [3.0, 0.0, 0.0, 3.0] }
entry scattered (xs: []f64) =
  jvp (\xs -> scatter (replicate 4 0) (map (* 3) (indices xs)) (map (* 3) xs))
      xs
      (map (const 1) xs)

def cube (x: f64) = x * x * x

def power (n: i32) (x: f64) : f64 = if n == 0 then 1 else x * power (n - 1) x

-- ==
-- entry: calls
-- input { 2.0 } output { 12.0 12.0 }
entry calls (x: f64) = (jvp cube x 1, vjp (power 3) x 1)

-- ==
-- entry: integers
-- input { 3 5 } output { 6 5 3 }
entry integers (x: i32) (y: i32) =
  let (da, db) = vjp (\(a, b) -> a * b) (x, y) 1
  in (jvp (\x -> x * x + y) x 1, da, db)

-- ==
-- entry: second_derivative
-- input { 2.0 } output { 12.0 }
entry second_derivative (x: f64) = jvp (\x -> jvp (\y -> y * y * y) x 1) x 1

-- ==
-- entry: row_gradients
-- input { [[1.0, 2.0], [3.0, 0.5]] } output { [[3.0, 12.0], [27.0, 0.75]] }
entry row_gradients (xss: [][]f64) =
  map (\xs -> vjp (\xs -> f64.sum (map cube xs)) xs 1) xss

-- ==
-- entry: matrix_vector
-- input { [[1.0, 2.0], [3.0, 4.0]] [5.0, 6.0] } output { [[5.0, 6.0], [5.0, 6.0]] }
entry matrix_vector [n][m] (a: [n][m]f64) (v: [m]f64) =
  vjp (\a -> map (\row -> f64.sum (map2 (*) row v)) a) a (replicate n 1)

-- ==
-- entry: power_at_zero
-- input { 0.0 } output { 0.0 }
-- input { 1.0 } output { 1.0 }
-- input { 2.0 } output { 0.0 }
entry power_at_zero (y: f64) = jvp (\x -> x ** y) 0 1

-- ==
-- entry: functions
-- input { 4.0 } output { 0.25 0.25 0.5 }
entry functions (x: f64) =
  (jvp f64.sqrt x 1, jvp f64.log x 1, jvp (\(a, b) -> f64.atan2 a b) (1, 1) (1, 0))
