-- A local boolean binding is applied to an argument.
-- ==
-- error: not a function
def f (x: i32) =
  let even = x % 2 == 0
  in even x
