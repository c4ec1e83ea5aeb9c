-- A loop parameter declared with a non-unique type may not be consumed.
-- ==
-- error: Consuming variable "acc", which is not consumable
-- related: loop parameter declared with a non-unique type

def main (n: i64) : []i64 =
  loop (acc: []i64) = replicate n 0 for i < n do
    acc with [i] = i
