-- | The documented entry point.
#[noinline]
entry documented (x: i32) : i32 = x + 1

-- | An entry with a doc comment and a compound attribute.
#[tuning(threads, 128)]
entry tuned [n] (xs: [n]f32) : f32 = f32.sum xs
