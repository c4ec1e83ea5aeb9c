-- Constructors applied to payload expressions.
type shape = #circle f32 | #rect f32 f32 | #dot
def unit_circle : shape = #circle 1.0
def square (s: f32) : shape = #rect s s
def computed : shape = #rect (2.0 * 3.0) (f32.sqrt 4.0)
def nothing : shape = #dot
