-- A loop parameter initialised from the variable of the same name.
-- ==
def pow2 (k: i32) =
  let x = 1i64
  in loop x for _i < k do x * 2
