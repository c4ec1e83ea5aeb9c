-- Iterative algorithms: Newton's method (fixed count and while converged),
-- Euclid's GCD, swapping array state, the prelude's iterate.
-- ==
-- entry: main
-- input { 2.0f64 }
-- output { 1.4142135623730951f64 1.4142135623730951f64 true }
-- input { 9.0f64 }
-- output { 3.0f64 3.0f64 true }
-- input { 0.25f64 }
-- output { 0.5f64 0.5f64 true }

-- ==
-- entry: gcd
-- input { 12i64 18i64 }
-- output { 6i64 }
-- input { 17i64 5i64 }
-- output { 1i64 }
-- input { 100i64 0i64 }
-- output { 100i64 }
-- input { 0i64 7i64 }
-- output { 7i64 }

-- ==
-- entry: swap_arrays
-- input { 0i32 [1i32, 2i32] [10i32, 20i32] }
-- output { [1i32, 2i32] [10i32, 20i32] }
-- input { 1i32 [1i32, 2i32] [10i32, 20i32] }
-- output { [11i32, 21i32] [1i32, 2i32] }
-- input { 3i32 [1i32, 2i32] [10i32, 20i32] }
-- output { [12i32, 22i32] [2i32, 3i32] }

-- ==
-- entry: iterate_fn
-- input { 0i32 }
-- output { 0i32 }
-- input { 1i32 }
-- output { 1i32 }
-- input { 5i32 }
-- output { 31i32 }

-- Newton's method for square roots, iterated a fixed number of times and
-- until convergence.
def newton (x: f64) = loop y = x for _i < 30 do (y + x / y) / 2

def main (x: f64) =
  let (y, iters) = loop (y, k) = (x, 0) while f64.abs (y * y - x) > 1e-12 && k < 100 do ((y + x / y) / 2, k + 1)
  in (newton x, y, iters > 0)

-- GCD with a while loop; loop variables that are tuples of arrays.
entry gcd (a: i64) (b: i64) = (loop (a, b) = (a, b) while b != 0 do (b, a % b)).0

entry swap_arrays (n: i32) (xs: []i32) (ys: []i32) =
  let (a, b) = loop (a, b) = (copy xs, copy ys) for _i < n do (map (+ 1) b, a)
  in (a, b)

entry iterate_fn (n: i32) = iterate n (\x -> x * 2 + 1) 0i32
