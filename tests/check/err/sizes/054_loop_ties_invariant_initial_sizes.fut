-- A loop body that adds two parameters elementwise and gives both back
-- unchanged needs their initial values to have one size.
-- ==
-- error: keeps an initial value's size "4" but needs it to be "3"

def sums (n: i64) =
  loop (xs, ys) = (iota 3, iota 4) for _i < n do
    let total = map2 (+) xs ys
    in (xs, ys)
