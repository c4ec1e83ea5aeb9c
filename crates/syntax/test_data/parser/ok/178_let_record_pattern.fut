-- Destructuring records in let bindings.
type pt = {x: f32, y: f32}
def len (p: pt) =
  let {x, y} = p
  in f32.sqrt (x * x + y * y)
def renamed (p: pt) = let {x = horiz, y = vert} = p in horiz - vert
def partial_pun (r: {a: i32, b: (i32, i32)}) =
  let {a, b = (b0, b1)} = r
  in a + b0 + b1
