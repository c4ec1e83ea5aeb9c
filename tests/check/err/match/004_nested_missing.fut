-- A match on an option of an option misses the inner #none.
-- ==
-- error: Unmatched cases in match expression
type opt 'a = #some a | #none
def f (x: opt (opt i32)) : i32 =
  match x
  case #some (#some v) -> v
  case #none -> 0
