-- Functional record update with `with`.
-- ==
type particle = {pos: f32, vel: f32}
def step (p: particle) : particle = p with pos = p.pos + p.vel
def stop (p: particle) = p with vel = 0
