-- The cases of a match are not ordered: a hole in one case cannot have a
-- size computed in another.
-- ==
-- error: Causality check
def main (k: i32) (xs: []i32) =
  match k
  case 0 -> ???
  case _ -> filter (> k) xs
