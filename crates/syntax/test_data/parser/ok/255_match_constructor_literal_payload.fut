-- Constructor patterns with literal, wildcard and nested payloads.
type shape = #rect f32 f32 | #tri (f32, f32) f32 | #blob
def degenerate (s: shape) : bool =
  match s
  case #rect 0 _ -> true
  case #rect _ 0 -> true
  case #tri (0, _) _ -> true
  case #tri _ -1.0 -> true
  case #rect w h -> w * h == 0
  case _ -> false
