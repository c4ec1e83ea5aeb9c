-- A local function's body does not match its declared return type.
-- ==
-- error: Function body does not have expected type
def f (x: i32) =
  let g (y: i32) : bool = y * 2
  in g x
