-- Wildcards and type ascriptions in case patterns.
def pick (p: (i32, f32)) : f32 =
  match p
  case (0, _) -> 0
  case ((n: i32), x) -> f32.i32 n * x
def whole (x: i64) = match x case (y: i64) -> y + 1
def paren_pat (x: i32) = match x case (_) -> 0
