-- A map in a for loop.
-- ==
-- input { 3i64 [1, 2] } output { [8, 16] }
-- structure { /Loop 1 Loop/ForLoop 1 Loop/WhileLoop 0 /Loop/Screma 1 /Screma 0 }

def main (n: i64) (xs: []i32) : []i32 =
  loop xs for _i < n do map (* 2) xs
