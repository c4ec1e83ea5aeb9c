-- A record update may not change the field's type.
-- ==
-- error: Cannot unify\s+bool\s+with\s+f32
def f (r: {pos: f32}) = r with pos = true
