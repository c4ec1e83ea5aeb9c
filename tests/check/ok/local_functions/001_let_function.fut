-- A function defined with let inside an expression.
-- ==
def r =
  let inc (x: i32) = x + 1
  in inc (inc 1)
