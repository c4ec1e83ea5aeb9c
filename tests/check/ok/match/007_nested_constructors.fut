-- Matching nested constructors of an option of an option.
-- ==
type opt 'a = #some a | #none
def flatten_opt (x: opt (opt i32)) : opt i32 =
  match x
  case #some (#some v) -> #some v
  case #some #none -> #none
  case #none -> #none
