-- Local bindings with let ... in.
def hyp (a: f32) (b: f32) =
  let a2 = a * a
  in let b2 = b * b
  in f32.sqrt (a2 + b2)
def inline_let (x: i32) = let y = x + 1 in y * y
def nested (x: i32) = let a = (let b = x * 2 in b + 1) in a - 1
