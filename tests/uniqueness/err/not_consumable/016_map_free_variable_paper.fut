-- The second example of figure 7 of the PLDI'17 paper: `d` is not a
-- parameter of the lambda.
-- ==
-- error: Consuming variable "d", which is not consumable

def main (n: i64) (m: i64) : [][]i32 =
  let d = replicate m 0i32
  in map (\i -> d with [i] = 2) (iota n)
