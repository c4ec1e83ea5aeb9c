-- attribute that is never closed with ']'
#[inline
def fast (x: i32) = x

def after = 42
