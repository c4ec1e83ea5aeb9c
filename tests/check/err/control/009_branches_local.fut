-- A local function's if-branches return a bool and a u8.
-- ==
-- error: Branches of if-expression differ in type
def g (x: u8) =
  let h (b: bool) = if b then b else x
  in h true
