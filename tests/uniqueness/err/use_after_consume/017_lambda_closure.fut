-- A lambda aliases the arrays it refers to.
-- ==
-- error: Using variable "table", but this was consumed.*Possibly through aliases

def main (table: *[]i32) (i: i64) : i32 =
  let lookup = \(j: i64) -> table[j]
  let table[0] = 0
  in lookup i
