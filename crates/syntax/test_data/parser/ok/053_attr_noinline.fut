-- The noinline attribute on functions and an entry point.
#[noinline]
def expensive (xs: []f32) = f32.sum (map f32.exp xs)

#[noinline] entry run (xs: []f32) = expensive xs
