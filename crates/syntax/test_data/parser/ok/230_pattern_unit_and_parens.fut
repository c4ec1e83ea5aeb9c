-- Unit patterns and redundant parentheses in patterns.
def unit_param () = 0
def paren_param ((x)) = x + 1
def paren_let (x: i32) = let ((y)) = x in y
def unit_let = let () = () in 1
def paren_tuple ((a), (b)) = a + b
