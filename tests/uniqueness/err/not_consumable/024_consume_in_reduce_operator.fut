-- The operator of a `reduce` may not consume a free variable.
-- ==
-- error: Consuming variable "scratch", which is not consumable

def consume (xs: *[]i32) : i32 = xs[0]

def main (scratch: *[]i32) (xs: []i32) : i32 =
  reduce (\a b -> a + b + consume scratch) 0 xs
