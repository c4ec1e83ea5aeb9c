-- loop whose 'do' keyword is missing
def count (n: i32) = loop acc = 0 for i < n acc + 1

def after = 10
