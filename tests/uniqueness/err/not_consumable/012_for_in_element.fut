-- The element of a `for`-`in` loop may not be consumed.
-- ==
-- error: Consuming variable "row", which is not consumable
-- related: element of the array

def main (m: [][]i32) : i32 =
  loop s = 0 for row in m do
    let row[0] = s
    in s + row[0]
