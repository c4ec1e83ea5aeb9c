-- A match case uses a variable that the pattern does not bind.
-- ==
-- error: Unknown name "v"
def f (o: #some i32 | #none) =
  match o
  case #some x -> x
  case #none -> v
