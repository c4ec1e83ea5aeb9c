-- A local function is applied to an argument of the wrong type.
-- ==
-- error: Cannot apply "neg" to "x" \(invalid type\)
def f (x: i32) =
  let neg (b: bool) = !b
  in neg x
