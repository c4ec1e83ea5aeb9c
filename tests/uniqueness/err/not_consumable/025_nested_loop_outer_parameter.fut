-- An inner loop may not consume the outer loop's parameter (it is free in
-- the inner loop's body).
-- ==
-- error: Consuming variable "acc", which is not consumable

def main (n: i64) : []i64 =
  loop acc = iota n for i < n do
    let s = loop s = 0i64 for j < n do
              let acc[j] = s
              in s + 1
    in acc with [i] = s
