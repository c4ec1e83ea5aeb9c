-- Typed holes as placeholder expressions.
def todo : i32 = ???
def later (x: f32) : f32 = x + ???
def in_tuple = (1, ???)
def hole_fn (xs: []i32) = map ??? xs
