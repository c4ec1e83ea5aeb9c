-- record update with 'with' but no '='
def reset (r: {a: i32}) = r with a 0

def after = 41
