-- An explicit existential size quantifier in a return type.
-- ==
def evens [n] (xs: [n]i64) : ?[k].[k]i64 = filter (\x -> x % 2 == 0) xs
def pair_up [n] (xs: [n]i64) : ?[k].([k]i64, [k]i64) =
  let ys = evens xs in (ys, ys)
