-- Segmented reductions (a map whose body is a reduction), which device
-- back ends run with one work-item per segment when there are many
-- segments and with work-groups per segment when there are few: a
-- non-commutative operator, several accumulators, nests of maps, empty
-- segments and spaces, and a failure inside the reduced map. Each
-- result is checked against a sequential loop (the reductions are in
-- functions of their own, so that they do not fuse with the checks).

-- Composition of affine functions, associative but not commutative.
def compose (a1: i64, b1: i64) (a2: i64, b2: i64) = (a1 * a2, a2 * b1 + b2)

def affine (i: i64) (j: i64) : (i64, i64) = (if (i + j) % 1000 == 7 then 3 else 1, (i * j) % 13)

def affine_loop (i: i64) (m: i64) =
  loop acc = (1, 0) for j < m do compose acc (affine i j)

-- ==
-- entry: affine_rows
-- input { 3i64 50021i64 } output { true }
-- input { 40000i64 3i64 } output { true }
-- input { 5i64 0i64 } output { true }
-- input { 0i64 7i64 } output { true }
#[noinline]
def affine_rows_reduced (n: i64) (m: i64) =
  map (\i -> reduce compose (1, 0) (map (affine i) (iota m))) (iota n)

entry affine_rows (n: i64) (m: i64) =
  let reduced = affine_rows_reduced n m
  in and (map2 (==) reduced (map (\i -> affine_loop i m) (iota n)))

-- ==
-- entry: sums
-- input { 4i64 30011i64 } output { true }
-- input { 50000i64 2i64 } output { true }
def value (i: i64) (j: i64) = f64.i64 ((i * 31 + j) % 1000)

-- With statements after the reductions.
#[noinline]
def sums_reduced (n: i64) (m: i64) =
  map (\i ->
         let xs = map (value i) (iota m)
         let (s, mx) = (reduce (+) 0 xs, reduce f64.max (-f64.inf) xs)
         in (s * 2, mx + f64.i64 i))
      (iota n)

entry sums (n: i64) (m: i64) =
  let reduced = sums_reduced n m
  let looped =
    map (\i ->
           let (s, mx) = loop (s, mx) = (0, -f64.inf) for j < m do (s + value i j, f64.max mx (value i j))
          in (s * 2, mx + f64.i64 i))
        (iota n)
  in and (map2 (==) reduced looped)

-- ==
-- entry: nested
-- input { 2i64 3i64 20011i64 } output { true }
#[noinline]
def nested_reduced (a: i64) (b: i64) (m: i64) =
  map (\i -> map (\k -> i64.sum (map (\j -> (i + k * j) % 7) (iota m))) (iota b)) (iota a)

entry nested (a: i64) (b: i64) (m: i64) =
  let reduced = nested_reduced a b m
  let looped = map (\i -> map (\k -> loop s = 0 for j < m do s + (i + k * j) % 7) (iota b)) (iota a)
  in and (map2 (\r l -> and (map2 (==) r l)) reduced looped)

-- ==
-- entry: checked
-- input { [1, 2, 3] 4i64 20000i64 } error: Index \[3\] out of bounds
entry checked (xs: []i32) (n: i64) (m: i64) =
  map (\i -> i32.sum (map (\j -> xs[if i == 2 && j == m - 5 then 3 else j % 3]) (iota m))) (iota n)

-- ==
-- entry: columns
-- input { 16i64 100003i64 } output { true }
#[noinline]
def column_sums [m] [n] (matrix: [m][n]f32) = map (\col -> f32.sum col) (transpose matrix)

entry columns (n: i64) (m: i64) =
  let matrix = tabulate_2d m n (\i j -> f32.i64 ((i + j) % 10))
  let sums = column_sums matrix
  in and (map (\j -> sums[j] == loop s = 0 for i < m do s + f32.i64 ((i + j) % 10)) (iota n))
