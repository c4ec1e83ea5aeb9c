-- An element of a map's result read once, where the map is computed, is
-- its lambda applied to that row of the inputs: the rest of the map is
-- never computed, and the concatenation is indexed away. Out of bounds,
-- the index fails as it would have on the whole result.
-- ==
-- input { [[1, 2], [3, 4]] [[5], [6]] 1i64 2i64 } output { 6 }
-- input { [[1, 2], [3, 4]] [[5], [6]] 0i64 1i64 } output { 2 }
-- input { [[1, 2], [3, 4]] [[5], [6]] 0i64 3i64 }
-- error: Index \[0, 3\] out of bounds for array of shape \[2\]\[3\]
-- structure { Concat 0 Screma 0 }

def main [n] [a] [b] (xss: [n][a]i32) (yss: [n][b]i32) (i: i64) (j: i64) : i32 =
  let rows = map2 (\xs ys -> xs ++ ys) xss yss
  in rows[i, j]
