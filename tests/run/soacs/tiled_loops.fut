-- Two-dimensional maps whose points run loops reading a row of one
-- array and a column of another (matrix products and their kind), which
-- device back ends run in work-groups that load what the loops read
-- into local memory together. Each result is checked against the same
-- computation as a one-dimensional map over the points, which is not
-- tiled; the products are in functions of their own, so that they do not
-- fuse with the checks.

def matrix (n: i64) (m: i64) (seed: i64) : [n][m]i64 =
  tabulate_2d n m (\i j -> (i * 7 + j * 13 + seed) % 19 - 9)

-- The points of an n by m space, computed one by one.
def by_points 't (n: i64) (m: i64) (f: i64 -> i64 -> t) : [n][m]t =
  unflatten (tabulate (n * m) (\p -> f (p / m) (p % m)))

def same [n][m] (xs: [n][m]i64) (ys: [n][m]i64) =
  and (map2 (\x y -> and (map2 (==) x y)) xs ys)

-- ==
-- entry: products
-- input { 37i64 19i64 70i64 } output { true }
-- input { 64i64 64i64 64i64 } output { true }
-- input { 130i64 33i64 9i64 } output { true }
-- input { 8i64 1i64 200i64 } output { true }
-- input { 5i64 10i64 300i64 } output { true }
-- input { 0i64 5i64 20i64 } output { true }
-- input { 20i64 0i64 20i64 } output { true }
#[noinline]
def product [n][k][m] (a: [n][k]i64) (b: [k][m]i64) : [n][m]i64 =
  map (\row -> map (\col -> i64.sum (map2 (*) row col)) (transpose b)) a

entry products (n: i64) (k: i64) (m: i64) =
  let (a, b) = (matrix n k 1, matrix k m 2)
  in same (product a b)
          (by_points n m (\r c -> loop acc = 0 for i < k do acc + a[r, i] * b[i, c]))

-- The second matrix given transposed, with a value of the point's own
-- read before the loop (as in SGEMM).
-- ==
-- entry: transposed
-- input { 37i64 19i64 70i64 } output { true }
-- input { 100i64 40i64 65i64 } output { true }
-- input { 3i64 40i64 65i64 } output { true }
#[noinline]
def scaled_product [n][k][m] (alpha: i64) (beta: i64) (a: [n][k]i64) (bt: [m][k]i64) (c: [n][m]i64) =
  map2 (\a_row c_row ->
          map2 (\b_row x -> alpha * i64.sum (map2 (*) a_row b_row) + beta * x) bt c_row)
       a c

entry transposed (n: i64) (k: i64) (m: i64) =
  let (a, bt, c) = (matrix n k 3, matrix m k 4, matrix n m 5)
  in same (scaled_product 3 (-2) a bt c)
          (by_points n m (\r j -> 3 * (loop acc = 0 for i < k do acc + a[r, i] * bt[j, i]) - 2 * c[r, j]))

-- A loop body with a branch and a read that no tile serves (the same
-- element for every point).
-- ==
-- entry: branchy
-- input { 37i64 19i64 70i64 } output { true }
-- input { 70i64 50i64 17i64 } output { true }
#[noinline]
def branchy_product [n][k][m] (a: [n][k]i64) (b: [k][m]i64) (w: [k]i64) : [n][m]i64 =
  tabulate_2d n m (\r c ->
                     loop acc = 0 for i < k do
                       if a[r, i] > 0 then acc + a[r, i] * b[i, c] + w[i] else acc - b[i, c])

entry branchy (n: i64) (k: i64) (m: i64) =
  let (a, b, w) = (matrix n k 6, matrix k m 7, map (* 3) (iota k))
  in same (branchy_product a b w)
          (by_points n m (\r c ->
                            loop acc = 0 for i < k do
                              if a[r, i] > 0 then acc + a[r, i] * b[i, c] + w[i] else acc - b[i, c]))

-- Two loops, the second starting from the first's result.
-- ==
-- entry: two_loops
-- input { 37i64 19i64 70i64 } output { true }
#[noinline]
def two_products [n][k][m] (a: [n][k]i64) (b: [k][m]i64) (d: [n][k]i64) : [n][m]i64 =
  tabulate_2d n m (\r c ->
                     let s = loop acc = 0 for i < k do acc + a[r, i] * b[i, c]
                     in loop acc = s for i < k do i64.max acc (d[r, i] - b[i, c]))

entry two_loops (n: i64) (k: i64) (m: i64) =
  let (a, b, d) = (matrix n k 8, matrix k m 9, matrix n k 10)
  in same (two_products a b d)
          (by_points n m (\r c ->
                            let s = loop acc = 0 for i < k do acc + a[r, i] * b[i, c]
                            in loop acc = s for i < k do i64.max acc (d[r, i] - b[i, c])))

-- A failure after the loop, at some points only.
-- ==
-- entry: failing
-- input { 37i64 19i64 70i64 100i64 } error: out of bounds
-- input { 37i64 19i64 70i64 1000000i64 } output { 37i64 }
#[noinline]
def failing_product [n][k][m] (limit: i64) (a: [n][k]i64) (b: [k][m]i64) : [n][m]i64 =
  tabulate_2d n m (\r c ->
                     let s = loop acc = 0 for i < k do acc + a[r, i] * b[i, c]
                     in if s > limit then a[r, k + s % 2] else s)

entry failing (n: i64) (k: i64) (m: i64) (limit: i64) =
  length (failing_product limit (matrix n k 11) (matrix k m 12))
