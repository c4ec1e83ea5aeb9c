-- Nor to a size computed from the loop's counter.
-- ==
-- error: "i" is not in scope

def widen (xs: []i64) =
  loop acc = xs for i < 4 do
    map2 (+) acc (iota (i + 1))
