-- A module is passed as a function argument.
-- ==
-- error: "f32" is a module, not a value
def apply (g: f32 -> f32) (x: f32) = g x
def r = apply f32 2
