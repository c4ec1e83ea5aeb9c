-- The returned record lacks a field of the declared record type.
-- ==
-- error: Function body does not have expected type
def mk (x: f32) : {x: f32, y: f32} = {x}
