-- A match expression returns functions from its cases.
-- ==
-- error: may not be of function type
def op (c: #add | #mul) =
  match c
  case #add -> (\(a: i32) (b: i32) -> a + b)
  case #mul -> (\(a: i32) (b: i32) -> a * b)
