-- Loops over tuple-valued state.
def fib (n: i32) =
  let (a, _) = loop (a, b) = (0, 1) for _i < n do (b, a + b)
  in a
def minmax (xs: []i32) =
  loop (lo, hi) = (i32.highest, i32.lowest) for x in xs do
    (i32.min lo x, i32.max hi x)
