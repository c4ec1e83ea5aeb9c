-- A loop body may observe arrays bound outside.
-- ==

def main (xs: []i32) : []i32 =
  loop acc = replicate (length xs) 0 for i < length xs do
    acc with [i] = xs[i] * 2
