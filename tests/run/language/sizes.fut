-- Size-dependent types: existential result sizes, sizes computed from
-- parameters (n + n), explicit size parameters used as values.
-- ==
-- entry: main
-- input { [1i32, 2i32, 4i32, 7i32, 8i32] }
-- output { [2i32, 4i32, 8i32] 3i64 [2i32, 4i32, 8i32, 0i32, 0i32] }
-- input { [1i32] }
-- output { empty([0]i32) 0i64 [0i32, 0i32] }

-- ==
-- entry: doubled
-- input { [1i32, 2i32] }
-- output { [1i32, 2i32, 1i32, 2i32] 4i64 }

-- ==
-- entry: like
-- input { [true, false, true] }
-- output { [0i32, 0i32, 0i32] }

-- Existential sizes: functions whose result size is not known in advance.
def evens (xs: []i32) : ?[k].[k]i32 = filter (\x -> x % 2 == 0) xs

def pad_to [n] (m: i64) (xs: [n]i32) : [m]i32 = map (\i -> if i < n then xs[i] else 0) (iota m)

def main (xs: []i32) =
  let ys = evens xs
  let k = length ys
  in (ys, k, pad_to (k + 2) ys)

-- Sizes flow from parameters to results.
def dup [n] (xs: [n]i32) : [n + n]i32 = xs ++ xs

entry doubled (xs: []i32) = (dup xs, length (dup xs))

-- Size arguments bound explicitly from the type of another argument.
def zeros_like [n] 't (_: [n]t) : [n]i32 = replicate n 0

entry like (bs: []bool) = zeros_like bs
