-- apostrophe for a type parameter with no name after it
def id ' (x: i32) = x

def after = 54
