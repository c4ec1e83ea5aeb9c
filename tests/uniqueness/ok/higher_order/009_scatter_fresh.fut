-- `scatter` into a fresh array.
-- ==

def main (n: i64) (is: []i64) (vs: []f32) : []f32 =
  scatter (replicate n 0) is vs
