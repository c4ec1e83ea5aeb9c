-- Consuming in one branch and observing in the other is fine.
-- ==

def consume (xs: *[]i32) : i32 = xs[0]

def main (b: bool) (xs: *[]i32) : i32 =
  if b then consume xs else xs[1]
