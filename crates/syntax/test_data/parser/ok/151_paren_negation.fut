-- (-x) is negation, not a section.
def neg (x: i32) = (-x)
def neg_lit = (-1)
def neg_in_call (x: f32) = f32.abs (-x)
def neg_of_call (xs: []i32) = (-(xs[0]))
def arg_list (a: i32) (b: i32) = (a, (-b))
