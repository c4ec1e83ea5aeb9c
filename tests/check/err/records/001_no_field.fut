-- A record is projected on a field it does not have.
-- ==
-- error: has no field "z"
def f (p: {x: f32, y: f32}) = p.z
