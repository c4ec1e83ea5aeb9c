-- match expression with no case clauses
def nothing (x: i32) = match x

def after = 28
