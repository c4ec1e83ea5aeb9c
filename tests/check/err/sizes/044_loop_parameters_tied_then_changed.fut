-- The body uses both loop parameters at one size (`map2`), yet returns
-- a new size for one of them while keeping the other's: no single type
-- of the parameters fits every iteration.
-- ==
-- error: Loop body does not have expected type
def grow [n] (a: [n]f32) (b: [n]f32) =
  loop (a, b) for _i < 3 do
    let sums = map2 (+) a b
    in (a, concat sums sums)
