-- One match case returns a bool while the others return i64.
-- ==
-- error: Cases of match-expression differ in type
def f (o: #a | #b | #c) =
  match o
  case #a -> 1i64
  case #b -> 2i64
  case #c -> true
