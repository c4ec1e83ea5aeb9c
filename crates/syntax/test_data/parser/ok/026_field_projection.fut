-- Projecting named fields out of records.
type point = {x: f32, y: f32}
def origin : point = {x = 0.0, y = 0.0}
def get_x (p: point) = p.x
def norm1 (p: point) = f32.abs p.x + f32.abs p.y
type seg = {from: point, to: point}
def seg_dx (s: seg) = s.to.x - s.from.x
