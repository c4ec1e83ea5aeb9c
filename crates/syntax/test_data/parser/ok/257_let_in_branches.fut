-- let inside if branches and if inside let bindings.
def f (b: bool) (x: i32) =
  if b
  then let y = x + 1 in y * y
  else let z = x - 1
       let w = z * 2
       in w
def g (x: i32) =
  let sign = if x < 0 then -1 else 1
  let mag = if x < 0 then -x else x
  in sign * mag
