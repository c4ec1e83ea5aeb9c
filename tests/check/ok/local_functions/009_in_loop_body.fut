-- A local function defined inside a loop body.
-- ==
def run (n: i32) =
  loop x = 1f64 for i < n do
    let step (y: f64) = y + f64.i32 i
    in step (step x)
