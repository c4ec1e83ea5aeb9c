-- A record pattern whose field is matched by a tuple pattern.
-- ==
type body = {pos: (f32, f32), vel: f32}
def speed_x ({pos = (x, _), vel}: body) = x * vel
