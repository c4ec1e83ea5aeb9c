-- A recursive function with a function parameter must call itself with
-- every argument.
-- ==
-- error: not fully saturated
def fold_n (k: i64) (step: f32 -> f32) (acc: f32) : f32 =
  if k <= 0 then acc
  else let next = fold_n (k - 1) step
       in next (step acc)
