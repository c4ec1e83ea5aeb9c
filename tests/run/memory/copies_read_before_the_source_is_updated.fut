-- A copy that is only read, all before its source is updated in place,
-- reads the source itself; one read after the update, or inside the
-- statement that updates the source, keeps its own memory.

-- The copy feeds a reduction; the array is updated after it.
-- ==
-- entry: nearest_first
-- input { [5f32, 1f32, 3f32] 2i64 } output { [1i64, 2i64] }
entry nearest_first [n] (ds: [n]f32) (k: i64) : []i64 =
  let (_, picked) =
    loop (ds, picked) = (copy ds, replicate k 0) for i < k do
      let (j, _) = reduce (\(i, a) (j, b) -> if a <= b then (i, a) else (j, b))
                          (-1, f32.inf)
                          (map2 (\i d -> (i, d)) (iota n) ds)
      in (ds with [j] = f32.inf, picked with [i] = j)
  in picked

-- The copy is read after the update: it must keep the old values.
-- ==
-- entry: read_after
-- input { [1, 2, 3] } output { [1, 4, 6] [0, 2, 3] }
entry read_after (xs: *[]i32) =
  let old = copy xs
  let xs = xs with [0] = 0
  in (map2 (+) xs old, xs)

-- Read by the values of a scatter into the source.
-- ==
-- entry: scattered
-- input { [10, 20, 30] [2i64, 0i64] } output { [31, 20, 11] }
entry scattered (xs: *[]i32) (is: []i64) =
  let old = copy xs
  in scatter xs is (map (\i -> old[2 - i] + 1) is)

-- Read in a branch, updated after it.
-- ==
-- entry: branch
-- input { true [1, 2, 3] } output { 6 [9, 2, 3] }
-- input { false [1, 2, 3] } output { 0 [9, 2, 3] }
entry branch (b: bool) (xs: *[]i32) =
  let s = if b then let c = copy xs in i32.sum c else 0
  in (s, xs with [0] = 9)
