-- let binding missing '=' between the pattern and the value
def f (x: i32) =
  let y x + 1
  in y

def after = 30
