-- Record patterns in function parameters with punned fields.
-- ==
def sum_xy ({x, y}: {x: i32, y: i32}) = x + y
def r = sum_xy {y = 2, x = 1}
