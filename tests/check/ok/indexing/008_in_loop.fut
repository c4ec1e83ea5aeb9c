-- Indexing with a loop counter.
-- ==
def sum [n] (xs: [n]i32) =
  loop acc = 0 for i < n do acc + xs[i]
