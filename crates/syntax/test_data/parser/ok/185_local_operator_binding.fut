-- Binding an operator name locally with a pattern.
def combine (xs: []i32) =
  let (<+>) = \(a: i32) (b: i32) -> a * 2 + b
  in reduce (<+>) 0 xs
def local_infix (x: i32) =
  let (^.^) : i32 -> i32 -> i32 = \a b -> a - b
  in x ^.^ 1
