-- A partial application that observes may be bound and reused.
-- ==

def at (xs: []i32) (i: i64) : i32 = xs[i]

def main (xs: []i32) : (i32, i32) =
  let get = at xs
  in (get 0, get 1)
