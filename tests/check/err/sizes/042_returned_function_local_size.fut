-- The size of a returned function's parameter names a local variable,
-- which is unknown outside the definition.
-- ==
-- error: Unknown size.*in parameter
def checker (k: i64) =
  let m = i64.max k 1
  in \(xs: [m]i32) -> i32.sum xs
