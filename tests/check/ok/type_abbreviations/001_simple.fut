-- A plain type abbreviation is interchangeable with its definition.
-- ==
type point = (f32, f32)
def origin : point = (0, 0)
def fst (p: (f32, f32)) = p.0
def x = fst origin
