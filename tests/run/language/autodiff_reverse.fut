-- Reverse-mode differentiation (vjp) by a reverse sweep: one entry per
-- rule of the sweep, with gradients worked out by hand.

-- Scalar arithmetic and floating-point functions:
-- d/dx = y + 1/y - cos x + 2x, d/dy = x - x/y^2 + e^y - 1/(2 sqrt y).
-- ==
-- entry: scalar_ops
-- input { 1.0f64 4.0f64 }
-- output { 5.70969769413186f64 55.285650033144236f64 }
entry scalar_ops (x: f64) (y: f64) =
  vjp (\(x, y) -> x * y + x / y - f64.sin x + f64.exp y + x ** 2 - f64.sqrt y) (x, y) 1

-- Indexing: elements and a slice.
-- ==
-- entry: indexing
-- input { [1.0f64, 2.0f64, 3.0f64] }
-- output { [3.0f64, 1.0f64, 1.0f64] }
entry indexing (xs: []f64) = vjp (\xs -> xs[0] * xs[2] + xs[1:3][0]) xs 1

-- In-place update: the overwritten element gets no gradient.
-- ==
-- entry: update
-- input { [1.0f64, 2.0f64, 3.0f64] 3.0f64 }
-- output { [2.0f64, 0.0f64, 2.0f64] 12.0f64 }
entry update (xs: []f64) (v: f64) =
  vjp (\(xs, v) -> let ys = copy xs
                   let ys[1] = v * v
                   in f64.sum (map (* 2) ys)) (xs, v) 1

-- Replicate of an array: the sum is 6 x^2.
-- ==
-- entry: spread
-- input { 2.0f64 }
-- output { 24.0f64 }
entry spread (x: f64) =
  vjp (\x -> f64.sum (map (\r -> r[0] * r[1]) (replicate 3 [x, 2 * x]))) x 1

-- Transposition.
-- ==
-- entry: transposed
-- input { [[1.0f64, 2.0f64, 3.0f64], [4.0f64, 5.0f64, 6.0f64]] }
-- output { [[10.0f64, 10.0f64, 10.0f64], [1.0f64, 1.0f64, 1.0f64]] }
entry transposed (m: [][]f64) =
  vjp (\m -> f64.sum (map (\r -> r[0] * 10 + r[1]) (transpose m))) m 1

-- Flattening: each element weighted by its position.
-- ==
-- entry: flattened
-- input { [[5.0f64, 6.0f64], [7.0f64, 8.0f64]] }
-- output { [[0.0f64, 1.0f64], [2.0f64, 3.0f64]] }
entry flattened (m: [][]f64) =
  vjp (\m -> let f = flatten m
             in f64.sum (map2 (*) f (map f64.i64 (indices f)))) m 1

-- Concatenation.
-- ==
-- entry: concatenated
-- input { [1.0f64, 1.0f64] [1.0f64, 1.0f64, 1.0f64] }
-- output { [0.0f64, 1.0f64] [2.0f64, 3.0f64, 4.0f64] }
entry concatenated (xs: []f64) (ys: []f64) =
  vjp (\(xs, ys) -> let zs = xs ++ ys
                    in f64.sum (map2 (*) zs (map f64.i64 (indices zs)))) (xs, ys) 1

-- Array literal: d/dx = 1 + 3y, d/dy = 2 + 3x.
-- ==
-- entry: literal
-- input { 2.0f64 5.0f64 }
-- output { 16.0f64 8.0f64 }
entry literal (x: f64) (y: f64) =
  vjp (\(x, y) -> let a = [x, y, x * y] in a[0] + 2 * a[1] + 3 * a[2]) (x, y) 1

-- Branches: x^3 or sin x.
-- ==
-- entry: branchy
-- input { 2.0f64 }
-- output { 12.0f64 }
-- input { -1.0f64 }
-- output { 0.5403023058681398f64 }
entry branchy (x: f64) = vjp (\x -> if x > 0 then x * x * x else f64.sin x) x 1

-- A for loop reading a free array: acc2 = (x a + x) b + x, so
-- d/dx = (a + 1) b + 1, d/da = x b, d/db = x a + x.
-- ==
-- entry: for_loop
-- input { 1.0f64 [2.0f64, 3.0f64] }
-- output { 10.0f64 [3.0f64, 3.0f64] }
entry for_loop (x: f64) (xs: []f64) =
  vjp (\(x, xs) -> loop acc = x for i < length xs do acc * xs[i] + x) (x, xs) 1

-- A while loop squaring three times from 3: x^8, so 8 x^7.
-- ==
-- entry: while_loop
-- input { 3.0f64 }
-- output { 17496.0f64 }
entry while_loop (x: f64) = vjp (\x -> loop y = x while y < 100 do y * y) x 1

-- A recursive function: 1 + x + x^2 + x^3, so 1 + 2x + 3x^2.
-- ==
-- entry: recursive
-- input { 2.0f64 }
-- output { 17.0f64 }
def poly (n: i64) (x: f64) : f64 = if n == 0 then 1 else 1 + x * poly (n - 1) x

entry recursive (x: f64) = vjp (poly 3) x 1

-- A map with a free scalar: d/dx_i = 2 c x_i, d/dc = sum of x_i^2.
-- ==
-- entry: map_free
-- input { [1.0f64, 2.0f64] 3.0f64 }
-- output { [6.0f64, 12.0f64] 5.0f64 }
entry map_free (xs: []f64) (c: f64) =
  vjp (\(xs, c) -> f64.sum (map (\x -> c * x * x) xs)) (xs, c) 1

-- A map reading a free array by index (accumulated by a histogram).
-- ==
-- entry: gathered
-- input { [1.0f64, 2.0f64, 3.0f64] [0i64, 2i64, 2i64] }
-- output { [2.0f64, 0.0f64, 12.0f64] }
entry gathered (xs: []f64) (is: []i64) =
  vjp (\xs -> f64.sum (map (\i -> xs[i] * xs[i]) is)) xs 1

-- A reduction with an operator other than +.
-- ==
-- entry: minimum
-- input { [3.0f64, 1.0f64, 2.0f64] }
-- output { [0.0f64, 1.0f64, 0.0f64] }
entry minimum (xs: []f64) = vjp f64.minimum xs 1

-- Prefix sums weighted by position: d/dx_i = sum of j for j >= i.
-- ==
-- entry: prefix_sums
-- input { [5.0f64, 6.0f64, 7.0f64] }
-- output { [3.0f64, 3.0f64, 2.0f64] }
entry prefix_sums (xs: []f64) =
  vjp (\xs -> let s = scan (+) 0 xs
              in f64.sum (map2 (*) s (map f64.i64 (indices s)))) xs 1

-- A histogram with +; index 5 is out of bounds and ignored.
-- ==
-- entry: histogram
-- input { [0i64, 2i64, 2i64, 5i64] [1.0f64, 2.0f64, 3.0f64, 4.0f64] }
-- output { [1.0f64, 100.0f64, 100.0f64, 0.0f64] }
entry histogram [n] (is: [n]i64) (vs: [n]f64) =
  vjp (\vs -> let h = hist (+) 0 3 is vs in h[0] + 10 * h[1] + 100 * h[2]) vs 1

-- Scatter: overwritten elements of the destination get no gradient.
-- ==
-- entry: scattered
-- input { [1.0f64, 1.0f64, 1.0f64] [1.0f64, 1.0f64] }
-- output { [0.0f64, 2.0f64, 0.0f64] [3.0f64, 1.0f64] }
entry scattered (xs: []f64) (vs: []f64) =
  vjp (\(xs, vs) -> let ys = scatter (copy xs) [2, 0] vs
                    in ys[0] + 2 * ys[1] + 3 * ys[2]) (xs, vs) 1

-- Several results, each with its own cotangent: 2x + 2 * 3.
-- ==
-- entry: two_results
-- input { 2.0f64 }
-- output { 10.0f64 }
entry two_results (x: f64) = vjp (\x -> (x * x, 3 * x)) x (1, 2)

-- Falls back to forward mode: a scan whose operator is not +.
-- x0 + x0 x1 + x0 x1 x2.
-- ==
-- entry: product_scan
-- input { [1.0f64, 2.0f64, 3.0f64] }
-- output { [9.0f64, 4.0f64, 2.0f64] }
entry product_scan (xs: []f64) = vjp (\xs -> f64.sum (scan (*) 1 xs)) xs 1

-- Falls back to forward mode: an integer made from the argument flows
-- back into a float, and carries forward mode's integer tangent.
-- ==
-- entry: through_integer
-- input { 2.5f64 }
-- output { 2.0f64 }
entry through_integer (x: f64) = vjp (\x -> f64.i64 (i64.f64 x) + x) x 1
