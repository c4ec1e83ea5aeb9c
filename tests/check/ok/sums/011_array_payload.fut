-- A constructor whose payload is a sized array.
-- ==
type vec3 = #v ([3]f32)
def mk (a: f32) : vec3 = #v [a, a, a]
def sum (x: vec3) = match x case #v xs -> xs[0] + xs[1] + xs[2]
