-- A loop body built from let-bindings.
-- ==
def iter (n: i32) (x0: f64) =
  loop x = x0 for _i < n do
    let y = x * x
    let z = y - 2
    in x - z / (2 * x)
