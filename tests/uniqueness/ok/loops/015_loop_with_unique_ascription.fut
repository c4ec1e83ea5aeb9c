-- A unique loop parameter with a fresh initial value.
-- ==

def main (n: i64) : []f32 =
  loop (xs: *[]f32) = replicate n 0 for i < n do
    let xs[i] = f32.i64 i
    in xs
