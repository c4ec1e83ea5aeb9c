-- Matching on constructors with and without payload.
type shape = #circle f32 | #rect f32 f32 | #point
def area (s: shape) : f32 =
  match s
  case #circle r -> 3.14 * r * r
  case #rect w h -> w * h
  case #point -> 0
def is_point (s: shape) = match s case #point -> true case _ -> false
