-- A size named by a let-bound size expression is that expression outside.
-- ==
def padded (n: i64) : [n + 2]i64 =
  let total = n + 2
  in iota total
