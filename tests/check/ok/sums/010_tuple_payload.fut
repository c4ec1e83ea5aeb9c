-- A constructor whose payload is a tuple.
-- ==
type seg = #line (f32, f32) (f32, f32) | #empty
def length_of (s: seg) =
  match s
  case #line (x0, y0) (x1, y1) -> f32.sqrt ((x1 - x0) ** 2 + (y1 - y0) ** 2)
  case #empty -> 0
