-- Deeply nested parentheses in expressions, types and patterns.
def e = ((((1 + 2))) * (((3))))
def t : ((((i32)))) = 4
def p (((x))) = x
def mixed = ((((1, 2)), ((3, (4)))))
def calls (f: i32 -> i32) = f (f (f (f (0))))
