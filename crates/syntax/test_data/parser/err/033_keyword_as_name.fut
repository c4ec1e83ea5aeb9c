-- reserved words cannot be used as names
def if = 1
def match (x: i32) = x

def after = 33
