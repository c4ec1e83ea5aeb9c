-- A record update names a field that does not exist.
-- ==
-- error: has no field "speed"
def f (r: {pos: f32, vel: f32}) = r with speed = 1
