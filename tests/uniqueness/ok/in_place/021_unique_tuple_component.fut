-- The unique component of a tuple parameter may be consumed.
-- ==

def main (t: ([]i32, *[]i32)) : []i32 =
  let (a, b) = t
  let b[0] = a[0]
  in b
