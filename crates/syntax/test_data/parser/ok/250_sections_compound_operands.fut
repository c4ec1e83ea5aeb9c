-- Operator sections whose operand is itself a compound expression.
def s1 (x: i32) = (x + 1 -)
def s2 (x: i32) = (x * 2 +)
def s3 (x: i32) = (+ x * 2)
def s4 (xs: []i32) = (length xs >)
def s5 (f: i32 -> i32) (y: i32) = (== f y)
def s6 (a: bool) = (&& !a)
