-- A record update changes the field's type.
-- ==
-- error: Expected: f32
def f (r: {pos: f32}) = r with pos = true
