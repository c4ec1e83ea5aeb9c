-- two independent errors (missing '=' and unclosed bracket) followed by a valid def
def first (x: i32) x + 1

def second = [1, 2

def valid (y: i32) : i32 = y * 3
