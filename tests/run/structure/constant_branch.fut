-- The simplifier folds the arithmetic on constants, the identity and
-- the branch on a constant away; the gpu pipeline makes no kernel of
-- one thread (`GPUBody`) for what is left.
-- ==
-- input { 5 } output { 5 }
-- structure { BinOp 0 CmpOp 0 If 0 }
-- structure gpu { GPUBody 0 }

def main (x: i32) : i32 =
  let k = 2 * 3 - 6
  in if k == 0 then x + k else x - 1
