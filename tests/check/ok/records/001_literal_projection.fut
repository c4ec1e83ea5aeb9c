-- Record literals and field projection.
-- ==
def origin = {x = 0f32, y = 0f32}
def norm (p: {x: f32, y: f32}) = f32.sqrt (p.x * p.x + p.y * p.y)
def n0 = norm origin
