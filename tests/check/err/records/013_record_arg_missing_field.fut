-- A function is given a record that lacks one required field.
-- ==
-- error: Argument does not have expected type
def area (r: {w: f32, h: f32}) = r.w * r.h
def a = area {w = 2}
