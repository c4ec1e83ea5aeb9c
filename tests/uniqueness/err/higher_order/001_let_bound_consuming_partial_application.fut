-- A partial application that consumes may not be bound by `let`.
-- ==
-- error: (?s)Let-bound expression of higher-order type.*contains consumption

def set (xs: *[]i32) (i: i64) (v: i32) : *[]i32 = xs with [i] = v

def main (xs: *[]i32) : []i32 =
  let at = set xs
  in at 0 1
