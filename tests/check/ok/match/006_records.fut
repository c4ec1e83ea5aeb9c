-- Matching on a record with literal and variable fields.
-- ==
def describe (r: {x: i32, y: i32}) : i32 =
  match r
  case {x = 0, y} -> y
  case {x, y = 0} -> x
  case {x, y} -> x * y
