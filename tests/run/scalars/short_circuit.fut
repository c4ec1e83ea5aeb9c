-- && and || evaluate their right operand only when needed.
-- ==
-- input { 0i32 [1, 2] }
-- output { false true true false }
-- input { 3i32 [1, 2] }
-- output { true true false true }
-- input { 1i32 [1, -2] }
-- output { true true false true }
-- input { -1i32 [1, 2] }
-- output { false false false false }

-- The right operand must not be evaluated when the left decides the result.
def main (x: i32) (xs: []i32) =
  ( x != 0 && 10 / x > 2
  , x == 0 || 10 / x > 2
  , x >= 0 && x < i32.i64 (length xs) && xs[x] > 0
  , if x > 0 then true else false
  )
