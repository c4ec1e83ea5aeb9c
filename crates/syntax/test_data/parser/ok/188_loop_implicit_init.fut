-- Loops whose initial value comes from a variable of the same name.
def count_up (n: i32) =
  let x = 0
  in loop x for i < n do x + 1
def twice (xs: *[]i32) =
  loop xs for i < 2 do map (* 2) xs
def pair_state (a: i32) (b: i32) =
  loop (a, b) while a < 100 do (a + b, b)
