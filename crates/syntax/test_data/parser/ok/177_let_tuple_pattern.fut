-- Destructuring tuples in let bindings.
def swap_sum (p: (i32, i32)) =
  let (a, b) = p
  in b - a
def nested (t: ((i32, i32), i32)) =
  let ((x, y), z) = t
  let (_, w) = (z, x)
  in x + y + z + w
def typed (p: (f32, f32)) = let (a: f32, b) = p in a * b
