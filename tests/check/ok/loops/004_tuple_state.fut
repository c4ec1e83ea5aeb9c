-- Loop state made of a tuple pattern.
-- ==
def fib (n: i32) : i32 =
  let (a, _) = loop (a, b) = (0, 1) for _i < n do (b, a + b)
  in a
