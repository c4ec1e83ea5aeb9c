-- A recursive function with a function parameter may not be used unapplied.
-- ==
-- error: higher-order parameter
def loop_f (op: i64 -> i64) (k: i64) : i64 =
  if k == 0 then 0 else let again = loop_f in again op (k - 1)
