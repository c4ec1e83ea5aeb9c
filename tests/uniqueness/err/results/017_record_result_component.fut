-- Per field of a record result.
-- ==
-- error: Unique-typed return value is aliased to "ys", which is not consumable

def main (xs: []i32) (ys: []i32) : {a: []i32, b: *[]i32} =
  {a = xs, b = ys}
