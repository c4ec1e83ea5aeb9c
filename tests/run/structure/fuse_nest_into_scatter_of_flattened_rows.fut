-- A scatter of flattened arrays that a map nest makes goes over their
-- rows, each row writing a block, and the nest fuses into it: no
-- flattening is left, and the rows are never stored. In `reversed`
-- each row is computed by a loop, so the nest cannot be flattened
-- instead; indices outside the destination are ignored. In `pairs` the
-- destination's elements are rows (the one reshape left is the entry
-- point's coercion of `xsss` to the sizes its type names). In `halves`
-- the scatter goes over concatenations of two flattened arrays: each
-- row writes two blocks.
-- ==
-- entry: reversed
-- input { [9, 9, 9, 9, 9, 9] [[1, 2, 3], [4, 5, 6]] 0i64 }
-- output { [3, 2, 1, 6, 5, 4] }
-- input { [9, 9, 9, 9, 9, 9] [[1, 2, 3], [4, 5, 6]] 2i64 }
-- output { [9, 9, 3, 2, 1, 6] }
-- input { [9, 9, 9, 9, 9, 9] [[1, 2, 3], [4, 5, 6]] -4i64 }
-- output { [5, 4, 9, 9, 9, 9] }
-- input { empty([0]i32) empty([0][3]i32) 0i64 }
-- output { empty([0]i32) }
-- input { empty([0]i32) empty([2][0]i32) 0i64 }
-- output { empty([0]i32) }
-- structure { /WithAcc 3 /WithAcc/Screma/Loop 1 /WithAcc/Screma/Screma 3 Reshape 1 }

def reverse_by_loop [n] (row: [n]i32) : [n]i32 =
  loop acc = copy row
  for i < n / 2 do
    let t = acc[i]
    let acc[i] = acc[n - 1 - i]
    let acc[n - 1 - i] = t
    in acc

entry reversed [m][n] (dest: *[m * n]i32) (xss: [m][n]i32) (shift: i64) : *[m * n]i32 =
  let (is, rows) =
    unzip (map2 (\r row -> (map (\j -> r * n + j + shift) (iota n), reverse_by_loop row))
                (iota m)
                xss)
  in scatter dest (flatten is) (flatten rows)

-- ==
-- entry: pairs
-- input { [[0f32, 0f32], [0f32, 0f32], [0f32, 0f32], [0f32, 0f32]] [[3i64, 1i64], [0i64, 7i64]] [[[1f32, 2f32], [3f32, 4f32]], [[5f32, 6f32], [7f32, 8f32]]] }
-- output { [[10f32, 12f32], [6f32, 8f32], [0f32, 0f32], [2f32, 4f32]] }
-- input { [[5f32, 5f32]] empty([0][4]i64) empty([0][4][2]f32) }
-- output { [[5f32, 5f32]] }

entry pairs [k][m][n][d] (dest: *[k][d]f32) (iss: [m][n]i64) (xsss: [m][n][d]f32) : *[k][d]f32 =
  let vss = map (map (map (* 2))) xsss
  in scatter dest (flatten iss) (flatten vss)

-- ==
-- entry: halves
-- input { [0, 0, 0, 0, 0, 0, 0, 0] [[1, 2], [3, 4]] }
-- output { [2, 3, 4, 5, -1, -2, -3, -4] }
-- input { empty([0]i32) empty([0][0]i32) }
-- output { empty([0]i32) }

entry halves [m][n] (dest: *[2 * (m * n)]i32) (xss: [m][n]i32) : *[2 * (m * n)]i32 =
  let (is, vs) = unzip (map2 (\r row -> unzip (map2 (\j x -> (r * n + j, x + 1)) (iota n) row)) (iota m) xss)
  let (js, ws) = unzip (map2 (\r row -> unzip (map2 (\j x -> (m * n + r * n + j, -x)) (iota n) row)) (iota m) xss)
  in scatter dest (flatten is ++ flatten js) (flatten vs ++ flatten ws)
