-- A local function with an explicit type parameter.
-- ==
def r =
  let dup 'a (x: a) = (x, x)
  in (dup 1i32, dup true)
