-- Records may hold functions and their fields can be applied.
-- ==
def ops = {add = \(x: i32) (y: i32) -> x + y, neg = \(x: i32) -> -x}
def r = ops.neg (ops.add 1 2)
