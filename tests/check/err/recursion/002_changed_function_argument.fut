-- The function parameter of a recursive call must be passed on as it is.
-- ==
-- error: passed unchanged
def walk (visit: i32 -> i32) (depth: i32) : i32 =
  if depth == 0 then visit 0
  else walk (\v -> visit (v + depth)) (depth - 1)
