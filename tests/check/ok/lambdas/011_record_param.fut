-- A lambda parameter annotated with a record type.
-- ==
def xs [n] (ps: [n]{x: f32, y: f32}) = map (\(p: {x: f32, y: f32}) -> p.x + p.y) ps
