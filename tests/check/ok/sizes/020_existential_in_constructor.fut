-- A size computed before the sum type is fixed.
-- ==
type opt 'a = #nothing | #just a

def main (c: bool) (xs: []i32) : opt ([]i32) =
  let ys = filter (> 0) xs
  in if c then #nothing else #just ys

def later (c: bool) (xs: []i32) : opt ([]i32) =
  if c then #just (filter (> 0) xs) else #nothing
