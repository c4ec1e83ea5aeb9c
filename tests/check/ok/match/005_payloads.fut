-- Binding constructor payloads in match cases.
-- ==
type shape = #circle f32 | #rect f32 f32
def area (s: shape) =
  match s
  case #circle r -> f32.pi * r * r
  case #rect w h -> w * h
