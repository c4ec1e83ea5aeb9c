-- When two branches differ in size, each pair of differing sizes is one
-- unknown size: both arrays of the result still have the same size.
-- ==
def main (c: bool) =
  let (xs, ys) = if c then ([1, 2, 3], [4, 5, 6]) else ([1, 2], [3, 4])
  in zip xs ys
