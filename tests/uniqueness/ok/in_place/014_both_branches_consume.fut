-- Each branch may consume on its own path.
-- ==

def consume (xs: *[]i32) : i32 = xs[0]

def main (b: bool) (xs: *[]i32) : i32 =
  if b then consume xs else consume xs + 1
