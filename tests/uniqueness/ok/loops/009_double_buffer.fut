-- Two buffers swapped in each iteration, one updated.
-- ==

def main (n: i64) (steps: i64) : []f32 =
  let (a, _) = loop (a, b) = (replicate n 0f32, replicate n 1f32) for t < steps do
                 let b[t % n] = a[t % n] + 1
                 in (b, a)
  in a
