-- The body makes the loop's two array sizes equal (and changes them),
-- but the initial value's sizes differ.
-- ==
-- error: Initial loop values do not have expected type

def shrink [r] [c] (grid: [r][c]i32) : [][]i32 =
  loop g = grid for _i < 3 do
    let h = map2 (map2 (+)) g (transpose g)
    in h[1:, 1:]
