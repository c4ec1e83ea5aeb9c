-- missing expression after '=' in a def
def empty_body (x: i32) =

def next = 2
