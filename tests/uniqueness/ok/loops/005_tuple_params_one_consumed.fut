-- Only the consumed loop parameter consumes its initial value.
-- ==

def main (xs: []i32) (n: i64) : ([]i32, i32) =
  let (ys, s) = loop (acc, s) = (copy xs, 0) for i < n do
                  (acc with [i] = s, s + xs[i])
  in (ys, s + xs[0])
