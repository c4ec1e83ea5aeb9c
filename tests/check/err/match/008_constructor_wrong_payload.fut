-- A constructor is applied to a payload of the wrong type for the declared sum.
-- ==
-- error: Function body does not have expected type
type shape = #circle f32 | #point
def mk (b: bool) : shape = #circle b
