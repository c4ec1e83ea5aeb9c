-- A loop body may not consume a variable bound outside the loop.
-- ==
-- error: Consuming variable "tmp", which is not consumable
-- related: bound outside the loop

def main (n: i64) : []i64 =
  let tmp = iota n
  in loop acc = replicate n 0 for i < n do
       let tmp[i] = acc[i]
       in acc
