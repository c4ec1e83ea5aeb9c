-- A local function with a return type annotation.
-- ==
def f (x: i64) =
  let g (y: i64) : (i64, bool) = (y * 2, y > 0)
  in (g x).0 + (g (-x)).0
