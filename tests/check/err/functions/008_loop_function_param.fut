-- A loop parameter holds a function.
-- ==
-- error: may not be of function type
def compose_n (n: i32) =
  loop f = (\(x: i32) -> x) for i < n do (\(x: i32) -> f x + 1)
