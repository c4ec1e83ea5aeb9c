-- A local function aliases the arrays it refers to.
-- ==
-- error: Using variable "table", but this was consumed

def main (table: *[]i32) (i: i64) : i32 =
  let lookup (j: i64) = table[j] + 1
  let table[0] = 0
  in lookup i
