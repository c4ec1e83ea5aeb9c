-- A sum type abbreviation with payload-carrying constructors.
-- ==
type shape = #circle f32 | #rect f32 f32 | #point
def unit_circle : shape = #circle 1
def square (s: f32) : shape = #rect s s
