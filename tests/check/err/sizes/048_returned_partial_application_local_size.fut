-- A returned function's parameter has the size of a local binding
-- that is not a plain i64 name, which is unknown to every caller:
-- the definition's type cannot be generalised.
-- ==
-- error: Cannot generalise type of "pairer"
def pairer (k: i64) =
  let (len, _) = (k * 2, k)
  in (len, zip (replicate len 0f32))
