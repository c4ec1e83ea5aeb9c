-- The size of `iota (i64.sum ks)` is named by that expression: it is not
-- the size `m` of the other parameter, whatever the values at run time.
-- ==
-- error: Sizes "m" and .* do not match
def scale [m] (ks: [m]i64) (ws: [m]f32) : [m]f32 =
  map2 (*) ws (map f32.i64 (iota (i64.sum ks)))
