-- A `map` function may not consume a free variable.
-- ==
-- error: Consuming variable "acc", which is not consumable
-- related: bound outside the function

def main (n: i64) : [][]i64 =
  let acc = iota n
  in map (\i -> acc with [i] = 0) (iota n)
