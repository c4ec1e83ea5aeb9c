-- Destructuring a tuple with a let pattern.
-- ==
def divmod (x: i32) (y: i32) = (x / y, x % y)
def recombine (x: i32) (y: i32) =
  let (q, r) = divmod x y
  in q * y + r
