-- A consumed tuple argument may not have aliasing components.
-- ==
-- error: Argument passed for consuming parameter is self-aliased

def both (p: *([]i32, []i32)) : i32 = (p.0 with [0] = 1)[0]

def main (xs: *[]i32) : i32 = both (xs, xs)
