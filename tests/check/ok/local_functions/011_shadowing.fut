-- A local function shadowing a top-level function of the same name.
-- ==
def f (x: i32) = x + 1
def g (x: i32) =
  let f (y: i32) = y * 10
  in f x
