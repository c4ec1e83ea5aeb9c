-- Maps whose input cannot give up its memory: it is not consumed, it
-- is used after the map, or the map reads other elements of it. Each
-- entry point keeps its map's allocation (the structure counts all
-- three).
-- ==
-- entry: not_consumed
-- input { [1, 2, 3] }
-- output { [2, 3, 4] [1, 2, 3] }
-- structure mc-mem { Alloc 3 }

-- ==
-- entry: used_after
-- input { [1, 2, 3] }
-- output { [2, 3, 4] 6 }

-- ==
-- entry: reads_neighbours
-- input { [1, 2, 3] }
-- output { [3, 5, 3] }

entry not_consumed [n] (xs: [n]i32) = (map (+ 1) xs, xs)

entry used_after [n] (xs: *[n]i32) =
  let ys = map (+ 1) xs
  in (ys, reduce (+) 0 xs)

entry reads_neighbours [n] (xs: *[n]i32) : *[n]i32 =
  map (\i -> xs[i] + (if i + 1 < n then xs[i + 1] else 0)) (iota n)
