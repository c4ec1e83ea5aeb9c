-- A size computed before the sum type is fixed.
-- ==
type opt 'a = #nothing | #just a

def main (c: bool) (xs: []i32) : opt ([]i32) =
  let ys = filter (> 0) xs
  in if c then #nothing else #just ys

-- A match's scrutinee is evaluated before its cases.
def scrutinised (c: bool) (xs: []i32) : opt ([]i32) =
  match (c, filter (> 0) xs)
  case (true, ys) -> #just ys
  case _ -> #nothing
