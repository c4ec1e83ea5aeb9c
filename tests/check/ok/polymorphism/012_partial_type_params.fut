-- Type parameters need not cover every parameter.
-- ==
def tag 'a (x: a) y = (y, x)
def r : (bool, i32) = tag 1 true
