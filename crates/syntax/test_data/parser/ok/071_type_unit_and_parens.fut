-- The unit type and parenthesised types.
type unit = ()
type paren = (i32)
type paren_array = ([]f32)
def nothing : unit = ()
def ignore (_: unit) : (i32) = 0
