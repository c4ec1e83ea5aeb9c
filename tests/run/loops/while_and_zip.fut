-- for-in loops over zipped arrays with tuple patterns, nested loops inside
-- while loops, a while loop whose condition is computed from array state.
-- ==
-- entry: zipped
-- input { [1i32, 2i32, 3i32] [4i32, 0i32, 1i32] }
-- output { 7i32 -12i32 }
-- input { empty([0]i32) empty([0]i32) }
-- output { 0i32 1i32 }

-- ==
-- entry: bubble
-- input { [3i32, 1i32, 2i32] }
-- output { [1i32, 2i32, 3i32] 2i32 }
-- input { [1i32, 2i32, 3i32] }
-- output { [1i32, 2i32, 3i32] 1i32 }
-- input { [5i32, 4i32, 3i32, 2i32, 1i32] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32] 5i32 }
-- input { empty([0]i32) }
-- output { empty([0]i32) 1i32 }

-- ==
-- entry: halving
-- input { 1i64 }
-- output { 1i64 0i32 }
-- input { 16i64 }
-- output { 1i64 4i32 }
-- input { 100i64 }
-- output { 1i64 6i32 }

-- Loops over zipped arrays with tuple patterns; while loops whose condition
-- depends on array state (bubble sort until no swaps happen).
entry zipped (xs: []i32) (ys: []i32) =
  loop (s, p) = (0, 1) for (x, y) in zip xs ys do (s + x * y, p * (x - y))

entry bubble [n] (xs: [n]i32) : ([n]i32, i32) =
  let (ys, _, passes) =
    loop (ys, swapped, passes) = (copy xs, true, 0) while swapped do
      let (ys, swapped) =
        loop (ys, sw) = (ys, false) for i < n - 1 do
          if ys[i] > ys[i + 1]
          then let a = ys[i]
               let b = ys[i + 1]
               in (ys with [i] = b with [i + 1] = a, true)
          else (ys, sw)
      in (ys, swapped, passes + 1)
  in (ys, passes)

entry halving (x: i64) =
  loop (x, steps) = (x, 0i32) while x > 1 do (x / 2, steps + 1)
