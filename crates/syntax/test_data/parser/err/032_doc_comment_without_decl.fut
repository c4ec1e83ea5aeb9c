-- documentation comment inside an expression, where no declaration follows
def f (x: i32) =
  -- | this doc comment is not attached to a declaration
  x + 1

def after = 32
