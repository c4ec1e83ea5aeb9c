-- A function is given a record that lacks one required field.
-- ==
-- error: Cannot apply "area" to "\{w = 2\}" \(invalid type\)
def area (r: {w: f32, h: f32}) = r.w * r.h
def a = area {w = 2}
