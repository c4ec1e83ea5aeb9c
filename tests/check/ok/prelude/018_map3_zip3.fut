-- map3 over three arrays of equal size.
-- ==
def fma [n] (a: [n]f32) (b: [n]f32) (c: [n]f32) : [n]f32 = map3 (\x y z -> x * y + z) a b c
def triples [n] (a: [n]f32) = zip3 a a a
