-- The branches of a conditional are not ordered: a constructor in one
-- branch cannot use a size computed in the other.
-- ==
-- error: Causality check
type opt 'a = #nothing | #just a

def main (c: bool) (xs: []i32) : opt ([]i32) =
  if c then #just (filter (> 0) xs) else #nothing
