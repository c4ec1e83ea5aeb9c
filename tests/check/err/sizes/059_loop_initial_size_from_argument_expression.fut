-- The size of `double_len (i64.i32 k)` is computed from the size given by
-- the argument `i64.i32 k`, an expression sizes cannot express: messages
-- name that size by the expression.
-- ==
-- error: needs it to be "\(i64\.i32 k\) \* 2"

def double_len (k: i64) = let n = k * 2 in replicate n 1f32

entry main (k: i32) =
  let xs = double_len (i64.i32 k)
  let n = i64.i32 k * 2
  in loop acc = replicate n 0f32 for _i < 2 do map2 (+) acc xs
