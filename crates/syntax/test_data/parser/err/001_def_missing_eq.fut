-- missing '=' between the parameters and the body of a def
def double (x: i32) x * 2

def fine = 1
