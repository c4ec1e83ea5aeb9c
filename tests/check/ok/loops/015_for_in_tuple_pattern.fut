-- A for-in loop that destructures each element.
-- ==
def weighted [n] (ps: [n](f32, f32)) =
  loop s = 0 for (w, v) in ps do s + w * v
