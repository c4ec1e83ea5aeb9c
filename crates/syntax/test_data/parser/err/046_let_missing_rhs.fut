-- let binding with '=' but no value
def f (x: i32) =
  let y =
  in x + y

def after = 46
