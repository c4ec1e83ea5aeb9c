-- Conditional expressions.
def abs (x: i32) = if x < 0 then -x else x
def sign (x: f32) =
  if x > 0
  then 1
  else -1
def pick (b: bool) (xs: []i32) = if b then xs[0] else 0
