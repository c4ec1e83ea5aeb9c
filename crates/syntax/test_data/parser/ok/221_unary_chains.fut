-- Repeated and mixed prefix operators.
def double_neg (x: i32) = - -x
def neg_paren (x: i32) = -(-(-x))
def not_not (b: bool) = ! !b
def neg_not (x: i32) = -(!x)
def neg_index (xs: []i32) = -xs[0]
