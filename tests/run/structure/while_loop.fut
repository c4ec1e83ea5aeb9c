-- A while loop: its condition and body are in the loop.
-- ==
-- input { 100 } output { 6 }
-- structure { WhileLoop 1 ForLoop 0 Loop/BinOp 1 Loop/CmpOp 1 }

def main (x: i32) : i32 =
  loop x while x > 10 do x / 2
