-- A local boolean binding is applied to an argument.
-- ==
-- error: Cannot apply "even" as function, as it has non-function type
def f (x: i32) =
  let even = x % 2 == 0
  in even x
