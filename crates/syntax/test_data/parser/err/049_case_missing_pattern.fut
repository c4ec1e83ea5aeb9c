-- case clause without a pattern
def f (x: i32) =
  match x
  case -> 1

def after = 49
