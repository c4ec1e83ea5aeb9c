-- Tuples: construction, patterns (nested, wildcards), projection .0 .1,
-- update with `with 1 =`, tuples as records, arrays of tuples.
-- ==
-- entry: main
-- input { 1i32 2.5f64 }
-- output { 2i32 5.0f64 false 2.5f64 1i32 true }
-- input { -3i32 -0.5f64 }
-- output { -2i32 -1.0f64 false -0.5f64 -3i32 true }

-- ==
-- entry: nested
-- input { 2i32 }
-- output { 8i32 [2i32] 6i32 3i32 }
-- input { 0i32 }
-- output { 0i32 [0i32] 0i32 1i32 }

-- ==
-- entry: update
-- input { 5i32 }
-- output { 5i32 99i32 true }

-- ==
-- entry: arrays
-- input { [1i32, 2i32, 3i32] [true, false, true] }
-- output { [1i32, 2i32, 3i32] [1i32, -2i32, 3i32] }

-- ==
-- entry: wildcard
-- input { [1i32, 2i32] }
-- output { [10i32, 20i32] }

def swap 'a 'b (x: a, y: b) = (y, x)

def main (a: i32) (b: f64) =
  let t = (a, b, true)
  let (x, y, z) = t
  in (t.0 + 1, t.1 * 2, !t.2, swap (x, y), z)

entry nested (a: i32) =
  let t = ((a, a + 1), (a * 2, (a * 3, [a])))
  let ((p, _), (_, (q, r))) = t
  in (p + q, r, t.1.1.0, (t.0).1)

entry update (a: i32) =
  -- Tuples are records with fields 0, 1, ...
  let t = (a, a)
  let t2 = t with 1 = 99
  in (t2.0, t2.1, {0 = a, 1 = true}.1)

entry arrays (ys: []i32) (bs: []bool) =
  let xs = zip ys bs
  in (map (.0) xs, map (\(x, b) -> if b then x else -x) xs)

entry wildcard (xs: []i32) = map (\(_, x) -> x) (zip xs (map (* 10) xs))
