-- split after a size coercion to the form [n + m].
-- ==
-- entry: splitting
-- input { 1i64 [10i32, 20i32, 30i32] }
-- output { [10i32] [20i32, 30i32] 1i64 2i64 }
-- input { 3i64 [10i32, 20i32, 30i32] }
-- output { [10i32, 20i32, 30i32] empty([0]i32) 3i64 0i64 }
-- input { 0i64 [10i32, 20i32, 30i32] }
-- output { empty([0]i32) [10i32, 20i32, 30i32] 0i64 3i64 }

-- ==
-- entry: halves
-- input { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
-- output { [5i32, 7i32, 9i32] }

entry splitting [n] (k: i64) (xs: [n]i32) =
  let (a, b) = split (xs :> [k + (n - k)]i32)
  in (a, b, length a, length b)

entry halves (xs: [6]i32) =
  let (a, b) = split (xs :> [3 + 3]i32)
  in map2 (+) a b
