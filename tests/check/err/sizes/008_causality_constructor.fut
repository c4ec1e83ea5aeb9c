-- A sum type fixed by an earlier branch may not take a size computed in a
-- later one.
-- ==
-- error: Causality check
type opt 'a = #nothing | #just a

def main (c: bool) (xs: []i32) : opt ([]i32) =
  if c then #nothing else #just (filter (> 0) xs)
