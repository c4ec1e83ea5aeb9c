-- A recursive function may not return a function.
-- ==
-- error: not first-order
def shifter (k: i32) : i32 -> i32 =
  if k == 0 then \x -> x else \x -> shifter (k - 1) (x + 1)
