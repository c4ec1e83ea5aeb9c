-- A loop parameter whose type is only later found to be a function.
-- ==
-- error: Loop parameter inferred to have type(.|\n)*may not be of function type
def twice_later g =
  let h = loop acc = g for _i < 3 do acc
  in h 1.5f32 + h 2.5f32
