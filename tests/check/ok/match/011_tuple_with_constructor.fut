-- Matching a tuple whose first component is a sum value.
-- ==
def combine (p: (#add | #mul, i32, i32)) : i32 =
  match p
  case (#add, a, b) -> a + b
  case (#mul, a, b) -> a * b
