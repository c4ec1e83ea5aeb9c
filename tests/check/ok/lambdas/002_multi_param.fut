-- A lambda of several parameters passed to map2.
-- ==
def lerp [n] (t: f32) (a: [n]f32) (b: [n]f32) = map2 (\x y -> x + t * (y - x)) a b
