-- match case without '->' between the pattern and the body
def describe (x: i32) =
  match x
  case 0 1
  case _ -> 2

def after = 11
